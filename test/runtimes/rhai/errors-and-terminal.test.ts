import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HostCallError } from '../../../main/host-api/host-call-error.ts';
import { engineFixture } from './rhai-engine-fixture.ts';

test('host errors are catchable; the catch sees the host message', async () => {
  const fx = await engineFixture({
    'host.wait-until': () => {
      throw new HostCallError('timestamp must be in the future');
    },
  });
  assert.equal(
    fx.exitOf('let why = ""; try { omw::host::wait_until(1); } catch (error) { why = error; } `caught: ${why}`'),
    'caught: timestamp must be in the future',
  );
});

test('an uncaught host error fails the iteration with its message and position', async () => {
  const fx = await engineFixture({
    'host.recv': () => {
      throw new HostCallError('agent stopped');
    },
  });
  assert.deepEqual(fx.failureOf('let x = 1;\n  let e = omw::host::recv();'), {
    error: 'Runtime error: agent stopped',
    line: 2,
    column: 11,
  });
});

test('a failure inside a function reports where it happened, not the call site', async () => {
  const fx = await engineFixture();
  const failure = fx.failureOf('fn inner() {\n  throw "boom";\n}\ninner();');
  assert.equal(failure.line, 2);
  assert.match(failure.error, /Error in call to function 'inner'.*boom/);
});

test('a Brainbench failure inside a host call fails the iteration even when the script catches it', async () => {
  const fx = await engineFixture({
    'host.whoami': () => {
      throw new TypeError('bridge broke');
    },
  });
  assert.equal(
    fx.failureOf('try { omw::host::whoami() } catch (error) { "swallowed" }').error,
    'host call host.whoami failed: TypeError: bridge broke',
  );
});

test('terminal rule: unit completes, anything else exits with its display string', async () => {
  const fx = await engineFixture({ 'host.whoami': () => 'alice' });
  assert.deepEqual(fx.run('omw::host::log("info", "done")'), { ok: true, outcome: 'completed' });
  assert.deepEqual(fx.run('let x = 1;'), { ok: true, outcome: 'completed' });
  assert.deepEqual(fx.run(''), { ok: true, outcome: 'completed' });
  assert.equal(fx.exitOf('omw::host::whoami()'), 'alice');
  assert.equal(fx.exitOf('1 + 2'), '3');
  assert.equal(fx.exitOf('[1, "a"]'), '[1, "a"]');
  assert.equal(fx.exitOf('2.0 * 3'), '6.0');
  assert.equal(fx.exitOf('true'), 'true');
});

test('exit ends the script early, with the terminal rule applied to its value', async () => {
  const fx = await engineFixture();
  assert.equal(fx.exitOf('fn stop() { exit("early") }\nstop();\n"late"'), 'early');
  assert.deepEqual(fx.run('exit(); "late"'), { ok: true, outcome: 'completed' });
});

test('state does not carry over between iterations', async () => {
  const fx = await engineFixture();
  assert.equal(fx.exitOf('let n = 1; n'), '1');
  assert.equal(fx.exitOf('is_def_var("n")'), 'false');
});
