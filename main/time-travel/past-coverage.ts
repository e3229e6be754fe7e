// Which lines ran in a past (docs/debugging.md#which-lines-ran): every iteration re-executed with
// each host call served from what was recorded and the engine's statement hook counting each line
// entered, as `brainbench test --coverage` counts a live run. For a recording, an eval's trials or
// the session so far; the counts go into a LineCoverageMap (LCOV, the gutter, the summary).

import type { DebugConfig } from '../runtimes/debug/debug-protocol.ts';
import type { LineCounts } from '../debugger/line-coverage-map.ts';
import { ranAsRecorded, scriptOf, type PastIteration } from './past-iteration.ts';
import type { PastProcess } from './past-process.ts';

/** Iterations re-executed per command to the process, so that progress can be said between them. */
const BATCH = 100;

const COUNTING: DebugConfig = {
  breakpoints: {},
  exceptions: { caught: false, uncaught: false },
  stopOnEntry: false,
  attach: true,
  coverage: true,
};

export interface PastCoverage {
  counts: LineCounts[];
  /** Iterations re-executed, and those that did not run as recorded (their counts stop there). */
  iterations: number;
  diverged: number[];
}

export async function coverageOfPast(
  process: PastProcess,
  iterations: readonly PastIteration[],
  progress: (done: number, of: number) => void = () => {},
): Promise<PastCoverage> {
  const counts: LineCounts[] = [];
  const diverged: number[] = [];
  process.configure(COUNTING);
  process.onCoverage = (lines) => counts.push(lines);
  for (let from = 0; from < iterations.length; from += BATCH) {
    const batch = iterations.slice(from, from + BATCH);
    const outcomes = await process.travel(
      batch.map((past) => ({ script: past.script, filename: past.filename, iteration: scriptOf(past), goal: {} })),
    );
    // The process ended (or could not start) under the batch: what it said is why.
    const last = outcomes.at(-1)?.result;
    if (outcomes.length < batch.length)
      throw new Error(last && !last.ok ? last.error : 'the re-execution stopped early');
    outcomes.forEach(({ report }, i) => {
      const past = batch[i]!;
      if (!ranAsRecorded(past, report)) diverged.push(past.iteration);
    });
    progress(Math.min(from + BATCH, iterations.length), iterations.length);
  }
  return { counts, iterations: iterations.length, diverged };
}
