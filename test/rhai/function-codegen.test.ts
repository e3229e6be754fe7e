// Script function and closure bodies run as generated JavaScript unless the optimization level is
// 'none' (codegen/functions.ts). Both paths must be indistinguishable: same values, errors and
// positions, prints, operation counts and debugger stops. Every script here runs both ways and the
// two traces are compared.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type OptimizationLevel } from '../../main/rhai/language/engine.ts';
import { assertSame } from './differential.ts';

const CASES: Record<string, string> = {
  'a value from the last expression, an if, nested blocks and a switch': `
    fn a(x) { x * 2 + 1 }
    fn b(x) { if x > 2 { "big" } else if x > 0 { "small" } else { () } }
    fn c(x) { let y = x; { let z = y + 1; { z * 10 } } }
    fn d(x) { switch x { 1 => "one", 2 | 3 => "few", _ => "many" } }
    fn e(x) { if x > 0 { let t = x; t } }
    [a(3), b(5), b(1), b(0), c(2), d(1), d(3), d(9), e(4), e(-1)]`,
  'the value of a statement that has none': `
    fn l() { let x = 1; } fn s() { let x = 1; x = 2; } fn w() { let i = 0; while i < 3 { i += 1; } }
    fn br() { let i = 0; loop { i += 1; if i > 3 { break i * 10; } } }
    [l(), s(), w(), br()]`,
  'early returns and returns from loops': `
    fn first_even(list) { for x in list { if x % 2 == 0 { return x; } } -1 }
    fn sign(x) { if x < 0 { return -1; } if x == 0 { return 0; } 1 }
    fn bare() { return; 5 }
    [first_even([1, 3, 4, 6]), first_even([1]), sign(-5), sign(0), sign(7), bare()]`,
  recursion: `
    fn fib(n) { if n < 2 { n } else { fib(n - 1) + fib(n - 2) } }
    fn fact(n) { if n <= 1 { 1 } else { n * fact(n - 1) } }
    [fib(15), fact(20)]`,
  'FLOATs, global:: constants and INTs': `
    const K = 4.0; const N = 3;
    fn f(x) { global::K / (1.0 + x * x) }
    fn g(i) { i * global::N + 0.5 }
    let s = 0.0; for x in range(0.0, 1.0, 0.125) { s += f(x); } [s, g(2), f(0)]`,
  'this in methods and map closures': `
    fn bump(by) { this += by; this * 2 }
    let v = 5; let r = v.bump(3);
    let m = #{ n: 1, inc: |d| { this.n += d; this.n }, twice: || this.n * 2 };
    m.inc(4); [v, r, m.n, m.twice()]`,
  'closures with captures and one-statement bodies': `
    let base = 10; let add = |x| x + base; let mul = |x, y| { let t = x * y; t + base };
    base = 20; let fs = [|x| x * 3, |x| { x - 1 }];
    [add.call(1), mul.call(2, 3), fs.map(|f| f.call(7)), [1, 2, 3].map(|x| x * x)]`,
  'errors keep their positions and wrapping': `
    fn deep(a) { let b = [1, 2]; b[a] }
    fn mid(a) { deep(a) + 1 }
    mid(5)`,
  'a throw and a try inside a function': `
    fn risky(x) { if x > 2 { throw "too big: " + x; } x }
    fn safe(x) { let r = 0; try { r = risky(x); } catch (e) { r = e; } r }
    [safe(1), safe(9), risky(2)]`,
  'an uncaught throw with a value': `fn f(x) { throw #{ code: x }; } f(42)`,
  'loop control as the right operand of ?? in a function': `
    fn first_defined(list) { for x in list { let v = x ?? continue; return v; } "none" }
    fn early(x) { let v = x ?? return "unit"; v * 2 }
    [first_defined([(), (), 7]), first_defined([()]), early(()), early(4)]`,
  'variables of a function: shadowing, tags and constants': `
    fn f(x) { let x = x + 1; const c = 2; let t = 5; t.tag = 9; [x * c, t.tag] }
    fn g(x) { let y = x; y.tag = 3; y }
    let r = g(4); [f(1), r, r.tag]`,
  'eval and capturing calls in a function': `
    fn e(x) { eval("x * 3") }
    fn set_outer() { outer += 1; }
    let outer = 1; set_outer!(); set_outer!();
    [e(4), outer]`,
  'strings and arrays built in functions': `
    fn line(n) { let s = ""; for i in 0..n { s += i; s += ","; } s }
    fn grid(n) { let g = []; for i in 0..n { let r = []; r.pad(n, i); g.push(r); } g[n - 1][0] += 100; g }
    [line(4), grid(3)]`,
  'a function with no statements': `fn nothing() { } fn unit() { () } [nothing(), unit()]`,
};

describe('generated function bodies', () => {
  for (const [name, src] of Object.entries(CASES)) {
    it(`agree with the closure compiler: ${name}`, () => {
      assertSame(src);
    });
  }

  it('count operations the same way, so limits stop at the same statement', () => {
    const src = 'fn f(n) { let t = 0; t += n; t * 2 } let s = 0; for i in 0..200 { s += f(i); } s';
    for (const max of [7, 50, 333, 1_000]) assert.match(assertSame(src, max).outcome, /^ErrorTooManyOperations/);
    assert.match(assertSame(src, 100_000).outcome, /^ok 39800$/);
  });

  it('stop the debugger hook at every statement of a function body', () => {
    const trace = assertSame('fn f(x) {\n  let y = x + 1;\n  y * 2\n}\nf(1) + f(2)');
    assert.equal(trace.outcome, 'ok 10');
    assert.deepEqual(
      trace.stops.map((s) => s.split('@')[0]),
      ['5:6', '2:3', '3:5', '2:3', '3:5'],
    );
  });

  it('are compiled to JavaScript when optimizing, and not when the level is none', () => {
    const stackOf = (level: OptimizationLevel, src: string): string => {
      const engine = new Engine();
      engine.optimizationLevel = level;
      engine.registerFn('where', 0, () => new Error().stack ?? '');
      return String(engine.eval(src));
    };
    for (const src of ['fn f() { where() } f()', 'let g = |x| where(); g.call(1)']) {
      assert.match(stackOf('simple', src), /rhaiFunction/, src);
      assert.doesNotMatch(stackOf('none', src), /rhaiFunction/, src);
    }
  });
});
