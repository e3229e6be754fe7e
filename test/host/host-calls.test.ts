import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import type { HostOp } from '../../main/host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../../main/host-api/wit-types.generated.ts';
import { Host } from '../../main/host/host.ts';
import type { MockTooling } from '../../main/tooling/mock-tooling.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';

/** Polls until `condition` holds (a few seconds at most). */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

// The host answered directly, as an agent process would ask it: deterministic, no processes.

function host(config: string): {
  host: Host;
  trace: TraceEvent[];
  call: (op: HostOp, ...args: unknown[]) => Promise<unknown>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-host-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "a.js"\n[agents.bob]\nruntime = "js"\nscript = "b.js"\n${config}`,
  );
  const h = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const trace: TraceEvent[] = [];
  h.trace.subscribe((e) => trace.push(e));
  h.prepareIteration('alice');
  h.prepareIteration('bob');
  return { host: h, trace, call: (op, ...args) => h.call('alice', op, args) };
}

const compact = (trace: TraceEvent[]) =>
  trace.flatMap((e) => {
    if (e.type === 'call') return [`call ${e.op}`];
    if (e.type === 'opened') return [`opened ${e.source}`];
    if (e.type === 'closed') return [`closed ${e.source} ${e.reason}`];
    if (e.type === 'inbound') return [`inbound ${e.event.kind}`];
    return [];
  });

const inbox = (h: Host, agent = 'alice'): EventEnvelope[] => [...h.bus.inbox(agent).peek()];

const TOOLING = `
[tooling.t]
kind = "mock"
tool_calls = [
  { name = "add", result = "3" },
  { name = "add", result = "gated", after = { kind = "call", op = "memory_set", detail = { key = "go" } } },
  { name = "slow", pending = true },
]
`;

test('a queued mock tool call is delivered before the call returns and its handle closes', async () => {
  const { host: h, trace, call } = host(TOOLING);
  const uuid = (await call('tooling.call-tool', 't', 'add', '{"a":1}')) as string;
  assert.deepEqual(inbox(h), [
    {
      id: uuid,
      event: {
        kind: 'tool-result',
        data: { name: 'add', arguments: '{"a":1}', content: '[{"type":"text","text":"3"}]' },
      },
    },
  ]);
  assert.equal(await call('tooling.is-open', 't', uuid), false);
  assert.deepEqual(compact(trace), ['call call_tool', 'opened tool-call', 'closed tool-call ended']);
});

test('a gated step waits for its gate; a pending one never comes and cancels cleanly', async () => {
  const { host: h, trace, call } = host(TOOLING);
  await call('tooling.call-tool', 't', 'add', '{}');
  h.bus.inbox('alice').clear();
  const gated = (await call('tooling.call-tool', 't', 'add', 'not json')) as string;
  assert.equal(inbox(h).length, 0, 'the gate is closed');
  await call('host.memory-set', 'other', 'x');
  assert.equal(inbox(h).length, 0, 'a non-matching call keeps it closed');
  await call('host.memory-set', 'go', 'x');
  const delivered = inbox(h)[0]!;
  assert.equal(delivered.id, gated);
  assert.equal(
    delivered.event.kind === 'tool-result' && delivered.event.data.arguments,
    'null',
    'invalid JSON counts as null',
  );
  const slow = (await call('tooling.call-tool', 't', 'slow', '{}')) as string;
  await call('host.memory-set', 'go', 'again');
  assert.equal(await call('tooling.is-open', 't', slow), true);
  await call('tooling.cancel', 't', slow);
  await call('tooling.cancel', 't', slow);
  assert.equal(compact(trace).filter((line) => line === 'closed tool-call cancelled').length, 1);
});

test('script mismatches and exhaustion reach the brain as error events or errors', async () => {
  const { host: h, call } = host(TOOLING);
  await call('tooling.call-tool', 't', 'multiply', '{}');
  assert.deepEqual(inbox(h)[0]!.event, { kind: 'error', data: 'mock expected tool "add", got "multiply"' });
  await call('tooling.call-tool-blocking', 't', 'add', '{"a":1}');
  const mock = h.tooling.get('t') as MockTooling;
  assert.deepEqual(mock.calls, [
    { name: 'add', arguments: '{"a":1}', result: { content: '[{"type":"text","text":"3"}]' } },
  ]);
  await assert.rejects(
    call('tooling.call-tool-blocking', 't', 'multiply', '{}'),
    /mock expected tool "add", got "multiply"/,
  );
  const empty = host('[tooling.e]\nkind = "mock"\n');
  await assert.rejects(
    empty.call('tooling.call-tool-blocking', 'e', 'x', '{}'),
    /mock has no scripted result for tool "x"/,
  );
  await empty.call('tooling.call-tool', 'e', 'x', '{}');
  assert.deepEqual(inbox(empty.host)[0]!.event, { kind: 'error', data: 'mock tool calls exhausted at "x"' });
  await assert.rejects(
    call('tooling.read-resource', 't', 'mem://none'),
    /mock has no content for resource mem:\/\/none/,
  );
  await assert.rejects(call('tooling.list-tools', 'nope'), /no such tooling "nope"/);
});

test('each resource subscription replays the updates from the start, filtered to its URI', async () => {
  const {
    host: h,
    trace,
    call,
  } = host(`
[tooling.r]
kind = "mock"
initial_resource_list = [ { uri = "a://1", name = "one" } ]
initial_resource_contents = { "a://1" = "v1" }
resource_content_updates = [ { uri = "a://1", content = "v2" }, { uri = "a://2", content = "other" }, { uri = "a://1", content = "v3" } ]
`);
  const first = (await call('tooling.subscribe-resource', 'r', 'a://1')) as string;
  const second = (await call('tooling.subscribe-resource', 'r', 'a://1')) as string;
  const contents = inbox(h).map((e) => [e.id, e.event.kind === 'resource-updated' ? e.event.data.content : '']);
  assert.deepEqual(contents, [
    [first, 'v2'],
    [first, 'v3'],
    [second, 'v2'],
    [second, 'v3'],
  ]);
  assert.deepEqual(await call('tooling.read-resource', 'r', 'a://1'), { uri: 'a://1', content: 'v3' });
  await call('tooling.unsubscribe-resource', 'r', second);
  await call('tooling.unsubscribe-resource', 'r', first);
  const closes = trace.filter((e) => e.type === 'closed').map((e) => (e.type === 'closed' ? e.uuid : ''));
  assert.deepEqual(closes, [second, first], 'unsubscribes close in call order');
});

test('timers: cancel closes synchronously inside the call; past timestamps are rejected with no handle', async () => {
  const { trace, call } = host('');
  const uuid = (await call('host.wait-for', 60_000)) as string;
  await call('host.cancel-timer', uuid);
  assert.deepEqual(compact(trace), ['call wait_for', 'opened timer', 'call cancel_timer', 'closed timer cancelled']);
  await assert.rejects(call('host.wait-until', Date.now() - 1), /timestamp must be in the future/);
  const rejected = trace.at(-2);
  assert.equal(rejected?.type === 'call' && rejected.uuid, null);
  await assert.rejects(call('host.wait-cron', 'bad'), /invalid cron spec/);
});

test('a fired timer delivers "timer" with its UUID, then closes as ended', async () => {
  const { host: h, trace, call } = host('');
  const uuid = (await call('host.wait-for', 5)) as string;
  const envelope = await h.bus.inbox('alice').take(1000, new AbortController().signal);
  assert.deepEqual(envelope, { id: uuid, event: { kind: 'timer' } });
  assert.deepEqual(compact(trace), ['call wait_for', 'opened timer', 'closed timer ended']);
});

test('messages reach only agents that subscribed to the sender', async () => {
  const { host: h, call } = host('');
  await call('host.send-agent', 'bob', 'dropped');
  assert.equal(h.bus.inbox('bob').size, 0);
  const uuid = (await h.call('bob', 'host.subscribe-agent', ['alice'])) as string;
  await call('host.send-agent', 'bob', 'hello');
  assert.deepEqual(inbox(h, 'bob'), [{ id: uuid, event: { kind: 'message', data: 'hello' } }]);
  const received = await h.call('bob', 'host.try-recv', []);
  assert.deepEqual(received, { id: uuid, event: { kind: 'message', data: 'hello' } });
  assert.equal(await h.call('bob', 'host.try-recv', []), undefined);
});

test('a full inbox drops the delivery and says so in the trace', async () => {
  const { host: h, trace, call } = host('[tunables]\ninbox_bound = 2\n');
  await h.call('bob', 'host.subscribe-agent', ['alice']);
  for (const n of [1, 2, 3]) await call('host.send-agent', 'bob', `m${n}`);
  assert.equal(h.bus.inbox('bob').size, 2);
  const warned = () => trace.filter((e) => e.type === 'log' && e.agent === 'bob' && /^inbox full/.test(e.message));
  await waitUntil(() => warned().length > 0);
  assert.deepEqual(
    warned().map((e) => (e.type === 'log' ? e.message : '')),
    ['inbox full (2 events): dropped 1 event (1 message)'],
  );
});

test('a flood into a full inbox is one warning with the count, not one per message', async () => {
  const { host: h, trace, call } = host('[tunables]\ninbox_bound = 2\n');
  await h.call('bob', 'host.subscribe-agent', ['alice']);
  for (let n = 0; n < 1000; n++) await call('host.send-agent', 'bob', `m${n}`);
  // Room again ends the burst.
  await h.call('bob', 'host.try-recv', []);
  await call('host.send-agent', 'bob', 'after');
  const warnings = trace.filter((e) => e.type === 'log' && e.agent === 'bob' && /^inbox full/.test(e.message));
  assert.deepEqual(
    warnings.map((e) => (e.type === 'log' ? e.message : '')),
    ['inbox full (2 events): dropped 998 events (998 message)'],
  );
  assert.ok(trace.filter((e) => e.agent === 'bob').length < 20, "bob's own trace is not flooded");
});

test('the lifecycle handle is one per run and forgotten before the next', async () => {
  const { host: h, call } = host('');
  await call('host.subscribe-lifecycle');
  await assert.rejects(call('host.subscribe-lifecycle'), /lifecycle already subscribed/);
  h.prepareIteration('alice');
  assert.equal(typeof (await call('host.subscribe-lifecycle')), 'string');
});

test('the pre-iteration drain drops reload, shutdown and lifecycle errors only', async () => {
  const { host: h, call } = host('');
  const life = (await call('host.subscribe-lifecycle')) as string;
  h.inject('alice', { id: 'x', event: { kind: 'message', data: 'keep me' } });
  h.abort('alice', 'reload');
  h.inject('alice', { id: life, event: { kind: 'error', data: 'bad edit' } });
  h.inject('alice', { id: 'other', event: { kind: 'error', data: 'keep this error' } });
  h.prepareIteration('alice');
  assert.deepEqual(
    inbox(h).map((e) => e.event),
    [
      { kind: 'message', data: 'keep me' },
      { kind: 'error', data: 'keep this error' },
    ],
  );
});

test('a streaming chat delivers deltas then chat-end; cancel stops it with one close', async () => {
  const {
    host: h,
    trace,
    call,
  } = host('[providers.p]\nkind = "mock"\nturns = [ { content = "hi" }, { pending = true } ]\n');
  const uuid = (await call(
    'provider.chat-stream',
    'p',
    'mock-model',
    [{ role: 'user', content: 'x' }],
    [],
    undefined,
  )) as string;
  const signal = new AbortController().signal;
  assert.deepEqual(await h.bus.inbox('alice').take(1000, signal), {
    id: uuid,
    event: { kind: 'chat-delta', data: { content: 'hi', finish_reason: 'stop' } },
  });
  assert.deepEqual(await h.bus.inbox('alice').take(1000, signal), { id: uuid, event: { kind: 'chat-end' } });
  const pending = (await call('provider.chat-stream', 'p', 'mock-model', [], [], '')) as string;
  assert.equal(await call('provider.is-open', 'p', pending), true);
  await call('provider.cancel', 'p', pending);
  await call('provider.cancel', 'p', pending);
  assert.equal(await call('provider.is-open', 'p', pending), false);
  assert.deepEqual(compact(trace).slice(-3), [
    'call chat_stream',
    'opened chat-stream',
    'closed chat-stream cancelled',
  ]);
  await assert.rejects(call('provider.chat', 'p', 'm', [], [], '{oops'), /invalid chat params JSON/);
  await assert.rejects(call('provider.chat', 'nope', 'm', [], [], undefined), /no such provider "nope"/);
});
