// The JavaScript debugger end to end on the real engine: a real DebugController and the
// instrumented brain on QuickJS; only the host's side of the link is scripted.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  DebugAnswer,
  DebugRequest,
  EvaluationResult,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
} from '../../../main/runtimes/debug/debug-protocol.ts';
import { BRAIN, config, debuggedEngine, type DebuggedEngine, type Stop, type StopScript } from './debug-fixture.ts';

const body = <T>(answer: DebugAnswer | undefined): T => {
  assert.ok(answer?.ok, `expected an answer, got ${JSON.stringify(answer)}`);
  return answer.body as T;
};

/** A host that makes `requests` in turn at every stop (each may read earlier answers), then resumes with `how`. */
const asking =
  (
    requests: ((stop: Stop) => DebugRequest)[],
    how: (index: number) => 'continue' | 'next' | 'step-in' | 'step-out' = () => 'continue',
  ): StopScript =>
  (stop, index) =>
    stop.answers.length < requests.length ? requests[stop.answers.length]!(stop) : { t: 'resume', how: how(index) };

const where = (d: DebuggedEngine): string[] =>
  d.stops.map((s) => `${s.event.reason} ${s.event.line}:${s.event.column}`);

let d: DebuggedEngine;
before(async () => {
  d = await debuggedEngine({ count: '3' });
});
after(() => d.engine.dispose());

function fresh(): void {
  d.stops.length = 0;
  d.logPoints.length = 0;
  d.printed.length = 0;
  d.calls.length = 0;
}

const PROGRAM = `function square(n) {
  const result = n * n;
  return result;
}
function sum(list) {
  let total = 0;
  for (const x of list) {
    total += square(x);
  }
  return total;
}
const values = [1, 2, 3];
const answer = sum(values);
answer;`;

describe('breakpoints', () => {
  it('stop at their line with the stack of script frames', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 2 }] } }));
    const result = d.run(PROGRAM, asking([() => ({ t: 'stack' })]));
    assert.deepEqual(result, { ok: true, outcome: { exited: '14' } });
    assert.deepEqual(where(d), ['breakpoint 2:3', 'breakpoint 2:3', 'breakpoint 2:3']);
    const stack = body<StackFrameInfo[]>(d.stops[0]!.answers[0]);
    assert.deepEqual(
      stack.map((f) => [f.name, f.line, f.column]),
      [
        ['square', 2, 3],
        ['sum', 8, 20],
        ['<brain>', 13, 19],
      ],
    );
  });

  it('stop only where their condition holds, and count hits', () => {
    fresh();
    d.configure(
      config({
        breakpoints: {
          [BRAIN]: [
            { line: 2, condition: 'n >= 2' },
            { line: 8, hitCondition: '== 3' },
          ],
        },
      }),
    );
    d.run(PROGRAM, asking([() => ({ t: 'evaluate', expression: 'typeof n === "number" ? n : x' })]));
    assert.deepEqual(where(d), ['breakpoint 2:3', 'breakpoint 8:5', 'breakpoint 2:3']);
    assert.deepEqual(
      d.stops.map((s) => body<EvaluationResult>(s.answers[0]).result),
      ['2', '3', '3'],
    );
  });

  it('log without stopping as logpoints', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 3, logMessage: 'square({n}) = {result}' }] } }));
    d.run(PROGRAM);
    assert.deepEqual(d.stops, []);
    assert.deepEqual(d.logPoints, ['square(1) = 1', 'square(2) = 4', 'square(3) = 9']);
  });
});

describe('steps', () => {
  it('go over, into and out of functions', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 13 }] } }));
    const how = ['step-in', 'next', 'next', 'step-in', 'step-in', 'step-out', 'next', 'continue'] as const;
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 13 }] } }));
    d.run(
      PROGRAM,
      asking([], (i) => how[i] ?? 'continue'),
    );
    assert.deepEqual(where(d), [
      'breakpoint 13:1',
      'step 6:3',
      'step 7:3',
      'step 8:5',
      'step 2:3',
      'step 3:3',
      'step 8:5',
      'step 8:5',
    ]);
  });

  it('go through closures called from a method of the brain', () => {
    fresh();
    const src = `const twice = (f) => (x) => f(f(x));
const inc = (v) => {
  return v + 1;
};
const r = [1, 2].map(twice(inc));
r;`;
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 3, hitCondition: '== 1' }] } }));
    const how = ['step-out', 'continue'];
    const result = d.run(
      src,
      asking([() => ({ t: 'stack' })], (i) => (how[i] as 'continue') ?? 'continue'),
    );
    assert.deepEqual(result, { ok: true, outcome: { exited: '[3,4]' } });
    const names = body<StackFrameInfo[]>(d.stops[0]!.answers[0]).map((f) => f.name);
    assert.deepEqual(names.slice(0, 2), ['inc', '<anonymous>']);
    assert.equal(names.at(-1), '<brain>');
    // The arrows between have no statements: stepping out of inc goes on to the top level.
    assert.deepEqual(where(d), ['breakpoint 3:3', 'step 6:1']);
  });

  it('pause where the brain is, when asked while it runs', () => {
    fresh();
    d.configure(config({ exceptions: { caught: false, uncaught: true } }));
    d.pause();
    d.run('let n = 0;\nfor (let i = 0; i < 3; i++) {\n  n += i;\n}\nn;');
    assert.deepEqual(where(d), ['pause 1:1']);
  });
});

