// "Where do the trials split?" in the Evals view, end to end in Chromium against web mode
// (docs/evals.md, For the workbench): the results of a real `brainbench eval run` whose mock model
// answers each trial otherwise (test/evals/trial-split-fixture.ts). From a flaky cell's detail the
// trials' recordings are aligned: the sentence says the split parts the passing trials from the
// failing one, each trial is marked by its verdict, and a trial's link opens its recording at the
// split iteration, the split call in it. With S on the matrix and from the palette, trials that
// made the same calls are said to (what still differs, or identical); a case of one trial has the
// action disabled and says why; a missing recording is named; a hostile results file is refused
// in one line. The screenshot docs/evals.md shows is taken here.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { RECORDINGS, RESULTS, trialSplitWorkspace } from '../evals/trial-split-fixture.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const panel = () => page.getByTestId('eval-trial-split');
const said = () => panel().getByTestId('eval-trial-split-said');

async function backToEvals(): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  await page.getByTestId('evals-view').waitFor();
}

async function openResults(path: string, cases: number): Promise<void> {
  await page.getByTestId('eval-results-file').selectOption(path);
  await page
    .getByTestId('eval-case-count')
    .filter({ hasText: new RegExp(`^${cases} of ${cases} cases$`) })
    .waitFor();
}

/** Selects a cell and waits for its trial's detail. */
async function selectCell(caseId: string, trial: number): Promise<void> {
  await page.getByTestId(`eval-cell-${caseId}-${trial}`).click();
  await page
    .getByTestId('eval-trial-detail')
    .locator('.eval-detail-head')
    .filter({ hasText: `${caseId} #${trial}` })
    .waitFor();
}

/** The sentence, once it is about `caseId`. */
async function saidOf(caseId: string): Promise<string> {
  await panel()
    .locator('strong')
    .filter({ hasText: `Where the trials of case ${caseId} split` })
    .waitFor();
  await said().waitFor();
  return ((await said().textContent()) ?? '').trim();
}

