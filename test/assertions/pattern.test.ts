import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AssertionParseError } from '../../main/assertions/assertion-parse-error.ts';
import { checkPattern, matchPattern } from '../../main/assertions/pattern.ts';
import type { Json } from '../../main/trace/trace-event.ts';

describe('object patterns', () => {
  it('match partially: named keys must exist and match, extra keys are ignored', () => {
    const pattern = { model: 'gpt-4o', provider: 'm' };
    assert.equal(matchPattern(pattern, { model: 'gpt-4o', provider: 'm', tools: [] }), true);
    assert.equal(matchPattern(pattern, { model: 'gpt-4o' }), false);
    assert.equal(
      matchPattern({ outer: { inner: { leaf: 'x.*' } } }, { outer: { inner: { leaf: 'xyz' }, n: 1 } }),
      true,
    );
    assert.equal(matchPattern({ outer: { inner: { leaf: 'x' } } }, { outer: { inner: {} } }), false);
  });

  it('treat a null value as present, and a missing key as absent', () => {
    assert.equal(matchPattern({ reasoning: null }, { reasoning: null }), true);
    assert.equal(matchPattern({ reasoning: null }, {}), false);
  });

  it('{} matches any object but no scalar, null or array', () => {
    assert.equal(matchPattern({}, {}), true);
    assert.equal(matchPattern({}, { a: 1 }), true);
    for (const scalar of ['x', 1, true, null, []]) assert.equal(matchPattern({}, scalar), false, String(scalar));
  });

  it('do not look up inherited properties', () => {
    assert.equal(matchPattern({ toString: '.*' }, {}), false);
    assert.equal(matchPattern(JSON.parse('{ "__proto__": {} }') as Json, {}), false);
  });
});

describe('regex leaves', () => {
  it('find anywhere unless anchored', () => {
    assert.equal(matchPattern('one', 'someone here'), true);
    assert.equal(matchPattern('^one', 'someone'), false);
    assert.equal(matchPattern('^one$', 'one'), true);
    assert.equal(matchPattern('^one$', 'one two'), false);
    assert.equal(matchPattern('^get_.*', 'get_weather'), true);
  });

  it('only match string candidates', () => {
    assert.equal(matchPattern('1', 1), false);
    assert.equal(matchPattern('true', true), false);
    assert.equal(matchPattern('null', null), false);
    assert.equal(matchPattern('.*', { a: 'x' }), false);
    assert.equal(matchPattern('.*', ['x']), false);
  });

  it('search inside JSON text, so a tool result content string matches a word in it', () => {
    const content = JSON.stringify([{ type: 'text', text: 'one' }]);
    assert.equal(matchPattern({ data: { content: 'one' } }, { kind: 'tool-result', data: { content } }), true);
  });

  it('honour a leading (?i) flag', () => {
    assert.equal(matchPattern('(?i)^hello', 'HELLO world'), true);
    assert.equal(matchPattern('^hello', 'HELLO world'), false);
  });
});

describe('scalar leaves', () => {
  it('compare numbers, booleans and null by equality and type', () => {
    assert.equal(matchPattern(3, 3), true);
    assert.equal(matchPattern(3, 4), false);
    assert.equal(matchPattern(3, '3'), false);
    assert.equal(matchPattern(false, false), true);
    assert.equal(matchPattern(false, 0), false);
    assert.equal(matchPattern(null, null), true);
    assert.equal(matchPattern(null, {}), false);
  });
});

