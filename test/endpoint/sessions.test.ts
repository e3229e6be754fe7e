import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EndpointSession } from '../../main/endpoint/endpoint-session.ts';
import type { ChatDelta } from '../../main/host-api/wit-types.generated.ts';
import { endpointHost, eventLine, traceLines, type EndpointHost } from './endpoint-host.ts';

// Sessions driven as a client would drive them, against a host answered directly.

const NO_REQUESTS = '[endpoint]\nkind = "mock"\n';

function open(h: EndpointHost, model: string, text: string): EndpointSession {
  const session = h.endpoint.route({ model, messages: [{ role: 'user', content: text }], tools: [] });
  if ('failure' in session) throw new Error(session.message);
  return session;
}

/** Everything the client has been sent so far, and how the reply ended. */
function received(session: EndpointSession): { deltas: ChatDelta[]; end: string | null | undefined } {
  const deltas: ChatDelta[] = [];
  for (let d = session.reply.take(); d; d = session.reply.take()) deltas.push(d);
  const end = session.reply.end;
  return { deltas, end: end ? (end.error ?? null) : undefined };
}

test("an agent's terminal delta ends the session once, and the agent is told", async () => {
  const h = endpointHost(NO_REQUESTS);
  const subscription = await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const session = open(h, 'echo', 'hi');
  await h.call('alice', 'host.stream-endpoint', session.uuid, { content: 'hel' });
  await h.call('alice', 'host.stream-endpoint', session.uuid, { content: 'lo', finish_reason: 'stop' });
  h.endpoint.hangUp(session, 'too late');
  await h.endpoint.close();
  const inbox = h.drain('alice');
  assert.deepEqual(inbox.map(eventLine), ['message hi', 'end']);
  assert.ok(
    inbox.every((e) => e.id === subscription),
    'events are tagged with the subscription',
  );
  assert.deepEqual(received(session), {
    deltas: [{ content: 'hel' }, { content: 'lo', finish_reason: 'stop' }],
    end: null,
  });
  await assert.rejects(h.call('alice', 'host.stream-endpoint', session.uuid, { content: '!' }), {
    message: 'unknown endpoint session',
  });
});

test('a session the client ended refuses replies as receiver closed until the agent ends it', async () => {
  const h = endpointHost(NO_REQUESTS);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const session = open(h, 'echo', 'hi');
  h.endpoint.hangUp(session, 'endpoint client disconnected');
  h.endpoint.hangUp(session);
  const reply = (delta: ChatDelta) => h.call('alice', 'host.stream-endpoint', session.uuid, delta);
  await assert.rejects(reply({ content: 'x' }), { message: 'endpoint session receiver closed' });
  await assert.rejects(reply({ finish_reason: 'stop' }), { message: 'endpoint session receiver closed' });
  await assert.rejects(reply({ content: 'x' }), { message: 'unknown endpoint session' });
  assert.deepEqual(h.drain('alice').map(eventLine), ['message hi', 'end endpoint client disconnected']);
});

test('concurrent sessions keep their replies apart and end independently', async () => {
  const h = endpointHost(NO_REQUESTS);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const first = open(h, 'echo', 'one');
  const second = open(h, 'echo', 'two');
  assert.notEqual(first.uuid, second.uuid);
  const reply = (s: EndpointSession, delta: ChatDelta) => h.call('alice', 'host.stream-endpoint', s.uuid, delta);
  await reply(second, { content: '2a' });
  await reply(first, { content: '1a' });
  await reply(second, { content: '2b', finish_reason: 'stop' });
  await reply(first, { content: '1b' });
  assert.deepEqual(received(second), {
    deltas: [{ content: '2a' }, { content: '2b', finish_reason: 'stop' }],
    end: null,
  });
  assert.deepEqual(received(first), { deltas: [{ content: '1a' }, { content: '1b' }], end: undefined });
  await reply(first, { finish_reason: 'length' });
  assert.deepEqual(received(first), { deltas: [{ finish_reason: 'length' }], end: null });
  const ends = h.drain('alice').filter((e) => e.event.kind === 'endpoint-session-end');
  assert.deepEqual(
    ends.map((e) => (e.event.kind === 'endpoint-session-end' ? e.event.data.session : '')),
    [second.uuid, first.uuid],
  );
});

test("unsubscribing aborts the subscription's sessions and frees the model", async () => {
  const h = endpointHost(NO_REQUESTS);
  const subscription = await h.call('alice', 'host.subscribe-endpoint', 'echo');
  await h.call('alice', 'host.subscribe-endpoint', 'other');
  const a = open(h, 'echo', 'a');
  const b = open(h, 'echo', 'b');
  const c = open(h, 'other', 'c');
  await h.call('alice', 'host.stream-endpoint', a.uuid, { content: 'partial' });
  await h.call('bob', 'host.unsubscribe-endpoint', subscription);
  assert.equal(h.endpoint.models.owner('echo')?.agent, 'alice', "bob cannot drop alice's subscription");
  await h.call('alice', 'host.unsubscribe-endpoint', subscription);
  assert.deepEqual(received(a), { deltas: [{ content: 'partial' }], end: 'endpoint subscription cancelled' });
  assert.deepEqual(received(b), { deltas: [], end: 'endpoint subscription cancelled' });
  assert.equal(received(c).end, undefined, 'the other model is still being answered');
  assert.deepEqual(h.drain('alice').map(eventLine), [
    'message a',
    'message b',
    'message c',
    'end endpoint subscription cancelled',
    'end endpoint subscription cancelled',
  ]);
  await assert.rejects(h.call('alice', 'host.stream-endpoint', a.uuid, { content: 'x' }), {
    message: 'unknown endpoint session',
  });
  assert.deepEqual(traceLines(h.trace).slice(-5), [
    'bob call unsubscribe_endpoint',
    'alice call unsubscribe_endpoint',
    'alice closed endpoint cancelled',
    'alice call stream_endpoint',
    'alice error unknown endpoint session',
  ]);
  assert.equal(typeof (await h.call('bob', 'host.subscribe-endpoint', 'echo')), 'string');
});

