// The python debugger watches the brain through sys.monitoring: attached with no breakpoint it
// costs next to nothing, and it can attach in the middle of an iteration (a pause pressed while
// the brain computes), where the frames entered before it show their locals.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ScopeInfo, VariableInfo } from '../../main/runtimes/debug/debug-protocol.ts';
import type { Engine } from '../../main/runtimes/engine.ts';
import { createEngine } from '../../main/runtimes/python/python-engine.ts';
import { body, completed, debugSession, stack, type Ask, type DebugSession } from '../rhai/debug-session.ts';

const BRAIN = '/agents/a/brain.py';

function* locals(frameId: number): Ask<string[]> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const found = scopes.find((s) => s.name === 'Locals')!;
  const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: found.variablesReference });
  return values.map((v) => `${v.name}=${v.value}`);
}

const CALLS = `def square(x):
    return x * x

def add(a, b):
    return a + b

total = 0
for i in range(30000):
    total = add(total, square(i % 100))
print(total)
`;

const NESTED = `def inner(k):
    total = 0
    for i in range(3000000):
        total += i
    return total

def outer(a):
    b = a * 2
    return inner(b)

print(outer(21))
`;

describe('the python debugger, watching through sys.monitoring', () => {
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

  it('costs little while attached with no breakpoint (sys.settrace cost about 30x and more)', () => {
    session.configure({ attach: true });
    const cpu = (run: () => void): number => {
      const started = process.cpuUsage();
      run();
      const { user, system } = process.cpuUsage(started);
      return user + system;
    };
    const ratios: number[] = [];
    for (let round = 0; round < 7; round++) {
      const unattached = cpu(() => assert.equal(plain.run(CALLS, BRAIN).ok, true));
      const attached = cpu(() => completed(session.run(CALLS)));
      if (round > 0) ratios.push(attached / unattached);
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[ratios.length >> 1]!;
    // The target is 1.5x; the bound is generous for a loaded machine, and far under settrace's.
    assert.ok(median < 5, `attached / unattached = ${median.toFixed(2)}x`);
    assert.deepEqual(session.link.stops, []);
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
    assert.deepEqual(frames.slice(1), ['outer:9', '<brain>:11']);
    assert.match(frames[0]!, /^inner:[34]$/);
    assert.deepEqual(outer, ['a=21', 'b=42']);
    assert.deepEqual(
      inner.map((text) => text.split('=')[0]),
      ['k', 'total', 'i'],
    );
    assert.deepEqual(session.printed, [String((3000000 * 2999999) / 2)]);
  });
});
