// The JavaScript debugger attached with nothing to stop at: functions that run straight through
// take their fast copies, so call-heavy code costs little, yet a pause still stops in the next
// call. And arrows with an expression body are frames like any other: a step goes into them.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ScopeInfo, VariableInfo } from '../../../main/runtimes/debug/debug-protocol.ts';
import type { Engine } from '../../../main/runtimes/engine.ts';
import { createEngine } from '../../../main/runtimes/js/js-engine.ts';
import {
  body,
  breakpointsIn,
  debugSession,
  stack,
  stepping,
  type Ask,
  type DebugSession,
} from '../../rhai/debug-session.ts';

const BRAIN = '/agents/a/brain.js';

function* locals(frameId: number): Ask<string[]> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const found = scopes.find((s) => s.name === 'Locals');
  if (!found) return [];
  const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: found.variablesReference });
  return values.map((v) => `${v.name}=${v.value}`);
}

const FIB = `function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
print(fib(24));
`;

const ARROW = `const inc = x =>
  x + 1;
const twice = (f) => (v) => f(f(v));
const y = inc(2);
print(twice(inc)(y));
`;

describe('the js debugger, attached with nothing to stop at', () => {
  let session: DebugSession;
  let plain: Engine;
  before(async () => {
    session = await debugSession({}, () => undefined, { create: createEngine, brain: BRAIN });
    plain = await createEngine(
      {
        hostCall: () => undefined,
        limits: { maxBusyMs: 5_000, maxMemoryBytes: 64 * 2 ** 20, maxStackBytes: 512 * 1024 },
        interrupt: new Int32Array(new SharedArrayBuffer(4)),
        print: () => undefined,
      },
      {},
    );
  });
  after(() => {
    session.engine.dispose();
    plain.dispose();
  });
  const reset = (): void => {
    session.printed.length = 0;
    session.link.stops.length = 0;
  };

  it('costs little on call-heavy code (each call counted, hooked and caught cost 3x)', () => {
    reset();
    session.configure({ attach: true });
    const cpu = (run: () => void): number => {
      const started = process.cpuUsage();
      run();
      const { user, system } = process.cpuUsage(started);
      return user + system;
    };
    const ratios: number[] = [];
    for (let round = 0; round < 9; round++) {
      const unattached = cpu(() => assert.equal(plain.run(FIB, BRAIN).ok, true));
      const attached = cpu(() => assert.equal(session.run(FIB).ok, true));
      if (round > 0) ratios.push(attached / unattached);
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[ratios.length >> 1]!;
    // The target is 2x (the bench measures it); the bound leaves room for a loaded machine.
    assert.ok(median < 2.5, `attached / unattached = ${median.toFixed(2)}x`);
    assert.deepEqual(session.link.stops, []);
  });

  it('still stops at a pause that comes while fast calls run, in the next call', () => {
    reset();
    session.configure({ attach: true });
    let frames: string[] = [];
    let inner: string[] = [];
    session.link.onStop = function* () {
      frames = (yield* stack()).map((f) => `${f.name}:${f.line}`);
      inner = yield* locals(1);
    };
    session.link.pauseAfter(3);
    assert.equal(session.run(FIB).ok, true);
    assert.deepEqual(
      session.link.stops.map((s) => s.reason),
      ['pause'],
    );
    assert.match(frames[0]!, /^fib:[23]$/);
    assert.equal(frames.at(-1), '<brain>:5');
    // Frames still in their fast copy show where they are, mapped back from the copy's one line.
    assert.ok(
      frames.slice(1, -1).every((f) => f === 'fib:3'),
      frames.join(' '),
    );
    assert.match(inner[0]!, /^n=\d+$/);
    assert.deepEqual(session.printed, ['46368']);
  });

  it('reports an error thrown in a fast copy at its own line and column', () => {
    reset();
    session.configure({ attach: true });
    const src = `function half(n) {
  // a comment, then a throw on the next line
  if (n % 2) throw new RangeError("odd: " + n);
  return n / 2;
}
half(4) + half(3);
`;
    const expected = plain.run(src, BRAIN);
    assert.deepEqual(expected, { ok: false, error: 'RangeError: odd: 3', line: 3, column: 34 });
    assert.deepEqual(session.run(src), expected);
  });
});

describe('the js debugger in arrows with an expression body', () => {
  let session: DebugSession;
  before(async () => {
    session = await debugSession({}, () => undefined, { create: createEngine, brain: BRAIN });
  });
  after(() => session.engine.dispose());

  it('steps into the arrow, shows it on the stack with its parameter as a local', () => {
    session.link.stops.length = 0;
    session.printed.length = 0;
    session.configure(breakpointsIn(BRAIN, 4));
    const seen: string[][] = [];
    let local: string[] = [];
    stepping(session, ['step-in', 'step-in', 'step-in', 'step-in'], seen);
    const frames = session.link.onStop;
    session.link.onStop = function* (stop, index) {
      if (index === 1) local = yield* locals(1);
      yield* frames(stop, index);
    };
    assert.equal(session.run(ARROW).ok, true);
    assert.deepEqual(seen.slice(0, 4), [
      ['<brain>:4'],
      ['inc:2', '<brain>:4'],
      ['<brain>:5'],
      ['twice:3', '<brain>:5'],
    ]);
    assert.deepEqual(local, ['x=2']);
    assert.deepEqual(session.printed, ['5']);
  });

  it('hits a breakpoint on the arrow expression line at every call', () => {
    session.link.stops.length = 0;
    session.configure(breakpointsIn(BRAIN, 2));
    const seen: string[][] = [];
    stepping(session, [], seen);
    assert.equal(session.run(ARROW).ok, true);
    assert.deepEqual(
      session.link.stops.map((s) => `${s.reason} ${s.line}:${s.column}`),
      ['breakpoint 2:3', 'breakpoint 2:3', 'breakpoint 2:3'],
    );
    assert.deepEqual(seen[1]!.slice(0, 2), ['inc:2', '<anonymous>:3']);
  });
});
