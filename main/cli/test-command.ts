import { resolve } from 'node:path';
import { forkSpawner } from '../agent-process/fork-spawner.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { discoverTests } from '../testing/discover-tests.ts';
import { formatResult, formatTally } from '../testing/format-result.ts';
import { runTests } from '../testing/run-tests.ts';

export interface TestCommandOptions {
  path: string;
  include: string[];
  exclude: string[];
  all: boolean;
  jobs: number;
}

/** `brainbench test [PATH]`: omw-test's runner. Returns the exit code. */
export async function testCommand(options: TestCommandOptions): Promise<number> {
  const root = resolve(options.path);
  const tests = discoverTests(root, { include: options.include, exclude: options.exclude });
  if (tests.length === 0) {
    console.error(`no omw.test.* files under ${root}`);
    return 1;
  }
  const results = await runTests(tests, {
    spawner: forkSpawner,
    entry: agentEntry(),
    root,
    jobs: options.jobs,
    all: options.all,
    onResult: (test, result) => console.log(formatResult(test.label, result)),
  });
  console.log(formatTally(results, tests.length - results.length));
  return results.every((r) => r.pass) && results.length === tests.length ? 0 : 1;
}
