// Range loops run as generated JavaScript unless the optimization level is 'none'. Both paths
// must be indistinguishable: same values, errors and positions, prints, operation counts and
// debugger stops. Every script here runs both ways and the two traces are compared.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type OptimizationLevel } from '../../main/rhai/language/engine.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';
import { assertSame, plain } from './differential.ts';
import { seededRandom } from './helpers.ts';

/** Loops that outgrow a size limit (5,000) through element writes: both paths stop at the same statement. */
const SIZE_CASES: Record<string, string> = {
  'string element writes that outgrow the string limit': `
    let a = ["", "", ""]; for i in 0..3000 { a[i % 3] = a[i % 3] + "ab"; } a.len()`,
  'element writes replacing arrays by larger and smaller ones': `
    let a = [[], []]; for i in 0..100 { let t = []; t.pad(i * 30, 0); a[i % 2] = t; } a.len()`,
  'compound writes growing a nested array and pushes growing its parent': `
    let a = [[]]; for i in 0..4000 { a[0] += i; if i % 2 == 0 { a.push("x"); } } a.len()`,
};

const CASES: Record<string, string> = {
  'captured variables read in a loop': `
let a = [1, 2, 3]; let n = 0; let f = || a;
for i in 0..3 { n += a[i]; }
let g = || { let s = 0; for x in a { s += x; } s };
[n, g.call()]`,
  'a loop reaching a captured variable its method call borrows': `
let a = [1, 2, 3]; let g = |v| { let s = 0; for x in a { s += x; } s }; a.map(g)`,
  'function-call style on variables in a loop': `
let x = [1]; let y = [0]; let h = || { x = [5]; 5 };
for i in 0..3 { push(y, i); if contains(x, h.call()) { y.push(9); } } y`,
  '?. and ?[ ending a whole chain': `
    let r = []; let m = #{a: [1, 2]}; let u = ();
    for i in 0..3 { r.push(u?[i][0]); r.push(m?.a[i % 2]); r.push(u?.a.len()); } r`,
  'loop control as the right operand of ??': `
    let t = 0; for i in [1, (), 3, (), 5] { let x = i ?? continue; t += x; }
    for i in 0..10 { let x = if i == 4 { () } else { i }; t += x ?? break; }
    let w = 0; while w < 10 { w += 1; let y = if w > 6 { () } else { w }; t += y ?? break; } [t, w]`,
  'matrix multiply': `
    const N = 6;
    let a = []; let b = [];
    for i in 0..N { let r = []; let q = []; for j in 0..N { r.push(i * N + j); q.push(j - i); } a.push(r); b.push(q); }
    let c = [];
    for i in 0..N { let row = []; for j in 0..N { let sum = 0; for k in 0..N { sum += a[i][k] * b[k][j]; } row.push(sum); } c.push(row); }
    c`,
  'break with a value from nested loops': `
    let found = for i in 0..10 { for j in 0..10 { if i * j == 12 { break; } } if i == 7 { break i * 100; } };
    found`,
  'continue and break at every level': `
    let log = [];
    for i in 1..=4 { if i == 2 { continue; } for j in 0..5 { if j == 3 { break; } if j == 1 { continue; } log.push(i * 10 + j); } }
    log`,
  'return from a loop inside a function': `
    fn first_square_over(n) { for i in 0..1000 { let sq = i * i; if sq > n { return sq; } } -1 }
    [first_square_over(50), first_square_over(1_000_000_000)]`,
  'empty, reversed and inclusive ranges': `
    let t = 0;
    for i in 5..5 { t += 1; } for i in 5..2 { t += 100; } for i in 2..=2 { t += 10; } for i in -3..=-1 { t -= i; }
    t`,
  'bounds beyond the safe range fall back to the closure loop': `
    let t = 0;
    for i in 9223372036854775805..=9223372036854775807 { t += 1; }
    for i in 9007199254740990..9007199254740993 { t += 1; }
    t`,
  'non-integer bounds are an error at the loop': `let t = 0; for i in 0..2.5 { t += 1; } t`,
  'string bounds': `for i in "a".."b" { print(i); }`,
  'overflow in a compound assignment': `let x = 9223372036854775000; for i in 0..10 { x += 100; } x`,
  'overflow near the safe-integer edge promotes to bigint': `
    let x = 9007199254740990; let log = [];
    for i in 0..4 { x += 1; log.push(x); } for i in 0..4 { x -= 2; } [log, x, x * 2, x - 9007199254740993]`,
  'multiplication overflow': `let x = 3; for i in 0..100 { x = x * 1000; } x`,
  'division and remainder, including by zero': `
    let out = []; for i in -3..4 { out.push(17 / (i + 4)); out.push(-17 % (i + 4)); } for i in 0..3 { out.push(10 / i); } out`,
  'negative zero stays zero': `let z = 1; let k = -5; for i in 0..3 { z = (i - i) * k; } [z, z.to_string(), z.to_float(), (z % 3).to_float(), -0.0 * 1.0]`,
  'mixed INT and FLOAT arithmetic and comparisons': `
    let f = 0.5; let log = [];
    for i in 0..4 { f += i; log.push(f * 2); log.push(i < f); log.push(i == 1.0); log.push(f > 2); } log`,
  'string and char concatenation and equality': `
    let s = ""; for i in 0..5 { s += "x" + i; if s == "x0x1" { s += '!'; } } [s, s != "", s < "y"]`,
  'array index errors keep their positions': `let a = [1, 2, 3]; let t = 0; for i in 0..5 { t += a[i]; } t`,
  'negative and out-of-range indexes': `let a = [1, 2, 3]; let out = []; for i in -3..0 { out.push(a[i]); } out`,
  'safe indexing on unit': `let a = (); let t = []; for i in 0..2 { t.push(a?[i]); } t`,
  'matrix index errors': `let m = [[1, 2], [3]]; let t = 0; for i in 0..2 { for j in 0..2 { t += m[i][j]; } } t`,
  'indexing strings, maps and integers': `
    let s = "héllo"; let n = 0b1011; let m = #{a: 1}; let out = [];
    for i in 0..4 { out.push(s[i]); out.push(n[i]); } out.push(m["a"]); out`,
  'non-bool conditions are errors': `let t = 0; for i in 0..3 { if i { t += 1; } } t`,
  'logical operators check their operands': `let t = 0; for i in 0..3 { if i > 0 && i { t += 1; } } t`,
  'logical operators short-circuit': `let t = []; for i in 0..4 { if i > 1 || t.push(i) == () { t.push(i * 10); } } t`,
  'else-if chains': `
    let out = []; for i in 0..6 { if i < 2 { out.push("low"); } else if i < 4 { out.push("mid"); } else { out.push("high"); } } out`,
  'let shadowing and block scopes': `
    let x = 1; let out = [];
    for i in 0..3 { let x = x + i; { let x = x * 10; out.push(x); } out.push(x); } out.push(x); out`,
  'closures capture loop-body variables': `
    let fs = []; for i in 0..3 { let v = i * 2; fs.push(|| v); } let out = []; for f in fs { out.push(f.call()); } out`,
  'closures capture the loop variable': `let fs = []; for i in 0..3 { fs.push(|| i); } fs.map(|f| f.call())`,
  'a captured counter assigned in the loop': `let n = 0; let f = || n; for i in 0..4 { n += i; n = n * 2; } [n, f.call()]`,
  'loop variable assignment only lasts the iteration': `let out = []; for i in 0..4 { out.push(i); i = 10; out.push(i); } out`,
  'the loop variable changed by methods, natives, switch arms and eval': `
    let out = [];
    for i in 0..4 { i.set_bit(3, true); let v = i + 0; out.push(v); }
    for i in 0..4 { call(Fn("set_bit"), i, 4, true); let v = i + 0; out.push(v); }
    for i in 0..4 { set_bit(i, 5, true); let v = i + 0; out.push(v); }
    for i in 0..4 { switch i { 2 => { i = 20; } _ => () } let v = i + 0; out.push(v); }
    for i in 0..4 { if i == 1 { i += 10; } let v = i + 0; out.push(v); }
    for i in 0..3 { i.tag = 2; out.push(i.tag); let v = i + 0; out.push(v); }
    fn bump() { i += 100; }
    for i in 0..3 { bump!(); let v = i + 0; out.push(v); }
    for i in 0..3 { eval("i = 30;"); let v = i + 0; out.push(v); }
    out`,
  'a continue in a do loop goes to its condition': `
    let n = 0; let out = [];
    do { n += 1; if n % 2 == 0 { continue; } out.push(n); } while n < 7;
    let m = 0;
    do { m += 1; if m < 5 { continue; } out.push(m * 100); } until m >= 6;
    out`,
  'while and loop with break values, and while false': `
    let n = 0; let r = while n < 10 { n += 1; if n == 4 { break n * 2; } };
    let k = 0; let s = loop { k += 3; if k > 10 { break k; } };
    let never = while false { n = 99; };
    [r, s, never, n]`,
  'a non-bool loop condition is an error at the condition': `let n = 0; while n { n += 1; }`,
  'element assignment to arrays, maps and strings, with negative indexes': `
    let a = [1, 2, 3]; let m = #{x: 1}; let s = "abc";
    for i in 0..3 { a[i] = i * 10; a[-1] = 7; m["k" + i] = i; s[i] = 'z'; }
    [a, m, s]`,
  'element assignment out of bounds': `let a = [1]; for i in 0..3 { a[i] = i; } a`,
  'element assignment that outgrows the size limit': `let a = [[], [], []]; for i in 0..3 { let t = []; t.pad(2000, 0); a[i] = t; } a.len()`,
  // The size accounting of a generated element write follows the closure path's exactly.
  ...SIZE_CASES,
  'not and minus on every type': `
    let out = [];
    for i in 0..3 { out.push(!(i > 1)); let x = -i; out.push(x); let y = -(i.to_float()); out.push(y); }
    let big = -9223372036854775807; out.push(-big);
    out`,
  'not on a number is an error': `for i in 0..2 { let b = !i; }`,
  'minus overflow': `let x = -9223372036854775807; for i in 0..2 { x -= 1; let y = -x; }`,
  'loops over arrays see a snapshot; other sources take the closure path': `
    let a = [1, 2, 3]; let out = [];
    for x in a { a.push(x * 10); out.push(x); if x == 2 { continue; } out.push(-x); }
    for x in "héllo" { out.push(x); }
    for x in range(0, 10, 3) { out.push(x); }
    for x in 3..0 { out.push(x); }
    let b = blob(3, 7); for x in b { out.push(x); }
    for row in [[1, 2], [3]] { for x in row { out.push(x * 100); } }
    let found = for x in a { if x > 15 { break x; } };
    [out, a.len(), found]`,
  'stepped ranges of INTs, up, down, empty, and as the standard package steps them': `
    let out = [];
    for i in range(0, 20, 3) { out.push(i); }
    for i in range(20, 0, -4) { out.push(i); }
    for i in range(0, 10, -1) { out.push(-1); }
    for i in range(5, 5, 1) { out.push(-2); }
    for i in range(-7, 7, 5) { if i == 3 { continue; } out.push(i * 10); }
    let n = 4; let m = 30; let s = 7;
    for i in range(n, m, s) { n = 100; out.push(i + n); }
    let found = for i in range(1, 100, 9) { if i > 40 { break i; } };
    [out, found]`,
  'stepped ranges near the edge of INT, and of the safe integers': `
    let out = [];
    for i in range(9223372036854775800, 9223372036854775807, 3) { out.push(i); }
    for i in range(9007199254740980, 9007199254740999, 5) { out.push(i); }
    for i in range(-9223372036854775807, -9223372036854775800, 4) { out.push(i); }
    out`,
  'stepped ranges of FLOATs': `
    let out = []; let sum = 0.0;
    for x in range(0.0, 1.0, 0.25) { out.push(x); sum += x * 2.0; }
    for x in range(1.0, -1.0, -0.5) { out.push(x); }
    for x in range(0.0, 1.0, -0.5) { out.push(x); }
    [out, sum]`,
  'a zero stepped range fails in its call': `let t = 0; for i in range(0, 10, 0) { t += i; } t`,
  'a FLOAT step too small to move fails as a zero step': `for x in range(1e20, 2e20, 1.0) { print(x); }`,
  'a stepped range of mixed types is no function': `for x in range(0, 1.0, 0.5) { print(x); }`,
  'a stepped range whose arguments are evaluated in the order of a call': `
    let log = []; let a = 0;
    fn f(x) { x }
    let g = || { a = 10; 20 };
    for i in range(a, g.call(), 7) { log.push(i); }
    log`,
  'a script function named range takes the call': `
    fn range(a, b, c) { [a, b, c] } let out = []; for x in range(1, 2, 3) { out.push(x); } out`,
  'loops over a map or a number are errors at the loop': `let m = #{a: 1}; for x in m { print(x); }`,
  'the item of an array loop, changed in the body': `
    let out = []; for x in [1, 2, 3] { x += 10; let y = x + 0; out.push(y); } out`,
  'tags move with assignment inside loops': `
    let t = 5; t.tag = 7; let out = []; for i in 0..2 { let u = t; out.push(u.tag); u = t; out.push(u.tag); } out`,
  'constants cannot be assigned': `const C = 1; for i in 0..2 { C += i; } C`,
  'eval inside a loop body': `let t = 0; for i in 0..3 { eval("let z = i * 2;"); t += z; } t`,
  'function calls and methods in the body': `
    fn sq(x) { x * x } let a = []; for i in 0..5 { a.push(sq(i)); a[i] += 1; } [a, a.len(), a.map(|x| x % 3)]`,
  'while, do and switch nested in range loops': `
    let out = [];
    for i in 0..4 { let j = i; while j > 0 { j -= 1; out.push(j); } do { j += 1; } while j < 2;
      out.push(switch i { 0 => "zero", 1..3 => "some", _ => "many" }); }
    out`,
  'try and throw inside loops': `
    let out = []; for i in 0..4 { try { if i % 2 == 1 { throw i; } out.push(i); } catch (e) { out.push(-e); } } out`,
  'an uncaught throw from a loop': `for i in 0..5 { if i == 3 { throw "stop at " + i; } }`,
  'the loop as the last value': `let t = 0; for i in 0..3 { t += i; }`,
  'strings as loop bounds inside a function': `fn r(a) { let t = 0; for i in 0..a { t += i; } t } [r(4), r(0), r(-2)]`,
  'unit and bool in arithmetic': `let t = 0; for i in 0..2 { t += true; } t`,
  'host-visible variables and globals': `
    const G = 3; fn g() { let t = 0; for i in 0..global::G { t += global::G * i; } t } g()`,
};

