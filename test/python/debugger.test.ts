// The python engine's source-level debugging, end to end inside the engine thread: the real
// engine (Pyodide) and DebugController, with the host's debugger scripted over the link.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  EvaluationResult,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
} from '../../main/runtimes/debug/debug-protocol.ts';
import { createEngine } from '../../main/runtimes/python/python-engine.ts';
import { statementLines } from '../../main/runtimes/python/python-statement-lines.ts';
import {
  body,
  breakpointsIn,
  completed,
  debugSession,
  evaluate,
  stack,
  stepping,
  type Ask,
  type DebugSession,
} from '../rhai/debug-session.ts';

const BRAIN = '/agents/a/brain.py';
const breakpoints = (...lines: number[]) => breakpointsIn(BRAIN, ...lines);

/** A frame's scope as `name=value` texts, with the scope's reference. */
function* scope(frameId: number, name: string): Ask<{ reference: number; shown: string[]; values: VariableInfo[] }> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const found = scopes.find((s) => s.name === name);
  if (found === undefined) return { reference: 0, shown: [], values: [] };
  const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: found.variablesReference });
  return { reference: found.variablesReference, shown: values.map((v) => `${v.name}=${v.value}`), values };
}

const FUNCTIONS = `def twice(x):
    y = x * 2
    return y

a = twice(3)
b = a + 1
print(a + b)
`;

