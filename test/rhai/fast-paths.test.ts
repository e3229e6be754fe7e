// The fast paths of generated loops beyond the loop generator's own (see loop-codegen.test.ts):
// method calls on local variables, the native-only method path, `+=` on strings, and the native
// overload cache and character count they rely on. Each script runs with the generator on and off
// and the two traces (values, errors with positions, prints, operation counts, debugger stops)
// must be equal.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { codePointLength } from '../../main/rhai/language/types/text.ts';
import { assertSame } from './differential.ts';
import { seededRandom } from './helpers.ts';

const METHOD_CASES: Record<string, string> = {
  'push, pop and len on local arrays': `
    let a = []; let b = [1, 2]; let out = [];
    for i in 0..6 { a.push(i * 2); b.push(a.len()); if i % 2 == 0 { out.push(b.pop()); } }
    [a, b, out]`,
  'methods on strings, numbers, unit and floats': `
    let s = "héllo wörld"; let n = 10; let u = (); let x = 1.5; let out = [];
    for i in 0..4 { out.push(s.len()); out.push(s.sub_string(i, 2)); out.push(n.to_string()); out.push(x.floor()); s.pad(12 + i, '!'); n.set_bit(i, true); }
    [s, n, out, u.is_shared()]`,
  'methods on maps: natives, function-pointer properties and this updates': `
    let m = #{ n: 0, inc: |d| { this.n += d; this.n }, name: "m" };
    let out = [];
    for i in 0..5 { out.push(m.inc(i)); out.push(m.len()); out.push(m.contains("n")); m.extra = i; }
    [m.n, m.extra, out]`,
  'function pointers as receivers: call and curry': `
    let f = |a, b| a * 10 + b; let g = Fn("max"); let out = [];
    for i in 0..4 { out.push(f.call(i, 1)); let h = f.curry(i); out.push(h.call(2)); out.push(g.call(i, 2)); }
    out`,
  'call with a pointer on a local receiver binds this': `
    let a = [1, 2, 3]; let add = |x| { this.push(x); this.len() }; let out = [];
    for i in 0..3 { out.push(a.call(add, i)); }
    [a, out]`,
  'script methods shadow natives of the same name': `
    fn push(x) { this += [x, x]; } fn twice() { this * 2 }
    let a = []; let n = 3; let out = [];
    for i in 0..3 { a.push(i); out.push(n.twice()); }
    [a, out]`,
  'typed script methods before untyped ones': `
    fn int.describe() { "int " + this } fn describe() { "any " + this }
    let n = 4; let s = "s"; let out = [];
    for i in 0..3 { out.push(n.describe()); out.push(s.describe()); n += 1; }
    out`,
  'constant receivers refuse mutating methods': `
    const A = [1, 2]; let out = [];
    for i in 0..3 { out.push(A.len()); if i == 2 { A.push(i); } }
    out`,
  'a method that does not exist, at its position': `
    let a = [1]; let t = 0;
    for i in 0..3 { t += a.len(); if i == 1 { a.no_such_method(i); } }
    t`,
  'wrong argument types for a native method': `let a = [3, 1]; for i in 0..2 { a.insert("x", i); } a`,
  'a receiver replaced by a method and read again': `
    let s = "ab"; let a = [1]; let out = [];
    for i in 0..4 { s.append(i); a.append([i, i]); out.push(s.len() + a.len()); a.truncate(3); }
    [s, a, out]`,
  'arguments are evaluated before the receiver is reached': `
    let x = [1]; let f = || { x = [7, 8]; 0 }; let out = [];
    for i in 0..2 { x.push(f.call()); out.push(x.len()); }
    [x, out]`,
  'receivers that are the loop item or a captured variable take the closure path': `
    let c = [0]; let g = || c.len(); let out = [];
    for x in [[1], [2, 3]] { x.push(9); out.push(x); c.push(x.len()); out.push(g.call()); }
    for i in 0..3 { i.set_bit(2, true); out.push(i); }
    out`,
  'tags of receivers and their results': `
    let a = [1, 2]; a.tag = 5; let n = 3; n.set_tag(9); let out = [];
    for i in 0..2 { a.push(i); out.push(a.tag); out.push(n.tag()); }
    out`,
  'pushes that outgrow the array size limit': `let a = []; for i in 0..6000 { a.push(i); } a.len()`,
  'string methods that outgrow the string size limit': `let s = ""; for i in 0..3000 { s.append("ab"); } s.len()`,
  'methods in conditions, arguments and nested loops': `
    let rows = []; let total = 0;
    for i in 0..4 { let row = []; for j in 0..4 { row.push(i * j); if row.len() > 2 { total += row.len(); } } rows.push(row); }
    while rows.len() > 1 { total += rows.pop().len(); }
    [rows, total]`,
  'a host function registered under a method name': `
    let a = [1, 2]; let out = [];
    for i in 0..3 { out.push(a.double_all(i)); }
    [a, out]`,
};