test("an agent cannot reply to another agent's session", async () => {
  const h = endpointHost(NO_REQUESTS);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const session = open(h, 'echo', 'hi');
  await assert.rejects(h.call('bob', 'host.stream-endpoint', session.uuid, { content: 'x' }), {
    message: 'unknown endpoint session',
  });
  h.endpoint.hangUp(session);
  await assert.rejects(h.call('bob', 'host.stream-endpoint', session.uuid, { content: 'x' }), {
    message: 'unknown endpoint session',
  });
});

test('a full reply buffer drops deltas, warns once, and still passes the terminal delta', async () => {
  const h = endpointHost(`${NO_REQUESTS}[tunables]\nsession_buffer = 2\n`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const session = open(h, 'echo', 'hi');
  for (const content of ['a', 'b', 'c', 'd']) await h.call('alice', 'host.stream-endpoint', session.uuid, { content });
  await h.call('alice', 'host.stream-endpoint', session.uuid, { finish_reason: 'stop' });
  assert.deepEqual(received(session), {
    deltas: [{ content: 'a' }, { content: 'b' }, { finish_reason: 'stop' }],
    end: null,
  });
  assert.equal(session.reply.dropped, 2);
  const warnings = traceLines(h.trace).filter((line) => line.startsWith('alice warn'));
  assert.deepEqual(warnings, [
    `alice warn endpoint session ${session.uuid}: reply buffer full (2 deltas), dropping deltas until the client catches up`,
  ]);
});

test('a model is served by one subscription; /v1/models order is sorted', async () => {
  const h = endpointHost(NO_REQUESTS);
  await h.call('bob', 'host.subscribe-endpoint', 'zeta');
  await h.call('alice', 'host.subscribe-endpoint', 'alpha');
  await assert.rejects(h.call('alice', 'host.subscribe-endpoint', 'zeta'), {
    message: 'endpoint model "zeta" is already taken',
  });
  await assert.rejects(h.call('bob', 'host.subscribe-endpoint', 'zeta'), {
    message: 'endpoint model "zeta" is already taken',
  });
  assert.deepEqual(
    h.endpoint.models.list().map((s) => `${s.model}:${s.agent}`),
    ['alpha:alice', 'zeta:bob'],
  );
  assert.deepEqual(traceLines(h.trace), [
    'bob call subscribe_endpoint',
    'bob opened endpoint',
    'alice call subscribe_endpoint',
    'alice opened endpoint',
    'alice call subscribe_endpoint (no handle)',
    'alice error endpoint model "zeta" is already taken',
    'bob call subscribe_endpoint (no handle)',
    'bob error endpoint model "zeta" is already taken',
  ]);
  const unknown = h.endpoint.route({ model: 'beta', messages: [], tools: [] });
  assert.deepEqual(unknown, { failure: 'unknown-model', message: 'no agent serves model "beta"' });
});

test('a request to an agent with a full inbox is refused and opens no session', async () => {
  const h = endpointHost(`${NO_REQUESTS}[tunables]\ninbox_bound = 1\n`);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  open(h, 'echo', 'fits');
  const refused = h.endpoint.route({ model: 'echo', messages: [], tools: [] });
  assert.deepEqual(refused, { failure: 'inbox-full', message: 'the inbox of agent "alice" is full' });
  assert.equal(h.endpoint.sessions.all().length, 1);
});

test('without an [endpoint] the calls fail or do nothing, and nothing is traced', async () => {
  const h = endpointHost('');
  assert.equal(h.host.endpoint, undefined);
  await assert.rejects(h.call('alice', 'host.subscribe-endpoint', 'echo'), {
    message: 'the endpoint is not configured',
  });
  await assert.rejects(h.call('alice', 'host.stream-endpoint', crypto.randomUUID(), { content: 'x' }), {
    message: 'the endpoint is not configured',
  });
  assert.equal(await h.call('alice', 'host.unsubscribe-endpoint', crypto.randomUUID()), undefined);
  assert.deepEqual(h.trace, []);
});

test('closing the host ends open sessions with an error', async () => {
  const h = endpointHost(NO_REQUESTS);
  await h.call('alice', 'host.subscribe-endpoint', 'echo');
  const session = open(h, 'echo', 'hi');
  await h.host.close();
  assert.deepEqual(received(session), { deltas: [], end: 'endpoint shut down' });
  assert.deepEqual(h.drain('alice').map(eventLine), ['message hi', 'end endpoint shut down']);
});
