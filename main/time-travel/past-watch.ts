// A watch expression in the past (docs/debugging.md#watches-in-the-past): its value at every hit of
// a brain line in every ended iteration of a past (the session so far, or a recording), found by
// re-executing each with a logpoint `{expression}` on the line and every host call served from what
// was recorded. In a process of its own, so that it runs while the agent runs on or its view is
// elsewhere in the past. At most 100 values per iteration, as for any logpoint; the rest are counted.

import type { DebugConfig } from '../runtimes/debug/debug-protocol.ts';
import { ranAsRecorded, scriptOf, type PastIteration } from './past-iteration.ts';
import type { PastProcess } from './past-process.ts';

/** Iterations re-executed per command to the process. */
const BATCH = 200;

export interface PastValue {
  iteration: number;
  line: number;
  /** The expression's value as a logpoint shows it (or the error evaluating it gave). */
  text: string;
}

export interface PastValues {
  values: PastValue[];
  iterations: number;
  /** Iterations that did not re-execute as recorded (the brain changed, or is not deterministic). */
  diverged: number[];
  /** Values over the limit of 100 an iteration, counted and not said. */
  dropped: number;
}

/**
 * Re-executes the ended iterations with logpoints on `source` in place (`logpoints`: line and
 * message; a watch is `{expression}`): what each said, in order.
 */
export async function logInPast(
  process: PastProcess,
  iterations: readonly PastIteration[],
  source: string,
  logpoints: readonly { line: number; logMessage: string }[],
): Promise<PastValues> {
  const config: DebugConfig = {
    breakpoints: { [source]: logpoints.map(({ line, logMessage }) => ({ line, logMessage })) },
    exceptions: { caught: false, uncaught: false },
    stopOnEntry: false,
    attach: true,
  };
  process.configure(config);
  const ended = iterations.filter((past) => past.complete);
  const values: PastValue[] = [];
  const diverged: number[] = [];
  let dropped = 0;
  for (let from = 0; from < ended.length; from += BATCH) {
    const batch = ended.slice(from, from + BATCH);
    const outcomes = await process.travel(
      batch.map((past) => ({
        script: past.script,
        filename: past.filename,
        iteration: scriptOf(past),
        goal: { logs: true },
      })),
    );
    const last = outcomes.at(-1)?.result;
    if (outcomes.length < batch.length)
      throw new Error(last && !last.ok ? last.error : 'the re-execution stopped early');
    outcomes.forEach(({ report }, i) => {
      const past = batch[i]!;
      for (const log of report.logs ?? [])
        if (log.source === source) values.push({ iteration: past.iteration, line: log.line, text: log.text });
      if (!ranAsRecorded(past, report)) diverged.push(past.iteration);
      dropped += report.dropped ?? 0;
    });
  }
  return { values, iterations: ended.length, diverged, dropped };
}

/** A watch expression as the logpoint that says its value. */
export const watchMessage = (expression: string): string => `{${expression}}`;
