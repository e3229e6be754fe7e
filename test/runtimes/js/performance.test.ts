// An iteration builds a fresh QuickJS context and the omw binding; this guards against that
// growing expensive (e.g. a module per iteration, which costs milliseconds).

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { engineFixture, type EngineFixture } from './js-engine-fixture.ts';

let brain: EngineFixture;
before(async () => {
  brain = await engineFixture({ 'host.time-now': () => 1 });
});
after(() => brain.engine.dispose());

/** Mean milliseconds per run in the quickest of several rounds, so a busy machine skews it less. */
const bestMeanMs = (script: string): number => {
  const rounds = Array.from({ length: 10 }, () => {
    const started = performance.now();
    for (let i = 0; i < 50; i++) brain.run(script);
    return (performance.now() - started) / 50;
  });
  return Math.min(...rounds);
};

it('runs an empty iteration in well under a millisecond', (t) => {
  const empty = bestMeanMs('');
  const withCalls = bestMeanMs('omw.host.timeNow(); omw.provider.get("p").name');
  t.diagnostic(
    `empty iteration ${(empty * 1000).toFixed(0)} µs, with 2 host calls ${(withCalls * 1000).toFixed(0)} µs`,
  );
  assert.ok(empty < 1, `empty iteration took ${empty} ms`);
});
