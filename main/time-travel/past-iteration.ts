// One iteration of an agent as time travel re-executes it (docs/debugging.md#time-travel): the
// brain's text it ran, its host calls with their answers in order, and the agent's memory at its
// start. Built from the live session's calls (call-history.ts) or from a recording
// (recorded-past.ts); the one still running is `complete: false`, its calls those made so far.

import type { ReplayCall, ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import type { TravelReport } from '../runtimes/debug/debug-protocol.ts';

export interface PastIteration {
  agent: string;
  /** The iteration's number as the trace numbers it. */
  iteration: number;
  /** The brain's text the iteration ran, and its file (the engine's name for it). */
  script: string;
  filename: string;
  calls: ReplayCall[];
  /** False while it runs (the live session's present iteration). */
  complete: boolean;
  /** The agent's memory as the iteration started. */
  memory: ReadonlyMap<string, string>;
}

export function scriptOf(past: PastIteration): ReplayIterationScript {
  return { calls: past.calls, end: { kind: 'any' } };
}

/** The agent's memory after the first `served` calls of the iteration. */
export function memoryAfter(past: PastIteration, served: number): Map<string, string> {
  const memory = new Map(past.memory);
  for (const call of past.calls.slice(0, served)) {
    if (!call.ok) continue;
    if (call.op === 'host.memory-set') memory.set(String(call.args[0]), String(call.args[1]));
    else if (call.op === 'host.memory-remove') memory.delete(String(call.args[0]));
  }
  return memory;
}

/**
 * Whether a re-execution ran as recorded: it asked for no call the recording does not have there
 * and, for an ended iteration, used every recorded call (fewer means the brain changed, or is not
 * deterministic). One rule for logpoints, watches and line counts in the past.
 */
export function ranAsRecorded(past: PastIteration, report: TravelReport): boolean {
  return !report.unserved && (!past.complete || report.served >= past.calls.length);
}
