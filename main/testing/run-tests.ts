import { availableParallelism } from 'node:os';
import type { DiscoveredTest } from './discover-tests.ts';
import { runTest, type RunTestOptions, type TestResult } from './run-test.ts';

export interface RunTestsOptions extends RunTestOptions {
  /** Parallel tests; 0 = one per logical core. */
  jobs?: number;
  /** Keep going after a failure (omw-test `--all`); by default the first failure stops the run. */
  all?: boolean;
  onResult?: (test: DiscoveredTest, result: TestResult) => void;
}

/** Runs discovered tests with bounded parallelism, reporting each as it finishes. */
export async function runTests(tests: readonly DiscoveredTest[], options: RunTestsOptions): Promise<TestResult[]> {
  const jobs = options.jobs && options.jobs > 0 ? options.jobs : availableParallelism();
  const results: TestResult[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < tests.length && (options.all || !failed)) {
      const test = tests[next++]!;
      const result = await runTest(test.file, options);
      results.push(result);
      if (!result.pass) failed = true;
      options.onResult?.(test, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tests.length) }, worker));
  return results;
}
