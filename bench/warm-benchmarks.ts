// Warm spare processes and the test runner's own cost (issue 18, points 2 and 3): an agent
// restarted with a spare ready beside one restarted cold, an empty test's overhead beyond its
// brain, and the examples suite as `brainbench test examples` runs it. The other suites measure
// cold starts and stay cold: they pass no spare pool.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { DEFAULT_SPARES, SparePool } from '../main/supervisor/spare-pool.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import { discover } from '../main/testing/discover-tests.ts';
import { runTest } from '../main/testing/run-test.ts';
import { jobsFor, runTests } from '../main/testing/run-tests.ts';
import { overheadMs } from '../main/testing/test-overhead.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const RESTARTS = 9;
const EMPTY_TESTS = 15;

const KINDS: Record<string, { file: string; brain: string; runs: number }> = {
  js: { file: 'brain.js', brain: 'undefined;\n', runs: RESTARTS },
  rhai: { file: 'brain.rhai', brain: '();\n', runs: RESTARTS },
  // Pyodide's start is seconds long: fewer runs.
  python: { file: 'brain.py', brain: 'None\n', runs: 3 },
};

function folder(kind: string, assertions = ''): string {
  const { file, brain } = KINDS[kind]!;
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-warm-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.r]\nkind = "${kind}"\n\n[agents.a]\nruntime = "r"\nscript = "${file}"\n${assertions}`,
  );
  writeFileSync(join(dir, file), brain);
  return dir;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Kill to ready again (a first iteration possible), median over runs; with a spare waiting each time. */
async function restartMs(kind: string, spares: SparePool | undefined): Promise<number> {
  const host = new Host(loadConfig(join(folder(kind), 'omw.toml'), { env: {} }));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry(), spares });
  const agent = supervisor.runner('a').process;
  const times: number[] = [];
  try {
    await agent.start();
    for (let i = 0; i < KINDS[kind]!.runs; i++) {
      // A spare that is still warming is not ready: the clock starts once its engine is.
      if (spares) await until(() => spares.pids({ warmed: true }).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      agent.kill();
      await agent.start();
      times.push(performance.now() - started);
      const result = await supervisor.step('a');
      if (result.kind !== 'outcome') throw new Error(`${kind} restart benchmark failed: ${JSON.stringify(result)}`);
    }
    if (spares && spares.stats.taken !== times.length) throw new Error(`${kind}: a restart did not take its spare`);
  } finally {
    supervisor.dispose();
  }
  return median(times);
}

/** An empty test's wall time beyond its brain, median over runs, with a spare ready (or none). */
async function emptyTestOverheadMs(perKind: number): Promise<number> {
  const dir = folder('js', '\n[assertions.a]\noutcome = "completed"\n');
  const spares = new SparePool({ spawner: forkSpawner, entry: agentEntry(), perKind });
  const overheads: number[] = [];
  try {
    for (let i = 0; i < EMPTY_TESTS + 1; i++) {
      if (perKind > 0 && i > 0) await until(() => spares.pids({ warmed: true }).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const result = await runTest(join(dir, 'omw.toml'), { spawner: forkSpawner, entry: agentEntry(), spares });
      if (!result.pass) throw new Error(`the empty test failed: ${JSON.stringify(result.errors)}`);
      // The first has no spare yet.
      if (i > 0) overheads.push(overheadMs(result));
    }
  } finally {
    spares.dispose();
  }
  return median(overheads);
}

/** `brainbench test examples`, as the command runs it: all cores, spares as by default. */
async function examplesSuite(): Promise<{ wallS: number; tests: number; passed: number; overheadMs: number }> {
  const root = new URL('../examples', import.meta.url).pathname;
  const { selected } = discover(root, { include: [], exclude: [] });
  const started = performance.now();
  const results = await runTests(selected, { spawner: forkSpawner, entry: agentEntry(), root, all: true });
  return {
    wallS: (performance.now() - started) / 1000,
    tests: results.length,
    passed: results.filter((result) => result.pass).length,
    overheadMs: median(results.map(overheadMs)),
  };
}

export async function warmBenchmarks(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of Object.keys(KINDS)) {
    const cold = await restartMs(kind, undefined);
    const spares = new SparePool({ spawner: forkSpawner, entry: agentEntry(), perKind: 1 });
    let warm: number;
    try {
      warm = await restartMs(kind, spares);
    } finally {
      spares.dispose();
    }
    rows.push(
      { name: `${kind} agent cold restart (kill to ready)`, value: cold, unit: 'ms' },
      {
        name: `${kind} agent warm restart (spare ready)`,
        value: warm,
        unit: 'ms',
        ...(kind === 'js' ? { target: '< 20 ms' } : {}),
      },
    );
  }
  rows.push(
    { name: 'empty test, overhead beyond its brain, cold', value: await emptyTestOverheadMs(0), unit: 'ms' },
    {
      name: 'empty test, overhead beyond its brain, spare ready',
      value: await emptyTestOverheadMs(DEFAULT_SPARES),
      unit: 'ms',
      target: '< 50 ms',
    },
  );
  const examples = await examplesSuite();
  if (examples.passed !== examples.tests) console.warn(`examples: ${examples.tests - examples.passed} failed`);
  rows.push(
    {
      name: `brainbench test examples (${examples.tests} tests, -j ${jobsFor(0)})`,
      value: examples.wallS,
      unit: 's',
    },
    { name: 'examples: median overhead per test', value: examples.overheadMs, unit: 'ms' },
  );
  return rows;
}
