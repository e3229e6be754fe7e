import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { serverSentEvents, type ServerSentEvent } from '../../main/providers/server-sent-events.ts';

// The event-stream reader on every line ending the standard allows, cut at every byte.

const STREAM =
  '\uFEFFdata: crlf\r\n\r\n' +
  'event: named\rdata: cr\r\r' +
  ': a comment, as keep-alives are\n' +
  'data: two\ndata:lines\n\n' +
  'id: 7\nretry: 10\ndata: é 🌍\n\n' +
  'event: without-data\n\n' +
  'data: no blank line at the end';

const EXPECTED: ServerSentEvent[] = [
  { data: 'crlf' },
  { event: 'named', data: 'cr' },
  { data: 'two\nlines' },
  { data: 'é 🌍' },
  { data: 'no blank line at the end' },
];

function body(bytes: Uint8Array, pieces: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      let at = 0;
      for (const end of [...pieces, bytes.length]) {
        controller.enqueue(bytes.subarray(at, end));
        at = end;
      }
      controller.close();
    },
  });
}

async function events(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const found: ServerSentEvent[] = [];
  for await (const event of serverSentEvents(stream)) found.push(event);
  return found;
}

describe('server-sent events', () => {
  const bytes = new TextEncoder().encode(STREAM);

  it('reads CRLF, CR and LF line ends, comments, multi-line data and a last event without a blank line', async () => {
    assert.deepEqual(await events(body(bytes, [])), EXPECTED);
  });

  it('reads the same however the bytes are cut, inside a CRLF or a character too', async () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      assert.deepEqual(await events(body(bytes, [cut])), EXPECTED, `cut at byte ${cut}`);
    }
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    assert.deepEqual(await events(body(bytes, everyByte)), EXPECTED);
  });
});
