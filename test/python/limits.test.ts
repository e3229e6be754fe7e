import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deadlineMessage, INTERRUPT_REASON } from '../../main/runtimes/engine.ts';
import { pythonEngineFixture, type EngineFixture } from './python-engine-fixture.ts';

let fixture: EngineFixture;
let interruptAfter: { calls: number; reason: number } | undefined;
before(async () => {
  fixture = await pythonEngineFixture(
    {
      // The bridge's side of an interrupt: it sets the flag while the brain computes.
      'host.time-now': () => {
        if (interruptAfter && --interruptAfter.calls === 0) Atomics.store(fixture.interrupt, 0, interruptAfter.reason);
        return 0;
      },
    },
    { maxBusyMs: 600, maxMemoryBytes: 48 * 2 ** 20, deadlineMs: 1000 },
  );
});
after(() => fixture.engine.dispose());

const interruptedBy = (reason: number): void => {
  interruptAfter = { calls: 1, reason };
};
const clearInterrupt = (): void => {
  interruptAfter = undefined;
  Atomics.store(fixture.interrupt, 0, 0);
};

test('a brain that computes past the busy limit is stopped, even one that catches KeyboardInterrupt', () => {
  const busy = 'brain computed for more than 600 ms without calling the host';
  assert.deepEqual(fixture.failureOf('while True:\n    pass\n'), { error: busy });
  const stubborn = 'for _ in range(3):\n    try:\n        while True: pass\n    except BaseException:\n        pass\n';
  assert.deepEqual(fixture.failureOf(stubborn), { error: busy });
  assert.equal(fixture.exitOf('"next iteration runs"'), 'next iteration runs');
});

test('host calls reset the busy clock', () => {
  const script = 'import time\nend = time.time() + 0.5\nwhile time.time() < end:\n    omw.host.time_now()\n"done"';
  assert.deepEqual(fixture.run(script.replace('"done"', '')), { ok: true, outcome: 'completed' });
});

test("the bridge's interrupt flag stops the brain with the stop's or the deadline's message", () => {
  try {
    interruptedBy(INTERRUPT_REASON.stop);
    assert.deepEqual(fixture.failureOf('omw.host.time_now()\nwhile True: pass\n'), { error: 'iteration interrupted' });
    clearInterrupt();
    interruptedBy(INTERRUPT_REASON.deadline);
    assert.deepEqual(fixture.failureOf('omw.host.time_now()\nwhile True: pass\n'), { error: deadlineMessage(1000) });
  } finally {
    clearInterrupt();
  }
  assert.equal(fixture.exitOf('1'), '1');
});

test('the memory cap fails the iteration even when the brain catches MemoryError, and the next runs', () => {
  const hog =
    'keep = []\ntry:\n    while True:\n        keep.append(bytearray(4 << 20))\nexcept MemoryError:\n    keep = None\n';
  assert.deepEqual(fixture.failureOf(hog), { error: 'brain exceeded its memory cap of 48 MiB' });
  assert.equal(fixture.exitOf('len(bytearray(8 << 20))'), String(8 << 20));
});

test("Python's recursion limit is an error with the line; a recursion through C that outruns the stack reloads the interpreter", async () => {
  assert.deepEqual(fixture.failureOf('def down(n):\n    return down(n + 1)\n\ndown(0)\n'), {
    error: 'RecursionError: maximum recursion depth exceeded',
    line: 2,
    column: 12,
  });
  const throughC =
    'import sys\nsys.setrecursionlimit(10 ** 6)\nclass Deep:\n    def __repr__(self):\n        return repr(Deep())\nrepr(Deep())\n';
  assert.deepEqual(fixture.failureOf(throughC), {
    error: "RecursionError: maximum recursion depth exceeded (the engine thread's stack)",
  });
  assert.equal(await fixture.engine.load?.('', 'brain.py'), true);
  assert.equal(fixture.exitOf('"fresh interpreter"'), 'fresh interpreter');
});
