// The Rhai engine's source-level debugging, end to end inside the engine thread: the real
// engine and DebugController, with the host's debugger scripted over the link.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  EvaluationResult,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
} from '../../main/runtimes/debug/debug-protocol.ts';
import { rhaiRuntime } from '../../main/runtimes/rhai/rhai-runtime.ts';
import {
  BRAIN,
  body,
  breakpoints,
  completed,
  debugSession,
  evaluate,
  stack,
  stepping,
  type Ask,
  type DebugSession,
} from './debug-session.ts';

const stopLines = (session: DebugSession): number[] => session.link.stops.map((s) => s.line);

function* scopeOf(frameId: number, name: string): Ask<ScopeInfo | undefined> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  return scopes.find((s) => s.name === name);
}

function* variables(variablesReference: number, start?: number, count?: number): Ask<VariableInfo[]> {
  return body<VariableInfo[]>(yield { t: 'variables', variablesReference, start, count });
}

/** A frame's scope as `name=value` texts. */
function* scope(frameId: number, name: string): Ask<string[]> {
  const found = yield* scopeOf(frameId, name);
  if (found === undefined) return [];
  return (yield* variables(found.variablesReference)).map((v) => `${v.name}=${v.value}`);
}

const FUNCTIONS = `fn twice(x) {
  let y = x * 2;
  y
}
let f = |v| {
  let w = v + 1;
  w
};
let a = twice(3);
let b = f.call(a);
print(a + b);`;

