// `brainbench test` runs tests side by side: the results, their order and a failure among them
// are those of a sequential run (-j 1). Real agent processes, warm and cold.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { discover } from '../../main/testing/discover-tests.ts';
import { formatResult } from '../../main/testing/format-result.ts';
import { runTests } from '../../main/testing/run-tests.ts';
import { fixtureDir } from '../config/fixture-dir.ts';

const AGENT = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const COMPLETES = `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`;

// The first test is the slowest, so that in parallel the ones after it finish first.
const root = fixtureDir({
  'a/omw.test.toml': COMPLETES,
  'a/brain.js': 'const end = Date.now() + 400;\nwhile (Date.now() < end) {}\n',
  'b/omw.test.toml': COMPLETES,
  'b/brain.js': "'not completed';\n",
  'c/omw.test.toml': COMPLETES,
  'c/brain.js': 'undefined;\n',
  'd/omw.test.toml': COMPLETES,
  'd/brain.js': 'undefined;\n',
});
const { selected } = discover(root, { include: [], exclude: [] });

async function run(jobs: number, all: boolean): Promise<{ reported: string[]; finished: string[] }> {
  const reported: string[] = [];
  const results = await runTests(selected, {
    spawner: forkSpawner,
    entry: agentEntry(),
    root,
    jobs,
    all,
    onResult: (discovered, result) => reported.push(formatResult(discovered.label, result)),
  });
  return { reported, finished: results.map((result) => formatResult(result.file.slice(root.length + 1), result)) };
}

test('a parallel run reports what a sequential one does, in discovery order, failure included', async () => {
  const sequential = await run(1, true);
  const parallel = await run(3, true);
  assert.deepEqual(
    sequential.reported.map((line) => line.split('\n')[0]),
    ['PASS a/omw.test.toml', 'FAIL b/omw.test.toml', 'PASS c/omw.test.toml', 'PASS d/omw.test.toml'],
  );
  assert.match(sequential.reported[1]!, /outcome mismatch/);
  assert.deepEqual(parallel.reported, sequential.reported);
  assert.deepEqual(parallel.finished, sequential.finished);
});

test('without --all a parallel run stops after the first failure, as a sequential one does', async () => {
  const sequential = await run(1, false);
  const parallel = await run(3, false);
  assert.deepEqual(
    sequential.reported.map((line) => line.split('\n')[0]),
    ['PASS a/omw.test.toml', 'FAIL b/omw.test.toml'],
  );
  assert.deepEqual(parallel.reported, sequential.reported);
  assert.deepEqual(parallel.finished, sequential.finished);
});
