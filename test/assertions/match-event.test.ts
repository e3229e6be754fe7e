import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { EventAssertion } from '../../main/assertions/assertion-types.ts';
import { matchesEvent } from '../../main/assertions/match-event.ts';
import { call, closed, delta, inbound, opened, outcome } from './trace-event-builders.ts';

describe('matchesEvent', () => {
  it('matches call ops as unanchored regexes, so "chat" also matches chat_stream', () => {
    const chatStream = call('chat_stream', { provider: 'p', model: 'gpt-4o' });
    assert.equal(matchesEvent({ kind: 'call', op: 'chat' }, chatStream), true);
    assert.equal(matchesEvent({ kind: 'call', op: '^chat$' }, chatStream), false);
    assert.equal(matchesEvent({ kind: 'call', op: '^chat$' }, call('chat')), true);
    assert.equal(matchesEvent({ kind: 'call' }, chatStream), true);
  });

  it('matches call details partially', () => {
    const e = call('chat', { provider: 'p', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(matchesEvent({ kind: 'call', detail: { model: '^gpt-' } }, e), true);
    assert.equal(matchesEvent({ kind: 'call', detail: { messages: [{ role: 'user' }] } }, e), true);
    assert.equal(matchesEvent({ kind: 'call', detail: { model: '^claude' } }, e), false);
    assert.equal(matchesEvent({ kind: 'call', op: 'chat', detail: { tools: [] } }, e), false);
  });

  it('matches inbound kinds exactly and payloads over the {kind, data} projection', () => {
    const e = inbound(delta('hello'));
    assert.equal(matchesEvent({ kind: 'inbound', event: 'chat-delta' }, e), true);
    assert.equal(matchesEvent({ kind: 'inbound', event: 'chat-end' }, e), false);
    assert.equal(matchesEvent({ kind: 'inbound', payload: { kind: 'delta' } }, e), true);
    assert.equal(matchesEvent({ kind: 'inbound', payload: { data: { content: 'ell', reasoning: null } } }, e), true);
    assert.equal(matchesEvent({ kind: 'inbound', payload: { data: { content: '^ell' } } }, e), false);
    assert.equal(matchesEvent({ kind: 'inbound', payload: { data: {} } }, inbound({ kind: 'timer' })), false);
    assert.equal(
      matchesEvent({ kind: 'inbound', payload: { data: 'ping' } }, inbound({ kind: 'message', data: 'ping!' })),
      true,
    );
  });

  it('matches opened and closed sources and close reasons as regexes', () => {
    assert.equal(matchesEvent({ kind: 'opened', source: '^chat-stream$' }, opened('chat-stream')), true);
    assert.equal(matchesEvent({ kind: 'opened', source: 'timer' }, opened('chat-stream')), false);
    assert.equal(matchesEvent({ kind: 'closed', source: 'resource' }, closed('resource-list', 'ended')), true);
    assert.equal(matchesEvent({ kind: 'closed', reason: '^(ended|failed)$' }, closed('timer', 'failed')), true);
    assert.equal(matchesEvent({ kind: 'closed', reason: 'ended' }, closed('timer', 'cancelled')), false);
  });

  it('never matches across trace event types, and never matches an outcome', () => {
    const assertions: EventAssertion[] = [
      { kind: 'call' },
      { kind: 'inbound' },
      { kind: 'opened' },
      { kind: 'closed' },
    ];
    const events = [call('whoami'), inbound({ kind: 'timer' }), opened('timer'), closed('timer', 'ended')];
    assertions.forEach((assertion, i) => {
      events.forEach((event, j) =>
        assert.equal(matchesEvent(assertion, event), i === j, `${assertion.kind} vs ${event.type}`),
      );
      assert.equal(matchesEvent(assertion, outcome('completed')), false);
    });
  });

  it('cannot see agent names or UUIDs', () => {
    const e = inbound({ kind: 'message', data: 'hi' }, 'alice');
    assert.equal(matchesEvent({ kind: 'inbound', payload: { agent: '.*' } }, e), false);
    assert.equal(matchesEvent({ kind: 'inbound', payload: { id: '.*' } }, e), false);
    assert.equal(
      matchesEvent({ kind: 'inbound', event: 'message' }, inbound({ kind: 'message', data: 'hi' }, 'bob')),
      true,
    );
  });
});
