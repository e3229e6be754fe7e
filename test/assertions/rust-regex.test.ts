import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { compileRustRegex, RegexDialectError } from '../../main/assertions/rust-regex.ts';

function matches(source: string, text: string): boolean {
  return compileRustRegex(source).test(text);
}

describe('Rust regex dialect', () => {
  it('turns leading inline flags into RegExp flags', () => {
    assert.equal(matches('(?i)^abc$', 'ABC'), true);
    assert.equal(matches('(?s)a.b', 'a\nb'), true);
    assert.equal(matches('(?m)^b$', 'a\nb\nc'), true);
    assert.equal(matches('(?i)(?s)A.B', 'a\nb'), true);
    assert.equal(matches('^b$', 'a\nb\nc'), false);
  });

  it("gives `.` Rust's meaning: anything but \\n", () => {
    assert.equal(matches('a.b', 'a\rb'), true);
    assert.equal(matches('a.b', 'a\u2028b'), true);
    assert.equal(matches('a.b', 'a\nb'), false);
    assert.equal(matches('[.]', 'x'), false);
  });

  it('accepts escaped punctuation JavaScript would reject', () => {
    assert.equal(matches('^\\-\\#\\&\\~\\"$', '-#&~"'), true);
    assert.equal(matches('^[a\\-z]+$', 'a-z'), true);
    assert.equal(matches('^[a\\-z]+$', 'm'), false);
  });

  it('reads stray closing brackets as literals', () => {
    assert.equal(matches('^x}$', 'x}'), true);
    assert.equal(matches('^x]$', 'x]'), true);
    assert.equal(matches('^[]a]+$', ']a]'), true);
    assert.equal(matches('^[^]a]$', 'b'), true);
    assert.equal(matches('^[^]a]$', ']'), false);
  });

  it('translates POSIX classes, hex and Unicode escapes, named groups and text anchors', () => {
    assert.equal(matches('^[[:alpha:][:digit:]_]+$', 'abc_12'), true);
    assert.equal(matches('[[:punct:]]', 'abc'), false);
    assert.equal(matches('^\\x{41}\\U0001F600$', 'A😀'), true);
    assert.equal(matches('^\\pL+$', 'héllo'), true);
    assert.equal(matches('^\\p{Greek}+$', 'αβγ'), true);
    assert.equal(matches('^\\p{sc:Greek}+$', 'αβγ'), true);
    assert.equal(compileRustRegex('(?P<word>\\w+)').exec('hi there')?.groups?.word, 'hi');
    assert.equal(matches('(?m)\\Ab', 'a\nb'), false);
    assert.equal(matches('(?m)a\\z', 'a\nb'), false);
    assert.equal(matches('\\Aa\\z', 'a'), true);
  });

  it('translates word-start and word-end boundaries', () => {
    assert.equal(matches('\\<cat\\>', 'a cat sat'), true);
    assert.equal(matches('\\<cat', 'concat'), false);
    assert.equal(matches('\\b{start}cat\\b{end}', 'cat'), true);
  });

  it('keeps counted repetitions', () => {
    assert.equal(matches('^a{2,3}$', 'aaa'), true);
    assert.equal(matches('^a{2,3}$', 'a'), false);
  });

  it('rejects what JavaScript cannot express or omw would refuse', () => {
    const rejected = {
      '(?=a)': /look-around/,
      '(?<!a)b': /look-around/,
      '(a)\\1': /backreferences/,
      'a(?i)b': /only supported at the very start/,
      '(?i:a)b': /only supported at the very start/,
      '(?x)a b': /inline flag "x"/,
      '(?U)a+': /inline flag "U"/,
      '[a[bc]]': /nested character classes/,
      '[a-z&&[^aeiou]]': /nested character classes|set operation/,
      '[a-z--b]': /set operation "--"/,
      '[[:^alpha:]]': /POSIX class/,
      '[[:nope:]]': /POSIX class/,
      '\\b{constructor}': /word boundary/,
      '(?P=name)': /unsupported group syntax/,
    };
    for (const [source, message] of Object.entries(rejected)) {
      assert.throws(
        () => compileRustRegex(source),
        (error: unknown) => {
          assert.ok(error instanceof RegexDialectError, `${source}: ${String(error)}`);
          assert.match(error.message, message, source);
          return true;
        },
      );
    }
  });

  it('leaves plain syntax errors to RegExp', () => {
    assert.throws(() => compileRustRegex('('), SyntaxError);
    assert.throws(() => compileRustRegex('\\e'), SyntaxError);
  });
});
