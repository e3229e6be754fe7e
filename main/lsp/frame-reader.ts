// Reads the protocol's frames (`Content-Length: N`, a blank line, N bytes of JSON) from a stream,
// and survives the ones that are wrong. vscode-jsonrpc's own reader stops for good at a header it
// cannot read: it drops the bytes it had, and from then on the next header is looked for in the
// middle of a body. Here a frame with a bad header is skipped up to the next `Content-Length`, a
// body that is not JSON is skipped by its length, and each is reported as the JSON-RPC error the
// sender gets back (`onMalformed`), so that the session goes on with the next good frame.

import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node';

/** JSON-RPC's error codes for what a frame can get wrong. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export interface MalformedFrame {
  code: typeof PARSE_ERROR | typeof INVALID_REQUEST;
  message: string;
}

/** The most a header block may take before its blank line. */
const MAX_HEADER_BYTES = 8 * 1024;
/** The largest body taken: a document of millions of lines, far beyond any brain. */
const MAX_BODY_BYTES = 256 * 1024 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /content-length[ \t]*:/i;
/** Bytes kept while looking for the next header, in case one is cut between two chunks. */
const KEEP_FOR_SEARCH = 'content-length :'.length;

/** `garbage.from`: where to look for the next header (past the start of one that was no header). */
type State = { reading: 'header' } | { reading: 'body'; length: number } | { reading: 'garbage'; from: number };

/** The body length a header block gives, or what is wrong with it. */
function bodyLength(header: string): number | string {
  let length: string | undefined;
  for (const line of header.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line without a colon: ${JSON.stringify(line.slice(0, 80))}`;
    if (line.slice(0, colon).trim().toLowerCase() === 'content-length') length = line.slice(colon + 1).trim();
  }
  if (length === undefined) return 'a frame without a Content-Length header';
  if (!/^\d+$/.test(length)) return `Content-Length is not a number of bytes: ${JSON.stringify(length.slice(0, 80))}`;
  const bytes = Number(length);
  if (bytes > MAX_BODY_BYTES)
    return `Content-Length ${bytes} is more than the ${MAX_BODY_BYTES} bytes a frame may hold`;
  return bytes;
}

export class FrameReader extends AbstractMessageReader {
  private buffer = Buffer.alloc(0);
  /** Chunks of a body still arriving, joined once it is whole (joining each time costs n²). */
  private bodyChunks: Buffer[] = [];
  private bodyBytes = 0;
  private state: State = { reading: 'header' };
  private callback: DataCallback | undefined;
  private readonly malformedListeners = new Set<(problem: MalformedFrame) => void>();

  constructor(private readonly input: NodeJS.ReadableStream) {
    super();
  }

  /** A frame was skipped; the listener answers the sender. */
  onMalformed(listener: (problem: MalformedFrame) => void): void {
    this.malformedListeners.add(listener);
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string) => this.receive(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const onError = (error: Error) => this.fireError(error);
    let ended = false;
    const onEnd = () => {
      if (ended) return;
      ended = true;
      this.fireClose();
    };
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('error', onError);
        this.input.off('end', onEnd);
        this.input.off('close', onEnd);
      },
    };
  }

  private receive(chunk: Buffer): void {
    if (this.state.reading === 'body' && this.buffer.length + this.bodyBytes + chunk.length < this.state.length) {
      this.bodyChunks.push(chunk);
      this.bodyBytes += chunk.length;
      return;
    }
    this.buffer = Buffer.concat([this.buffer, ...this.bodyChunks, chunk]);
    this.bodyChunks = [];
    this.bodyBytes = 0;
    while (this.step());
  }

  /** Takes what the buffer holds for the current state; false when it needs more bytes. */
  private step(): boolean {
    switch (this.state.reading) {
      case 'header':
        return this.readHeader();
      case 'body':
        return this.readBody(this.state.length);
      case 'garbage':
        return this.skipGarbage(this.state.from);
    }
  }

  private readHeader(): boolean {
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0 && this.buffer.length <= MAX_HEADER_BYTES) return false;
    if (end < 0 || end > MAX_HEADER_BYTES) {
      this.malformed(PARSE_ERROR, `no end of the header block within ${MAX_HEADER_BYTES} bytes`);
      this.state = { reading: 'garbage', from: 1 };
      return true;
    }
    const length = bodyLength(this.buffer.subarray(0, end).toString('latin1'));
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
    if (typeof length === 'string') {
      this.malformed(PARSE_ERROR, length);
      this.state = { reading: 'garbage', from: 0 };
    } else this.state = { reading: 'body', length };
    return true;
  }

  private readBody(length: number): boolean {
    if (this.buffer.length < length) return false;
    const body = this.buffer.subarray(0, length).toString('utf8');
    this.buffer = this.buffer.subarray(length);
    this.state = { reading: 'header' };
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch (error) {
      this.malformed(PARSE_ERROR, `the body is not JSON (${(error as Error).message})`);
      return true;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      this.malformed(INVALID_REQUEST, 'a message must be a JSON object');
    else this.callback?.(message as Message);
    return true;
  }

  /** After a header it could not read: the next frame starts at the next `Content-Length`. */
  private skipGarbage(from: number): boolean {
    const found = CONTENT_LENGTH.exec(this.buffer.toString('latin1', from));
    if (found) {
      this.buffer = this.buffer.subarray(from + found.index);
      this.state = { reading: 'header' };
      return true;
    }
    this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - KEEP_FOR_SEARCH));
    this.state = { reading: 'garbage', from: 0 };
    return false;
  }

  private malformed(code: MalformedFrame['code'], message: string): void {
    for (const listener of this.malformedListeners) listener({ code, message });
  }
}
