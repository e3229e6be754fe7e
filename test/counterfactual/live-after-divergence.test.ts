// `--live-after-divergence` over a corpus: each recording a planted change makes diverge goes on
// live from its divergence against the config's mock back ends, written as a branch beside the
// report and named after its source, with the tokens and cost it spent beside those its served
// prefix saved. The hooks themselves (back ends and scorers) are driven here with a stand-in; a
// real eval drives them in eval-live-branches.test.ts.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { corpusFiles } from '../../main/counterfactual/corpus-files.ts';
import { replayCorpus } from '../../main/counterfactual/corpus-replay.ts';
import { liveBranches } from '../../main/counterfactual/live-branches.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { brainbench } from './brainbench-cli.ts';
import { recordRun } from './example-corpus.ts';

const BRAIN = `const topic = omw.host.memoryGet('topic') ?? 'tides';
const summary = omw.provider.get('summarizer').chat('m', [{ role: 'user', content: 'summarize ' + topic }], []);
const answer = omw.provider.get('answerer').chat('m', [{ role: 'user', content: 'answer from ' + summary.content }], []);
answer.content;
`;

const CONFIG = (answer: string) => `[runtime.js]
kind = "js"
[agents.assistant]
runtime = "js"
script = "assistant.js"
[providers.summarizer]
kind = "mock"
turns = [ { content = "the moon pulls", usage = { prompt_tokens = 100, completion_tokens = 20 } } ]
[providers.summarizer.prices.m]
input_per_mtok = 1.0
output_per_mtok = 2.0
[providers.answerer]
kind = "mock"
turns = [ { content = "${answer}", usage = { prompt_tokens = 50, completion_tokens = 10 } } ]
[providers.answerer.prices.m]
input_per_mtok = 3.0
output_per_mtok = 6.0
`;

/** Three recorded runs, then the answer's prompt changed: each diverges at its second chat. */
async function plantedCorpus(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-live-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG('high tide at six'));
  writeFileSync(join(dir, 'assistant.js'), BRAIN);
  mkdirSync(join(dir, 'corpus'));
  for (const n of [1, 2, 3]) await recordRun(join(dir, 'omw.toml'), join(dir, 'corpus', `run-${n}.jsonl`));
  writeFileSync(join(dir, 'assistant.js'), BRAIN.replace("'answer from '", "'answer briefly from '"));
  return dir;
}

test('diverged recordings go on live as branches beside the report, with tokens spent and saved', async () => {
  const dir = await plantedCorpus();
  const run = await brainbench(['replay', 'corpus', '--live-after-divergence', '--markdown', 'out/report.md'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(readdirSync(join(dir, 'out')).sort(), [
    'corpus__run-1.branch.jsonl',
    'corpus__run-2.branch.jsonl',
    'corpus__run-3.branch.jsonl',
    'report.md',
  ]);
  // Live: the answerer's chat (50 + 10 tokens at 3 and 6 per million); served: the summarizer's (100 + 20 at 1 and 2).
  assert.match(
    run.stdout,
    /DIVERGED corpus\/run-2\.jsonl\n {2}assistant iteration 1 call 5: provider\.chat called with other arguments\n(?: {4}.*\n)+ {2}live: 1 iteration -> out\/corpus__run-2\.branch\.jsonl; spent 60 tokens \(1 provider call\), 0\.00021 USD; saved 120 tokens \(1 provider call\), 0\.00014 USD\n/,
  );
  assert.match(
    run.stdout,
    /live after divergence: 3 branches; spent 180 tokens \(3 provider calls\), 0\.00063 USD; saved 360 tokens \(3 provider calls\), 0\.00042 USD\n/,
  );
  const branch = loadRecording(join(dir, 'out/corpus__run-2.branch.jsonl'));
  assert.equal(branch.header.branch?.of, 'corpus/run-2.jsonl');
  assert.deepEqual(branch.header.branch?.edits, ['live from iteration 1 call 5']);
  const calls = branch.agents.get('assistant')!.iterations[0]!.calls;
  const chats = calls.filter((call) => call.op === 'provider.chat');
  // The summary was served as recorded; the changed prompt reached the answerer, which answered live.
  assert.equal((chats[0]!.value as { content: string }).content, 'the moon pulls');
  assert.equal((chats[1]!.args[2] as { content: string }[])[0]!.content, 'answer briefly from the moon pulls');
  assert.equal((chats[1]!.value as { content: string }).content, 'high tide at six');
  assert.deepEqual(branch.agents.get('assistant')!.iterations[0]!.end?.outcome, { exited: 'high tide at six' });
  const report = readFileSync(join(dir, 'out/report.md'), 'utf8');
  assert.match(
    report,
    /Live from the divergence: 1 iteration, branch `out\/corpus__run-1\.branch\.jsonl`; spent 60 tokens/,
  );

  // A second pass never writes over the first one's branches.
  const again = await brainbench(['replay', 'corpus/run-1.jsonl', '--live-after-divergence', '--branches', 'out'], dir);
  assert.equal(again.code, 1);
  assert.match(again.stdout, /-> out\/corpus__run-1-2\.branch\.jsonl/);
});

test("an eval's hooks: its back ends answer the branches and its scorers score them", async () => {
  const dir = await plantedCorpus();
  const config = loadConfig(join(dir, 'omw.toml'), { env: {} });
  const spawn = { spawner: forkSpawner, entry: agentEntry() };
  const run = await replayCorpus({
    ...spawn,
    files: corpusFiles(['corpus'], dir),
    config,
    recordedBrains: false,
    expectDivergence: [],
    jobs: 2,
  });
  assert.equal(run.view.summary.diverged, 3);
  // Stands in for an eval: its mocks answer otherwise, and its scorer checks the answer.
  writeFileSync(join(dir, 'eval-mocks.toml'), CONFIG('low tide at noon'));
  const scored: string[] = [];
  const totals = await liveBranches({
    ...spawn,
    run,
    config,
    folder: join(dir, 'branches'),
    recordedBrains: false,
    brainbench: 'test',
    backends: () => loadConfig(join(dir, 'eval-mocks.toml'), { env: {} }),
    score: async ({ recording, source }) => {
      scored.push(source);
      const outcome = recording.agents.get('assistant')!.iterations[0]!.end?.outcome;
      const said = typeof outcome === 'object' ? outcome.exited : outcome;
      const pass = said === 'high tide at six';
      return [{ scorer: 'equals', score: pass ? 1 : 0, pass, reason: `got ${said}` }];
    },
  });
  assert.equal(totals.branches, 3);
  assert.deepEqual(scored.sort(), ['corpus/run-1.jsonl', 'corpus/run-2.jsonl', 'corpus/run-3.jsonl']);
  for (const entry of run.view.entries)
    assert.deepEqual(entry.branch?.scores, [
      { scorer: 'equals', score: 0, pass: false, reason: 'got low tide at noon' },
    ]);
});
