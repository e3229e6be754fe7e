import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import { atomicsPingPong } from './floors/atomics-ping-pong.ts';
import { processRoundTrip } from './floors/process-round-trip.ts';
import { hopBreakdown, IDLE_MS } from './hop-breakdown.ts';
import type { BenchRow } from './bench-row.ts';
import { median, medianOf } from './stats.ts';

const CALLS = 5000;
const MESSAGES = 5000;

function setUp(files: Record<string, string>, agents: string[], extra = ''): Supervisor {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-'));
  const config = agents.map((a) => `[agents.${a}]\nruntime = "js"\nscript = "${a}.js"\n`).join('\n');
  writeFileSync(join(dir, 'omw.toml'), `[runtime.js]\nkind = "js"\n\n${config}\n${extra}`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return new Supervisor(new Host(loadConfig(join(dir, 'omw.toml'), { env: {} })), {
    spawner: forkSpawner,
    entry: agentEntry(),
  });
}

/**
 * Milliseconds from step to outcome, median over `runs` steps after a warm-up. With `idleMs`, the
 * agent sits idle that long before each step, as it does between a user's clicks on Step; without
 * it, steps follow each other back to back, as iterations do in loop mode.
 */
export async function stepTime(supervisor: Supervisor, agent: string, runs: number, idleMs = 0): Promise<number> {
  for (let i = 0; i < 3; i++) await supervisor.step(agent);
  return medianOf(runs, async () => {
    if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
    const started = performance.now();
    const result = await supervisor.step(agent);
    if (result.kind !== 'outcome') throw new Error(`benchmark brain ${agent} failed: ${JSON.stringify(result)}`);
    return performance.now() - started;
  });
}

/** Resident and private (not shared with other processes) memory of a process, in MB. */
export function memoryMb(pid: number): { rss: number; private: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, private: (kb('Private_Clean') + kb('Private_Dirty')) / 1024 };
}

/** Start time and idle memory of a Node process that does nothing but answer over IPC. */
async function bareNodeProcess(): Promise<{ startMs: number; rss: number; private: number }> {
  const starts: number[] = [];
  const memory: { rss: number; private: number }[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', "process.send('up'); process.on('message', () => {});"], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    await new Promise((resolve) => child.once('message', resolve));
    starts.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    memory.push(memoryMb(child.pid!));
    child.kill();
  }
  return {
    startMs: median(starts),
    rss: median(memory.map((m) => m.rss)),
    private: median(memory.map((m) => m.private)),
  };
}

export async function agentBenchmarks(): Promise<BenchRow[]> {
  const atomicsFloor = await medianOf(5, () => atomicsPingPong(20_000));
  const processFloor = await medianOf(5, () => processRoundTrip(5_000));
  const hops = await hopBreakdown('js', ['empty.js', 'undefined;\n']);

  const supervisor = setUp(
    {
      'empty.js': 'undefined;\n',
      'local.js': `for (let i = 0; i < ${CALLS}; i++) omw.host.timeNow();\n`,
      'hosted.js': `for (let i = 0; i < ${CALLS}; i++) omw.host.memoryGet('k');\n`,
    },
    ['empty', 'local', 'hosted'],
  );
  const rows: BenchRow[] = [];
  try {
    await supervisor.start();
    const empty = await stepTime(supervisor, 'empty', 41);
    const idleStep = await stepTime(supervisor, 'empty', 41, IDLE_MS);
    const local = (((await stepTime(supervisor, 'local', 9)) - empty) * 1000) / CALLS;
    const hosted = (((await stepTime(supervisor, 'hosted', 9)) - empty) * 1000) / CALLS;
    rows.push(
      { name: 'floor: two-thread Atomics ping-pong', value: atomicsFloor, unit: 'µs' },
      { name: 'floor: process round trip (IPC)', value: processFloor, unit: 'µs' },
      {
        name: 'host call answered in the agent process',
        value: local,
        unit: 'µs',
        floor: atomicsFloor,
        target: '≤ 3x floor',
      },
      {
        name: 'host call answered by the host',
        value: hosted,
        unit: 'µs',
        floor: processFloor + atomicsFloor,
        target: '≤ 3x floor',
      },
      // Beside the two message round trips it cannot avoid, measured after the same idle time.
      {
        name: 'empty JS iteration, step to outcome',
        value: idleStep * 1000,
        unit: 'µs',
        floor: hops.idleFloor,
        target: '< 1000 µs',
      },
      { name: 'empty JS iterations back to back', value: empty * 1000, unit: 'µs', floor: hops.busyFloor },
      ...hops.rows,
    );
  } finally {
    supervisor.dispose();
  }

  const bare = await bareNodeProcess();
  const colds: number[] = [];
  const rss: number[] = [];
  const privateMemory: number[] = [];
  for (let i = 0; i < 7; i++) {
    const cold = setUp({ 'idle.js': 'undefined;\n' }, ['idle']);
    const started = performance.now();
    await cold.start();
    colds.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const memory = memoryMb(cold.runner('idle').process.pid!);
    rss.push(memory.rss);
    privateMemory.push(memory.private);
    cold.dispose();
  }
  rows.push(
    { name: 'floor: bare Node process, spawn to first message', value: bare.startMs, unit: 'ms' },
    {
      name: 'agent process cold start (spawn to engine ready)',
      value: median(colds),
      unit: 'ms',
      floor: bare.startMs,
      target: '< 150 ms',
    },
    { name: 'floor: idle bare Node process RSS', value: bare.rss, unit: 'MB' },
    { name: 'idle agent process RSS', value: median(rss), unit: 'MB', floor: bare.rss, target: '< 40 MB' },
    { name: 'idle agent process private memory', value: median(privateMemory), unit: 'MB', floor: bare.private },
  );

  const messaging = setUp(
    {
      'sender.js': `for (let i = 0; i < ${MESSAGES}; i++) omw.host.sendAgent('receiver', 'm' + i);\n`,
      'receiver.js': `for (let i = 0; i < ${MESSAGES}; i++) omw.host.recv();\n`,
    },
    ['receiver', 'sender'],
    // Room for every message: the sender may run ahead of the receiver.
    `[tunables]\ninbox_bound = ${MESSAGES}\n`,
  );
  try {
    messaging.host.bus.subscribeAgent('receiver', 'sender', crypto.randomUUID());
    await messaging.start();
    const rates = await (async () => {
      const values: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const [a, b] = await Promise.all([messaging.step('receiver'), messaging.step('sender')]);
        if (a.kind !== 'outcome' || b.kind !== 'outcome')
          throw new Error(`messaging benchmark failed: ${JSON.stringify([a, b])}`);
        values.push(MESSAGES / ((performance.now() - started) / 1000));
      }
      return values;
    })();
    rows.push({ name: 'agent-to-agent messages across processes', value: median(rates), unit: 'msg/s' });
  } finally {
    messaging.dispose();
  }
  return rows;
}
