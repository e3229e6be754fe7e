import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Tokenizer } from '../../main/rhai/language/syntax/tokenizer.ts';

const kinds = (src: string): string[] => Tokenizer.tokenize(src).map((t) => t.kind);

describe('tokenizer', () => {
  it('positions every token with 1-based line and column', () => {
    const toks = Tokenizer.tokenize('let x = 1;\n  x += 2');
    assert.deepEqual(
      toks.map((t) => [t.kind, t.pos.line, t.pos.col]),
      [
        ['ident', 1, 1],
        ['ident', 1, 5],
        ['=', 1, 7],
        ['int', 1, 9],
        [';', 1, 10],
        ['ident', 2, 3],
        ['+=', 2, 5],
        ['int', 2, 8],
        ['eof', 2, 9],
      ],
    );
  });

  it('reads integers in every radix with separators', () => {
    const nums = Tokenizer.tokenize('1_000 0x_ff 0o17 0b1010 0xffff_ffff_ffff_ffff 9223372036854775807').map(
      (t) => t.num,
    );
    assert.deepEqual(nums.slice(0, 6), [1000, 255, 15, 10, -1, 9223372036854775807n]);
  });

  it('reads floats, including exponents and a bare trailing dot', () => {
    const toks = Tokenizer.tokenize('1.5 2e3 1_0.25e-2 3. 4..5 6.abs');
    assert.deepEqual(
      toks.map((t) => [t.kind, t.num]),
      [
        ['float', 1.5],
        ['float', 2000],
        ['float', 0.1025],
        ['float', 3],
        ['int', 4],
        ['..', undefined],
        ['int', 5],
        ['int', 6],
        ['.', undefined],
        ['ident', undefined],
        ['eof', undefined],
      ],
    );
  });

  it('reads strings with every escape and line continuation', () => {
    const [t] = Tokenizer.tokenize('"a\\tb\\n\\r\\\\\\"\\\'\\0\\x41\\u00e9\\U0001F600 c\\\n    d"');
    assert.equal(t!.kind, 'string');
    assert.equal(t!.text, 'a\tb\n\r\\"\'\0Aé😀 c   d');
  });

  it('reads chars, raw strings and backtick strings with interpolation', () => {
    const toks = Tokenizer.tokenize('\'x\' \'\\n\' #"raw \\n "# ##"a"#b"## `t ${x + 1} u`');
    assert.deepEqual(
      toks.slice(0, 4).map((t) => [t.kind, t.text]),
      [
        ['char', 'x'],
        ['char', '\n'],
        ['string', 'raw \\n '],
        ['string', 'a"#b'],
      ],
    );
    const interp = toks[4]!;
    assert.equal(interp.kind, 'interp');
    assert.equal(interp.parts![0], 't ');
    assert.deepEqual(
      (interp.parts![1] as { kind: string }[]).map((t) => t.kind),
      ['ident', '+', 'int', 'eof'],
    );
    assert.equal(interp.parts![2], ' u');
  });

  it('skips comments, nests block comments and attaches doc comments', () => {
    const toks = Tokenizer.tokenize('/* a /* b */ c */ // line\n/// doc\nfn f() {}');
    assert.equal(toks[0]!.kind, 'ident');
    assert.equal(toks[0]!.doc, '/// doc');
  });

  it('recognises multi-character operators and !in', () => {
    assert.deepEqual(kinds('a ..= b ?? c ?. d ?[ e ] x !in y **= z #{'), [
      'ident',
      '..=',
      'ident',
      '??',
      'ident',
      '?.',
      'ident',
      '?[',
      'ident',
      ']',
      'ident',
      '!in',
      'ident',
      '**=',
      'ident',
      '#{',
      'eof',
    ]);
  });

  it('reports lexical errors as tokens instead of throwing', () => {
    assert.deepEqual(kinds('"open'), ['lexerror', 'eof']);
    assert.deepEqual(kinds("'ab'"), ['lexerror', 'eof']);
    assert.deepEqual(kinds('0xZZ'), ['lexerror', 'eof']);
    assert.deepEqual(kinds('"\\q"').slice(0, 1), ['lexerror']);
    assert.equal(Tokenizer.tokenize('0x1_0000_0000_0000_0000')[0]!.kind, 'lexerror');
  });
});
