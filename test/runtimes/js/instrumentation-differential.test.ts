// The debugger's instrumentation must change nothing a brain can observe. Every program here runs
// on the real engine without a debugger and instrumented (attached, with hooks off, with hooks on
// for every statement, and stopping at every error while the stops read stacks and scopes), and
// the runs must agree on the value, the error with its line and column, prints and host calls.
//
// Mutations this test was seen to catch: top-level hooks written as expression statements (3
// cases fail: completion values change), the column map ignoring insertions (41 fail: error
// columns move), a function body's catch returning instead of rethrowing (18 fail).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DebugConfig, DebugRequest } from '../../../main/runtimes/debug/debug-protocol.ts';
import { instrumentBrain } from '../../../main/runtimes/js/debug/instrument.ts';
import { generatedBrain } from './generated-brain.ts';
import { BRAIN, config, debuggedEngine, type DebuggedEngine, type StopScript } from './debug-fixture.ts';

interface Trace {
  result: unknown;
  printed: string[];
  calls: unknown[];
}

/** At each error stop, look around as a user would, then go on. */
const inspectAndContinue: StopScript = (stop) => {
  const requests: DebugRequest[] = [{ t: 'stack' }, { t: 'scopes', frameId: 1 }];
  const scopes = stop.answers[1];
  if (stop.answers.length < requests.length) return requests[stop.answers.length]!;
  if (stop.answers.length === requests.length && scopes?.ok) {
    const first = (scopes.body as { variablesReference: number }[])[0];
    if (first) return { t: 'variables', variablesReference: first.variablesReference };
  }
  return { t: 'resume', how: 'continue' };
};

const MODES: Record<string, { config: DebugConfig; onStop?: StopScript }> = {
  'attached, hooks off': { config: config({ breakpoints: { 'other.js': [{ line: 1 }] }, stopOnEntry: false }) },
  'hooks on at every statement': { config: config({ breakpoints: { [BRAIN]: [{ line: 100_000 }] } }) },
  'stopping at every error': {
    config: config({ exceptions: { caught: true, uncaught: true } }),
    onStop: inspectAndContinue,
  },
};

let plain: DebuggedEngine;
const debugged: Record<string, DebuggedEngine> = {};

before(async () => {
  plain = await debuggedEngine();
  for (const [mode, { config: c }] of Object.entries(MODES)) {
    debugged[mode] = await debuggedEngine();
    debugged[mode].configure(c);
  }
});
after(() => {
  plain.engine.dispose();
  for (const e of Object.values(debugged)) e.engine.dispose();
});

function traced(engine: DebuggedEngine, src: string, onStop?: StopScript): Trace {
  engine.printed.length = 0;
  engine.calls.length = 0;
  const result = engine.run(src, onStop);
  return { result, printed: [...engine.printed], calls: engine.calls.map((c) => ({ ...c })) };
}

function assertSame(src: string): Trace {
  const instrumentation = instrumentBrain(src);
  assert.ok(instrumentation.ok, `the program does not instrument: ${JSON.stringify(instrumentation)}`);
  // QuickJS must take the instrumented code too, or the engine would quietly run the original.
  assert.deepEqual(plain.engine.check(instrumentation.brain.code, BRAIN), { ok: true }, instrumentation.brain.code);
  const expected = traced(plain, src);
  for (const [mode, { onStop }] of Object.entries(MODES)) {
    assert.deepEqual(traced(debugged[mode]!, src, onStop), expected, `${mode} differs for:\n${src}`);
  }
  return expected;
}

