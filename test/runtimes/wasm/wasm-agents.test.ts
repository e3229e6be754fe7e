// Wasm brains in real agent processes, through the supervisor: the bridge's busy limit and
// deadline stop components (jco cannot interrupt them), traps and bad files fail one iteration,
// and the next iteration works.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { workspace } from '../../supervisor/workspace.ts';
import { guest } from './wasm-engine-fixture.ts';

/** One wasm agent running `brain.wasm` (a copy of `component`), with `runtime` params. */
function wasmWorkspace(component: string, runtime = '', extra = '') {
  const ws = workspace(
    `[runtime.wasm]\nkind = "wasm"\n${runtime}\n\n[agents.brain]\nruntime = "wasm"\nscript = "brain.wasm"\n${extra}`,
    {},
  );
  copyFileSync(guest(component), join(ws.dir, 'brain.wasm'));
  return ws;
}

const errorOf = (result: { kind: string; error?: string }): string => (result.kind === 'failed' ? result.error! : '');

test('a component that computes without calling the host is stopped at its busy limit; the next iteration works', async () => {
  const ws = wasmWorkspace('spin', 'max_busy_ms = 300', '[memory.brain]\nspin = "yes"\n');
  try {
    const spun = await ws.supervisor.step('brain');
    assert.equal(errorOf(spun), 'brain computed for more than 300 ms without calling the host');
    assert.deepEqual(await ws.supervisor.step('brain'), { kind: 'outcome', outcome: 'completed' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a component past its deadline is stopped; the next iteration works', async () => {
  const ws = wasmWorkspace('spin', 'deadline_ms = 300', '[memory.brain]\nspin = "yes"\n');
  try {
    assert.equal(errorOf(await ws.supervisor.step('brain')), 'iteration exceeded its deadline of 300 ms');
    assert.deepEqual(await ws.supervisor.step('brain'), { kind: 'outcome', outcome: 'completed' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a trap fails the iteration in the agent process; the next one completes', async () => {
  const ws = wasmWorkspace('trap', '', '[memory.brain]\ntrap = "yes"\n');
  try {
    const [trapped] = (await ws.supervisor.run()).values();
    assert.equal(errorOf(trapped!), 'the brain trapped: wasm trap: wasm `unreachable` instruction executed');
    assert.deepEqual(await ws.supervisor.step('brain'), { kind: 'outcome', outcome: 'completed' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a file that is not a component fails the check; once replaced by a component, the brain runs', async () => {
  const ws = wasmWorkspace('noop');
  ws.write('brain.wasm', '\0asm\x01\0\0\0');
  try {
    const [refused] = (await ws.supervisor.run()).values();
    assert.match(errorOf(refused!), /brain\.wasm is a core WebAssembly module, not a component/);
    copyFileSync(guest('noop'), join(ws.dir, 'brain.wasm'));
    assert.deepEqual(await ws.supervisor.step('brain'), { kind: 'outcome', outcome: 'completed' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a component of the wrong world is refused with what is missing and what is extra', async () => {
  const ws = wasmWorkspace('wrong-world');
  try {
    const [refused] = (await ws.supervisor.run()).values();
    assert.match(
      errorOf(refused!),
      /does not fit the omw:omw world: its omw:omw\/runtime export lacks check; it imports acme:net\/http, which is outside omw:omw and WASI/,
    );
  } finally {
    ws.supervisor.dispose();
  }
});

test("a js runtime with `interpreter` runs the script's text on that component, found next to the config", async () => {
  // Workspaces are folders right inside the temporary folder, so this relative path holds for each.
  const interpreter = relative(join(tmpdir(), 'workspace'), guest('line-interpreter'));
  const ws = workspace(
    `[runtime.custom]\nkind = "js"\ninterpreter = "${interpreter}"\n\n[agents.brain]\nruntime = "custom"\nscript = "brain.js"\n`,
    { 'brain.js': 'log hello from a custom interpreter\nexit interpreted\n' },
  );
  try {
    const [result] = (await ws.supervisor.run()).values();
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: 'interpreted' } });
    const logged = ws.trace.some(
      (event) => event.type === 'log' && 'message' in event && event.message === 'hello from a custom interpreter',
    );
    assert.ok(logged, 'the log call reached the trace');
  } finally {
    ws.supervisor.dispose();
  }
});

test('loading a component counts against neither the deadline nor the memory cap', async () => {
  const ws = wasmWorkspace(
    'hello',
    // Below the cold transpile (1.5 s on a quiet machine, several under load), with room for the
    // instantiation and the run on a loaded one: at 500 ms a CI run with two test files at once
    // once failed on the instantiation alone.
    'deadline_ms = 1000\nmax_memory_mb = 32',
    '[providers.llm]\nkind = "mock"\nturns = [ { content = "hi" } ]\n',
  );
  // An empty cache: the 12 MB component is transpiled in the agent process, which takes seconds
  // and a few hundred MB.
  const previous = process.env.BRAINBENCH_CACHE_DIR;
  process.env.BRAINBENCH_CACHE_DIR = mkdtempSync(join(tmpdir(), 'brainbench-cold-cache-'));
  try {
    await ws.supervisor.start();
  } finally {
    if (previous === undefined) delete process.env.BRAINBENCH_CACHE_DIR;
    else process.env.BRAINBENCH_CACHE_DIR = previous;
  }
  try {
    const [result] = (await ws.supervisor.run()).values();
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: 'hi' } });
  } finally {
    ws.supervisor.dispose();
  }
});
