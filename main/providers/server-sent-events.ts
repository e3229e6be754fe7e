// Server-sent events (the HTML standard's event-stream format) read from a response body in time
// linear in its size, however the bytes are cut: a line is decoded once, when its end has come,
// from the chunks that hold it. (The openai SDK's reader copies and rescans everything pending at
// every chunk, so one 20 MiB event took it seconds of CPU.)

export interface ServerSentEvent {
  /** The `event:` field; absent for the default `message`. */
  event?: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
}

const LF = 0x0a;
const CR = 0x0d;

/** The events of an event stream; an event without data is skipped, as the standard says. */
export async function* serverSentEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  let event: string | undefined;
  let data: string[] = [];
  for await (const line of lines(body)) {
    if (line === '') {
      if (data.length > 0) yield { ...(event !== undefined ? { event } : {}), data: data.join('\n') };
      event = undefined;
      data = [];
      continue;
    }
    const colon = line.indexOf(':');
    // A line starting with a colon is a comment (a keep-alive).
    if (colon === 0) continue;
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  }
  if (data.length > 0) yield { ...(event !== undefined ? { event } : {}), data: data.join('\n') };
}

/** The body's lines, ended by CRLF, LF or CR, as UTF-8 text without their ends. */
async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let first = true;
  const decode = (parts: Uint8Array[]) => {
    const text = decoder.decode(parts.length === 1 ? parts[0] : Buffer.concat(parts));
    // The standard strips one byte order mark, at the start of the stream.
    if (first && text.charCodeAt(0) === 0xfeff) return ((first = false), text.slice(1));
    first = false;
    return text;
  };
  // The pieces of the line not ended yet; decoded once, when its end arrives.
  let pending: Uint8Array[] = [];
  let afterCr = false;
  for await (const chunk of body) {
    const ends = new LineEnds(chunk);
    let start = afterCr && chunk[0] === LF ? 1 : 0;
    afterCr = false;
    for (let end = ends.next(start); end !== -1; end = ends.next(start)) {
      pending.push(chunk.subarray(start, end));
      yield decode(pending);
      pending = [];
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) afterCr = true;
        else if (chunk[start] === LF) start++;
      }
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield decode(pending);
}

/** The CRs and LFs of one chunk in order, each byte searched once. */
class LineEnds {
  private lf = -2;
  private cr = -2;
  /** A Buffer over the same bytes: its indexOf is a memchr, a Uint8Array's a loop over elements. */
  private readonly chunk: Buffer;

  constructor(chunk: Uint8Array) {
    this.chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }

  /** The first CR or LF at or after `from`, or -1. */
  next(from: number): number {
    if (this.lf !== -1 && this.lf < from) this.lf = this.chunk.indexOf(LF, from);
    if (this.cr !== -1 && this.cr < from) this.cr = this.chunk.indexOf(CR, from);
    if (this.lf === -1) return this.cr;
    if (this.cr === -1) return this.lf;
    return Math.min(this.lf, this.cr);
  }
}
