import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';

import { AssertionParseError } from '../../main/assertions/assertion-parse-error.ts';
import { parseAssertions, parseEventAssertion } from '../../main/assertions/parse-assertions.ts';

function assertionsOf(toml: string): unknown {
  return parseToml(toml).assertions;
}

function parseError(raw: unknown): AssertionParseError {
  try {
    parseAssertions(raw);
  } catch (error) {
    assert.ok(error instanceof AssertionParseError, String(error));
    return error;
  }
  assert.fail('expected an AssertionParseError');
}

describe('parseAssertions', () => {
  it('reads every assertion kind, outcome and sentinel from TOML', () => {
    const parsed = parseAssertions(
      assertionsOf(`
        [assertions.alice]
        outcome = "completed"
        events = [
          { kind = "call", op = "chat", detail = { model = "^gpt-" } },
          { "$while" = { kind = "inbound", event = "chat-delta" } },
          { "$until" = { kind = "inbound", payload = { data = { content = "one" } } } },
          { kind = "opened", source = "timer" },
          { kind = "closed", source = "chat-stream", reason = "ended|failed" },
        ]

        [assertions.bob]
        outcome = { exited = "done" }

        [assertions.carol]
        outcome = "asserted"
        events = []
      `),
    );
    // smol-toml builds null-prototype tables; the comparison is about content.
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), {
      alice: {
        outcome: 'completed',
        events: [
          { mode: 'once', assertion: { kind: 'call', op: 'chat', detail: { model: '^gpt-' } } },
          { mode: 'while', assertion: { kind: 'inbound', event: 'chat-delta' } },
          { mode: 'until', assertion: { kind: 'inbound', payload: { data: { content: 'one' } } } },
          { mode: 'once', assertion: { kind: 'opened', source: 'timer' } },
          { mode: 'once', assertion: { kind: 'closed', source: 'chat-stream', reason: 'ended|failed' } },
        ],
      },
      bob: { outcome: { exited: 'done' }, events: [] },
      carol: { outcome: 'asserted', events: [] },
    });
  });

  it('leaves optional parts out when they were not written', () => {
    const parsed = parseAssertions({ alice: { events: [{ kind: 'call' }] } });
    assert.deepEqual(parsed, { alice: { events: [{ mode: 'once', assertion: { kind: 'call' } }] } });
    assert.equal('outcome' in (parsed.alice ?? {}), false);
    assert.deepEqual(parseAssertions(undefined), {});
    assert.deepEqual(parseAssertions({}), {});
  });

  it('locates structural errors', () => {
    const cases: [unknown, string, RegExp][] = [
      [[], 'assertions', /expected a table, got an array/],
      [{ alice: 'x' }, 'assertions.alice', /expected a table, got "x"/],
      [{ alice: { evnts: [] } }, 'assertions.alice.evnts', /unknown key; an agent assertion takes outcome, events/],
      [{ alice: { events: {} } }, 'assertions.alice.events', /expected an array, got a table/],
      [{ alice: { events: ['call'] } }, 'assertions.alice.events[0]', /expected a table/],
      [{ 'a.b': { events: 1 } }, 'assertions["a.b"].events', /expected an array, got number 1/],
    ];
    for (const [raw, path, message] of cases) {
      const error = parseError(raw);
      assert.equal(error.path, path);
      assert.match(error.message, message);
      assert.ok(error.message.startsWith(`${path}: `), error.message);
    }
  });

  it('rejects unknown outcomes; exited needs exactly one string', () => {
    for (const outcome of ['failed', { exited: 1 }, { exited: 'x', code: 1 }, 3]) {
      const error = parseError({ alice: { outcome } });
      assert.equal(error.path, 'assertions.alice.outcome');
      assert.match(error.message, /expected "completed", "asserted" or \{ exited = "<message>" \}/);
    }
  });

  it('locates errors inside event assertions', () => {
    const events = (entry: unknown) => ({ alice: { events: [{ kind: 'call' }, { kind: 'opened' }, entry] } });
    const cases: [unknown, string, RegExp][] = [
      [{ kind: 'outcome' }, 'assertions.alice.events[2].kind', /unknown kind "outcome"; expected call, inbound/],
      [{ op: 'chat' }, 'assertions.alice.events[2]', /missing "kind"/],
      [{ kind: 'call', opx: 'chat' }, 'assertions.alice.events[2].opx', /a call assertion takes kind, op, detail/],
      [{ kind: 'opened', reason: 'x' }, 'assertions.alice.events[2].reason', /an opened assertion takes kind, source/],
      [{ kind: 'call', op: 3 }, 'assertions.alice.events[2].op', /expected a regex string, got number 3/],
      [{ kind: 'closed', reason: ['ended'] }, 'assertions.alice.events[2].reason', /expected a regex string/],
      [{ kind: 'call', op: 'chat(' }, 'assertions.alice.events[2].op', /invalid regex "chat\(": .*Unterminated group/],
      [
        { kind: 'inbound', event: 'chat' },
        'assertions.alice.events[2].event',
        /unknown event kind "chat"; .*chat-delta/,
      ],
      [{ kind: 'inbound', payload: { $kind: 'x' } }, 'assertions.alice.events[2].payload', /reserved/],
      [{ $while: { kind: 'call' }, op: 'x' }, 'assertions.alice.events[2]', /a "\$while" entry takes no other keys/],
      [{ $while: { $until: { kind: 'call' } } }, 'assertions.alice.events[2]["$while"]', /must wrap a plain assertion/],
      [{ $until: { kind: 'tick' } }, 'assertions.alice.events[2]["$until"].kind', /unknown kind "tick"/],
    ];
    for (const [entry, path, message] of cases) {
      const error = parseError(events(entry));
      assert.equal(error.path, path, JSON.stringify(entry));
      assert.match(error.message, message);
    }
  });

  it('locates an invalid regex deep inside a detail pattern written in TOML', () => {
    const error = parseError(
      assertionsOf(`
        [assertions.alice]
        events = [{ kind = "call", detail = { messages = [{ "$while" = { role = "[" } }] } }]
      `),
    );
    assert.equal(error.path, 'assertions.alice.events[0].detail.messages[0]["$while"].role');
    assert.match(error.message, /invalid regex "\[": .*Unterminated character class/);
  });

  it('rejects TOML values that have no JSON form', () => {
    const error = parseError(
      assertionsOf(`
        [assertions.alice]
        events = [{ kind = "call", detail = { at = 1979-05-27T07:32:00Z } }]
      `),
    );
    assert.equal(error.path, 'assertions.alice.events[0].detail.at');
    assert.match(error.message, /date-time/);
  });
});

describe('parseEventAssertion', () => {
  it('judges a sentinel by the assertion it wraps', () => {
    assert.deepEqual(parseEventAssertion({ $until: { kind: 'call', op: '^call_tool$' } }, 'after'), {
      kind: 'call',
      op: '^call_tool$',
    });
    assert.deepEqual(parseEventAssertion({ kind: 'closed', reason: 'ended' }, 'after'), {
      kind: 'closed',
      reason: 'ended',
    });
  });

  it('reports errors under the path it is given', () => {
    assert.throws(
      () => parseEventAssertion({ kind: 'call', detail: { tool: '(' } }, 'tooling.mock.tool_calls[1].after'),
      (error: unknown) =>
        error instanceof AssertionParseError && error.path === 'tooling.mock.tool_calls[1].after.detail.tool',
    );
  });
});