describe('scopes and variables', () => {
  const src = `class Account {
  constructor(owner) { this.owner = owner; this.items = [10, 20, 30]; }
  total(rate) {
    let sum = this.items.reduce((a, b) => a + b, 0);
    return sum * rate;
  }
}
const account = new Account({ name: "ada" });
const big = Array.from({ length: 250 }, (_, i) => i);
account.total(2);`;

  it('show locals, this and globals, with objects and arrays expanded on demand', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 5 }] } }));
    const scopesOf = (s: Stop) => body<ScopeInfo[]>(s.answers[0]);
    const ref = (s: Stop, name: string) => scopesOf(s).find((x) => x.name === name)!.variablesReference;
    const vars = (s: Stop, i: number) => body<VariableInfo[]>(s.answers[i]);
    d.run(
      src,
      asking([
        () => ({ t: 'scopes', frameId: 1 }),
        (s) => ({ t: 'variables', variablesReference: ref(s, 'Locals') }),
        (s) => ({ t: 'variables', variablesReference: ref(s, 'This') }),
        (s) => ({ t: 'variables', variablesReference: ref(s, 'Globals') }),
        (s) => ({ t: 'variables', variablesReference: vars(s, 2).find((v) => v.name === 'owner')!.variablesReference }),
        (s) => ({
          t: 'variables',
          variablesReference: vars(s, 3).find((v) => v.name === 'big')!.variablesReference,
          start: 200,
          count: 3,
        }),
      ]),
    );
    const [stop] = d.stops;
    assert.deepEqual(
      scopesOf(stop!).map((x) => x.name),
      ['Locals', 'This', 'Globals'],
    );
    const show = (list: VariableInfo[]) => list.map((v) => `${v.name}=${v.value}`);
    assert.deepEqual(show(vars(stop!, 1)), ['rate=2', 'sum=60']);
    assert.deepEqual(show(vars(stop!, 2)), ['owner={…}', 'items=Array(3)']);
    assert.equal(vars(stop!, 2)[1]!.indexedVariables, 3);
    assert.deepEqual(show(vars(stop!, 3)), ['Account=ƒ Account()', 'account=Account {…}', 'big=Array(250)']);
    assert.deepEqual(show(vars(stop!, 4)), ['name="ada"']);
    assert.deepEqual(show(vars(stop!, 5)), ['200=200', '201=201', '202=202']);
  });

  it('open Maps and Sets by their entries, paged, even when the brain replaced their methods', () => {
    fresh();
    const brain = `const key = { id: 7 };
const prices = new Map([["tea", 3], [42, { cup: true }], [key, "seven"]]);
const tags = new Set(["hot", "cold"]);
Map.prototype.forEach = () => { throw new Error("replaced"); };
prices.size;`;
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 5 }] } }));
    const locals = (s: Stop) => body<ScopeInfo[]>(s.answers[0]).find((x) => x.name === 'Globals')!.variablesReference;
    const vars = (s: Stop, i: number) => body<VariableInfo[]>(s.answers[i]);
    const refOf = (s: Stop, i: number, name: string) => vars(s, i).find((v) => v.name === name)!.variablesReference;
    d.run(
      brain,
      asking([
        () => ({ t: 'scopes', frameId: 1 }),
        (s) => ({ t: 'variables', variablesReference: locals(s) }),
        (s) => ({ t: 'variables', variablesReference: refOf(s, 1, 'prices') }),
        (s) => ({ t: 'variables', variablesReference: refOf(s, 1, 'prices'), start: 1, count: 2 }),
        (s) => ({ t: 'variables', variablesReference: refOf(s, 2, '42') }),
        (s) => ({ t: 'variables', variablesReference: refOf(s, 2, '[2]') }),
        (s) => ({ t: 'variables', variablesReference: refOf(s, 1, 'tags') }),
      ]),
    );
    const [stop] = d.stops;
    const show = (list: VariableInfo[]) => list.map((v) => `${v.name}=${v.value}`);
    const prices = vars(stop!, 1).find((v) => v.name === 'prices')!;
    assert.equal(prices.value, 'Map(3)');
    assert.equal(prices.indexedVariables, 3);
    assert.equal(vars(stop!, 1).find((v) => v.name === 'tags')!.value, 'Set(2)');
    assert.deepEqual(show(vars(stop!, 2)), ['"tea"=3', '42={…}', '[2]=Array(2)']);
    assert.deepEqual(show(vars(stop!, 3)), ['42={…}', '[2]=Array(2)']);
    assert.deepEqual(show(vars(stop!, 4)), ['cup=true']);
    assert.deepEqual(show(vars(stop!, 5)), ['0={…}', '1="seven"']);
    assert.deepEqual(show(vars(stop!, 6)), ['0="hot"', '1="cold"']);
  });

  it('take new values that change what the brain does', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 5 }] } }));
    const result = d.run(
      src,
      asking([
        () => ({ t: 'scopes', frameId: 1 }),
        (s) => ({
          t: 'set-variable',
          variablesReference: body<ScopeInfo[]>(s.answers[0]).find((x) => x.name === 'Locals')!.variablesReference,
          name: 'sum',
          value: 'rate * 100',
        }),
        () => ({ t: 'set-variable', variablesReference: 999, name: 'x', value: '1' }),
        () => ({ t: 'evaluate', expression: 'sum = 1, this.items.push(5), rate = 3' }),
      ]),
    );
    const [stop] = d.stops;
    assert.equal(body<VariableInfo>(stop!.answers[1]).value, '200');
    assert.deepEqual(stop!.answers[2], { ok: false, error: 'no variables with reference 999' });
    assert.equal(body<EvaluationResult>(stop!.answers[3]).result, '3');
    assert.deepEqual(result, { ok: true, outcome: { exited: '3' } });
  });

  it('evaluate in outer frames, report errors, and refuse host calls', () => {
    fresh();
    d.configure(config({ breakpoints: { [BRAIN]: [{ line: 2 }] } }));
    d.run(
      PROGRAM,
      asking([
        () => ({ t: 'evaluate', frameId: 2, expression: 'total + list.length' }),
        () => ({ t: 'evaluate', expression: 'nothing.here' }),
        () => ({ t: 'evaluate', expression: 'omw.host.memoryGet("count")' }),
        () => ({ t: 'evaluate', expression: 'print("x")' }),
        () => ({ t: 'evaluate', expression: 'while (true) {}' }),
        () => ({ t: 'evaluate', expression: 'result' }),
      ]),
    );
    const answers = d.stops[1]!.answers;
    assert.equal(body<EvaluationResult>(answers[0]).result, '4');
    assert.deepEqual(answers[1], { ok: false, error: "ReferenceError: 'nothing' is not defined" });
    assert.deepEqual(answers[2], {
      ok: false,
      error: 'Error: host.memory-get: the brain is stopped in the debugger, which cannot call the host',
    });
    assert.equal(answers[3]!.ok, false);
    assert.equal(answers[4]!.ok, false);
    assert.deepEqual(d.calls, []);
    assert.deepEqual(d.printed, []);
  });
});