describe('where the trials of an eval case split, in the Evals view in Chromium', { timeout: 300_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = trialSplitWorkspace();
    // The "gone" case's trial 2 has lost its recording.
    renameSync(join(root, RECORDINGS, '0006-gone.2.jsonl'), join(root, '0006-gone.2.jsonl'));
    // A results file from someone else: the "flaky" trial 2's recording is outside its folder.
    cpSync(join(root, RECORDINGS), join(root, 'out.results.jsonl.recordings'), { recursive: true });
    writeFileSync(
      join(root, 'out.results.jsonl'),
      readFileSync(join(root, RESULTS), 'utf8')
        .replaceAll(RECORDINGS, 'out.results.jsonl.recordings')
        .replace('out.results.jsonl.recordings/0001-flaky.2.jsonl', '../omw.toml'),
    );
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1440, height: 900 },
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('finds where a flaky case’s trials split, marks the passing and failing ones, and links to each side', async () => {
    await backToEvals();
    await openResults(RESULTS, 6);
    await selectCell('flaky', 1);
    await page.getByTestId('eval-case-trial-split').click();
    assert.equal(
      await saidOf('flaky'),
      'The 3 trials split: assistant splits at iteration 1 call 5, after the answers to iteration 1 call 4 ' +
        '(provider.chat) differed: it parts the passing trials 1 and 3 from trial 2, which did not pass.',
    );
    // The split: one row per side, each trial marked by its verdict.
    const groups = panel().getByTestId('split-group');
    assert.equal(await groups.count(), 2);
    const marked = async (row: number) =>
      groups
        .nth(row)
        .getByTestId('eval-split-trial')
        .evaluateAll((links) =>
          links.map((link) => `${link.dataset.trial}:${link.dataset.verdict}:${link.textContent}`),
        );
    assert.deepEqual(await marked(0), ['1:pass:trial 1 ✓', '3:pass:trial 3 ✓']);
    assert.deepEqual(await marked(1), ['2:fail:trial 2 ✗']);
    assert.equal((await groups.nth(0).locator('code').textContent())?.trim(), 'no call (the iteration ended)');
    assert.equal((await groups.nth(1).locator('code').textContent())?.trim(), 'host.memory-set("unsure", "roll 2")');
    assert.match(
      (await panel().getByTestId('split-cause').textContent()) ?? '',
      /after the answers to iteration 1 call 4 \(provider\.chat\) differed:.*trial 1 ✓.*"roll 1".*trial 2 ✗.*"roll 2"/,
    );
    await page.screenshot({ path: join(SHOTS, 'eval-trial-split.png') });

    // The failing side's link: its recording, at the split iteration, with the call that split it.
    await groups.nth(1).getByTestId('eval-split-trial').click();
    const recording = page.getByTestId('recording-view');
    await recording.waitFor();
    assert.equal(await recording.getByTestId('recording-path').textContent(), `${RECORDINGS}/0001-flaky.2.jsonl`);
    const detail = recording.locator('[data-testid="iteration-detail"][data-iteration="1"]');
    await detail.waitFor();
    await detail.locator('[data-testid="recorded-call"][data-op="host.memory-set"]').waitFor();
    await page.getByTestId('recording-close').first().click();
    await page.getByTestId('evals-view').waitFor();
    // The passing side's: no such call there.
    await groups.nth(0).getByTestId('eval-split-trial').first().click();
    assert.equal(await recording.getByTestId('recording-path').textContent(), `${RECORDINGS}/0001-flaky.1.jsonl`);
    await detail.locator('[data-testid="recorded-call"][data-op="provider.chat"]').waitFor();
    assert.equal(await detail.locator('[data-testid="recorded-call"][data-op="host.memory-set"]').count(), 0);
    await page.getByTestId('recording-close').first().click();
    // Back in the Evals view, the comparison is where it was.
    await said().waitFor();
  });

  it('says plainly when the trials made the same calls (S on the matrix, the palette), or are identical', async () => {
    await selectCell('echo', 2);
    await page.getByTestId('eval-matrix').focus();
    await page.keyboard.press('s');
    assert.equal(
      await saidOf('echo'),
      'The 3 trials made the same calls; they differ only in the answer to assistant’s iteration 1 call 4 ' +
        '(provider.chat) and in how assistant’s iteration 1 ended (exited "roll 1" in trial 1; exited "roll 2" ' +
        'in trial 2; exited "roll 3" in trial 3).',
    );
    assert.equal(await panel().getByTestId('split-group').count(), 0);

    await selectCell('quiet', 3);
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('where do the');
    await page.locator('[data-testid="palette-eval-case-trial-split"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    assert.equal(await saidOf('quiet'), 'The 3 trials are identical: the same calls, answered alike, ending alike.');
  });

  it('disables the action for a case of one trial, saying why, and names a missing recording', async () => {
    await selectCell('single', 1);
    const button = page.getByTestId('eval-case-trial-split');
    assert.equal(await button.isDisabled(), true);
    assert.equal(await button.getAttribute('title'), 'Case single has one trial: there is nothing to compare it with');

    await selectCell('gone', 1);
    await button.click();
    assert.match(await saidOf('gone'), /^The 2 trials made the same calls/);
    assert.equal(
      (await panel().getByTestId('eval-trial-split-missing').textContent())?.trim(),
      `Trial 2 (fail) is left out: its recording ${RECORDINGS}/0006-gone.2.jsonl is missing.`,
    );
    assert.deepEqual(
      await panel()
        .getByTestId('eval-trial-split-trials')
        .getByTestId('eval-split-trial')
        .evaluateAll((links) => links.map((link) => `${link.dataset.trial}:${link.dataset.verdict}`)),
      ['1:pass', '3:pass'],
    );
  });

  it('refuses a results file whose recording lies outside its folder, in one line', async () => {
    await openResults('out.results.jsonl', 6);
    assert.equal(await panel().count(), 0, 'another results file: the comparison is gone');
    await selectCell('flaky', 1);
    await page.getByTestId('eval-case-trial-split').click();
    const notice = page.getByTestId('notice-error').filter({ hasText: 'Could not compare the trials of the case' });
    await notice.waitFor();
    assert.match(
      (await notice.textContent()) ?? '',
      /Could not compare the trials of the case: out\.results\.jsonl: the recording "\.\.\/omw\.toml" is outside out\.results\.jsonl\.recordings\//,
    );
    assert.equal(await panel().count(), 0);
    assert.deepEqual(errors, []);
  });
});
