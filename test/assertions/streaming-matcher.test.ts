import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { AgentAssertion } from '../../main/assertions/assertion-types.ts';
import { parseAssertions } from '../../main/assertions/parse-assertions.ts';
import { StreamingMatcher } from '../../main/assertions/streaming-matcher.ts';
import { call, closed, delta, inbound, opened, outcome } from './trace-event-builders.ts';

function agentAssertion(raw: unknown): AgentAssertion {
  const parsed = parseAssertions({ alice: raw }).alice;
  assert.ok(parsed);
  return parsed;
}

function matcherFor(raw: unknown): StreamingMatcher {
  return new StreamingMatcher(agentAssertion(raw));
}

describe('StreamingMatcher matching', () => {
  it('becomes satisfied exactly when the last step is met, ignoring events in between', () => {
    const matcher = matcherFor({
      events: [
        { kind: 'call', op: '^chat$' },
        { kind: 'inbound', event: 'message' },
      ],
    });
    const progress: boolean[] = [];
    for (const e of [call('whoami'), call('chat'), opened('timer'), inbound({ kind: 'message', data: 'hi' })]) {
      matcher.feed(e);
      progress.push(matcher.satisfied);
    }
    assert.deepEqual(progress, [false, false, false, true]);
  });

  it('stays satisfied through trailing events', () => {
    const matcher = matcherFor({ events: [{ kind: 'call', op: 'chat' }] });
    matcher.feed(call('chat'));
    for (const e of [call('chat'), inbound({ kind: 'shutdown' }), outcome('completed')]) {
      matcher.feed(e);
      assert.equal(matcher.satisfied, true);
    }
  });

  it('never revisits a satisfied step: each event is consumed by one step only', () => {
    const matcher = matcherFor({
      events: [
        { kind: 'call', op: 'x' },
        { kind: 'call', op: 'x' },
      ],
    });
    matcher.feed(call('x'));
    assert.equal(matcher.satisfied, false);
    matcher.feed(call('y'));
    matcher.feed(call('x'));
    assert.equal(matcher.satisfied, true);
  });

  it('does not look back for an earlier event once a later step is waiting', () => {
    const matcher = matcherFor({
      events: [
        { kind: 'call', op: 'b' },
        { kind: 'call', op: 'a' },
      ],
    });
    for (const op of ['a', 'b']) matcher.feed(call(op));
    assert.equal(matcher.satisfied, false);
  });

  it('is satisfied before any event for an empty list or a list of $while steps', () => {
    assert.equal(matcherFor({ events: [] }).satisfied, true);
    assert.equal(matcherFor({}).satisfied, true);
    assert.equal(matcherFor({ events: [{ $while: { kind: 'inbound', event: 'chat-delta' } }] }).satisfied, true);
  });

  it('consumes a run with $while, then lets the next step take the event that ended it', () => {
    const matcher = matcherFor({
      events: [{ $while: { kind: 'inbound', event: 'chat-delta' } }, { kind: 'inbound', event: 'chat-end' }],
    });
    for (const e of [inbound(delta('a')), inbound(delta('b')), inbound({ kind: 'chat-end' })]) matcher.feed(e);
    assert.equal(matcher.satisfied, true);
    assert.deepEqual(
      matcher.observed.map(({ index, consumedBy }) => [index, consumedBy]),
      [
        [1, 0],
        [2, 0],
        [3, 1],
      ],
    );
  });

  it('ends a $while at the first non-matching event, even an unrelated one', () => {
    const matcher = matcherFor({
      events: [{ $while: { kind: 'inbound', event: 'chat-delta' } }, { kind: 'inbound', event: 'chat-end' }],
    });
    for (const e of [opened('chat-stream'), inbound(delta('a')), inbound({ kind: 'chat-end' })]) matcher.feed(e);
    assert.equal(matcher.satisfied, true);
    assert.equal(matcher.observed[1]?.consumedBy, undefined);
  });

  it('is greedy: a $while never leaves an event for an identical next step', () => {
    const matcher = matcherFor({ events: [{ $while: { kind: 'call', op: 'chat' } }, { kind: 'call', op: 'chat' }] });
    matcher.feed(call('chat'));
    matcher.feed(call('chat'));
    assert.equal(matcher.satisfied, false);
  });

  it('keeps every observed event with its 1-based index', () => {
    const matcher = matcherFor({ events: [{ kind: 'opened' }] });
    const events = [call('a'), opened('timer'), call('b')];
    for (const e of events) matcher.feed(e);
    assert.deepEqual(
      matcher.observed.map(({ index, event }) => [index, event]),
      events.map((e, i) => [i + 1, e]),
    );
  });
});

