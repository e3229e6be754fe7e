// `brainbench replay CORPUS --live-after-divergence --eval EVAL` on the eval example: its trials
// recorded by `brainbench eval run`, a planted change to the assistant (a new prompt, and a full
// stop after the answer), then the corpus replayed. Each trial diverges at the model's chat, goes
// on live against the eval's mocks filled from its case, and is scored by the eval's scorers: the
// exact-answer check now fails, the others still pass, and the reports say so.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { brainbench } from './brainbench-cli.ts';

const EXAMPLE = join(import.meta.dirname, '../../examples/evals');
const TRIALS = 'runs/qa.results.jsonl.recordings';

/** The eval example's capital cases run once each, then the assistant changed. */
async function plantedTrials(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-eval-live-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  const ran = await brainbench(
    ['eval', 'run', 'qa.eval.toml', '--filter', 'tag:capital', '--trials', '1', '--out', 'runs/qa.results.jsonl'],
    dir,
  );
  assert.match(ran.stdout, /5 cases, 5 trials \(k = 1\)/, ran.stderr);
  const brain = readFileSync(join(dir, 'assistant.js'), 'utf8');
  const changed = brain
    .replace('Answer in one line.', 'Answer in one word.')
    .replace(/^reply\.content \?\? '';$/m, "`${reply.content ?? ''}.`;");
  assert.notEqual(changed, brain);
  writeFileSync(join(dir, 'assistant.js'), changed);
  return dir;
}

test("the eval's mocks answer each diverged trial live, and its scorers score the branch in every report", async () => {
  const dir = await plantedTrials();
  // A trial under another name is still found by its input's id.
  renameSync(join(dir, TRIALS, '0001-capital-france.1.jsonl'), join(dir, TRIALS, 'france.jsonl'));
  const run = await brainbench(
    [
      'replay',
      TRIALS,
      '--config',
      'omw.toml',
      '--live-after-divergence',
      '--eval',
      'qa.eval.toml',
      '--markdown',
      'out/report.md',
      '--junit',
      'out/report.xml',
    ],
    dir,
  );
  assert.equal(run.code, 1, run.stderr);
  // The branch of the France trial: the eval's mock answered "Paris" (its case's model_answer), the brain added a stop.
  assert.match(
    run.stdout,
    /DIVERGED runs\/qa\.results\.jsonl\.recordings\/france\.jsonl\n {2}assistant iteration 1 call 6: provider\.chat called with other arguments\n(?: {4}.*\n)+ {2}live: 1 iteration -> out\/runs__qa\.results\.jsonl\.recordings__france\.branch\.jsonl; spent 132 tokens \(1 provider call\), 0\.00054 USD; saved no provider call\n {2}score trajectory: 1\.00 pass \(all 3 checks met\)\n {2}score equals: 0\.00 fail \(expected "Paris", got "Paris\."\)\n/,
  );
  assert.match(run.stdout, /score equals: 0\.00 fail \(expected "Canberra", got "Sydney\."\)/);
  assert.match(run.stdout, /score helpful: 0\.20 fail \(Sydney is not the capital\)/);
  assert.match(
    run.stdout,
    /live after divergence: 5 branches; spent 660 tokens \(5 provider calls\), 0\.0027 USD; saved no provider call\nscores \(qa\.eval\.toml\): trajectory 1\.00, 5 of 5 passing; equals 0\.00, 0 of 5 passing; budget 1\.00, 5 of 5 passing; concise 1\.00, 5 of 5 passing; helpful 0\.82, 4 of 5 passing\n/,
  );
  const markdown = readFileSync(join(dir, 'out/report.md'), 'utf8');
  assert.match(markdown, /- equals: 0\.00 fail \(expected "Tokyo", got "Tokyo\."\)/);
  assert.match(markdown, /Scores \(qa\.eval\.toml\): trajectory 1\.00, 5 of 5 passing; equals 0\.00, 0 of 5 passing/);
  const junit = readFileSync(join(dir, 'out/report.xml'), 'utf8');
  assert.match(junit, /score equals: 0\.00 fail \(expected &quot;Ottawa&quot;, got &quot;Ottawa\.&quot;\)/);
});

test('a bad eval file is one line before anything replays; a recording of no case of the eval is its branch error', async () => {
  const dir = await plantedTrials();
  const evalText = readFileSync(join(dir, 'qa.eval.toml'), 'utf8');
  writeFileSync(
    join(dir, 'outside.eval.toml'),
    evalText.replace('config = "omw.toml"', 'config = "../../../nowhere/omw.toml"'),
  );
  writeFileSync(join(dir, 'broken.eval.toml'), 'config = "omw.toml"\ndataset = [1,\n');
  writeFileSync(
    join(dir, 'elsewhere.eval.toml'),
    evalText.replace('dataset = "cases.jsonl"', 'dataset = "/etc/hostname"'),
  );
  writeFileSync(
    join(dir, 'agentless.eval.toml'),
    evalText.replace('agent = "assistant"\nmax_seconds', 'agent = "nobody"\nmax_seconds'),
  );
  const replay = (evalFile: string) =>
    brainbench(['replay', TRIALS, '--config', 'omw.toml', '--live-after-divergence', '--eval', evalFile], dir);
  const expectations: [string, RegExp][] = [
    ['outside.eval.toml', /outside\.eval\.toml:\d+:\d+: config: no such file: \/nowhere\/omw\.toml/],
    ['broken.eval.toml', /broken\.eval\.toml:3:1: /],
    ['agentless.eval.toml', /agentless\.eval\.toml:\d+:\d+: end\.agent: no agent \W+nobody/],
    ['missing.eval.toml', /missing\.eval\.toml: no such eval file/],
    ['elsewhere.eval.toml', /\/etc\/hostname: expected a dataset ending in \.jsonl/],
  ];
  for (const [evalFile, message] of expectations) {
    const run = await replay(evalFile);
    assert.equal(run.code, 1, evalFile);
    assert.equal(run.stdout, '', `${evalFile}: nothing replayed`);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  }

  const alone = await brainbench(['replay', TRIALS, '--eval', 'qa.eval.toml'], dir);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--eval scores the branches --live-after-divergence runs: give both/);

  // A trial whose input id and name are no case's: its branch is not run, the others are.
  const france = readFileSync(join(dir, TRIALS, '0001-capital-france.1.jsonl'), 'utf8');
  const inputId = /"type":"inbound"[^}]*?"id":"([0-9a-f-]{36})"/.exec(france)?.[1];
  assert.ok(inputId, 'the trial received its input message');
  writeFileSync(
    join(dir, TRIALS, '0001-capital-france.1.jsonl'),
    france.replaceAll(inputId, '00000000-0000-4000-8000-000000000000'),
  );
  renameSync(join(dir, TRIALS, '0001-capital-france.1.jsonl'), join(dir, TRIALS, 'stranger.jsonl'));
  const run = await replay('qa.eval.toml');
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stdout,
    /DIVERGED runs\/qa\.results\.jsonl\.recordings\/stranger\.jsonl\n(?: {2,}.*\n)*? {2}live: no case of qa\.eval\.toml \(24 cases\) is the one it recorded/,
  );
  assert.match(run.stdout, /live after divergence: 4 branches;/);
});
