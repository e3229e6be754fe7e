import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MockEndpoint } from '../../main/endpoint/mock/mock-endpoint.ts';
import type { EndpointMessage } from '../../main/host-api/wit-types.generated.ts';
import { endpointHost, eventLine, traceLines, type EndpointHost } from './endpoint-host.ts';

const mockOf = (h: EndpointHost): MockEndpoint => {
  assert.ok(h.endpoint.transport instanceof MockEndpoint);
  return h.endpoint.transport;
};

const messageOf = (h: EndpointHost, agent: string): EndpointMessage => {
  const found = h.drain(agent).find((e) => e.event.kind === 'endpoint-message');
  assert.ok(found?.event.kind === 'endpoint-message', 'an endpoint message was delivered');
  return found.event.data;
};

test('a request waits for its model and reaches the inbox before subscribe-endpoint returns', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [
  { model = "echo", session_id = "first", messages = [{ content = "hello" }, { role = "assistant", content = "hi", reasoning = "greet" }], tools = [{ name = "add", description = "Adds", input_schema = { type = "object" } }], params = { temperature = 0.5 } },
]
`);
  await h.call('alice', 'host.memory-set', 'k', 'v');
  assert.deepEqual(h.drain('alice'), []);
  const subscription = await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const inbox = h.host.bus.inbox('alice').peek();
  assert.equal(inbox[0]?.id, subscription);
  const message = messageOf(h, 'alice');
  assert.deepEqual(message, {
    session: message.session,
    messages: [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi', reasoning: 'greet' },
    ],
    tools: [{ name: 'add', description: 'Adds', input_schema: '{"type":"object"}' }],
    params: '{"temperature":0.5}',
  });
  assert.deepEqual(mockOf(h).sessions, [
    { session_id: 'first', session: message.session, model: 'echo', deltas: [], end: null },
  ]);
  assert.deepEqual(traceLines(h.trace), [
    'alice call memory_set',
    'alice call subscribe_endpoint',
    'alice opened endpoint',
  ]);
});

test('an after gate holds a request until a matching event is traced, by any agent', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [
  { model = "echo", session_id = "gated", messages = [{ content = "go" }], after = { kind = "call", op = "memory_set", detail = { key = "^go$" } } },
]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  await h.call('alice', 'host.memory-set', 'not-yet', 'v');
  assert.deepEqual(h.drain('alice'), []);
  await h.call('bob', 'host.memory-set', 'go', 'v');
  assert.deepEqual(h.drain('alice').map(eventLine), ['message go']);
  assert.equal(mockOf(h).sessions.length, 1);
});

test('session_end close = N ends the session normally after N received deltas', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [ { model = "echo", session_id = "short", session_end = { close = 2 } } ]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const { session } = messageOf(h, 'alice');
  await h.call('alice', 'host.stream-endpoint', session, { content: 'one' });
  assert.deepEqual(h.drain('alice'), []);
  await h.call('alice', 'host.stream-endpoint', session, { content: 'two' });
  assert.deepEqual(h.drain('alice').map(eventLine), ['end']);
  await assert.rejects(h.call('alice', 'host.stream-endpoint', session, { content: 'three' }), {
    message: 'endpoint session receiver closed',
  });
  assert.deepEqual(mockOf(h).sessions[0], {
    session_id: 'short',
    session,
    model: 'echo',
    deltas: [{ content: 'one' }, { content: 'two' }],
    end: { error: null },
  });
});

test('session_end abort = 0 aborts the session right after it is routed', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [ { model = "echo", session_id = "gone", messages = [{ content = "bye" }], session_end = { abort = 0 } } ]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const inbox = h.drain('alice');
  assert.deepEqual(inbox.map(eventLine), ['message bye', 'end endpoint session aborted']);
  const session = inbox[0]?.event.kind === 'endpoint-message' ? inbox[0].event.data.session : '';
  await assert.rejects(h.call('alice', 'host.stream-endpoint', session, { finish_reason: 'stop' }), {
    message: 'endpoint session receiver closed',
  });
  assert.deepEqual(mockOf(h).sessions[0]?.end, { error: 'endpoint session aborted' });
});

test("a scripted end is a no-op when the agent's terminal delta ended the reply first", async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [ { model = "echo", session_id = "quick", session_end = { abort = 1 } } ]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const { session } = messageOf(h, 'alice');
  await h.call('alice', 'host.stream-endpoint', session, { content: 'all', finish_reason: 'stop' });
  assert.deepEqual(h.drain('alice').map(eventLine), ['end']);
  assert.deepEqual(mockOf(h).sessions[0]?.end, { error: null });
});

test('stream_endpoint is traced before its push: released requests land before the session end', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [
  { model = "echo", session_id = "first", messages = [{ content = "one" }] },
  { model = "echo", session_id = "second", messages = [{ content = "two" }], after = { kind = "call", op = "stream_endpoint", detail = { finish_reason = "stop" } } },
]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const { session } = messageOf(h, 'alice');
  await h.call('alice', 'host.stream-endpoint', session, { finish_reason: 'stop' });
  assert.deepEqual(h.drain('alice').map(eventLine), ['message two', 'end']);
});

test('requests for a model nobody subscribed stay queued', async () => {
  const h = endpointHost(`
[endpoint]
kind = "mock"
requests = [ { model = "later", session_id = "waiting" }, { model = "echo", session_id = "now" } ]
`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  assert.deepEqual(
    mockOf(h).sessions.map((s) => s.session_id),
    ['now'],
  );
  assert.equal(h.host.injections.pending, 1);
  await h.call('bob', 'host.subscribe-endpoint', 'later');
  assert.deepEqual(h.drain('bob').map(eventLine), ['message ']);
});
