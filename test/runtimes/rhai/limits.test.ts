import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineFixture } from './rhai-engine-fixture.ts';

test('a brain that computes past max_busy_ms is stopped, and cannot catch the stop', async () => {
  const fx = await engineFixture({}, { maxBusyMs: 100 });
  const started = performance.now();
  assert.deepEqual(fx.run('try { loop {} } catch (error) { "caught" }'), {
    ok: false,
    error: 'brain computed for more than 100 ms without calling the host',
  });
  assert.ok(performance.now() - started < 1000, 'stopped soon after the limit');
  assert.equal(fx.exitOf('"the next iteration runs normally"'), 'the next iteration runs normally');
});

test('calling the host restarts the busy clock', async () => {
  const fx = await engineFixture({ 'host.time-now': () => Date.now() }, { maxBusyMs: 100 });
  // About 300 ms of computing in total, never 100 ms without a host call.
  const script = `
    for round in 0..6 {
      let start = omw::host::time_now();
      while omw::host::time_now() - start < 50 {}
    }
    "done"
  `;
  assert.equal(fx.exitOf(script), 'done');
});

test('the interrupt flag stops a running brain', async () => {
  const fx = await engineFixture({
    'host.whoami': () => {
      Atomics.store(fx.interrupt, 0, 1);
      return 'alice';
    },
  });
  assert.deepEqual(fx.run('omw::host::whoami(); loop {}'), { ok: false, error: 'iteration interrupted' });
  Atomics.store(fx.interrupt, 0, 0);
  assert.equal(fx.exitOf('omw::host::whoami(); "no loop"'), 'no loop');
});

test('one runaway string or array hits the memory cap before it can take the thread down', async () => {
  const fx = await engineFixture({}, { maxMemoryBytes: 2 ** 20 });
  assert.deepEqual(fx.run('let s = "x"; loop { s += s; }'), {
    ok: false,
    error: 'brain exceeded its memory cap of 1 MiB: Length of string too large',
  });
  assert.deepEqual(fx.run('let a = [0]; loop { a += a; }'), {
    ok: false,
    error: 'brain exceeded its memory cap of 1 MiB: Size of array too large',
  });
});

test('max_stack_kb scales the call depth: 8 KiB of stack per call level', async () => {
  const recurse = 'fn depth(n) { if n == 0 { 0 } else { 1 + depth(n - 1) } }\n';
  const fx = await engineFixture({}, { maxStackBytes: 128 * 1024 });
  assert.equal(fx.exitOf(`${recurse}depth(15)`), '15');
  assert.match(fx.failureOf(`${recurse}depth(16)`).error, /Stack overflow/);
});

test('the runtime sets the language limits it names; hitting one is the script error, not the memory cap', async () => {
  const fx = await engineFixture({}, {}, { max_operations: 500, max_array_size: 3, max_call_levels: 4 });
  const operations = fx.run('let x = 0; loop { x += 1; }');
  assert.equal(operations.ok, false);
  assert.match(operations.ok ? '' : operations.error, /Too many operations/);
  const array = fx.run('let a = [1, 2]; a.push(3); a.push(4); a');
  assert.match(array.ok ? '' : array.error, /Size of array too large/);
  assert.doesNotMatch(array.ok ? '' : array.error, /memory cap/);
  const calls = fx.run('fn down(n) { if n > 0 { down(n - 1) } else { 0 } } down(10)');
  assert.match(calls.ok ? '' : calls.error, /Stack overflow/);
  assert.equal(fx.exitOf('fn down(n) { if n > 0 { down(n - 1) } else { "ok" } } down(2)'), 'ok');
});

test('a size limit the runtime does not name is still the memory cap', async () => {
  const fx = await engineFixture({}, { maxMemoryBytes: 2 ** 20 }, { max_array_size: 1000 });
  const text = fx.run('let s = "x"; loop { s += s; }');
  assert.match(text.ok ? '' : text.error, /^brain exceeded its memory cap of 1 MiB: Length of string too large/);
});
