// Line counts of an eval run in the Evals view, end to end in Chromium against web mode
// (docs/debugging.md#which-lines-ran): the results of a real `brainbench eval run` of 2 cases by 2
// trials on a small Rhai brain (a loop only the "long" case enters, a branch no case takes).
// **Line counts** re-executes every trial with its progress, names the line no trial reaches in
// the summary, and Show in the editor opens the brain with that line marked in the gutter and the
// counts in its hover; then per case, from a cell's detail and with L on the matrix, the counts
// differ as hand-counted. The screenshot docs/debugging.md shows is taken here.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { lineCountsWorkspace } from '../evals/line-counts-fixture.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const summary = () => page.getByTestId('evals-view').getByTestId('line-counts-summary');
const editor = () => page.locator('.monaco-editor').first();

/** What the editor's hover over the line number of `line` of the open brain says (beside its gutter mark). */
async function hoverOf(line: number): Promise<string> {
  await editor()
    .locator('.line-numbers')
    .filter({ hasText: new RegExp(`^${line}$`) })
    .hover();
  const hover = page.locator('.monaco-hover').filter({ hasText: /^(Entered|Not reached)/ });
  await hover.first().waitFor();
  const text = ((await hover.first().textContent()) ?? '').trim();
  await page.mouse.move(700, 5);
  await hover.first().waitFor({ state: 'hidden' });
  return text;
}

async function showInEditor(): Promise<void> {
  await summary().getByTestId('line-counts-open').click();
  await page.getByTestId('evals-view').waitFor({ state: 'detached' });
  await editor().locator('.coverage-heat').first().waitFor();
}

async function backToEvals(): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  await page.getByTestId('evals-view').waitFor();
}

/** The marks of the open brain's gutter, by heat: how many lines are never reached (heat 0). */
const coldLines = (scope: Locator) => scope.locator('.coverage-heat-0').count();

describe('line counts of an eval run in the Evals view, in Chromium', { timeout: 300_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = lineCountsWorkspace();
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

  it('counts every trial’s lines: the summary names the line no trial reaches, and the gutter marks it', async () => {
    await backToEvals();
    await page.getByTestId('eval-results-file').selectOption('lines.results.jsonl');
    await page
      .getByTestId('eval-case-count')
      .filter({ hasText: /^2 of 2 cases$/ })
      .waitFor();
    await page.getByTestId('eval-line-counts').click();
    await summary().waitFor();
    assert.equal(
      (await summary().locator('code').textContent())?.trim(),
      'brain.rhai: 7 of 8 lines (87%); never reached: line 9',
    );
    assert.equal(
      (await page.getByTestId('eval-line-counts-title').textContent())?.trim(),
      'Line counts over 4 trials, 4 iterations re-executed',
    );
    await page.screenshot({ path: join(SHOTS, 'eval-line-counts.png') });

    await showInEditor();
    assert.equal(await coldLines(editor()), 1);
    assert.equal(await hoverOf(9), 'Not reached in 4 trials');
    assert.equal(await hoverOf(5), 'Entered 6 times in 4 trials');
    assert.equal(await hoverOf(1), 'Entered 4 times in 4 trials');
  });

  it('counts one case’s trials, from a cell’s detail and with L on the matrix, as hand-counted', async () => {
    await backToEvals();
    // From a cell of the "short" case: its detail's Line counts of the case.
    await page.getByTestId('eval-cell-short-1').click();
    await page.getByTestId('eval-trial-detail').waitFor();
    await page.getByTestId('eval-case-line-counts').click();
    await page
      .getByTestId('eval-line-counts-title')
      .filter({ hasText: 'Line counts over the 2 trials of case short' })
      .waitFor();
    assert.equal(
      (await summary().locator('code').textContent())?.trim(),
      'brain.rhai: 5 of 8 lines (62%); never reached: lines 4-5, 9',
    );
    await showInEditor();
    await editor().locator('.coverage-heat-0').nth(2).waitFor();
    assert.equal(await coldLines(editor()), 3);
    assert.equal(await hoverOf(4), 'Not reached in the 2 trials of case short');
    assert.equal(await hoverOf(1), 'Entered 2 times in the 2 trials of case short');

    // The "long" case: select its cell, then L on the matrix.
    await backToEvals();
    await page.getByTestId('eval-cell-long-2').click();
    await page.getByTestId('eval-matrix').focus();
    await page.keyboard.press('l');
    await page
      .getByTestId('eval-line-counts-title')
      .filter({ hasText: 'Line counts over the 2 trials of case long' })
      .waitFor();
    assert.equal(
      (await summary().locator('code').textContent())?.trim(),
      'brain.rhai: 7 of 8 lines (87%); never reached: line 9',
    );
    await showInEditor();
    await editor().locator('.coverage-heat-3').first().waitFor();
    assert.equal(await coldLines(editor()), 1);
    assert.equal(await hoverOf(5), 'Entered 6 times in the 2 trials of case long');
    assert.equal(await hoverOf(4), 'Entered 2 times in the 2 trials of case long');
  });

  it('is in the command palette', async () => {
    await backToEvals();
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('line counts of the eval results');
    await page.locator('[data-testid="palette-eval-line-counts"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('eval-line-counts-title')
      .filter({ hasText: /^Line counts over 4 trials/ })
      .waitFor();
    assert.deepEqual(errors, []);
  });
});