describe('the Rhai debugger', () => {
  it('stops at a breakpoint on its line and reports the brain frame there', async () => {
    const session = await debugSession(breakpoints(3));
    let frames: StackFrameInfo[] = [];
    session.link.onStop = function* () {
      frames = yield* stack();
    };
    completed(session.run('let a = 1;\nlet b = a + 1;\nlet c = b * 2;\nprint(c);'));
    assert.deepEqual(stopLines(session), [3]);
    assert.equal(session.link.stops[0]!.reason, 'breakpoint');
    assert.deepEqual(frames, [{ id: 1, name: '<brain>', source: BRAIN, line: 3, column: 1 }]);
    assert.deepEqual(session.printed, ['4']);
  });

  it('lists the lines where statements start, for verifying and moving breakpoints', () => {
    const source = `// a comment
fn f(x) {

  let y = x;
  y
}
let g = |v| v + 1;
let h = |v| {
  v * 2
};
if true {
  print(f(1));
}`;
    assert.deepEqual(rhaiRuntime.debugging.breakableLines?.(source), [4, 5, 7, 8, 9, 11, 12]);
  });

  it('stops only where a condition holds, as a hit count says, and logs at a logpoint', async () => {
    const script = 'let t = 0;\nfor i in 0..6 {\n  t += i;\n}\nprint(t);';
    const conditional = await debugSession(breakpoints({ line: 3, condition: 'i == 4' }));
    const seen: (EvaluationResult | string)[] = [];
    conditional.link.onStop = function* () {
      seen.push(yield* evaluate('i'));
    };
    completed(conditional.run(script));
    assert.deepEqual(stopLines(conditional), [3]);
    assert.deepEqual(seen, [{ result: '4', type: 'i64', variablesReference: 0 }]);

    const counted = await debugSession(breakpoints({ line: 3, hitCondition: '% 2' }));
    const values: string[] = [];
    counted.link.onStop = function* () {
      values.push(((yield* evaluate('i')) as EvaluationResult).result);
    };
    completed(counted.run(script));
    assert.deepEqual(values, ['1', '3', '5']);

    const logged = await debugSession(breakpoints({ line: 3, logMessage: 'i={i}, t={t}' }));
    completed(logged.run(script));
    assert.deepEqual(logged.link.stops, []);
    assert.deepEqual(logged.link.logs.slice(0, 3), ['3: i=0, t=0', '3: i=1, t=0', '3: i=2, t=1']);
    assert.deepEqual(logged.printed, ['15']);
  });

  it('steps into, over and out of functions and closures', async () => {
    const session = await debugSession(breakpoints(9));
    const seen: string[][] = [];
    stepping(session, ['step-in', 'next', 'step-out', 'step-in', 'next', 'next'], seen);
    completed(session.run(FUNCTIONS));
    assert.deepEqual(seen, [
      ['<brain>:9'],
      ['twice:2', '<brain>:9'],
      ['twice:3', '<brain>:9'],
      ['<brain>:10'],
      ['<closure>:6', '<brain>:10'],
      ['<closure>:7', '<brain>:10'],
      ['<brain>:11'],
    ]);
    assert.deepEqual(session.printed, ['13']);

    const over = await debugSession(breakpoints(9));
    const overSeen: string[][] = [];
    stepping(over, ['next', 'next'], overSeen);
    completed(over.run(FUNCTIONS));
    assert.deepEqual(overSeen, [['<brain>:9'], ['<brain>:10'], ['<brain>:11']]);
  });

  it('shows a frame its locals, the top level as globals and a method its this', async () => {
    const session = await debugSession(breakpoints(3, 11));
    const scopes: Record<string, string[]>[] = [];
    session.link.onStop = function* () {
      scopes.push({
        Locals: yield* scope(1, 'Locals'),
        Globals: yield* scope(1, 'Globals'),
        This: yield* scope(1, 'This'),
        brain: yield* scope(2, 'Locals'),
      });
    };
    completed(
      session.run(`fn twice(x) {
  let y = x * 2;
  y
}
let limit = 3;
let r = twice(limit);
fn grow(n) {
  let before = this.size;
  {
    let inner = 1;
    this.size += n;
  }
  this.size
}
let box = #{ size: 1 };
box.grow(2);
let done = true;`),
    );
    assert.deepEqual(scopes, [
      { Locals: ['x=3', 'y=6'], Globals: ['limit=3'], This: [], brain: ['limit=3'] },
      {
        Locals: ['n=2', 'before=1', 'inner=1'],
        Globals: ['limit=3', 'r=6', 'box=#{"size": 1}'],
        This: ['this=#{"size": 1}'],
        brain: ['limit=3', 'r=6', 'box=#{"size": 1}'],
      },
    ]);
  });

  it('expands arrays, maps and BLOBs lazily, an array a page at a time', async () => {
    const session = await debugSession(breakpoints(4));
    const seen: unknown[] = [];
    session.link.onStop = function* () {
      const locals = yield* scopeOf(1, 'Locals');
      const all = yield* variables(locals!.variablesReference);
      const arr = all.find((v) => v.name === 'arr')!;
      const map = all.find((v) => v.name === 'm')!;
      const blob = all.find((v) => v.name === 'b')!;
      seen.push({ arr: [arr.type, arr.indexedVariables], map: [map.type, map.namedVariables] });
      seen.push((yield* variables(arr.variablesReference, 10, 3)).map((v) => `${v.name}=${v.value}`));
      const entries = yield* variables(map.variablesReference);
      seen.push(entries.map((v) => `${v.name}=${v.value}:${v.type}`));
      const nested = entries.find((v) => v.name === 'list')!;
      seen.push((yield* variables(nested.variablesReference)).map((v) => v.value));
      seen.push((yield* variables(blob.variablesReference)).map((v) => `${v.name}=${v.value}`));
    };
    completed(
      session.run(
        'let arr = [];\nfor i in 0..100 { arr.push(i); }\nlet m = #{ name: "x", list: [1, [2]] }; let b = blob(2, 7);\nprint(arr.len());',
      ),
    );
    assert.deepEqual(seen, [
      { arr: ['array', 100], map: ['map', 2] },
      ['10=10', '11=11', '12=12'],
      ['list=[1, [2]]:array', 'name="x":string'],
      ['1', '[2]'],
      ['0=7', '1=7'],
    ]);
  });

  it('changes what the brain does by setting variables and items', async () => {
    const session = await debugSession(breakpoints(3));
    const answers: string[] = [];
    session.link.onStop = function* () {
      const locals = yield* scopeOf(1, 'Locals');
      const set = (name: string, value: string, ref = locals!.variablesReference) =>
        ({ t: 'set-variable', variablesReference: ref, name, value }) as const;
      const limit = body<VariableInfo>(yield set('limit', 'limit * 2 + 4'));
      answers.push(`${limit.name}=${limit.value}:${limit.type}`);
      const items = (yield* variables(locals!.variablesReference)).find((v) => v.name === 'items')!;
      body(yield set('1', '"changed"', items.variablesReference));
      const refused = yield set('K', '5');
      answers.push(refused.ok ? 'constant changed' : refused.error);
    };
    completed(
      session.run(
        'const K = 1;\nlet limit = 3; let items = [1, 2];\nlet total = 0;\nfor i in 0..limit { total += i; }\nprint(total); print(items);',
      ),
    );
    assert.deepEqual(answers, ['limit=10:i64', 'Cannot modify constant: K']);
    assert.deepEqual(session.printed, ['45', '[1, "changed"]']);
  });

  it("reads and sets a generated loop's variables from a breakpoint in a method it calls", async () => {
    // The loop runs generated while only the method has a breakpoint: the caller's frame must be
    // up to date at the stop, and what the debugger sets there must stay set.
    const session = await debugSession(breakpoints(2));
    const seen: string[] = [];
    session.link.onStop = function* () {
      const caller = yield* scopeOf(2, 'Locals');
      const total = (yield* variables(caller!.variablesReference)).find((v) => v.name === 'total')!;
      seen.push(total.value);
      body(
        yield {
          t: 'set-variable',
          variablesReference: caller!.variablesReference,
          name: 'total',
          value: 'total + 100',
        },
      );
    };
    completed(
      session.run(
        'fn bump() {\n  this.push(1);\n}\nlet total = 0;\nlet a = [];\nfor i in 0..3 { total += 1; a.bump(); }\nprint(total);',
      ),
    );
    assert.deepEqual(seen, ['1', '102', '203']);
    assert.deepEqual(session.printed, ['303']);
  });

  it('evaluates in the paused frame or an outer one, and never calls the host meanwhile', async () => {
    const hostOps: string[] = [];
    const session = await debugSession(breakpoints(2), (op) => hostOps.push(op));
    const results: (string | [string, string | undefined])[] = [];
    session.link.onStop = function* () {
      for (const [expression, frameId] of [
        ['x * 10', undefined],
        ['outer + 1', 3],
        ['x + 100', 2],
        ['twice(x)', 1],
        ['[x, x]', 1],
        ['nope', 1],
        ['omw::host::memory_get("k")', 1],
      ] as const) {
        const r = yield* evaluate(expression, frameId);
        results.push(typeof r === 'string' ? r : [r.result, r.type]);
      }
    };
    completed(
      session.run(
        'fn twice(x) {\n  x * 2\n}\nfn f(x) {\n  twice(x)\n}\nlet outer = 41;\nomw::host::memory_set("k", "v");\nf(5);\nlet done = true;',
      ),
    );
    assert.deepEqual(results, [
      ['50', 'i64'],
      ['42', 'i64'],
      ['105', 'i64'],
      ['10', 'i64'],
      ['[5, 5]', 'array'],
      'Variable not found: nope',
      'Runtime error: host.memory-get is not available while the brain is stopped in the debugger',
    ]);
    assert.deepEqual(hostOps, ['host.memory-set']);
  });

  it('stops where an error is raised, before its frames unwind, as the exception filters ask', async () => {
    const script = `fn risky(v) {
  let local = v;
  local.nope()
}
try {
  risky(1);
} catch (e) {
  print("caught");
}
risky(2);`;
    for (const [filter, expected] of [
      [{ caught: true, uncaught: false }, [[3, 'risky:3,<brain>:6', 'local=1']]],
      [{ caught: false, uncaught: true }, [[3, 'risky:3,<brain>:10', 'local=2']]],
      [
        { caught: true, uncaught: true },
        [
          [3, 'risky:3,<brain>:6', 'local=1'],
          [3, 'risky:3,<brain>:10', 'local=2'],
        ],
      ],
    ] as const) {
      const session = await debugSession({ exceptions: filter });
      const seen: unknown[] = [];
      session.link.onStop = function* (stop) {
        const frames = (yield* stack()).map((f) => `${f.name}:${f.line}`).join(',');
        const locals = yield* scope(1, 'Locals');
        seen.push([stop.line, frames, locals.filter((l) => l.startsWith('local')).join()]);
        assert.equal(stop.reason, 'exception');
        assert.match(stop.description ?? '', /Function not found: nope/);
      };
      const result = session.run(script);
      assert.equal(result.ok, false);
      assert.deepEqual(seen, expected, JSON.stringify(filter));
      assert.deepEqual(session.printed, ['caught']);
    }
  });

  it('does not stop, nor evaluate anything, when no debugger is attached', async () => {
    const session = await debugSession();
    completed(session.run(FUNCTIONS));
    // A debugger that set a breakpoint and cleared it again has left.
    session.configure(breakpoints(9));
    session.configure({});
    completed(session.run(FUNCTIONS));
    assert.deepEqual(session.link.stops, []);
    assert.deepEqual(session.link.logs, []);
    session.configure(breakpoints(9));
    completed(session.run(FUNCTIONS));
    assert.deepEqual(stopLines(session), [9]);
    assert.deepEqual(session.printed, ['13', '13', '13']);
  });

  it('honours a pause request inside a long generated loop, attached or not when it started', async () => {
    const script = 'let n = 0;\nlet running = true;\nwhile running {\n  n += 1;\n}\nprint(n > 0);';
    for (const config of [{}, breakpoints(6)]) {
      const session = await debugSession(config);
      session.link.pauseAfter(20);
      session.link.onStop = function* (stop) {
        if (stop.reason !== 'pause') return;
        const locals = yield* scopeOf(1, 'Locals');
        body(
          yield { t: 'set-variable', variablesReference: locals!.variablesReference, name: 'running', value: 'false' },
        );
      };
      completed(session.run(script));
      const reasons = session.link.stops.map((s) => `${s.reason}:${s.line}`);
      assert.equal(reasons[0]!.split(':')[0], 'pause');
      assert.ok(['3', '4'].includes(reasons[0]!.split(':')[1]!), reasons[0]);
      assert.deepEqual(reasons.slice(1), Object.keys(config).length > 0 ? ['breakpoint:6'] : []);
      assert.deepEqual(session.printed, ['true']);
    }
  });
});