describe('generated range loops', () => {
  it('stop at the same statement when element writes outgrow a size limit', () => {
    for (const src of Object.values(SIZE_CASES)) assert.match(assertSame(src).outcome, /^ErrorDataTooLarge at /, src);
  });

  for (const [name, src] of Object.entries(CASES)) {
    it(`agree with the closure compiler: ${name}`, () => {
      assertSame(src);
    });
  }

  it('agree on capturing closures called in the loop through every call form', () => {
    // Both paths once turned `f` into the captured array after its first `f.call()`: agreeing is
    // not enough here, the value is checked too.
    const trace = assertSame(`
      let a = [1, 2, 3]; let s = "ab"; let f = || a.len() + s.len(); let n = [];
      for i in 0..3 { n.push(f.call()); n.push(call(f)); n.push(f()); a.push(i); }
      for i in 0..2 { let g = || s.to_upper() + i; n.push(g.call()); n.push(g.call()); }
      [n, type_of(f)]`);
    assert.equal(trace.outcome, 'ok [[5, 5, 5, 6, 6, 6, 7, 7, 7, "AB0", "AB0", "AB1", "AB1"], "Fn"]');
  });

  it('count operations the same way, so limits stop at the same statement', () => {
    const src = `let t = 0; for i in 0..1000 { for j in 0..10 { t += i * j; } } t`;
    for (const max of [5, 60, 333, 4_000]) {
      const trace = assertSame(src, max);
      assert.match(trace.outcome, /^ErrorTooManyOperations/);
    }
    assert.match(assertSame(src, 1_000_000).outcome, /^ok 22477500$/);
  });

  it('stop the debugger hook at every statement of a loop body', () => {
    const trace = assertSame('let t = 0;\nfor i in 0..2 {\n  t += i;\n  t *= 2;\n}\nt');
    assert.equal(trace.outcome, 'ok 2');
    // The loop statement, then per iteration the loop header and each body statement.
    assert.deepEqual(
      trace.stops.map((s) => s.split('@')[0]),
      ['1:1', '2:1', '2:1', '3:5', '4:5', '2:1', '3:5', '4:5', '6:1'],
    );
  });

  it('are compiled to JavaScript when optimizing, and not when the level is none', () => {
    const src = 'let t = 0; for i in 0..10 { t += i; } t';
    const stackOf = (level: OptimizationLevel): string => {
      const engine = new Engine();
      engine.optimizationLevel = level;
      engine.registerFn('where', 0, () => new Error().stack ?? '');
      return String(engine.eval(`let s = ""; for i in 0..1 { s = where(); } s`));
    };
    assert.match(stackOf('simple'), /rhaiLoop/);
    assert.doesNotMatch(stackOf('none'), /rhaiLoop/);
    const steppedStack = (from: string): string => {
      const engine = new Engine();
      engine.registerFn('where', 0, () => new Error().stack ?? '');
      return String(engine.eval(`let s = ""; for i in range(${from}) { s = where(); } s`));
    };
    assert.match(steppedStack('0, 10, 3'), /rhaiLoop/, 'INT steps are generated');
    assert.match(steppedStack('0.0, 1.0, 0.5'), /rhaiLoop/, 'FLOAT steps are generated');
    assert.equal(plain(src, 'simple'), 'ok 45');
  });

  it('stay generated and unhooked under a debugger, unless a breakpoint is inside or a step is on', () => {
    // `where()` shows whether the loop runs as generated code; the hook records what it sees.
    const src = `fn helper(x) {
  x + 1
}
let s = "";
let t = 0;
for i in 0..3 {
  t += helper(i);
  s = where();
}
[s, t]`;
    const debugged = (needs: (first: number, last: number) => boolean) => {
      const engine = new Engine();
      engine.registerFn('where', 0, () => (/rhaiLoop/.test(new Error().stack ?? '') ? 'generated' : 'closures'));
      const lines: number[] = [];
      const asked: string[] = [];
      const value = engine.eval(src, {
        hooks: {
          onStatement: (pos) => lines.push(pos.line),
          statementsWanted: () => true,
          needsStatements: (first, last) => {
            asked.push(`${first}-${last}`);
            return needs(first, last);
          },
        },
      });
      return { value: debugValue(value), lines, asked: [...new Set(asked)] };
    };
    // No breakpoint anywhere (asked once over all lines): nothing is hooked, the loop runs generated.
    assert.deepEqual(
      debugged(() => false),
      {
        value: '["generated", 6]',
        lines: [],
        asked: ['0-Infinity'],
      },
    );
    // A breakpoint in the function only: the loop stays generated and quiet, the calls are hooked.
    assert.deepEqual(
      debugged((first, last) => first <= 2 && last >= 2),
      {
        value: '["generated", 6]',
        lines: [4, 5, 6, 2, 2, 2, 10],
        asked: ['0-Infinity', '6-8', '1-3'],
      },
    );
    // A breakpoint inside the loop (or a step): the closures run it, every statement hooked.
    const inside = debugged(() => true);
    assert.equal(inside.value, '["closures", 6]');
    assert.deepEqual(inside.lines, [4, 5, 6, 6, 7, 2, 8, 6, 7, 2, 8, 6, 7, 2, 8, 10]);
  });

  it('wake up under a debugger that needs them while they run quietly (a pause)', () => {
    const engine = new Engine();
    const lines: number[] = [];
    let checks = 0;
    const value = engine.eval('let n = 0;\nwhile n < 100000 {\n  n += 1;\n}\nn', {
      hooks: {
        progress: () => undefined,
        progressInterval: 64,
        onStatement: (pos) => lines.push(pos.line),
        statementsWanted: () => true,
        // The pause arrives at the fifth progress check.
        needsStatements: () => ++checks > 5,
      },
    });
    assert.equal(value, 100000);
    // Nothing needed a hook before the pause; it woke the loop in the middle of its passes.
    assert.ok(lines.length > 0 && lines.length < 2 * 100_000, `hooked ${lines.length} statements`);
    // Once awake, the generated loop hooks each pass's statements, as the closures do.
    assert.deepEqual(lines.slice(0, 4), [3, 2, 3, 2]);
  });

  it('agree on random loop programs', () => {
    const rand = seededRandom(4_2026_11_29);
    let compared = 0;
    for (let n = 0; n < 400; n++) {
      assertSame(randomLoopProgram(rand), 20_000);
      compared++;
    }
    assert.equal(compared, 400);
  });
});

