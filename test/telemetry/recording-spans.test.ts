// The converter on the orders a real recording can have but a quick run rarely shows: a stream
// that closes before its call returned, a cancelled one, a host fault, and a recording cut in
// the middle of an iteration (a crash), exported from the file with exportRecording.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { exportRecording } from '../../main/telemetry/export-recording.ts';

const T = 1_780_000_000_000; // ms since the epoch, before this process started

const header = {
  kind: 'header',
  format: 'brainbench-recording',
  version: 1,
  createdAt: T,
  brainbench: '9.9.9',
  mode: 'loop',
  configFile: '/w/omw.toml',
  config: { agents: {}, providers: { llm: { kind: 'anthropic', params: {} } } },
  brains: { alice: { path: '/w/alice.js', sha256: null } },
};

const trace = (event: object) => ({ kind: 'trace', event: { agent: 'alice', iteration: 1, seq: 0, ...event } });
const call = (index: number, op: string, time: number, extra: object) => ({
  kind: 'call',
  agent: 'alice',
  iteration: 1,
  index,
  op,
  time,
  durationMs: 1,
  ...extra,
});
const chatArgs = ['llm', 'claude', [{ role: 'user', content: 'q' }], [], null];

const LINES = [
  header,
  trace({ type: 'iteration-start', time: T, trigger: 'loop' }),
  // The provider closes the first stream before the call line is written (it returned at once).
  trace({ type: 'closed', time: T + 3, source: 'chat-stream', uuid: 's1', reason: 'ended' }),
  call(1, 'provider.chat-stream', T + 1, { args: chatArgs, ok: true, value: 's1' }),
  call(2, 'provider.chat-stream', T + 4, { args: chatArgs, ok: true, value: 's2' }),
  trace({
    type: 'inbound',
    time: T + 10,
    id: 's1',
    event: {
      kind: 'chat-delta',
      data: { content: 'a', finish_reason: 'stop', usage: { prompt_tokens: 4, completion_tokens: 6 } },
    },
  }),
  trace({ type: 'inbound', time: T + 11, id: 's1', event: { kind: 'chat-end' } }),
  trace({ type: 'closed', time: T + 12, source: 'chat-stream', uuid: 's2', reason: 'cancelled' }),
  call(3, 'host.time-now', T + 13, { args: [], ok: true, value: T + 13, local: true }),
  call(4, 'host.recv', T + 14, { args: [], ok: false, error: 'bridge gone', fault: true }),
  call(5, 'provider.chat-stream', T + 20, { args: chatArgs, ok: true, value: 's3' }),
  // Cut here: no iteration-end, s3 never closed.
];

test('export of a recording: streams that close early or are cancelled, a host fault, a cut recording', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-otlpconv-'));
  const file = join(dir, 'cut.jsonl');
  writeFileSync(file, `${LINES.map((line) => JSON.stringify(line)).join('\n')}\n{"kind":"ca`);
  const out = join(dir, 'spans.jsonl');
  const report = await exportRecording(file, { file: out }, { content: false });
  assert.deepEqual(report, { spans: 5, failed: 0 });

  type Attr = { key: string; value: Record<string, unknown> };
  type JsonSpan = {
    name: string;
    spanId: string;
    parentSpanId?: string;
    startTimeUnixNano: string;
    endTimeUnixNano: string;
    attributes: Attr[];
    events?: { name: string; timeUnixNano: string }[];
    status?: { code?: number; message?: string };
  };
  const spans = readFileSync(out, 'utf8')
    .trimEnd()
    .split('\n')
    .flatMap((line) =>
      (JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: JsonSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
        r.scopeSpans.flatMap((s) => s.spans),
      ),
    );
  const attr = (span: JsonSpan, key: string) => {
    const value = span.attributes.find((a) => a.key === key)?.value;
    return value && Object.values(value)[0];
  };
  const ms = (nanos: string) => Number(BigInt(nanos) / 1_000_000n);
  const byHandle = (uuid: string) => spans.find((s) => attr(s, 'brainbench.handle') === uuid)!;

  const root = spans.find((s) => s.name === 'invoke_agent alice')!;
  assert.equal(ms(root.startTimeUnixNano), T, 'recorded times, not the export time');
  assert.equal(ms(root.endTimeUnixNano), T + 21, 'a cut iteration ends at the last recorded time');
  assert.equal(attr(root, 'brainbench.incomplete'), true);
  assert.deepEqual(
    root.events?.map((e) => [e.name, ms(e.timeUnixNano)]),
    [['host.time-now', T + 13]],
  );

  const early = byHandle('s1');
  assert.equal(early.name, 'chat claude');
  assert.equal(attr(early, 'gen_ai.provider.name'), 'anthropic');
  assert.equal(ms(early.endTimeUnixNano), T + 3, 'a stream ends when it closed, though its deltas were read later');
  assert.equal(attr(early, 'gen_ai.usage.input_tokens'), 4);
  assert.equal(attr(early, 'gen_ai.usage.output_tokens'), 6);
  assert.equal(early.parentSpanId, root.spanId);

  const cancelled = byHandle('s2');
  assert.equal(ms(cancelled.endTimeUnixNano), T + 12);
  assert.equal(attr(cancelled, 'brainbench.close_reason'), 'cancelled');
  assert.equal(cancelled.status?.code ?? 0, 0, 'a cancel is no error');

  const open = byHandle('s3');
  assert.equal(attr(open, 'brainbench.incomplete'), true);
  assert.equal(ms(open.endTimeUnixNano), T + 21);

  const fault = spans.find((s) => s.name === 'host.recv')!;
  assert.equal(fault.status?.code, 2);
  assert.equal(fault.status?.message, 'bridge gone');
  assert.equal(attr(fault, 'error.type'), 'host_fault');
  assert.deepEqual(
    fault.events?.map((e) => e.name),
    ['exception'],
  );
  assert.equal(attr(root, 'gen_ai.usage.input_tokens'), 4, "the iteration sums its chats' usage");
});

test('export of a file that is not a recording is an error with its line, and writes nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-otlpconv-'));
  const file = join(dir, 'not.jsonl');
  writeFileSync(file, '{"kind":"call"}\n');
  await assert.rejects(exportRecording(file, { file: join(dir, 'spans.jsonl') }, { content: false }), {
    message: /^line 1: not a Brainbench recording/,
  });
  assert.equal(existsSync(join(dir, 'spans.jsonl')), false);
});