describe('exceptions', () => {
  const src = `function risky(x) {
  if (x > 1) throw new RangeError("too big: " + x);
  return x;
}
function guarded(x) {
  try { return risky(x); } catch (e) { return -1; }
}
const a = guarded(5);
risky(a + 10);`;

  it('stop where a caught error is thrown, with its frames still there', () => {
    fresh();
    d.configure(config({ exceptions: { caught: true, uncaught: false } }));
    const result = d.run(src, asking([() => ({ t: 'stack' }), () => ({ t: 'evaluate', expression: 'x' })]));
    assert.deepEqual(result, { ok: false, error: 'RangeError: too big: 9', line: 2, column: 34 });
    assert.deepEqual(where(d), ['exception 2:34']);
    assert.equal(d.stops[0]!.event.description, 'RangeError: too big: 5');
    assert.deepEqual(
      body<StackFrameInfo[]>(d.stops[0]!.answers[0]).map((f) => f.name),
      ['risky', 'guarded', '<brain>'],
    );
    assert.equal(body<EvaluationResult>(d.stops[0]!.answers[1]).result, '5');
  });

  it('stop where an uncaught error is thrown', () => {
    fresh();
    d.configure(config({ exceptions: { caught: false, uncaught: true } }));
    d.run(src, asking([() => ({ t: 'evaluate', expression: 'x' })]));
    assert.deepEqual(where(d), ['exception 2:34']);
    assert.equal(d.stops[0]!.event.description, 'RangeError: too big: 9');
    assert.equal(body<EvaluationResult>(d.stops[0]!.answers[0]).result, '9');
  });

  it('stop at a runtime error of the top level after the fact', () => {
    fresh();
    d.configure(config({ exceptions: { caught: false, uncaught: true } }));
    const result = d.run('const g = 1;\nnull.x;', asking([() => ({ t: 'evaluate', expression: 'g + 1' })]));
    assert.deepEqual(where(d), ['exception 2:5']);
    assert.equal(body<EvaluationResult>(d.stops[0]!.answers[0]).result, '2');
    assert.equal(result.ok, false);
  });
});

describe('without a debugger attached', () => {
  it('runs the brain as it is', () => {
    fresh();
    d.configure(config());
    const src = 'function f() { return 1; }\nf.toString();';
    assert.deepEqual(d.run(src), { ok: true, outcome: { exited: 'function f() { return 1; }' } });
    d.configure(config({ breakpoints: { 'other.js': [{ line: 1 }] } }));
    const instrumented = d.run(src);
    assert.ok(instrumented.ok && instrumented.outcome !== 'completed');
    assert.notEqual(instrumented.outcome.exited, 'function f() { return 1; }');
  });
});
