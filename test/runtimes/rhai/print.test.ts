import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEngine } from '../../../main/runtimes/rhai/rhai-engine.ts';
import { DEFAULT_LIMITS, engineFixture } from './rhai-engine-fixture.ts';

test('print and debug go to the engine print callback', async () => {
  const fx = await engineFixture();
  fx.run('print("hello"); print(#{ a: 1 }); debug("quoted"); print(`n=${40 + 2}`);');
  assert.deepEqual(fx.printed, ['hello', '#{"a": 1}', '"quoted"', 'n=42']);
});

test('time spent printing is host time, not computing time', async () => {
  const blockFor = (ms: number): void => {
    const until = Date.now() + ms;
    while (Date.now() < until);
  };
  const engine = await createEngine(
    {
      hostCall: () => undefined,
      limits: { ...DEFAULT_LIMITS, maxBusyMs: 100 },
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      // The bridge posts print output like a host call; a slow one must not count against the brain.
      print: () => blockFor(60),
    },
    {},
  );
  assert.deepEqual(engine.run('for i in 0..5 { print(i); }', 'brain.rhai'), { ok: true, outcome: 'completed' });
});
