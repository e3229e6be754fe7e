import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { HostCallError } from '../../../main/host-api/host-call-error.ts';
import { guest, wasmFixture } from './wasm-engine-fixture.ts';

const chatAnswer = () => ({
  content: 'Hello, Alice!',
  tool_calls: [],
  finish_reason: 'stop',
  usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
});

test('a component that returns none completes; its kind is what it reports', async () => {
  const { run, engine } = wasmFixture();
  assert.deepEqual(await run(guest('noop')), { ok: true, outcome: 'completed' });
  assert.equal(engine.kind(), 'noop');
});

test('host calls carry canonical values in and jco values out: a blocking chat', async () => {
  const { run, calls } = wasmFixture({
    table: { 'provider.get': (name: string) => name, 'provider.chat': chatAnswer },
  });
  assert.deepEqual(await run(guest('hello')), { ok: true, outcome: { exited: 'Hello, Alice!' } });
  assert.deepEqual(
    calls.map(({ op, args }) => [op, args]),
    [
      ['provider.get', ['llm']],
      ['provider.chat', ['llm', 'mock-model', [{ role: 'user', content: 'Say hello to Alice' }], [], undefined]],
      ['host.memory-set', ['greeting', 'Hello, Alice!']],
      ['host.log', ['info', 'used 8 tokens, finish reason stop']],
    ],
  );
});

test("a host call's err reaches the guest as its error; the guest's err fails the iteration with its text", async () => {
  const { run } = wasmFixture({
    table: {
      'provider.get': (name: string) => {
        throw new HostCallError(`no such provider "${name}"`);
      },
    },
  });
  const result = await run(guest('hello'));
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.error, /no such provider "llm"/);
});

test('a trap fails the iteration with the trap; the next iteration runs on a fresh instance', async () => {
  let armed = true;
  const { run } = wasmFixture({
    table: {
      'host.memory-remove': () => {
        const was = armed;
        armed = false;
        return was;
      },
    },
  });
  assert.deepEqual(await run(guest('trap')), {
    ok: false,
    error: 'the brain trapped: wasm trap: wasm `unreachable` instruction executed',
  });
  assert.deepEqual(await run(guest('trap')), { ok: true, outcome: 'completed' });
});

test('a host failure the guest cannot be told about ends the iteration, and the engine recovers', async () => {
  let fail = true;
  const { run } = wasmFixture({
    table: {
      'host.time-now': () => {
        if (fail) throw new HostCallError('agent stopped');
        return Date.now();
      },
    },
  });
  assert.deepEqual(await run(guest('host-calls')), { ok: false, error: 'agent stopped' });
  fail = false;
  assert.deepEqual(await run(guest('host-calls')), { ok: true, outcome: 'completed' });
});

test('linear memory beyond the cap fails the iteration, saying where it started', async () => {
  const { run } = wasmFixture({
    limits: { maxMemoryBytes: 2 ** 20 },
    table: { 'provider.get': (name: string) => name, 'provider.chat': chatAnswer },
  });
  const result = await run(guest('hello'));
  assert.match(
    result.ok ? '' : result.error,
    /^brain exceeded its memory cap of 1 MiB: its memory starts at [\d.]+ MiB$/,
  );
});

test('an interpreter component receives the script text for check and run', async () => {
  const { run, check, calls } = wasmFixture({ interpreter: guest('line-interpreter') });
  assert.deepEqual(await check('brain.js', 'launch rockets\n'), {
    ok: false,
    error: 'line 1: unknown command "launch"',
  });
  assert.deepEqual(await run('brain.js', '# greet\nlog hello there\nexit done\n'), {
    ok: true,
    outcome: { exited: 'done' },
  });
  assert.deepEqual(calls, [{ op: 'host.log', args: ['info', 'hello there'] }]);
  assert.deepEqual(await run('brain.js', 'fail on purpose\n'), { ok: false, error: 'on purpose' });
  assert.deepEqual(await run('brain.js', 'exit still healthy\n'), { ok: true, outcome: { exited: 'still healthy' } });
});

test('a missing component fails with its path; once it is there, it runs', async () => {
  const { run } = wasmFixture();
  const missing = join(mkdtempSync(join(tmpdir(), 'brainbench-missing-')), 'brain.wasm');
  const result = await run(missing);
  assert.match(result.ok ? '' : result.error, new RegExp(`^cannot read component ${missing}: ENOENT`));
  copyFileSync(guest('noop'), missing);
  assert.deepEqual(await run(missing), { ok: true, outcome: 'completed' });
});
