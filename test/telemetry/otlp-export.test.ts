// OTLP export through the real command line: a live `run --otlp` and `brainbench export` of its
// recording reach a real OTLP/HTTP receiver on loopback (protobuf decoded by the test's own wire
// reader) with the same spans: invoke_agent per iteration, chat and execute_tool children with
// the GenAI attributes and usage, errors as span status, the run's own times. Then the OTLP JSON
// file, contents on request only, and the messages when the collector fails or is not there.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { startOtlpReceiver } from './otlp-receiver.ts';
import type { Attributes, AttributeValue, WireSpan } from './otlp-wire.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

async function brainbench(args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const ALICE = `const p = omw.provider.get('p');
const t = omw.tooling.get('t');
const first = p.chat('m1', [{ role: 'user', content: 'PROMPT-hello' }], [], JSON.stringify({ temperature: 0.5 }));
const stream = p.chatStream('m2', [{ role: 'user', content: 'PROMPT-more' }], []);
let more = '';
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== stream) continue;
  if (envelope.kind !== 'chat-delta') break;
  more += envelope.payload.content ?? '';
}
t.callToolBlocking('echo', { message: 'ping' });
const queued = t.callTool('add', { a: 1 });
while (omw.host.recv().id !== queued) {}
omw.host.memorySet('k', more);
omw.host.log('info', 'alice is done');
first.content + ' / ' + more;
`;

const BOB = `const u = omw.tooling.get('u');
try {
  u.callToolBlocking('boom', {});
} catch (e) {}
throw new Error('bob gives up');
`;

const AGENTS = `[runtime.js]
kind = "js"
[agents.alice]
runtime = "js"
script = "alice.js"
[providers.p]
kind = "mock"
turns = [
  { content = "ANSWER-one", usage = { prompt_tokens = 3, completion_tokens = 2 } },
  { content = "ANSWER-two", usage = { prompt_tokens = 7, completion_tokens = 5 } },
]
[tooling.t]
kind = "mock"
tools = [ { name = "echo", input_schema = "{}" }, { name = "add", input_schema = "{}" } ]
tool_calls = [ { name = "echo", result = "pong" }, { name = "add", result = "2" } ]
`;

const BOB_AGENT = `[agents.bob]
runtime = "js"
script = "bob.js"
[tooling.u]
kind = "mock"
tools = [ { name = "boom", input_schema = "{}" } ]
tool_calls = [ { name = "boom", error = "boom failed" } ]
`;

/** The message of the one error a command logged on stderr (a pipe gets JSON lines). */
const loggedError = (stderr: string): string => {
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, stderr);
  const entry = JSON.parse(lines[0]!) as { level: string; message: string };
  assert.equal(entry.level, 'ERROR');
  return entry.message;
};

/** A refused connection is retried until the export's timeout: keep it short. */
const SHORT_TIMEOUT = { OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '1500' };

let dir: string;
let live: WireSpan[];
let liveRequests: { path: string; contentType: string | undefined }[];
let run: Awaited<ReturnType<typeof brainbench>>;
let window: { from: bigint; to: bigint };

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainbench-otlp-'));
  writeFileSync(join(dir, 'alice.js'), ALICE);
  writeFileSync(join(dir, 'bob.js'), BOB);
  writeFileSync(join(dir, 'omw.toml'), AGENTS + BOB_AGENT);
  writeFileSync(join(dir, 'alice.toml'), AGENTS);
  const receiver = await startOtlpReceiver();
  const from = BigInt(Date.now()) * 1_000_000n;
  try {
    run = await brainbench(['run', '--record', 'run.jsonl', '--otlp', receiver.origin], dir);
  } finally {
    await receiver.close();
  }
  window = { from, to: BigInt(Date.now()) * 1_000_000n };
  live = receiver.spans;
  liveRequests = receiver.requests;
});

