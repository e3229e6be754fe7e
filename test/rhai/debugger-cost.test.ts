// The Rhai debugger attached with no breakpoint: the brain's calls run as they do without a
// debugger (frames are kept for the stack, nothing more), and a debugger that attaches in the
// middle of an iteration (a pause pressed while the brain computes) sees every frame entered
// before it, with its locals.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ScopeInfo, VariableInfo } from '../../main/runtimes/debug/debug-protocol.ts';
import { body, completed, debugSession, stack, type Ask, type DebugSession } from './debug-session.ts';

function* locals(frameId: number): Ask<string[]> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const found = scopes.find((s) => s.name === 'Locals')!;
  const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: found.variablesReference });
  return values.map((v) => `${v.name}=${v.value}`);
}

const CALLS = `fn square(x) {
  x * x
}
fn add(a, b) {
  a + b
}
let total = 0;
for i in 0..100000 {
  total = add(total, square(i % 100));
  if total > 1000000 {
    total = total % 1000;
  }
}
print(total);
`;

const NESTED = `fn inner(k) {
  let total = 0;
  for i in 0..3000000 {
    total += i;
  }
  total
}
fn outer(a) {
  let b = a * 2;
  inner(b)
}
print(outer(21));
`;

describe('the Rhai debugger, attached with no breakpoint and attaching mid-iteration', () => {
  let session: DebugSession;
  before(async () => {
    session = await debugSession();
  });
  after(() => {
    session.engine.dispose();
  });

  // What it costs in time is measured in `npm run bench` (debugger-cost suite), not here: a
  // timing bound is flaky on a loaded machine. This counts what made it cost: a question to the
  // debugger at every call.
  it('asks the debugger nothing per call on a loop calling small functions (it asked 200,000 times)', () => {
    session.configure({ attach: true });
    const debug = session.debug;
    const asked = debug.breakpointLines.bind(debug);
    let questions = 0;
    debug.breakpointLines = (source) => {
      questions++;
      return asked(source);
    };
    try {
      completed(session.run(CALLS));
    } finally {
      debug.breakpointLines = asked;
    }
    assert.equal(questions, 0);
    assert.deepEqual(session.link.stops, []);
  });

  it('stops on entry with no breakpoint, though nothing else needs a statement hooked', () => {
    session.configure({ attach: true, stopOnEntry: true });
    session.link.stops.length = 0;
    let frames: string[] = [];
    session.link.onStop = function* () {
      frames = (yield* stack()).map((f) => `${f.name}:${f.line}`);
    };
    completed(session.run(CALLS));
    assert.deepEqual(
      session.link.stops.map((s) => s.reason),
      ['entry'],
    );
    assert.deepEqual(frames, ['<brain>:7']);
  });

  it('attaches mid-iteration: a pause stops in the nested call, the outer frames show their locals', () => {
    session.configure({});
    session.printed.length = 0;
    session.link.stops.length = 0;
    let frames: string[] = [];
    let outer: string[] = [];
    let inner: string[] = [];
    session.link.onStop = function* () {
      frames = (yield* stack()).map((f) => `${f.name}:${f.line}`);
      inner = yield* locals(1);
      outer = yield* locals(2);
    };
    // Not attached as the iteration starts: the pause arrives while `inner` loops.
    session.link.pauseAfter(20);
    completed(session.run(NESTED));
    assert.deepEqual(
      session.link.stops.map((s) => s.reason),
      ['pause'],
    );
    assert.deepEqual(frames.slice(1), ['outer:10', '<brain>:12']);
    assert.match(frames[0]!, /^inner:[34]$/);
    assert.deepEqual(outer, ['a=21', 'b=42']);
    assert.deepEqual(
      inner.map((text) => text.split('=')[0]),
      ['k', 'total', 'i'],
    );
    assert.deepEqual(session.printed, [String((3000000 * 2999999) / 2)]);
  });
});
