// What a test run costs beyond its brains' own work: the harness's overhead (config, processes,
// checks, shutdown), which `brainbench test` reports after its tally.
import type { TestResult } from './run-test.ts';

/** The brains' own time in a test: the busiest agent's iterations (agents run side by side). */
export function brainTimeMs(result: TestResult): number {
  const perAgent = new Map<string, number>();
  for (const event of result.trace) {
    if (event.type === 'iteration-end') perAgent.set(event.agent, (perAgent.get(event.agent) ?? 0) + event.durationMs);
  }
  return Math.max(0, ...perAgent.values());
}

/** A test's wall time beyond its brains' own. */
export const overheadMs = (result: TestResult): number => Math.max(0, result.durationMs - brainTimeMs(result));

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `12 tests in 3.41 s, 2 at a time (overhead 38 ms/test)`: the overhead is the median test's. */
export function formatTiming(results: readonly TestResult[], wallMs: number, jobs: number): string {
  const tests = `${results.length} test${results.length === 1 ? '' : 's'}`;
  const overhead = results.length > 0 ? Math.round(median(results.map(overheadMs))) : 0;
  return `${tests} in ${(wallMs / 1000).toFixed(2)} s, ${jobs} at a time (overhead ${overhead} ms/test)`;
}
