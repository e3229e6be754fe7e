// The engine stops brains that compute too long, use too much memory, recurse too deep or are
// interrupted, reports which limit was hit, and stays usable afterwards.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { engineFixture, type EngineFixture } from './js-engine-fixture.ts';

/** Blocks the thread like a host call answered over the bridge. */
const blockFor = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const FINE = { ok: true, outcome: { exited: 'fine' } };

describe('busy limit', () => {
  let brain: EngineFixture;
  before(async () => {
    brain = await engineFixture({ 'host.sleep-for': (ms: number) => blockFor(ms) }, { maxBusyMs: 200 });
  });
  after(() => brain.engine.dispose());
  beforeEach(() => brain.settle());

  it('stops a tight loop promptly and says so', () => {
    const started = performance.now();
    const result = brain.run('let n = 0;\nwhile (true) { n++; }');
    const elapsed = performance.now() - started;
    assert.deepEqual(result, { ok: false, error: 'brain computed for more than 200 ms without calling the host' });
    assert.ok(elapsed >= 200 && elapsed < 1000, `stopped after ${elapsed} ms`);
    assert.deepEqual(brain.run('"fine"'), FINE);
  });

  it('stops a loop even when the script catches everything', () => {
    const result = brain.run('for (;;) { try { while (true) {} } catch (e) {} }');
    assert.equal(!result.ok && result.error, 'brain computed for more than 200 ms without calling the host');
  });

  it('does not count time spent inside host calls, and restarts the clock when they return', () => {
    const result = brain.run(`
      for (let i = 0; i < 3; i++) {
        omw.host.sleepFor(150);
        const until = Date.now() + 100;
        while (Date.now() < until) {}
      }
      "fine"`);
    assert.deepEqual(result, FINE);
  });
});

describe('memory cap', () => {
  let brain: EngineFixture;
  before(async () => {
    brain = await engineFixture({}, { maxMemoryBytes: 32 * 2 ** 20, maxBusyMs: 10_000 });
  });
  after(() => brain.engine.dispose());
  beforeEach(() => brain.settle());

  const allocationLoop = 'const kept = [];\nwhile (true) kept.push("x".repeat(1000) + kept.length);';

  it('stops an allocation loop, says so, and replaces the module so the memory is released', async () => {
    assert.deepEqual(brain.run(allocationLoop), { ok: false, error: 'brain exceeded its memory cap of 32 MiB' });
    // The next run gets a fresh module; with the old one's memory it would hit the cap at once.
    const allocateSome = 'const a = []; for (let i = 0; i < 10000; i++) a.push("y".repeat(100)); "fine"';
    assert.deepEqual(brain.run(allocateSome), FINE);
    // Again, once the replacement's own spare has loaded in the background.
    assert.deepEqual(brain.run(allocationLoop), { ok: false, error: 'brain exceeded its memory cap of 32 MiB' });
    await brain.settle();
    assert.deepEqual(brain.run(allocateSome), FINE);
  });

  it('holds the cap against loops of large allocations, which QuickJS polls rarely', () => {
    const started = performance.now();
    assert.deepEqual(brain.run('const kept = [];\nfor (;;) kept.push("x".repeat(1e6) + kept.length);'), {
      ok: false,
      error: 'brain exceeded its memory cap of 32 MiB',
    });
    // Checking only at interrupt polls, this ran for seconds and grew the heap to gigabytes.
    assert.ok(performance.now() - started < 3000);
  });

  it('refuses a single allocation above the cap with a catchable error', () => {
    assert.deepEqual(brain.run('try { new ArrayBuffer(64 * 2 ** 20); "allocated" } catch (e) { String(e) }'), {
      ok: true,
      outcome: { exited: 'InternalError: out of memory' },
    });
  });
});

describe('stack limit', () => {
  let brain: EngineFixture;
  before(async () => {
    brain = await engineFixture({}, { maxStackBytes: 256 * 1024 });
  });
  after(() => brain.engine.dispose());
  beforeEach(() => brain.settle());

  it('turns runaway recursion into a clean error', () => {
    assert.deepEqual(brain.run('function down(n) { return down(n + 1) + 1; }\ndown(0)'), {
      ok: false,
      error: 'InternalError: stack overflow',
      line: 1,
      column: 31,
    });
    assert.deepEqual(brain.run('"fine"'), FINE);
  });

  it('lets the brain catch a stack overflow', () => {
    assert.deepEqual(brain.run('function down() { return down() + 1; }\ntry { down() } catch (e) { e.message }'), {
      ok: true,
      outcome: { exited: 'stack overflow' },
    });
  });
});

describe('interrupt flag', () => {
  let brain: EngineFixture;
  before(async () => {
    brain = await engineFixture({
      'host.log': () => {
        Atomics.store(brain.interrupt, 0, 1);
      },
    });
  });
  after(() => brain.engine.dispose());
  beforeEach(() => brain.settle());

  it('stops the brain when the bridge sets it, uncatchably', () => {
    assert.deepEqual(
      brain.run('omw.host.log("info", "stop me");\ntry { while (true) {} } catch (e) {}\n"unreachable"'),
      {
        ok: false,
        error: 'iteration interrupted',
      },
    );
    Atomics.store(brain.interrupt, 0, 0);
    assert.deepEqual(brain.run('"fine"'), FINE);
  });
});

describe('failures of the host itself', () => {
  let brain: EngineFixture;
  before(async () => {
    brain = await engineFixture({
      'host.recv': () => {
        throw new Error('bridge closed');
      },
    });
  });
  after(() => brain.engine.dispose());
  beforeEach(() => brain.settle());

  it('fail the iteration even when the script catches them', () => {
    assert.deepEqual(brain.run('try { omw.host.recv() } catch (e) {}\n"carried on"'), {
      ok: false,
      error: 'host call host.recv failed: Error: bridge closed',
    });
    assert.deepEqual(brain.run('"fine"'), FINE);
  });
});

describe('module replacement', () => {
  const leaveJobAndFail = 'Promise.resolve().then(() => omw.host.log("info", "leftover"));\nthrow new Error("failed")';

  it('drops the jobs a failed iteration left queued instead of running them in the next one', async () => {
    const brain = await engineFixture();
    assert.deepEqual(brain.run(leaveJobAndFail), { ok: false, error: 'Error: failed', line: 2, column: 16 });
    assert.deepEqual(brain.run('"fine"'), FINE);
    assert.deepEqual(brain.calls, []);
    brain.engine.dispose();
  });

  it('stops an endless promise chain and leaves nothing behind', async () => {
    const brain = await engineFixture({}, { maxBusyMs: 100 });
    assert.deepEqual(brain.run('function again() { return Promise.resolve().then(again); }\nagain(); "queued"'), {
      ok: false,
      error: 'brain computed for more than 100 ms without calling the host',
    });
    assert.deepEqual(brain.run('"fine"'), FINE);
    brain.engine.dispose();
  });

  it('says so when failures outpace the background load of a fresh module, then recovers', async () => {
    const brain = await engineFixture();
    brain.run(leaveJobAndFail); // switches to the spare loaded at creation
    brain.run(leaveJobAndFail); // the next spare is still loading
    assert.deepEqual(brain.run('"fine"'), {
      ok: false,
      error: 'the js engine is still loading a fresh QuickJS module after a failure',
    });
    await brain.settle();
    assert.deepEqual(brain.run('"fine"'), FINE);
    brain.engine.dispose();
  });
});
