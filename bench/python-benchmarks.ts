// The python runtime's figures: an agent's cold start (Pyodide from its snapshot), an empty
// iteration, a host call from Python against the same call from JavaScript, and the idle memory
// of a Python agent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import { memoryMb, stepTime } from './agent-benchmarks.ts';
import { hopBreakdown, IDLE_MS } from './hop-breakdown.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const CALLS = 2000;

/** Agents named after their brain files (`<name>.py` or `<name>.js`), on a python and a js runtime. */
function setUp(files: Record<string, string>): Supervisor {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-python-'));
  const agents = Object.keys(files).map((file) => {
    const [name, extension] = file.split('.');
    return `[agents.${name}]\nruntime = "${extension === 'py' ? 'python' : 'js'}"\nscript = "${file}"\n`;
  });
  const config = `[runtime.python]\nkind = "python"\n\n[runtime.js]\nkind = "js"\n\n${agents.join('\n')}`;
  writeFileSync(join(dir, 'omw.toml'), config);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return new Supervisor(new Host(loadConfig(join(dir, 'omw.toml'), { env: {} })), {
    spawner: forkSpawner,
    entry: agentEntry(),
  });
}

async function coldStarts(): Promise<{ startMs: number; privateMb: number; rssMb: number }> {
  const starts: number[] = [];
  const privateMemory: number[] = [];
  const rss: number[] = [];
  // The first start makes the interpreter snapshot when the cache has none; it is not counted.
  for (let i = 0; i < 6; i++) {
    const cold = setUp({ 'idle.py': 'None\n' });
    const started = performance.now();
    await cold.start();
    if (i > 0) starts.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const memory = memoryMb(cold.runner('idle').process.pid!);
    if (i > 0) privateMemory.push(memory.private);
    if (i > 0) rss.push(memory.rss);
    cold.dispose();
  }
  return { startMs: median(starts), privateMb: median(privateMemory), rssMb: median(rss) };
}

export async function pythonBenchmarks(): Promise<BenchRow[]> {
  const cold = await coldStarts();
  const hops = await hopBreakdown('python', ['empty.py', 'None\n']);
  const supervisor = setUp({
    'empty.py': 'None\n',
    'local.py': `for _ in range(${CALLS}):\n    omw.host.time_now()\n`,
    'hosted.py': `for _ in range(${CALLS}):\n    omw.host.memory_get("k")\n`,
    'emptyjs.js': 'undefined;\n',
    'localjs.js': `for (let i = 0; i < ${CALLS}; i++) omw.host.timeNow();\n`,
    'hostedjs.js': `for (let i = 0; i < ${CALLS}; i++) omw.host.memoryGet('k');\n`,
  });
  try {
    await supervisor.start();
    const empty = await stepTime(supervisor, 'empty', 41);
    const idleStep = await stepTime(supervisor, 'empty', 41, IDLE_MS);
    const emptyJs = await stepTime(supervisor, 'emptyjs', 41);
    const perCall = async (agent: string, baseline: number) =>
      (((await stepTime(supervisor, agent, 9)) - baseline) * 1000) / CALLS;
    const local = await perCall('local', empty);
    const localJs = await perCall('localjs', emptyJs);
    const hosted = await perCall('hosted', empty);
    const hostedJs = await perCall('hostedjs', emptyJs);
    return [
      {
        name: 'python agent cold start (spawn to engine ready)',
        value: cold.startMs,
        unit: 'ms',
        target: '< 1500 ms',
      },
      {
        name: 'empty Python iteration, step to outcome',
        value: idleStep * 1000,
        unit: 'µs',
        floor: hops.idleFloor,
        target: '< 2000 µs',
      },
      { name: 'empty Python iterations back to back', value: empty * 1000, unit: 'µs', floor: hops.busyFloor },
      ...hops.rows,
      {
        name: 'host call from Python, answered in the agent process',
        value: local,
        unit: 'µs',
        floor: localJs,
        target: '≤ 1.5x the JS call (floor)',
      },
      {
        name: 'host call from Python, answered by the host',
        value: hosted,
        unit: 'µs',
        floor: hostedJs,
        target: '≤ 1.5x the JS call (floor)',
      },
      { name: 'idle python agent process private memory', value: cold.privateMb, unit: 'MB' },
      { name: 'idle python agent process RSS', value: cold.rssMb, unit: 'MB' },
    ];
  } finally {
    supervisor.dispose();
  }
}