/**
 * Programs built from what the generator translates itself, with a few things it embeds. Mostly
 * well-typed, so that runs get deep into their loops; now and then a wrong type, a huge number or
 * an odd bound, so that the error paths are compared too.
 */
function randomLoopProgram(rand: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const rarely = (): boolean => rand() < 0.04;
  const odd = ['true', '0.5', '"s"', "'c'", '()', '9223372036854775807', '9007199254740991'];
  const int = (d: number): string => {
    if (rarely()) return pick(odd);
    if (d <= 0 || rand() < 0.3)
      return pick(['0', '1', '2', '3', '-1', '7', 'a', 'b', 'c', 'i', 'j', 'arr[i % 3]', 'm[1][j % 2]']);
    switch (Math.floor(rand() * 5)) {
      case 0:
      case 1:
        return `(${int(d - 1)} ${pick(['+', '-', '*', '/', '%', '+', '-', '*'])} ${int(d - 1)})`;
      case 2:
        return pick([`arr[${int(d - 1)} % 3]`, `m[${int(d - 1)} % 2][i % 2]`, `arr?[${int(d - 1)}]`]);
      case 3:
        return pick([`-${int(d - 1)}`, `f(${int(d - 1)})`]);
      default:
        return `if ${bool(d - 1)} { ${int(d - 1)} } else { ${int(d - 1)} }`;
    }
  };
  const bool = (d: number): string => {
    if (rarely()) return pick(odd);
    if (d <= 0 || rand() < 0.2) return pick(['true', 'false', 'i == j', 'a > b']);
    if (rand() < 0.7) return `(${int(d - 1)} ${pick(['<', '<=', '>', '>=', '==', '!='])} ${int(d - 1)})`;
    if (rand() < 0.2) return `!${bool(d - 1)}`;
    return `(${bool(d - 1)} ${pick(['&&', '||'])} ${bool(d - 1)})`;
  };
  const stmt = (d: number, inLoop: boolean): string => {
    const r = Math.floor(rand() * (d > 0 ? 10 : 7));
    switch (r) {
      case 0:
        return `let ${pick(['a', 'b', 'x'])} = ${int(2)};`;
      case 1:
      case 2:
        return `${pick(['a', 'b', 'c'])} ${pick(['=', '+=', '-=', '+=', '*='])} ${int(2)};`;
      case 3:
        if (!inLoop) return `print(${int(1)});`;
        return `if ${bool(1)} { ${pick(['break;', 'continue;', `break ${int(1)};`])} }`;
      case 4:
        return `arr[${int(1)} % 3] = ${int(1)};`;
      case 5:
        return `${pick([int(2), bool(2)])};`;
      case 6:
        return `if ${bool(2)} { ${stmt(0, inLoop)} } else { ${stmt(0, inLoop)} }`;
      default: {
        const body = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => stmt(d - 1, true)).join(' ');
        const from = rarely() ? pick(odd) : pick(['0', '1', '-2', 'a % 4']);
        const to = rarely() ? pick(odd) : pick(['3', '5', 'b % 6', '0']);
        // Counted `while` and `do` loops: a `continue` that skips the count ends at the operations limit.
        const counter = `w${d}`;
        return pick([
          `for ${pick(['i', 'j'])} in ${from}${pick(['..', '..='])}${to} { ${body} }`,
          `for ${pick(['i', 'j'])} in ${pick(['arr', '[a, b, c]', 'm[0]', '"ab"', 'arr + arr'])} { ${body} }`,
          `let ${counter} = 0; while ${counter} < ${to} { ${counter} += 1; ${body} }`,
          `let ${counter} = 0; do { ${counter} += 1; ${body} } ${pick(['while', 'until'])} ${counter} < 3;`,
          `let ${counter} = 0; loop { ${counter} += 1; if ${counter} > 4 { break; } ${body} }`,
        ]);
      }
    }
  };
  const prelude =
    'fn f(x) { x }\nlet a = 2; let b = 3; let c = 0; let i = 0; let j = 1; let arr = [1, 2, 3]; let m = [[1, 2], [3, 4]];\n';
  const body = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => stmt(3, false)).join('\n');
  return `${prelude}${body}\n[a, b, c, arr]`;
}