const one = (spans: WireSpan[], name: string): WireSpan => {
  const found = spans.filter((s) => s.name === name);
  assert.equal(found.length, 1, `one span "${name}" in ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
};
const childrenOf = (spans: WireSpan[], parent: WireSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
const SLACK = 2_000_000n; // call times are whole milliseconds, trace times fractional ones

/** Everything the tests expect of the run's spans, whichever way they came. */
function checkRunSpans(spans: WireSpan[]): void {
  const roots = spans.filter((s) => s.parentSpanId === '');
  assert.deepEqual(roots.map((s) => s.name).sort(), ['invoke_agent alice', 'invoke_agent bob']);
  const alice = one(roots, 'invoke_agent alice');
  assert.deepEqual(
    { ...alice.attributes },
    {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'alice',
      'brainbench.iteration': 1,
      'brainbench.trigger': 'run',
      'brainbench.outcome': 'exited',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 7,
    },
  );
  const children = childrenOf(spans, alice);
  assert.deepEqual(children.map((s) => s.name).sort(), [
    'chat m1',
    'chat m2',
    'execute_tool add',
    'execute_tool echo',
    'host.recv',
    'host.recv',
    'host.recv',
  ]);
  for (const child of children) assert.equal(child.traceId, alice.traceId, 'an iteration is one trace');

  const chat = one(children, 'chat m1');
  assert.equal(chat.kind, 3, 'a chat is a CLIENT span');
  assert.deepEqual(chat.attributes, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'm1',
    'brainbench.provider': 'p',
    'gen_ai.provider.name': 'mock',
    'gen_ai.request.temperature': 0.5,
    'brainbench.host.op': 'provider.chat',
    'gen_ai.usage.input_tokens': 3,
    'gen_ai.usage.output_tokens': 2,
    'gen_ai.response.finish_reasons': ['stop'],
  });
  const stream = one(children, 'chat m2');
  assert.equal(stream.attributes['gen_ai.request.stream'], true);
  assert.equal(stream.attributes['gen_ai.usage.input_tokens'], 7, 'usage streamed in the chat-delta events');
  assert.equal(stream.attributes['gen_ai.usage.output_tokens'], 5);
  assert.equal(stream.attributes['brainbench.close_reason'], 'ended');
  assert.equal(stream.status.code, 0);

  const echo = one(children, 'execute_tool echo');
  assert.deepEqual(
    [
      echo.attributes['gen_ai.operation.name'],
      echo.attributes['gen_ai.tool.name'],
      echo.attributes['brainbench.tooling'],
    ],
    ['execute_tool', 'echo', 't'],
  );
  const queued = one(children, 'execute_tool add');
  assert.equal(queued.attributes['brainbench.host.op'], 'tooling.call-tool');
  // A queued call ends at its result, after the call itself returned (the recv that got it follows).
  const resultRecv = children.find(
    (s) => s.name === 'host.recv' && s.attributes['brainbench.event.kind'] === 'tool-result',
  );
  assert.ok(resultRecv && queued.endNanos <= resultRecv.endNanos + SLACK, 'the queued call ends at its result');

  const events = alice.events.map((e) => e.name);
  for (const name of ['provider.get', 'tooling.get', 'host.memory-set', 'log']) assert.ok(events.includes(name), name);
  assert.equal(alice.events.find((e) => e.name === 'log')!.attributes['log.message'], 'alice is done');

  const bob = one(roots, 'invoke_agent bob');
  assert.equal(bob.status.code, 2, 'the brain error is the iteration span status ERROR');
  assert.match(bob.status.message, /bob gives up/);
  const exception = bob.events.find((e) => e.name === 'exception')!;
  assert.equal(exception.attributes['exception.type'], 'brain_error');
  assert.equal(exception.attributes['code.line.number'], 5);
  assert.match(String(exception.attributes['code.file.path']), /bob\.js$/);
  const boom = one(childrenOf(spans, bob), 'execute_tool boom');
  assert.equal(boom.status.code, 2);
  assert.match(boom.status.message, /boom failed/);
  assert.equal(boom.attributes['error.type'], 'call_error');

  for (const span of spans) {
    assert.ok(span.startNanos <= span.endNanos, `${span.name} ends after it starts`);
    assert.ok(span.startNanos >= window.from && span.endNanos <= window.to, `${span.name} is within the run`);
    const parent = spans.find((s) => s.spanId === span.parentSpanId);
    if (parent) assert.ok(span.startNanos + SLACK >= parent.startNanos, `${span.name} starts within its iteration`);
  }
  assert.equal(alice.resource['service.name'], 'brainbench');
  assert.equal(alice.resource['brainbench.mode'], 'run');
  assert.match(String(alice.resource['brainbench.config_file']), /omw\.toml$/);
  assert.equal(typeof alice.resource['service.version'], 'string');
  assert.equal(alice.scope, 'brainbench');

  const everything = JSON.stringify(spans, (_key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
  for (const content of ['PROMPT-hello', 'PROMPT-more', 'ANSWER-one', 'ANSWER-two', 'ping', 'pong'])
    assert.ok(!everything.includes(content), `no message contents by default (${content})`);
}

/** The spans as a shape that leaves out their random ids: names, parents and times. */
const shape = (spans: WireSpan[]) =>
  spans
    .map((s) => ({
      name: s.name,
      parent: spans.find((p) => p.spanId === s.parentSpanId)?.name ?? null,
      start: s.startNanos,
      end: s.endNanos,
      attributes: s.attributes,
    }))
    .sort((a, b) => (a.start === b.start ? a.name.localeCompare(b.name) : a.start < b.start ? -1 : 1));

test('a live run --otlp sends its spans to an OTLP/HTTP receiver as they happen', () => {
  assert.equal(run.code, 1, 'bob fails');
  assert.match(run.stderr, /bob gives up/);
  assert.ok(liveRequests.length > 0);
  for (const request of liveRequests) {
    assert.equal(request.path, '/v1/traces');
    assert.equal(request.contentType, 'application/x-protobuf');
  }
  checkRunSpans(live);
});

test('brainbench export FILE --otlp sends the recording as the same spans, at the recorded times', async () => {
  const receiver = await startOtlpReceiver();
  let exported;
  try {
    exported = await brainbench(['export', 'run.jsonl', '--otlp', receiver.origin], dir);
  } finally {
    await receiver.close();
  }
  assert.equal(exported.code, 0, exported.stderr);
  assert.equal(exported.stdout, `exported ${receiver.spans.length} spans to ${receiver.origin}/v1/traces\n`);
  checkRunSpans(receiver.spans);
  assert.deepEqual(shape(receiver.spans), shape(live), 'the recording exports as the live run did');
});

interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
}
type JsonAttribute = { key: string; value: JsonAnyValue };
const jsonValue = (value: JsonAnyValue): AttributeValue =>
  value.stringValue ??
  value.boolValue ??
  (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
  value.doubleValue ??
  (value.arrayValue?.values ?? []).map(jsonValue);
const jsonAttributes = (list: JsonAttribute[] | undefined): Attributes =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, jsonValue(value)]));

test('--otlp-file writes OTLP JSON lines; --otlp-content adds prompts, completions and tool data', async () => {
  const exported = await brainbench(['export', 'run.jsonl', '--otlp-file', 'spans.jsonl', '--otlp-content'], dir);
  assert.equal(exported.code, 0, exported.stderr);
  const lines = readFileSync(join(dir, 'spans.jsonl'), 'utf8').trimEnd().split('\n');
  type JsonSpan = {
    name: string;
    spanId: string;
    parentSpanId?: string;
    attributes?: JsonAttribute[];
    events?: { name: string; attributes?: JsonAttribute[] }[];
  };
  const spans: JsonSpan[] = lines.flatMap((line) => {
    const request = JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: JsonSpan[] }[] }[] };
    return request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  });
  assert.equal(exported.stdout, `exported ${spans.length} spans to spans.jsonl\n`);
  assert.deepEqual(spans.map((s) => s.name).sort(), live.map((s) => s.name).sort());
  const parentName = (span: JsonSpan) => spans.find((p) => p.spanId === span.parentSpanId)?.name ?? null;
  assert.match(spans[0]!.spanId, /^[0-9a-f]{16}$/, 'ids in hex, as the collector writes them');
  const chat = spans.find((s) => s.name === 'chat m1')!;
  assert.equal(parentName(chat), 'invoke_agent alice');
  const details = chat.events!.find((e) => e.name === 'gen_ai.client.inference.operation.details')!;
  const content = jsonAttributes(details.attributes);
  assert.deepEqual(JSON.parse(String(content['gen_ai.input.messages'])), [
    { role: 'user', parts: [{ type: 'text', content: 'PROMPT-hello' }] },
  ]);
  assert.deepEqual(JSON.parse(String(content['gen_ai.output.messages'])), [
    { role: 'assistant', parts: [{ type: 'text', content: 'ANSWER-one' }], finish_reason: 'stop' },
  ]);
  const stream = spans.find((s) => s.name === 'chat m2')!;
  const streamed = jsonAttributes(
    stream.events!.find((e) => e.name === 'gen_ai.client.inference.operation.details')!.attributes,
  );
  assert.match(String(streamed['gen_ai.output.messages']), /"content":"ANSWER-two"/);
  const echo = jsonAttributes(spans.find((s) => s.name === 'execute_tool echo')!.attributes);
  assert.equal(echo['gen_ai.tool.call.arguments'], '{"message":"ping"}');
  assert.match(String(echo['gen_ai.tool.call.result']), /pong/);
  const alice = jsonAttributes(spans.find((s) => s.name === 'invoke_agent alice')!.attributes);
  assert.equal(alice['brainbench.outcome.message'], 'ANSWER-one / ANSWER-two');
});

test('a collector that answers 500, or is not there, fails the export with a clear message', async () => {
  const receiver = await startOtlpReceiver();
  receiver.failWith = 500;
  let failed;
  try {
    failed = await brainbench(['export', 'run.jsonl', '--otlp', `${receiver.origin}/v1/traces`], dir);
  } finally {
    await receiver.close();
  }
  assert.equal(failed.code, 1);
  assert.match(
    loggedError(failed.stderr),
    /^OTLP export to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed: the collector answered HTTP 500 Internal Server Error: receiver told to fail \(0 spans went out, \d+ did not\)$/,
  );
  assert.equal(failed.stdout, '');

  // The receiver is closed now: nothing listens on its port.
  const refused = await brainbench(['export', 'run.jsonl', '--otlp', receiver.origin], dir, SHORT_TIMEOUT);
  assert.equal(refused.code, 1);
  assert.match(
    loggedError(refused.stderr),
    /^OTLP export to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed: connection refused \(is the collector running\?\)/,
  );

  const usage = await brainbench(['export', 'run.jsonl'], dir);
  assert.equal(usage.code, 2);
  assert.match(
    usage.stderr,
    /^brainbench: export: give --otlp URL or --otlp-file OUT; `brainbench export --help` shows its usage\n/,
  );
  const badUrl = await brainbench(['run', '--otlp', 'ftp://collector', '--config', 'alice.toml'], dir);
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.stderr, /^brainbench: run: --otlp ftp:\/\/collector: expected an http:\/\/ or https:\/\/ URL/);
});

test('a live run whose collector is down still succeeds, with one warning', async () => {
  const receiver = await startOtlpReceiver();
  await receiver.close();
  const ran = await brainbench(['run', '--config', 'alice.toml', '--otlp', receiver.origin], dir, SHORT_TIMEOUT);
  assert.equal(ran.code, 0, ran.stderr);
  const warnings = ran.stderr.split('\n').filter((line) => line.includes('OTLP export'));
  assert.equal(warnings.length, 1, ran.stderr);
  assert.match(warnings[0]!, /connection refused \(is the collector running\?\); the run goes on/);
});