const CASES: Record<string, string> = {
  'completion value after a declaration': 'let x = 1; x + 1; var y = 2;',
  'completion value of an if without else': '1; if (false) 2;',
  'completion value of loops and try': '5; for (let i = 0; i < 3; i++) { i * 2; } try { 7 } finally { 8 }',
  'completion value of a try with an empty block': '3; try {} catch (e) {}',
  'completion value of a switch and a labelled block':
    '"a"; switch (2) { case 2: "two"; break; } out: { "in"; break out; }',
  'completion of a function and a class declaration': '4; function f() {} class K {}',
  'functions, defaults and destructuring': `
function area({ w, h = 2 }, [scale] = [1]) { return w * h * scale; }
const add = (a, b) => a + b;
[area({ w: 3 }), area({ w: 1, h: 5 }, [10]), add(2, 3)]`,
  'closures and counters': `
function counter() { let n = 0; return { inc: () => ++n, get: function () { return n; } }; }
const c = counter(); c.inc(); c.inc();
const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i * i);
[c.get(), fs.map((f) => f())]`,
  'classes, methods, getters, statics and inheritance': `
class Shape { constructor(name) { this.name = name; } area() { return 0; } get label() { return this.name + ":" + this.area(); } static make(n) { return new Square(n); } }
class Square extends Shape { constructor(n) { super("square"); this.n = n; } area() { return this.n * this.n; } }
class Counter { #count = 0; static total = 0; bump() { this.#count++; Counter.total++; return this.#count; } static { Counter.total = 10; } }
const k = new Counter(); k.bump(); k.bump();
[Shape.make(3).label, new Shape("dot").label, Counter.total]`,
  generators: `
function* range(n) { for (let i = 0; i < n; i++) { if (i === 2) continue; yield i; } return "done"; }
const it = range(4); const seen = [...range(5)];
function* inner() { try { yield 1; yield 2; } finally { print("cleanup"); } }
for (const v of inner()) { if (v === 1) break; }
[seen, it.next(), [...it]]`,
  'labels, break and continue': `
const out = [];
outer: for (let i = 0; i < 4; i++) { for (let j = 0; j < 4; j++) { if (j === 2) continue outer; if (i === 3) break outer; out.push(i * 10 + j); } }
let k = 0; do k++; while (k < 5)
while (true) { if (k-- < 3) break; }
out.concat([k])`,
  'switch with fall-through and scoped cases': `
function kind(x) { switch (typeof x) { case "number": if (x < 0) return "neg"; case "bigint": { const t = "num"; return t; } case "string": return "str"; default: return "other"; } }
[kind(1), kind(-1), kind(1n), kind("s"), kind(null)]`,
  'try, catch and finally in every order': `
const log = [];
function f(n) { try { if (n === 1) throw new Error("one"); if (n === 2) return "two"; log.push("body" + n); } catch (e) { log.push(e.message); return "caught"; } finally { log.push("finally" + n); } return "end"; }
function g() { try { try { null.x; } finally { log.push("inner finally"); } } catch ({ message }) { return message; } }
function h() { try { throw "plain"; } catch { return "no binding"; } }
[f(0), f(1), f(2), g(), h(), log]`,
  'a caught error rethrown and its stack read': `
function fail() { return undefinedName + 1; }
let seen;
try { fail(); } catch (e) { seen = [e.name, e.message, e.stack]; }
try { try { fail(); } catch (e) { throw e; } } catch (e) { seen.push(e.stack); }
seen`,
  'errors thrown in a function, with positions': `
function inner() {
  const value = { a: 1 };
  return value.b.c;
}
function outer() { return inner(); }
outer();`,
  'fast copies: comments, inserted semicolons, a late error on its own line': `
function gather(a, b) {
  // a comment the one-line copy drops
  let x = a /* and a block one
  across lines */ + b
  let y = \`\${x}!\`
  ;[x, y].join("|")
  return [x, y, y.length]
}
const twice = (v) =>
  v *
  2;
function late(n) {
  const table = { a: 1 };

  return n > 2 ? table.b.c : twice(n);
}
[gather(1, 2), twice(4), late(1), late(3)]`,
  'error thrown at the top level': 'let a = 1;\n\nundefinedFunction()',
  'a thrown Error object': 'function f() {\n  throw new RangeError("too far");\n}\nf();',
  'a thrown non-error': 'const x = 1; if (x) throw { code: 7 };',
  'a thrown sequence expression': 'function f() { throw (print("a"), "b"); } f()',
  'prints and host calls': `
print("start", 1, { a: [1, 2] }); console.log("log"); console.warn(new Error("e"));
omw.host.log("info", "hello");
omw.host.memorySetAs("count", (omw.host.memoryGetAs("count") ?? 0) + 1);
try { omw.host.log(1); } catch (e) { print(e.name + ": " + e.message); }
omw.host.memoryGetAs("count")`,
  'direct eval sees the brain’s scope': 'function f(a) { return eval("a * 2"); } var g = 5; [f(21), eval("g + 1")]',
  'globals stay as they were': `
var v = 1; let l = 2; function fn() {}
[Object.keys(globalThis).filter((k) => !["omw", "console", "print"].includes(k)), typeof globalThis.l, "fn" in globalThis]`,
  'this at the top level and in functions': `
function sloppy() { return this === globalThis; }
function strict() { "use strict"; return this; }
[this === globalThis, sloppy(), strict(), typeof this]`,
  'arguments and var hoisting': `
function f() { x = arguments.length; var x; return [x, typeof later, later]; var later = 3; }
function g(a) { arguments[0] = 9; return a; }
[f(1, 2, 3), g(1)]`,
  'a function declared beside a var of its name': `
function f() { var g = 1; function g() {} return typeof g; }
f()`,
  'async functions and promises': `
let result = [];
async function twice(x) { const y = await x; return y * 2; }
twice(Promise.resolve(4)).then((v) => result.push(v));
(async () => { try { await Promise.reject(new Error("no")); } catch (e) { result.push(e.message); } })();
result`,
  'unicode before an error on the same line': 'const s = "é😀"; null.boom',
  'deep recursion that overflows the stack':
    'function down(n) { return n === 0 ? 0 : 1 + down(n - 1); } [down(100), (() => { try { down(1e6); } catch (e) { return e.name; } })()]',
  'statement bodies without braces': `
let n = 0;
for (let i = 0; i < 5; i++) if (i % 2) n += i; else n -= 1;
while (n < 10) n++;
if (n) for (const k in { a: 1, b: 2 }) n += k.length;
n`,
  'strict mode brain': '"use strict";\nlet x = 1;\nfunction f() { return typeof this; }\n[f(), x]',
  'getters, setters and object methods': `
const o = { _v: 1, get v() { return this._v; }, set v(x) { this._v = x * 2; }, m() { return this.v + 1; } };
o.v = 5; [o.v, o.m()]`,
  'function toString of an unchanged arrow parameter list': 'const f = (a, b) => a + b; f.length',
};

describe('instrumented brains behave as the originals', () => {
  for (const [name, src] of Object.entries(CASES)) it(name, () => void assertSame(src));

  it('leave a brain that does not parse as it is, failing as it would', () => {
    const src = 'let a = 1;\nlet b = (;\n';
    assert.equal(instrumentBrain(src).ok, false);
    const expected = traced(plain, src);
    assert.deepEqual(expected.result, {
      ok: false,
      error: "SyntaxError: unexpected token in expression: ';'",
      line: 2,
      column: 10,
    });
    for (const mode of Object.keys(MODES)) assert.deepEqual(traced(debugged[mode]!, src), expected, mode);
  });

  it('report errors at the same positions', () => {
    const { result } = assertSame(CASES['errors thrown in a function, with positions']!);
    assert.deepEqual(result, {
      ok: false,
      error: "TypeError: cannot read property 'c' of undefined",
      line: 4,
      column: 17,
    });
  });
});

describe('generated programs behave the same instrumented', () => {
  for (let seed = 1; seed <= 60; seed++) {
    it(`seed ${seed}`, () => void assertSame(generatedBrain(seed)));
  }
});