describe('StreamingMatcher.judgeOutcome', () => {
  it('passes without an outcome assertion once the events are satisfied', () => {
    assert.deepEqual(matcherFor({}).judgeOutcome('completed'), { pass: true });
    assert.deepEqual(matcherFor({}).judgeOutcome(undefined), { pass: true });
  });

  it('checks "completed"', () => {
    assert.deepEqual(matcherFor({ outcome: 'completed' }).judgeOutcome('completed'), { pass: true });
    assert.deepEqual(matcherFor({ outcome: 'completed' }).judgeOutcome({ exited: 'bye' }), {
      pass: false,
      reason: 'outcome mismatch: expected "completed", got { exited = "bye" }',
    });
  });

  it('compares the exit message by exact string equality, not as a regex', () => {
    const matcher = matcherFor({ outcome: { exited: 'b.e' } });
    assert.equal(matcher.judgeOutcome({ exited: 'b.e' }).pass, true);
    assert.equal(matcher.judgeOutcome({ exited: 'bye' }).pass, false);
    assert.equal(matcher.judgeOutcome({ exited: 'b.e!' }).pass, false);
    assert.equal(matcher.judgeOutcome({ exited: 'B.E' }).pass, false);
    assert.equal(matcher.judgeOutcome('completed').pass, false);
  });

  it('fails any outcome assertion when the brain failed and has no outcome', () => {
    for (const expected of ['completed', { exited: 'bye' }]) {
      assert.deepEqual(matcherFor({ outcome: expected }).judgeOutcome(undefined), {
        pass: false,
        reason: `outcome mismatch: expected ${expected === 'completed' ? '"completed"' : '{ exited = "bye" }'}, got no outcome (the brain failed)`,
      });
    }
  });

  it('does not check the outcome of an "asserted" agent', () => {
    assert.deepEqual(matcherFor({ outcome: 'asserted' }).judgeOutcome(undefined), { pass: true });
  });

  it('checks the outcome first, then reports unsatisfied events with the diff', () => {
    const matcher = matcherFor({ outcome: 'completed', events: [{ kind: 'call', op: 'chat' }] });
    matcher.feed(call('whoami'));
    assert.match(matcher.judgeOutcome({ exited: 'x' }).reason ?? '', /^outcome mismatch/);
    const verdict = matcher.judgeOutcome('completed');
    assert.equal(verdict.pass, false);
    assert.equal(verdict.reason, matcher.diff());
  });
});

describe('StreamingMatcher.diff', () => {
  it('shows the next unsatisfied assertion, the remaining ones and every event, marking where matching stopped', () => {
    const matcher = matcherFor({
      events: [
        { kind: 'call', op: 'chat_stream', detail: { model: '^m$' } },
        { $while: { kind: 'inbound', event: 'chat-delta' } },
        { kind: 'inbound', event: 'chat-end' },
        { kind: 'call', op: '^send_agent$' },
      ],
    });
    const events = [
      call('list_models', { provider: 'p' }),
      call('chat_stream', { provider: 'p', model: 'm' }),
      inbound({ kind: 'chat-delta', data: { content: 'he' } }),
      inbound({ kind: 'chat-delta', data: { content: 'llo', finish_reason: 'stop' } }),
      closed('chat-stream', 'ended'),
      call('send_agent', { agent: 'bob' }),
      outcome('completed'),
    ];
    for (const e of events) matcher.feed(e);
    const nulls = '"reasoning":null,"tool_call":null';
    assert.equal(
      matcher.diff(),
      [
        'assertion #3 of 4 not satisfied',
        'remaining assertions:',
        '  #3 { kind = "inbound", event = "chat-end" }  <- not satisfied',
        '  #4 { kind = "call", op = "^send_agent$" }',
        'observed events (7):',
        '  #1 call list_models {"provider":"p"}',
        '  #2 call chat_stream {"provider":"p","model":"m"}  [assertion #1]',
        `  #3 inbound chat-delta {"content":"he",${nulls},"finish_reason":null,"usage":null}  [assertion #2]`,
        `  #4 inbound chat-delta {"content":"llo",${nulls},"finish_reason":"stop","usage":null}  [assertion #2]`,
        '  #5 closed chat-stream ended',
        '  --- matching stopped here ---',
        '  #6 call send_agent {"agent":"bob"}',
        '  #7 outcome "completed"',
      ].join('\n'),
    );
  });

  it('lists a pending $while among the remaining assertions and marks a stop before any progress', () => {
    const matcher = matcherFor({
      events: [{ $while: { kind: 'inbound', event: 'chat-delta' } }, { kind: 'inbound', event: 'chat-end' }],
    });
    assert.equal(
      matcher.diff(),
      [
        'assertion #2 of 2 not satisfied',
        'remaining assertions:',
        '  #1 { "$while" = { kind = "inbound", event = "chat-delta" } }',
        '  #2 { kind = "inbound", event = "chat-end" }  <- not satisfied',
        'observed events: none',
      ].join('\n'),
    );
    matcher.feed(call('whoami'));
    assert.match(matcher.diff(), /observed events \(1\):\n {2}#1 call whoami \{\}\n {2}--- matching stopped here ---$/);
  });

  it('renders patterns inside assertions as TOML inline tables', () => {
    const matcher = matcherFor({
      events: [{ $until: { kind: 'call', detail: { messages: [{ role: 'user' }, { $while: {} }], 'max-tokens': 3 } } }],
    });
    assert.match(
      matcher.diff(),
      /#1 \{ "\$until" = \{ kind = "call", detail = \{ messages = \[\{ role = "user" \}, \{ "\$while" = \{\} \}\], max-tokens = 3 \} \} \}/,
    );
  });

  it('cuts long event JSON to keep each event on one short line', () => {
    const matcher = matcherFor({ events: [{ kind: 'opened' }] });
    matcher.feed(inbound({ kind: 'message', data: 'x'.repeat(1000) }));
    const line = matcher
      .diff()
      .split('\n')
      .find((text) => text.includes('inbound message'));
    assert.ok(line);
    assert.ok(line.endsWith('…'), line);
    assert.ok(line.length < 200, String(line.length));
  });

  it('says when everything is satisfied', () => {
    const matcher = matcherFor({ events: [{ kind: 'call' }] });
    matcher.feed(call('whoami'));
    assert.equal(
      matcher.diff(),
      'all assertions satisfied (1)\nobserved events (1):\n  #1 call whoami {}  [assertion #1]',
    );
  });
});