const APPEND_CASES: Record<string, string> = {
  'strings, INTs, floats, chars, unit and bools appended': `
    let s = ""; let out = [];
    for i in -2..4 { s += "ab"; s += i; s += 0.5; s += 'c'; s += (); s += true; s += [i]; out.push(s.len()); }
    [s, out]`,
  'INTs near the safe range and beyond': `
    let s = "x"; for i in 0..3 { s += 9007199254740990 + i; s += 9223372036854775807; s += -i; } s`,
  'numbers before strings and strings before numbers': `
    let n = 1; let s = "s"; for i in 0..3 { n += "a"; s = s + i; } [n, s]`,
  'appending to a string that outgrows the string size limit': `let s = ""; for i in 0..3000 { s += "ab"; } s.len()`,
  'appending INTs that outgrow the string size limit': `let s = ""; for i in 0..2000 { s += i; } s.len()`,
  'non-ASCII text counts its UTF-8 bytes against the limit': `let s = ""; for i in 0..1000 { s += "é😀"; } s.len()`,
  'appending to constants and captured variables': `
    let c = ""; let f = || c; const K = "k"; let out = [];
    for i in 0..3 { c += i; out.push(f.call()); } for i in 0..2 { K += "x"; }
    out`,
  'a map and an array grown with +=': `let m = #{}; let a = []; for i in 0..3 { a += i; a += [i]; m += #{ a: i }; } [a, m]`,
};

/** Loops that call nothing opaque keep their variables in JavaScript variables (inRegisters). */
const REGISTER_CASES: Record<string, string> = {
  'an error leaving the loop, caught outside it': `
    let t = 0; let a = [1, 2];
    try { for i in 0..10 { t += i; a[0] = t; if i == 5 { t += a[3]; } } } catch (e) { t += 1000; }
    [t, a]`,
  'a break with a value and a return from inside the loop': `
    fn first_over(n) { let s = 0; for i in 0..100 { s += i; if s > n { return [s, i]; } } [s, -1] }
    let t = 0; let r = for i in 0..10 { t += i; if t > 20 { break t * 2; } };
    let w = 0; let q = while true { w += 3; if w > 10 { break w; } };
    [t, r, w, q, first_over(30), first_over(100000)]`,
  'an operations limit stopping the loop midway, caught outside': `
    let t = 0; let n = 0; try { while true { t += 2; n += 1; } } catch (e) { } [t > 0, t == n * 2]`,
  'nested pure loops over the same variables': `
    let a = []; a.pad(5, 0); let t = 0;
    for i in 0..5 { let j = 0; while j < i { a[i] += j; t += a[j]; j += 1; } }
    [a, t]`,
};

describe('fast paths in generated loops', () => {
  for (const [name, src] of Object.entries(REGISTER_CASES)) {
    it(`variables in registers agree with the closure compiler: ${name}`, () => {
      assertSame(src, 5_000);
    });
  }

  const engineWithHostMethod = (e: Engine) =>
    e.registerFn('double_all', ['array', 'i64'], ([a, k]) => {
      const arr = a as number[];
      for (let i = 0; i < arr.length; i++) arr[i] = arr[i]! * 2 + (k as number);
      return arr.length;
    });

  for (const [name, src] of Object.entries(METHOD_CASES)) {
    it(`method calls agree with the closure compiler: ${name}`, () => {
      assertSame(src, undefined, engineWithHostMethod);
    });
  }

  for (const [name, src] of Object.entries(APPEND_CASES)) {
    it(`+= on strings agrees with the closure compiler: ${name}`, () => {
      assertSame(src);
    });
  }

  it('keep the values the language defines, not only agree', () => {
    assert.equal(
      assertSame(METHOD_CASES['script methods shadow natives of the same name']!).outcome,
      'ok [[0, 0, 1, 1, 2, 2], [6, 6, 6, 6, 6, 6]]',
    );
    assert.equal(assertSame('let s = ""; for i in 0..3 { s += "a"; s += i; } s').outcome, 'ok "a0a1a2"');
    assert.match(
      assertSame(METHOD_CASES['pushes that outgrow the array size limit']!).outcome,
      /^ErrorDataTooLarge at 1:34/,
    );
    assert.match(
      assertSame(APPEND_CASES['appending to a string that outgrows the string size limit']!).outcome,
      /^ErrorDataTooLarge at /,
    );
    assert.match(
      assertSame(METHOD_CASES['a method that does not exist, at its position']!).outcome,
      /^ErrorFunctionNotFound at 3:49/,
    );
    assert.match(
      assertSame(METHOD_CASES['constant receivers refuse mutating methods']!).outcome,
      /^ErrorNonPureMethodCallOnConstant at 3:54/,
    );
  });

  it('count operations the same way, so limits stop at the same statement', () => {
    const src = `let a = []; let s = ""; for i in 0..500 { a.push(i); s += i; if a.len() > 3 { a.clear(); } } [a, s.len()]`;
    for (const max of [7, 90, 1_234]) assert.match(assertSame(src, max).outcome, /^ErrorTooManyOperations/);
    assert.match(assertSame(src, 1_000_000).outcome, /^ok \[\[\], 1390\]$/);
  });

  it('agree on random programs of method calls and string building', () => {
    const rand = seededRandom(18_2026_12_02);
    for (let n = 0; n < 300; n++) assertSame(randomProgram(rand), 20_000, engineWithHostMethod);
  });
});

