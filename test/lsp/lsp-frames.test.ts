// Frames an editor (or anything else on the other end of the pipe) gets wrong, sent as raw bytes
// to the real `brainbench lsp`: each gets a JSON-RPC error back, and the next good frame is
// answered as if nothing had happened.

import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { BRAINBENCH } from './lsp-fixture.ts';

/** Long enough for a loaded machine; nothing here asserts that the server was fast. */
const PATIENCE_MS = 30_000;

interface Reply {
  id: number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

const frame = (message: object | string): string => {
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

const hover = (id: number) =>
  frame({
    jsonrpc: '2.0',
    id,
    method: 'textDocument/hover',
    params: { textDocument: { uri: 'file:///brains/frames.rhai' }, position: { line: 0, character: 10 } },
  });

describe('brainbench lsp given frames it cannot read', () => {
  let child: ChildProcessWithoutNullStreams;
  let received = Buffer.alloc(0);
  let stderr = '';
  const replies: Reply[] = [];
  let wake = () => {};

  /** Splits what the server wrote into its frames and keeps the answers (not its notifications). */
  function readReplies(): void {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(received.subarray(0, end).toString())![1]);
      if (received.length < end + 4 + length) return;
      const message = JSON.parse(received.subarray(end + 4, end + 4 + length).toString()) as Reply;
      if ('id' in message) replies.push(message);
      received = received.subarray(end + 4 + length);
    }
  }

  /** Sends `bytes` (in pieces, if given so) and waits until `count` more messages have come back. */
  async function exchange(bytes: string | string[], count: number): Promise<Reply[]> {
    const from = replies.length;
    for (const piece of typeof bytes === 'string' ? [bytes] : bytes) child.stdin.write(piece);
    const deadline = Date.now() + PATIENCE_MS;
    while (replies.length < from + count) {
      assert.ok(Date.now() < deadline, `waited for ${count} answers, got ${JSON.stringify(replies.slice(from))}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    return replies.slice(from);
  }

  before(async () => {
    child = spawn(process.execPath, [BRAINBENCH, 'lsp', '--stdio'], { stdio: 'pipe' });
    child.stdout.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      readReplies();
      wake();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const initialize = { processId: null, rootUri: null, capabilities: {} };
    const [answer] = await exchange(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize }), 1);
    assert.ok(answer?.result);
    child.stdin.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
    child.stdin.write(
      frame({
        jsonrpc: '2.0',
        method: 'textDocument/didOpen',
        params: {
          textDocument: {
            uri: 'file:///brains/frames.rhai',
            languageId: 'rhai',
            version: 1,
            text: 'let t = omw::host::time_now();\n',
          },
        },
      }),
    );
  });

  after(() => {
    if (child.exitCode === null) child.kill();
  });

  /** The error for the bad bytes, then the hover's answer: the omw path's docs. */
  function assertSkippedThenAnswered([error, answer]: Reply[], id: number, code: number, says: RegExp): void {
    assert.equal(error?.id, null, JSON.stringify(error));
    assert.equal(error?.error?.code, code);
    assert.match(error?.error?.message ?? '', says);
    assert.equal(answer?.id, id, JSON.stringify(answer));
    assert.match(JSON.stringify(answer?.result), /omw::host::time_now/);
  }

  it('answers a Content-Length that is no number with a parse error, and the next request as usual', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 90, method: 'shutdown' });
    const got = await exchange(`Content-Length: abc\r\n\r\n${body}${hover(2)}`, 2);
    assertSkippedThenAnswered(got, 2, -32700, /Content-Length is not a number of bytes: "abc"/);
  });

  it('answers a frame without a Content-Length header with a parse error, and goes on', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 91, method: 'shutdown' });
    const got = await exchange(`Content-Type: application/json\r\n\r\n${body}${hover(3)}`, 2);
    assertSkippedThenAnswered(got, 3, -32700, /without a Content-Length/);
  });

  it('answers a body that is not JSON with a parse error, and goes on', async () => {
    const got = await exchange(`${frame('{"jsonrpc": "2.0", "id": 92, ')}${hover(4)}`, 2);
    assertSkippedThenAnswered(got, 4, -32700, /the body is not JSON/);
  });

  it('answers JSON that is not a message object with an invalid-request error, and goes on', async () => {
    const got = await exchange(`${frame('[1, 2, 3]')}${hover(5)}`, 2);
    assertSkippedThenAnswered(got, 5, -32600, /must be a JSON object/);
  });

  it('refuses a Content-Length past the largest frame instead of waiting for it', async () => {
    const got = await exchange(`Content-Length: 99999999999999\r\n\r\n{}${hover(6)}`, 2);
    assertSkippedThenAnswered(got, 6, -32700, /more than the \d+ bytes a frame may hold/);
  });

  it('skips bytes that never make a header and reads the frame after them', async () => {
    const got = await exchange(`${'x'.repeat(20_000)}${hover(7)}`, 2);
    assertSkippedThenAnswered(got, 7, -32700, /no end of the header block/);
  });

  it('reads a good frame cut into single bytes after all that', async () => {
    const [answer] = await exchange([...hover(8)], 1);
    assert.equal(answer?.id, 8);
  });

  it('ends with exit code 0 after shutdown and exit, having written nothing to stderr', async () => {
    const [done] = await exchange(frame({ jsonrpc: '2.0', id: 9, method: 'shutdown' }), 1);
    assert.equal(done?.id, 9);
    const exited = once(child, 'exit');
    child.stdin.write(frame({ jsonrpc: '2.0', method: 'exit' }));
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0);
    assert.equal(stderr, '');
  });
});
