// The adapter's own reading of the Debug Adapter Protocol's framing, stricter than
// `@vscode/debugadapter`'s: that parser skips any header line it does not know, so an HTTP request
// (`POST / HTTP/1.1`, `Host: …`, `Content-Length: N`, then a JSON body) reads to it as a DAP
// request, which is how a web page reached the adapter. Here a frame is exactly
// `Content-Length: N\r\n\r\n` and N bytes of one JSON request; the first byte that cannot belong to
// one ends the connection.

import type { DebugProtocol } from '@vscode/debugprotocol';

export class DapFrameError extends Error {}

const NAME = 'content-length:';
/** The one header the protocol defines; nothing else may stand before a body. */
const HEADER = /^content-length: *(\d{1,9})\r\n\r\n/i;
/** What may follow the name while the header is still arriving. */
const HEADER_REST = /^ *\d{0,9}(?:\r(?:\n\r?)?)?$/;
/** A longer header than `Content-Length:`, spaces and nine digits is not one. */
const MAX_HEADER_BYTES = 48;

export class DapFrameReader {
  /** A body longer than this ends the connection (raised once a client has shown the key). */
  maxBodyBytes: number;
  readonly #chunks: Buffer[] = [];
  #buffered = 0;
  /** The body length of the frame being read, once its header is complete. */
  #bodyBytes: number | undefined;
  readonly #utf8 = new TextDecoder('utf-8', { fatal: true });

  constructor(maxBodyBytes: number) {
    this.maxBodyBytes = maxBodyBytes;
  }

  /** The requests completed by `chunk`, in order; throws DapFrameError at the first byte that is not DAP. */
  read(chunk: Buffer): DebugProtocol.Request[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    const requests: DebugProtocol.Request[] = [];
    for (;;) {
      if (this.#bodyBytes === undefined && !this.#readHeader()) return requests;
      const length = this.#bodyBytes!;
      if (this.#buffered < length) return requests;
      this.#bodyBytes = undefined;
      requests.push(this.#request(this.#take(length)));
    }
  }

  /** True once a whole header was read; false while one may still be arriving. */
  #readHeader(): boolean {
    const head = this.#peek(MAX_HEADER_BYTES).toString('latin1');
    const header = HEADER.exec(head);
    if (!header) {
      const lower = head.toLowerCase();
      const arriving =
        lower.length <= NAME.length
          ? NAME.startsWith(lower)
          : lower.startsWith(NAME) && HEADER_REST.test(lower.slice(NAME.length));
      if (arriving && head.length < MAX_HEADER_BYTES) return false;
      throw new DapFrameError(`not a DAP frame: it starts ${JSON.stringify(head.split('\r\n')[0]!.slice(0, 40))}`);
    }
    const length = Number(header[1]);
    if (length > this.maxBodyBytes)
      throw new DapFrameError(`a frame of ${length} bytes is more than the ${this.maxBodyBytes} allowed`);
    this.#take(header[0].length);
    this.#bodyBytes = length;
    return true;
  }

  #request(body: Buffer): DebugProtocol.Request {
    let message: unknown;
    try {
      message = JSON.parse(this.#utf8.decode(body));
    } catch {
      throw new DapFrameError('a frame whose body is not JSON in UTF-8');
    }
    if (!isRequest(message)) throw new DapFrameError('a frame whose body is not a DAP request');
    return message;
  }

  #peek(bytes: number): Buffer {
    if (this.#chunks.length > 1 && this.#chunks[0]!.length < bytes)
      this.#chunks.splice(0, Infinity, Buffer.concat(this.#chunks));
    return (this.#chunks[0] ?? Buffer.alloc(0)).subarray(0, bytes);
  }

  #take(bytes: number): Buffer {
    const joined = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    this.#chunks.splice(0, Infinity, joined.subarray(bytes));
    this.#buffered -= bytes;
    return joined.subarray(0, bytes);
  }
}

function isRequest(message: unknown): message is DebugProtocol.Request {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const { type, seq, command, arguments: args } = message as Record<string, unknown>;
  return (
    type === 'request' &&
    Number.isSafeInteger(seq) &&
    typeof command === 'string' &&
    command !== '' &&
    (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args)))
  );
}