describe('array patterns (sequence rule)', () => {
  it('match ordered subsequences, ignoring leading, in-between and trailing elements', () => {
    const pattern = ['a', 'b'];
    assert.equal(matchPattern(pattern, ['a', 'b']), true);
    assert.equal(matchPattern(pattern, ['x', 'a', 'y', 'b', 'z']), true);
    assert.equal(matchPattern(pattern, ['b', 'a']), false);
    assert.equal(matchPattern(pattern, ['a']), false);
    assert.equal(matchPattern(pattern, []), false);
  });

  it('consume one element per ordinary step', () => {
    assert.equal(matchPattern(['^a$', '^a$'], ['a']), false);
    assert.equal(matchPattern(['^a$', '^a$'], ['a', 'b', 'a']), true);
  });

  it('an empty array pattern matches any array and nothing else', () => {
    assert.equal(matchPattern([], []), true);
    assert.equal(matchPattern([], ['x', 1]), true);
    assert.equal(matchPattern([], 'x'), false);
    assert.equal(matchPattern([], {}), false);
  });

  it('$while consumes a run and $until skips ahead to its match', () => {
    const pattern: Json = [{ $while: '^a$' }, { $until: '^d$' }, { $while: '^e$' }];
    assert.equal(matchPattern(pattern, ['a', 'a', 'b', 'd', 'e', 'e', 'f']), true);
    assert.equal(matchPattern(pattern, ['a', 'b', 'c']), false);
  });

  it('$while is zero-or-more, and a pending $while counts as satisfied', () => {
    const pattern = [{ $while: '^a$' }];
    assert.equal(matchPattern(pattern, []), true);
    assert.equal(matchPattern(pattern, ['b']), true);
    assert.equal(matchPattern(pattern, ['a', 'a']), true);
    assert.equal(matchPattern(['^x$', { $while: '^a$' }], ['x']), true);
  });

  it('$while is greedy and never gives an element back to the next step', () => {
    assert.equal(matchPattern([{ $while: '^a$' }, '^a$'], ['a', 'a']), false);
    assert.equal(matchPattern([{ $while: '^a' }, '^ab$'], ['aa', 'ab']), false);
    assert.equal(matchPattern([{ $while: '^a$' }, '^b$'], ['a', 'a', 'b']), true);
  });

  it('$while hands the first non-matching element to the next step', () => {
    assert.equal(matchPattern([{ $while: '^a$' }, '^c$'], ['a', 'c']), true);
    // The next step is an ordinary one, so it keeps scanning past elements that do not match it.
    assert.equal(matchPattern([{ $while: '^a$' }, '^c$'], ['a', 'b', 'a', 'c']), true);
  });

  it('$until behaves like an ordinary step', () => {
    assert.equal(matchPattern([{ $until: '^b$' }], ['a', 'b']), true);
    assert.equal(matchPattern([{ $until: '^b$' }], ['a']), false);
  });

  it('an empty object under a sentinel matches objects only', () => {
    assert.equal(matchPattern([{ $until: {} }], [{ n: 1 }, { n: 2 }]), true);
    assert.equal(matchPattern([{ $until: {} }], ['x']), false);
    assert.equal(matchPattern([{ $while: {} }], []), true);
  });

  it('express "many messages, only the tail matters" inside a detail', () => {
    const pattern: Json = {
      messages: [{ role: 'system' }, { $while: { role: 'assistant' } }, { role: 'user', content: 'final' }],
    };
    const messages = (roles: string[]) =>
      roles.map((role, i) => ({ role, content: i === roles.length - 1 ? 'final' : 'x' }));
    assert.equal(matchPattern(pattern, { messages: messages(['system', 'assistant', 'assistant', 'user']) }), true);
    assert.equal(matchPattern(pattern, { messages: messages(['system', 'user']) }), true);
    assert.equal(matchPattern(pattern, { messages: messages(['user', 'assistant']) }), false);
  });
});

describe('pattern validation', () => {
  function parseError(pattern: unknown): AssertionParseError {
    try {
      checkPattern(pattern, 'detail');
    } catch (error) {
      assert.ok(error instanceof AssertionParseError, String(error));
      return error;
    }
    assert.fail('expected an AssertionParseError');
  }

  it('rejects an invalid regex with its location and the regex error', () => {
    const error = parseError({ messages: [{ role: '(' }] });
    assert.equal(error.path, 'detail.messages[0].role');
    assert.match(error.message, /invalid regex "\(": .*Unterminated group/);
  });

  it('rejects reserved keys, and sentinels outside array elements or with company', () => {
    assert.equal(parseError({ $eq: 1 }).path, 'detail');
    assert.match(parseError({ $eq: 1 }).message, /"\$eq": keys starting with "\$" are reserved/);
    assert.match(parseError({ $while: 'a' }).message, /only allowed as an array element/);
    assert.match(parseError({ nested: { $until: 'a' } }).message, /only allowed as an array element/);
    assert.match(parseError([{ $while: 'a', role: 'x' }]).message, /a "\$while" step takes no other keys/);
    assert.equal(parseError([{ $while: { $until: 'a' } }]).path, 'detail[0]["$while"]');
  });

  it('rejects values that are not JSON', () => {
    assert.match(parseError({ when: new Date(0) }).message, /date-time .* is not a JSON value/);
    assert.match(parseError({ n: Number.NaN }).message, /NaN is not a JSON value/);
    assert.equal(parseError({ n: Number.POSITIVE_INFINITY }).path, 'detail.n');
  });

  it('makes matchPattern throw for a malformed pattern instead of answering', () => {
    assert.throws(() => matchPattern({ a: '[' }, { a: '[' }), AssertionParseError);
  });

  it('returns a valid pattern unchanged', () => {
    const pattern = { a: ['x', { $while: 1 }], b: null };
    assert.equal(checkPattern(pattern, 'detail'), pattern);
  });
});
