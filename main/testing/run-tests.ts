import { availableParallelism } from 'node:os';
import { DEFAULT_SPARES, SparePool } from '../supervisor/spare-pool.ts';
import type { DiscoveredTest } from './discover-tests.ts';
import { runTest, type RunTestOptions, type TestResult } from './run-test.ts';

export interface RunTestsOptions extends Omit<RunTestOptions, 'spares'> {
  /** Parallel tests; 0 = one per logical core. */
  jobs?: number;
  /** Warm agent processes kept ready per runtime kind while the tests run; 0: every start is cold. */
  spares?: number;
  /** Keep going after a failure (omw-test `--all`); by default the first failure stops the run. */
  all?: boolean;
  /** Each result, in discovery order whatever order the tests finish in. */
  onResult?: (test: DiscoveredTest, result: TestResult) => void;
}

/** The parallelism `jobs` asks for: 0 or none is one test per logical core. */
export const jobsFor = (jobs: number | undefined): number => (jobs && jobs > 0 ? jobs : availableParallelism());

/**
 * Runs discovered tests with bounded parallelism, their agents starting from warm processes.
 * Results are reported in discovery order, and a failure stops the run after the tests before it
 * (without `all`): the output of a parallel run is that of a sequential one. Tests after a failure
 * that had already started are not reported.
 */
export async function runTests(tests: readonly DiscoveredTest[], options: RunTestsOptions): Promise<TestResult[]> {
  const jobs = jobsFor(options.jobs);
  const perKind = options.spares ?? DEFAULT_SPARES;
  const spares = new SparePool({ spawner: options.spawner, entry: options.entry, perKind });
  const finished: (TestResult | undefined)[] = [];
  const reported: TestResult[] = [];
  let next = 0;
  let firstFailure = Infinity;
  const report = () => {
    while (reported.length < tests.length && reported.length <= firstFailure) {
      const result = finished[reported.length];
      if (!result) return;
      reported.push(result);
      options.onResult?.(tests[reported.length - 1]!, result);
    }
  };
  const worker = async () => {
    while (next < tests.length && (options.all || next <= firstFailure)) {
      const index = next++;
      const result = await runTest(tests[index]!.file, { ...options, spares });
      finished[index] = result;
      if (!result.pass && !options.all) firstFailure = Math.min(firstFailure, index);
      report();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, tests.length) }, worker));
  } finally {
    spares.dispose();
  }
  return reported;
}