describe('the python debugger', () => {
  let session: DebugSession;
  before(async () => {
    session = await debugSession({}, () => undefined, { create: createEngine, brain: BRAIN });
  });
  after(() => session.engine.dispose());
  const fresh = (config: Parameters<DebugSession['configure']>[0]): void => {
    session.link.stops.length = 0;
    session.printed.length = 0;
    session.link.onStop = function* () {};
    session.configure(config);
  };

  it('stops at a breakpoint on its line, with the brain frame there', () => {
    fresh(breakpoints(3));
    let frames: StackFrameInfo[] = [];
    session.link.onStop = function* () {
      frames = yield* stack();
    };
    completed(session.run('a = 1\nb = a + 1\nc = b * 2\nprint(c)\n'));
    assert.deepEqual(
      session.link.stops.map((s) => [s.reason, s.line]),
      [['breakpoint', 3]],
    );
    assert.deepEqual(frames, [{ id: 1, name: '<brain>', source: BRAIN, line: 3, column: 1 }]);
    assert.deepEqual(session.printed, ['4']);
  });

  it('runs without stopping when no breakpoint is set', () => {
    fresh({});
    completed(session.run(FUNCTIONS));
    assert.deepEqual(session.link.stops, []);
    assert.deepEqual(session.printed, ['13']);
  });

  it('steps into, over and out of a function, naming the frames', () => {
    fresh(breakpoints(5));
    const seen: string[][] = [];
    stepping(session, ['step-in', 'next', 'step-out', 'next'], seen);
    completed(session.run(FUNCTIONS));
    assert.deepEqual(seen, [
      ['<brain>:5'],
      ['twice:2', '<brain>:5'],
      ['twice:3', '<brain>:5'],
      ['<brain>:6'],
      ['<brain>:7'],
    ]);
  });

  it('steps over a call without stopping inside it', () => {
    fresh(breakpoints(5));
    const seen: string[][] = [];
    stepping(session, ['next', 'next'], seen);
    completed(session.run(FUNCTIONS));
    assert.deepEqual(seen, [['<brain>:5'], ['<brain>:6'], ['<brain>:7']]);
  });

  it('shows Locals and Globals, and an edited local changes what the brain computes', () => {
    fresh(breakpoints(3));
    let locals: string[] = [];
    let globals: string[] = [];
    let edited: VariableInfo | undefined;
    session.link.onStop = function* () {
      const { reference, shown } = yield* scope(1, 'Locals');
      locals = shown;
      globals = (yield* scope(1, 'Globals')).shown;
      edited = body<VariableInfo>(
        yield { t: 'set-variable', variablesReference: reference, name: 'y', value: 'x * 100' },
      );
    };
    completed(session.run(FUNCTIONS));
    assert.deepEqual(locals, ['x=3', 'y=6']);
    assert.match(globals.join('|'), /^twice=<function twice at 0x[0-9a-f]+>$/);
    assert.equal(edited?.value, '300');
    assert.deepEqual(session.printed, ['601']);
  });

  it('expands lists, dicts and objects lazily, paging a list', () => {
    fresh(breakpoints(4));
    let children: string[] = [];
    let page: string[] = [];
    session.link.onStop = function* () {
      const { values } = yield* scope(1, 'Locals');
      const byName = new Map(values.map((v) => [v.name, v]));
      assert.equal(byName.get('xs')?.indexedVariables, 5);
      assert.equal(byName.get('d')?.type, 'dict');
      const answer = yield {
        t: 'variables',
        variablesReference: byName.get('xs')!.variablesReference,
        start: 2,
        count: 2,
      };
      page = body<VariableInfo[]>(answer).map((v) => `${v.name}=${v.value}`);
      const dict = yield { t: 'variables', variablesReference: byName.get('d')!.variablesReference };
      const entries = body<VariableInfo[]>(dict);
      const point = yield { t: 'variables', variablesReference: entries[0]!.variablesReference };
      children = [
        ...entries.map((v) => `${v.name}=${v.value}`),
        ...body<VariableInfo[]>(point).map((v) => `${v.name}=${v.value}`),
      ];
    };
    completed(
      session.run('import types\nxs = [10, 20, 30, 40, 50]\nd = {"p": types.SimpleNamespace(x=1, y=2)}\npass\n'),
    );
    assert.deepEqual(page, ['2=30', '3=40']);
    assert.deepEqual(children, ["'p'=namespace(x=1, y=2)", 'x=1', 'y=2']);
  });

  it('evaluates in the stopped frame, and refuses host calls there with a clear error', () => {
    fresh(breakpoints(3));
    let value: EvaluationResult | string = '';
    let outer: EvaluationResult | string = '';
    let hostCall: EvaluationResult | string = '';
    session.link.onStop = function* () {
      value = yield* evaluate('y + x');
      outer = yield* evaluate('a', 2);
      hostCall = yield* evaluate('omw.host.log("info", "no")');
    };
    completed(session.run(FUNCTIONS));
    assert.deepEqual(value, { result: '9', type: 'int', variablesReference: 0 });
    assert.match(String(outer), /NameError: name 'a' is not defined/);
    assert.equal(hostCall, 'RuntimeError: host.log is not available while the brain is stopped in the debugger');
  });

  it('stops only where a condition holds', () => {
    fresh({ breakpoints: { [BRAIN]: [{ line: 2, condition: 'i == 3' }] } });
    let i: EvaluationResult | string = '';
    session.link.onStop = function* () {
      i = yield* evaluate('i');
    };
    completed(session.run('for i in range(5):\n    print(i)\n'));
    assert.equal(session.link.stops.length, 1);
    assert.deepEqual(i, { result: '3', type: 'int', variablesReference: 0 });
  });

  it('stops each round at a loop body line', () => {
    fresh(breakpoints(3));
    completed(session.run('n = 0\nwhile n < 3:\n    n += 1\n'));
    assert.deepEqual(
      session.link.stops.map((s) => s.line),
      [3, 3, 3],
    );
  });

  it('stops where an uncaught exception is raised, not at a caught one', () => {
    fresh({ exceptions: { caught: false, uncaught: true } });
    let frames: string[] = [];
    session.link.onStop = function* () {
      frames = (yield* stack()).map((f) => `${f.name}:${f.line}`);
    };
    const brain =
      'def check(v):\n    if v > 1:\n        raise ValueError("too big")\n\ntry:\n    check(5)\nexcept ValueError:\n    pass\ncheck(7)\n';
    const result = session.run(brain);
    assert.equal(result.ok, false);
    assert.deepEqual(
      session.link.stops.map((s) => [s.reason, s.line, s.description]),
      [['exception', 3, 'ValueError: too big']],
    );
    assert.deepEqual(frames, ['check:3', '<brain>:9']);
  });

  it('stops at a caught exception when asked to', () => {
    fresh({ exceptions: { caught: true, uncaught: false } });
    completed(session.run('try:\n    int("x")\nexcept TypeError:\n    pass\nexcept ValueError:\n    pass\n'));
    assert.deepEqual(
      session.link.stops.map((s) => [s.reason, s.line]),
      [['exception', 2]],
    );
  });

  it("places breakpoints on the lines where Python's parser has statements", () => {
    const brain = [
      '"""doc"""',
      'import json',
      '',
      '# a comment',
      '@staticmethod',
      'def f(a,',
      '      b):',
      '    global g',
      '    s = f"{a!r:>{b}} {\'x\'}"',
      '    t = """two',
      '    lines"""',
      '    return (s +',
      '            t)',
      'class C:',
      '    k = 1; j = 2',
      'try:',
      '    x = [v for v in',
      '         range(3)]',
      'except Exception:',
      '    pass',
      'else:',
      '    y = 1 \\',
      '        + 2',
      'finally:',
      '    z = 3',
      'match y:',
      '    case 3:',
      '        w = 1',
      '    case _:',
      '        w = 2',
      'if w: q = 1',
      'case = 5',
    ].join('\n');
    assert.deepEqual(statementLines(brain), [1, 2, 6, 9, 10, 12, 14, 15, 16, 17, 20, 22, 25, 26, 28, 30, 31, 32]);
    // The same lines as Python's own parser has statements, but for `global`, which runs no code.
    fresh({});
    const lister = `import ast\nprint(sorted({n.lineno for n in ast.walk(ast.parse(${JSON.stringify(brain)})) if isinstance(n, ast.stmt) and not isinstance(n, ast.Global)}))`;
    completed(session.run(lister));
    assert.deepEqual(session.printed, [JSON.stringify(statementLines(brain)).replaceAll(',', ', ')]);
  });
});
