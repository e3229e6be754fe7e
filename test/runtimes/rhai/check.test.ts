import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineFixture } from './rhai-engine-fixture.ts';

test('check accepts a valid brain without running it', async () => {
  const fx = await engineFixture();
  assert.deepEqual(fx.engine.check('omw::host::log("info", "hi");', 'brain.rhai'), { ok: true });
  assert.deepEqual(fx.calls, []);
});

test('check reports the first diagnostic with its position', async () => {
  const fx = await engineFixture();
  assert.deepEqual(fx.engine.check('let a = 1;\nlet b = ;', 'brain.rhai'), {
    ok: false,
    error: "Unexpected ';'",
    line: 2,
    column: 9,
  });
});

test('check reports the first of several diagnostics with its own position, and how many there are', async () => {
  const fx = await engineFixture();
  const result = fx.engine.check('let a = ;\nlet b = 1 +;\nfn f() { let c = ; }', 'brain.rhai');
  // Shown as `<error> (line 1, column 9)`: the position must belong to what the message ends with.
  assert.deepEqual(result, { ok: false, error: "3 syntax errors, the first: Unexpected ';'", line: 1, column: 9 });
});

test('run reports a brain that does not parse the way check does', async () => {
  const fx = await engineFixture();
  assert.deepEqual(fx.run('let x = 1;\nlet = 2;'), fx.engine.check('let x = 1;\nlet = 2;', 'brain.rhai'));
});
