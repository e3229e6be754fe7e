// What a brain's output costs and whether its limits hold while it floods: prints and logs per
// second through the output ring, beside the same number of host calls answered in the agent
// process (one bridge round trip each, the way logs travelled before the ring); how late an
// iteration flooding output fails after its deadline, beside one that computes silently; and how
// far the flooding agent process's peak memory goes above its cap, beside the silent one's.

import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const OUTPUTS = 200_000;
const DEADLINE_MS = 500;
const CAP_MB = 64;

function setUp(params: string, brains: Record<string, string>): Supervisor {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-limits-'));
  const agents = Object.keys(brains)
    .map((name) => `[agents.${name}]\nruntime = "rhai"\nscript = "${name}.rhai"\n`)
    .join('\n');
  writeFileSync(join(dir, 'omw.toml'), `[runtime.rhai]\nkind = "rhai"\n${params}\n\n${agents}`);
  for (const [name, text] of Object.entries(brains)) writeFileSync(join(dir, `${name}.rhai`), text);
  return new Supervisor(new Host(loadConfig(join(dir, 'omw.toml'), { env: {} })), {
    spawner: forkSpawner,
    entry: agentEntry(),
  });
}

const peakMb = (pid: number): number =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Per second, median of five steps that each make `count` calls. */
async function rate(supervisor: Supervisor, agent: string, count: number): Promise<number> {
  const rates: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const result = await supervisor.step(agent);
    if (result.kind !== 'outcome') throw new Error(`${agent} failed: ${JSON.stringify(result)}`);
    if (i > 0) rates.push(count / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

/** How long after its deadline the iteration failed, and the process's peak memory, median of five fresh agents. */
async function pastDeadline(brain: string): Promise<{ lateMs: number; aboveCapMb: number }> {
  const late: number[] = [];
  const above: number[] = [];
  for (let i = 0; i < 5; i++) {
    const supervisor = setUp(`deadline_ms = ${DEADLINE_MS}\nmax_memory_mb = ${CAP_MB}`, { brain });
    try {
      await supervisor.start();
      const pid = supervisor.runner('brain').process.pid!;
      const started = performance.now();
      const result = await supervisor.step('brain');
      late.push(performance.now() - started - DEADLINE_MS);
      if (result.kind !== 'failed' || !/deadline/.test(result.error)) throw new Error(JSON.stringify(result));
      above.push(peakMb(pid) - CAP_MB);
    } finally {
      supervisor.dispose();
    }
  }
  return { lateMs: median(late), aboveCapMb: median(above) };
}

export async function limitsBenchmarks(): Promise<BenchRow[]> {
  const supervisor = setUp('', {
    prints: `for i in 0..${OUTPUTS} { print(i); }`,
    logs: `for i in 0..${OUTPUTS} { omw::host::log("info", "x"); }`,
    calls: `for i in 0..${OUTPUTS} { omw::host::time_now(); }`,
  });
  const rows: BenchRow[] = [];
  try {
    await supervisor.start();
    const calls = await rate(supervisor, 'calls', OUTPUTS);
    rows.push(
      { name: 'host calls answered in the agent process', value: calls, unit: '/s' },
      {
        name: 'prints per second, one Rhai agent',
        value: await rate(supervisor, 'prints', OUTPUTS),
        unit: '/s',
        floor: calls,
        target: '≥ 100,000/s',
      },
      {
        name: 'logs per second, one Rhai agent',
        value: await rate(supervisor, 'logs', OUTPUTS),
        unit: '/s',
        floor: calls,
        target: '≥ 100,000/s',
      },
    );
  } finally {
    supervisor.dispose();
  }
  const silent = await pastDeadline('loop {}');
  const flood = await pastDeadline('let i = 0;\nloop { print(`line ${i}`); i += 1; }');
  rows.push(
    { name: 'silent brain: failure after its deadline', value: silent.lateMs, unit: 'ms' },
    {
      name: 'flooding brain: failure after its deadline',
      value: flood.lateMs,
      unit: 'ms',
      floor: silent.lateMs,
      target: '≤ 250 ms',
    },
    { name: 'silent brain: peak process RSS above its cap', value: silent.aboveCapMb, unit: 'MB' },
    {
      name: 'flooding brain: peak process RSS above its cap',
      value: flood.aboveCapMb,
      unit: 'MB',
      floor: silent.aboveCapMb,
      target: '≤ 64 MB',
    },
  );
  return rows;
}
