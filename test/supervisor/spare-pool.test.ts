// Warm spare agent processes (docs/architecture.md, "Warm spare processes"): an agent starts from
// a process started ahead, the spare is replaced, none outlives its pool or its host, and an agent
// on a spare behaves as a cold one. Real agent processes throughout.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { SparePool } from '../../main/supervisor/spare-pool.ts';
import { Supervisor } from '../../main/supervisor/supervisor.ts';

const BRAINS = {
  // Prints, then computes past its busy limit: the limit and the output both come from the init.
  'spin.js': 'print("spinning"); for (;;) {}\n',
  'hello.js': 'print("hello");\nundefined;\n',
};
const CONFIG = `[runtime.js]\nkind = "js"\nmax_busy_ms = 200\nmax_memory_mb = 64\n
[runtime.big]\nkind = "js"\nmax_busy_ms = 200\nmax_memory_mb = 96\n
[agents.spin]\nruntime = "js"\nscript = "spin.js"\n
[agents.hello]\nruntime = "js"\nscript = "hello.js"\n
[agents.roomy]\nruntime = "big"\nscript = "hello.js"\n`;

function supervisor(spares?: SparePool): { supervisor: Supervisor; prints: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-spares-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  for (const [name, text] of Object.entries(BRAINS)) writeFileSync(join(dir, name), text);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const prints: string[] = [];
  host.trace.subscribe((event) => {
    if (event.type === 'log' && event.level === 'print') prints.push(`${event.agent}: ${event.message}`);
  });
  return { supervisor: new Supervisor(host, { spawner: forkSpawner, entry: agentEntry(), spares }), prints };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pool = () => new SparePool({ spawner: forkSpawner, entry: agentEntry(), perKind: 1 });

test('an agent restarts on the spare started ahead; the spare is replaced, and all die with the pool', async () => {
  const spares = pool();
  const { supervisor: sup, prints } = supervisor(spares);
  const hello = sup.runner('hello').process;
  const everyPid = new Set<number>();
  try {
    await hello.start();
    // Its first start found no spare (cold) and asked for one for its kind.
    await until('a spare is warmed', () => spares.pids({ warmed: true }).length === 1);
    const [spare] = spares.pids();
    everyPid.add(hello.pid!);
    hello.kill();
    await hello.start();
    assert.equal(hello.pid, spare, 'the restarted agent runs in the spare process');
    assert.equal(spares.stats.taken, 1);
    assert.deepEqual(await sup.step('hello'), { kind: 'outcome', outcome: 'completed' });
    await until('a print arrives', () => prints.length > 0);
    assert.deepEqual(prints, ['hello: hello']);
    await until('the spare is replaced', () => spares.pids().length === 1 && spares.pids()[0] !== spare);
    for (const pid of [hello.pid!, ...spares.pids()]) everyPid.add(pid);
  } finally {
    sup.dispose();
    spares.dispose();
  }
  await until('no agent or spare process is left', () => [...everyPid].every((pid) => !alive(pid)));
  assert.equal(everyPid.size, 3);
});

test('an agent on a spare keeps its own limits and output, as a cold one does', async () => {
  const cold = supervisor();
  const spares = pool();
  const warm = supervisor(spares);
  try {
    const spin = warm.supervisor.runner('spin').process;
    await Promise.all([cold.supervisor.start(), spin.start()]);
    await until('a spare waits', () => spares.pids().length === 1);
    const spare = spares.pids()[0];
    spin.kill();
    await spin.start();
    assert.equal(spin.pid, spare);
    const [coldResult, warmResult] = await Promise.all([cold.supervisor.step('spin'), warm.supervisor.step('spin')]);
    assert.equal(warmResult.kind, 'failed');
    assert.deepEqual(warmResult, coldResult);
    assert.match(JSON.stringify(warmResult), /more than 200 ms/);
    await until('both prints arrive', () => warm.prints.length > 0 && cold.prints.length > 0);
    assert.deepEqual(warm.prints, cold.prints);
  } finally {
    cold.supervisor.dispose();
    warm.supervisor.dispose();
    spares.dispose();
  }
});

test('a spare warmed for other limits is not taken: the agent starts cold, the stale spare goes', async () => {
  const spares = pool();
  const { supervisor: sup } = supervisor(spares);
  try {
    await sup.runner('hello').process.start();
    await until('a spare waits', () => spares.pids().length === 1);
    const [stale] = spares.pids();
    const roomy = sup.runner('roomy').process;
    await roomy.start();
    assert.notEqual(roomy.pid, stale, 'a 96 MiB agent does not run on a 64 MiB spare');
    assert.equal(spares.stats.taken, 0);
    await until('the stale spare has exited', () => !alive(stale!));
    assert.deepEqual(await sup.step('roomy'), { kind: 'outcome', outcome: 'completed' });
    await until('a spare for the new limits waits', () => spares.pids().length === 1);
    roomy.kill();
    await roomy.start();
    assert.equal(spares.stats.taken, 1);
  } finally {
    sup.dispose();
    spares.dispose();
  }
});

test('a pool of 0 keeps no spare: every start is cold', async () => {
  const spares = new SparePool({ spawner: forkSpawner, entry: agentEntry(), perKind: 0 });
  const { supervisor: sup } = supervisor(spares);
  try {
    await sup.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(spares.pids(), []);
    assert.deepEqual(spares.stats, { taken: 0, started: 0 });
  } finally {
    sup.dispose();
    spares.dispose();
  }
});

test('a spare whose host exits without disposing its pool ends itself', async () => {
  const script = `
    import { SparePool } from ${JSON.stringify(new URL('../../main/supervisor/spare-pool.ts', import.meta.url).href)};
    import { forkSpawner } from ${JSON.stringify(new URL('../../main/supervisor/fork-spawner.ts', import.meta.url).href)};
    import { agentEntry } from ${JSON.stringify(new URL('../../main/supervisor/agent-entry.ts', import.meta.url).href)};
    const pool = new SparePool({ spawner: forkSpawner, entry: agentEntry(), perKind: 1 });
    pool.take({ kind: 'js', limits: { maxMemoryBytes: 64 * 2 ** 20, maxStackBytes: 256 * 1024 } });
    setTimeout(() => { console.log(pool.pids().join(',')); process.exit(0); }, 300);
  `;
  const host = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(host.status, 0, host.stderr);
  const pid = Number(host.stdout.trim());
  assert.ok(pid > 0, `the host printed its spare's pid: ${host.stdout}`);
  await until('the orphaned spare has exited', () => !alive(pid));
});
