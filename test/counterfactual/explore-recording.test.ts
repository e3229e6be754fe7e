// `brainbench explore RECORDING`: a real run of the planted order-dependent workspace is recorded
// (first in, first out, it ends well: main takes its tool's result while the helper's message is
// ready), then explored from the recording: the point where events were ready at once is named,
// the order that breaks main is found against mocks of the recorded back ends and saved, and the
// saved schedule reproduces it from the recording every time. The recording is data: the
// workspace's brains run (fixed, no order breaks them) unless --recorded-brains runs its own text,
// in the workspace's runtime. Hostile recordings are refused in one line.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { brainbench } from './brainbench-cli.ts';
import { FIXED, MAIN, RACY, racyWorkspace } from './racy-workspace.ts';

async function recordedRace(): Promise<string> {
  const dir = racyWorkspace();
  const run = await brainbench(['run', '--record', 'run.jsonl'], dir);
  assert.equal(run.code, 0, run.stderr);
  return dir;
}

test('explore from a recording finds the order that breaks it; the saved schedule reproduces it', async () => {
  const dir = await recordedRace();
  // The calculator answers from the recording, not from the workspace's config.
  writeFileSync(
    join(dir, 'omw.toml'),
    readFileSync(join(dir, 'omw.toml'), 'utf8').replace('result = "3"', 'result = "4"'),
  );
  const run = await brainbench(['explore', 'run.jsonl', '--save', 'found', '--timeout', '60'], dir);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /^run\.jsonl: helper, main against mocks of the recorded back ends; events were ready at once 1 time\n {2}main received tool-result add while message "total 10" was ready\nfirst in, first out:\n {2}helper: exited "helped"\n {2}main: exited "sum 3"\n/,
  );
  assert.match(
    run.stdout,
    /DIFFERS schedule \d+: 1 choice\(s\) from first in, first out:\n {2}main received message "total 10" before tool-result add\n {4}helper: exited "helped"\n {4}main: failed: TypeError/,
  );
  assert.match(
    run.stdout,
    /2 schedule\(s\), every order, in [\d.]+ s: 1 with a different outcome, 0 with the same outcome but other calls\n$/,
  );
  for (let time = 0; time < 3; time++) {
    const again = await brainbench(
      ['explore', 'run.jsonl', '--schedule', 'found/schedule-1.json', '--timeout', '60'],
      dir,
    );
    assert.equal(again.code, 1, again.stdout + again.stderr);
    assert.match(again.stdout, /FAIL found\/schedule-1\.json: 1 pinned choice\(s\)\n/);
    assert.match(again.stdout, /under this schedule:\n {2}helper: exited "helped"\n {2}main: failed: TypeError/);
  }
});

test("the workspace's brains run, the recorded ones only with --recorded-brains", async () => {
  const dir = await recordedRace();
  writeFileSync(join(dir, 'main.js'), MAIN.replace(RACY, FIXED));
  const fixed = await brainbench(['explore', 'run.jsonl', '--timeout', '60'], dir);
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
  assert.match(fixed.stdout, /^note: main: the workspace's brain differs from the recorded one/);
  assert.match(
    fixed.stdout,
    /2 schedule\(s\), every order, in [\d.]+ s: 0 with a different outcome, 0 with the same outcome but other calls\n$/,
  );
  const recorded = await brainbench(['explore', 'run.jsonl', '--recorded-brains', '--timeout', '60'], dir);
  assert.equal(recorded.code, 1, recorded.stdout + recorded.stderr);
  assert.match(
    recorded.stdout,
    /^note: the recorded brains run, each in the runtime the workspace's config gives it\n/,
  );
  assert.match(recorded.stdout, /main: failed: TypeError/);
});

test("an eval trial's recording is explored with its input delivered again, as it was before the agent ran", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-explore-trial-'));
  cpSync(join(import.meta.dirname, '../../examples/evals'), dir, { recursive: true });
  const ran = await brainbench(
    ['eval', 'run', 'qa.eval.toml', '--first', '1', '--trials', '1', '--out', 'qa.results.jsonl'],
    dir,
  );
  assert.match(ran.stdout, /1 cases?, 1 trials? \(k = 1\)/, ran.stdout + ran.stderr);
  const trial = 'qa.results.jsonl.recordings/0001-capital-france.1.jsonl';
  const run = await brainbench(['explore', trial, '--timeout', '60'], dir);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /\n {2}assistant is given message "What is the capital of France\?" before it runs, as recorded\n/,
  );
  assert.match(run.stdout, /first in, first out:\n {2}assistant: exited "Paris"\n/);
});

test('hostile recordings are refused in one line, and their brain text never runs unasked', async () => {
  const dir = await recordedRace();
  const text = readFileSync(join(dir, 'run.jsonl'), 'utf8');
  const [header, ...rest] = text.split('\n');
  const parsed = JSON.parse(header!) as {
    brains: Record<string, { source?: string }>;
    config: { memory: Record<string, unknown> };
  };
  // A recorded brain that would say so if it ran.
  parsed.brains['main']!.source = "'the recorded text ran';";
  writeFileSync(join(dir, 'planted.jsonl'), [JSON.stringify(parsed), ...rest].join('\n'));
  parsed.config.memory = { main: { odd: { nested: true } } };
  writeFileSync(join(dir, 'odd-memory.jsonl'), [JSON.stringify(parsed), ...rest].join('\n'));
  const planted = await brainbench(['explore', 'planted.jsonl', '--runs', '1', '--timeout', '60'], dir);
  assert.equal(planted.code, 0, planted.stdout + planted.stderr);
  assert.doesNotMatch(planted.stdout, /the recorded text ran/);
  assert.match(planted.stdout, /main: exited "sum 3"/);

  writeFileSync(join(dir, 'evil-name.jsonl'), text.replaceAll('"helper"', '"../helper"'));
  writeFileSync(join(dir, 'garbage.jsonl'), 'not json at all\n{}\n');
  writeFileSync(join(dir, 'strangers.jsonl'), text.replaceAll('"main"', '"mallory"').replaceAll('"helper"', '"eve"'));
  for (const [file, message] of [
    ['evil-name.jsonl', /evil-name\.jsonl: .*\.\.\/helper/],
    ['garbage.jsonl', /garbage\.jsonl: line 1/],
    ['strangers.jsonl', /strangers\.jsonl: nothing to replay: no recorded agent can run in this workspace/],
    ['missing.jsonl', /missing\.jsonl: no such recording/],
    [
      'odd-memory.jsonl',
      /odd-memory\.jsonl: line 1: the header's config\.memory\W+main\W+: expected a table of strings/,
    ],
  ] as const) {
    const run = await brainbench(['explore', file], dir);
    assert.equal(run.code, 1, `${file}: ${run.stdout}${run.stderr}`);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, message);
    assert.equal(run.stderr.trim().split('\n').length, 1, `one line: ${run.stderr}`);
  }
  const usage = await brainbench(['explore', 'omw.toml', '--recorded-brains'], dir);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--recorded-brains runs a RECORDING's own brains: give a recording/);
});
