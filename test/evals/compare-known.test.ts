// The comparison of two results files, by the command line and by the workbench's Evals view, is
// number for number what it was before the view's compare was made fast: the answers of the code
// before (fixtures/compare-known.json) on a pair with several trials a case in shuffled order,
// errors, two currencies and cases only on one side.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { compareResults } from '../../main/evals/compare-results.ts';
import { readResults } from '../../main/evals/results-reader.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { writeComparedPair } from './compare-fixture.ts';

const known = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/compare-known.json'), 'utf8')) as {
  cli: unknown;
  view: unknown;
};
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

test('compare gives the known answers, on the command line and in the Evals view (read whole, kept, or kept from the matrix’s chunks)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-compare-known-'));
  writeFileSync(join(dir, 'omw.toml'), '[runtime.r]\nkind = "rhai"\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n');
  writeFileSync(join(dir, 'a.rhai'), '42');
  writeComparedPair(join(dir, 'base.results.jsonl'), join(dir, 'candidate.results.jsonl'));

  const cli = compareResults(
    readResults(join(dir, 'base.results.jsonl')),
    readResults(join(dir, 'candidate.results.jsonl')),
    {
      maxRegressions: 1,
      minDelta: -0.01,
    },
  );
  cli.base.file = 'base.results.jsonl';
  cli.candidate.file = 'candidate.results.jsonl';
  assert.deepEqual(asJson(cli), known.cli);

  const workbench = new Workbench({
    spawner: forkSpawner,
    entry: agentEntry(),
    trust: new WorkspaceTrust(TrustStore.forUser(), [dir]),
  });
  await workbench.open(dir);
  try {
    let id = 1;
    const ask = async (method: string, ...params: unknown[]) => {
      const answer = await dispatchRequest(workbench, id++, method, params);
      if (!answer.ok) throw new Error(answer.error);
      return asJson(answer.result);
    };
    const compare = () => ask('compareEvalResults', 'base.results.jsonl', 'candidate.results.jsonl');
    // Read whole for the comparison, then kept.
    assert.deepEqual(await compare(), known.view);
    assert.deepEqual(await compare(), known.view);
    // The candidate changed, then opened in the matrix chunk by chunk (as kept from there).
    writeComparedPair(join(dir, 'base.results.jsonl'), join(dir, 'candidate.results.jsonl'));
    let chunk = (await ask('evalResults', 'candidate.results.jsonl', null)) as { next: unknown };
    while (chunk.next) chunk = (await ask('evalResults', 'candidate.results.jsonl', chunk.next)) as { next: unknown };
    assert.deepEqual(await compare(), known.view);
  } finally {
    await workbench.close();
  }
});
