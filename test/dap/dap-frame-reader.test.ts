// The adapter's frame reader: real clients' frames arrive whole, split anywhere or several in one
// chunk, and read as the requests they are; the first byte that cannot be DAP is an error at once.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DapFrameError, DapFrameReader } from '../../main/dap/dap-frame-reader.ts';

const request = (seq: number, args: object) => ({ seq, type: 'request', command: 'evaluate', arguments: args });
const framed = (message: object) => {
  const json = JSON.stringify(message);
  return Buffer.from(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
};

describe('DapFrameReader', () => {
  it('reads frames split at every byte, with multi-byte text counted in bytes', () => {
    const messages = [request(1, { expression: 'naïve ☃ 🧠' }), request(2, {})];
    const bytes = Buffer.concat(messages.map(framed));
    const reader = new DapFrameReader(1024);
    const read = [...bytes].flatMap((byte) => reader.read(Buffer.from([byte])));
    assert.deepEqual(read, messages);
  });

  it('reads several frames from one chunk, and a lower-case header as the protocol allows', () => {
    const messages = [request(1, {}), request(2, { expression: 'x' }), request(3, {})];
    const bytes = Buffer.concat([...messages.map(framed), Buffer.from('content-length:  2')]);
    const reader = new DapFrameReader(1024);
    assert.deepEqual(reader.read(bytes), messages);
  });

  it('refuses an HTTP request at its first byte, before the rest arrives', () => {
    for (const start of ['P', 'G', 'Content-Type', 'Content-Length: 12\r\nHost', '\r\n']) {
      assert.throws(() => new DapFrameReader(1024).read(Buffer.from(start)), DapFrameError, start);
    }
  });

  it('refuses a frame longer than the limit when its header arrives, and takes a raised limit', () => {
    const frame = framed(request(1, { expression: 'x'.repeat(200) }));
    assert.throws(() => new DapFrameReader(100).read(frame.subarray(0, 24)), /more than the 100 allowed/);
    const reader = new DapFrameReader(100);
    reader.maxBodyBytes = 1000;
    assert.equal(reader.read(frame).length, 1);
  });
});