describe('the native overload cache', () => {
  it('tests the other arguments whenever an overload of the receiver type declares them', () => {
    const engine = new Engine();
    engine.registerFn('pick', ['array', 'i64'], () => 'int');
    engine.registerFn('pick', ['array', 'string'], () => 'string');
    engine.registerFn('pick', ['array', '?'], () => 'any');
    engine.registerFn('pick', ['string', '?'], () => 'on a string');
    const src = `let a = []; let s = ""; let out = [];
      for i in 0..2 { out.push(a.pick(i)); out.push(s.pick(i)); out.push(a.pick("x")); out.push(a.pick(1.5)); out.push(s.pick(a)); }
      out`;
    const expected =
      '["int", "on a string", "string", "any", "on a string", "int", "on a string", "string", "any", "on a string"]';
    for (const level of ['simple', 'none'] as const) {
      engine.optimizationLevel = level;
      assert.equal(JSON.stringify(engine.eval(src)).replaceAll(',', ', '), expected);
    }
  });

  it('sees overloads registered after a call site has run', () => {
    const engine = new Engine();
    const src = 'let a = [1]; let out = []; for i in 0..2 { out.push(a.grab(i)); } out';
    engine.registerFn('grab', ['array', '?'], () => 'first');
    assert.deepEqual(engine.eval(src), ['first', 'first']);
    engine.registerFn('grab', ['array', 'i64'], () => 'second');
    assert.deepEqual(engine.eval(src), ['second', 'second']);
  });
});

describe('character counts', () => {
  it('count code points, surrogate pairs as one and lone surrogates as one each', () => {
    const rand = seededRandom(2026_12_02);
    const units = ['a', 'é', '\u{1F600}', '\uD800', '\uDC00', '\uDBFF\uDFFF', 'z', '\uD83D'];
    for (let n = 0; n < 500; n++) {
      const s = Array.from({ length: Math.floor(rand() * 12) }, () => units[Math.floor(rand() * units.length)]).join(
        '',
      );
      assert.equal(codePointLength(s), [...s].length, JSON.stringify(s));
    }
  });
});

/** Loop bodies of method calls on locals of every kind and string `+=`, with now and then a wrong type. */
function randomProgram(rand: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const value = (): string =>
    pick(['i', '1', '"ab"', "'c'", '2.5', '()', 'true', '[i]', 'a.len()', 's.len()', 'm.n', '9007199254740991', 'k']);
  const stmt = (d: number): string => {
    switch (Math.floor(rand() * (d > 0 ? 9 : 8))) {
      case 0:
        return `a.${pick(['push', 'push', 'insert', 'remove', 'pad', 'truncate', 'contains', 'index_of'])}(${pick(['', value() + ', '])}${value()});`;
      case 1:
        return `out.push(${pick(['a', 's', 'm', 'k'])}.${pick(['len()', 'is_empty()', 'to_string()', 'pop()', 'bump(i)', 'double_all(1)', 'keys()'])});`;
      case 2:
        return `s ${pick(['+=', '+=', '-=', '='])} ${value()};`;
      case 3:
        return `${pick(['s', 'k'])}.${pick(['append', 'pad', 'crop', 'to_upper', 'trim'])}(${pick(['', value(), `${value()}, 'x'`])});`;
      case 4:
        return `out.push(m.bump(${value()}));`;
      case 5:
        return `if out.len() > ${pick(['3', '10', '40'])} { out.${pick(['clear()', 'pop()', 'shift()'])}; }`;
      case 6:
        return `k += ${value()};`;
      case 7:
        return pick(['if i == 3 { continue; }', 'if a.len() > 30 { break; }', 'print(s.len());']);
      default: {
        const body = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => stmt(d - 1)).join(' ');
        return pick([`for j in 0..${pick(['2', '3', 'i'])} { ${body} }`, `let w = 0; while w < 2 { w += 1; ${body} }`]);
      }
    }
  };
  const prelude = `fn bump(x) { this.n += 1; this.n }
let a = [1, 2]; let s = ""; let k = 0; let out = [];
let m = #{ n: 0, bump: |x| { this.n += x; this.n } };
`;
  const body = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => stmt(2)).join(' ');
  return `${prelude}for i in 0..${pick(['4', '8', '20'])} { ${body} }\n[a, s, k, m.n, out]`;
}
