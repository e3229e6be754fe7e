// Logpoints and watches in the past of an opened recording, as the workbench runs them
// (docs/debugging.md#logpoints-in-the-past): a Rhai recording of 1,000 iterations (two host calls
// each), a watch and a logpoint on a line every iteration enters, from the request to every value.
// The target is the issue's: a 1,000-iteration recording in under 5 s. Medians of three runs each.

import { rmSync } from 'node:fs';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { Workbench } from '../main/workbench/workbench.ts';
import { recordCounting } from '../test/time-travel/past-fixture.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const ITERATIONS = 1000;
const RUNS = 3;
const BRAIN =
  'let count = parse_int(omw::host::memory_get("n")) + 1;\nomw::host::memory_set("n", `${count}`);\ncount\n';

async function timed(work: () => Promise<{ values: unknown[] }>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const { values } = await work();
    times.push(performance.now() - started);
    if (values.length !== ITERATIONS) throw new Error(`${values.length} values, not ${ITERATIONS}`);
  }
  return times;
}

export async function recordingPastBenchmarks(): Promise<BenchRow[]> {
  const { dir } = await recordCounting('rhai', ITERATIONS, 'rec.jsonl', BRAIN);
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  try {
    await workbench.open(dir);
    const past = workbench.recordingPast;
    const watch = await timed(() => past.watch('rec.jsonl', 'a', 'brain.rhai', 3, 'count', false));
    const log = await timed(() => past.logpoint('rec.jsonl', 'a', 'brain.rhai', 3, 'count={count}', false));
    return [
      { name: 'watch over a 1,000-iteration recording', value: median(watch), unit: 'ms', target: '< 5000 ms' },
      { name: 'logpoint over a 1,000-iteration recording', value: median(log), unit: 'ms', target: '< 5000 ms' },
    ];
  } finally {
    await workbench.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
