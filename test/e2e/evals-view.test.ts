// The Evals view end to end, in Chromium against web mode, on a copy of examples/evals (mock
// providers: every run is the same): run the eval from the view with its progress bar, read the
// matrix (filters, search, sort), open a failing cell's recording in the Recording view, fork it,
// add the branch to the dataset, run again with a regression planted in the dataset, compare the
// two runs (regressions first, both outcomes side by side), and the charts. The README's
// screenshot of the view is taken here.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const REPO = join(import.meta.dirname, '../..');
const SHOTS = join(REPO, 'test-results/screenshots');

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const rows = () => page.getByTestId('eval-row');
const caseCount = async () => (await page.getByTestId('eval-case-count').textContent()) ?? '';

async function runFromView(trials: string, filter: string, how: 'button' | 'key' = 'button'): Promise<string[]> {
  await page.getByTestId('eval-trials').fill(trials);
  await page.getByTestId('eval-filter').fill(filter);
  const seen: string[] = [];
  if (how === 'button') await page.getByTestId('eval-run').click();
  else await page.keyboard.press('Control+Shift+U');
  // The bar as it goes: at least one state between the start and the end.
  const text = page.getByTestId('eval-progress-text');
  for (;;) {
    const now = (await text.textContent()) ?? '';
    if (seen.at(-1) !== now) seen.push(now);
    if (/^done:|^failed:|^cancelled/.test(now)) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return seen;
}

describe('the Evals view, in Chromium', { timeout: 300_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-evals-'));
    cpSync(join(REPO, 'examples/evals'), root, { recursive: true });
    const trust = new WorkspaceTrust(TrustStore.forUser(), [root]);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), trust });
    await workbench.open(root);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1440, height: 900 },
      timeout: 60_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('runs the example eval from the view with a live progress bar, and shows its matrix', async () => {
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('evals-view').waitFor();
    assert.equal(await page.getByTestId('eval-file').inputValue(), 'qa-openai.eval.toml');
    await page.getByTestId('eval-file').selectOption('qa.eval.toml');
    const states = await runFromView('2', '');
    assert.match(states.at(-1)!, /^done: 48 trials, \d+ not passing/);
    assert.ok(
      states.some((s) => /^\d+\/48 trials/.test(s)),
      `the bar counted trials as they finished: ${states.join(' | ')}`,
    );
    await page.getByTestId('eval-progress').getByRole('progressbar').waitFor();
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '48');
    await page
      .getByTestId('eval-case-count')
      .filter({ hasText: /^24 of 24 cases$/ })
      .waitFor();
    assert.equal(await page.getByTestId('eval-cell-capital-australia-1').getAttribute('data-verdict'), 'fail');
    assert.equal(await page.getByTestId('eval-cell-capital-france-2').getAttribute('data-verdict'), 'pass');

    await page.getByTestId('eval-verdict-filter').selectOption('failing');
    const failing = await caseCount();
    assert.match(failing, /^\d+ of 24 cases$/);
    assert.ok(Number(failing.split(' ')[0]) < 24 && Number(failing.split(' ')[0]) > 0);
    // `/` on the matrix goes to the search field.
    await page.getByTestId('eval-matrix').focus();
    await page.keyboard.press('/');
    await page.keyboard.type('austral');
    assert.equal(await caseCount(), '1 of 24 cases');
    assert.equal(await rows().first().getAttribute('data-case'), 'capital-australia');
    await page.getByTestId('eval-search').fill('');
    await page.getByTestId('eval-verdict-filter').selectOption('all');
    await page.getByTestId('eval-tag').selectOption('math');
    assert.ok((await rows().count()) > 0);
    for (const row of await rows().all()) assert.match((await row.getAttribute('data-case')) ?? '', /./);
    await page.getByTestId('eval-tag').selectOption('');
    await page.getByTestId('eval-sort').selectOption('score');
    const lowest = await rows().first().getAttribute('data-case');
    assert.notEqual(lowest, 'capital-france', 'the lowest score first, not case order');
    await page.getByTestId('eval-sort').selectOption('case');
    assert.equal(await rows().first().getAttribute('data-case'), 'capital-france');
  });

  it('opens a failing cell’s recording in the Recording view, forks it, and adds the branch to the dataset', async () => {
    await page.getByTestId('eval-cell-capital-australia-1').click();
    const detail = page.getByTestId('eval-trial-detail');
    await detail.waitFor();
    assert.equal((await detail.getByTestId('eval-trial-answer').textContent())?.trim(), 'Sydney');
    // The keyboard: Enter on the focused matrix opens the selected cell's recording.
    await page.getByTestId('eval-matrix').focus();
    await page.keyboard.press('Enter');
    const view = page.getByTestId('recording-view');
    await view.waitFor();
    assert.match(
      (await view.getByTestId('recording-path').textContent()) ?? '',
      /^\.brainbench\/evals\/qa-.*\.results\.jsonl\.recordings\/0003-capital-australia\.1\.jsonl$/,
    );
    await view.getByTestId('fork-before-first').click();
    const fork = page.getByTestId('fork-dialog');
    await fork.getByTestId('fork-name').fill('australia');
    await fork.getByTestId('fork-run').click();
    await view.getByTestId('recording-path').filter({ hasText: '.brainbench/branches/australia.jsonl' }).waitFor();
    await view.getByTestId('recording-add-to-dataset').click();
    const dialog = page.getByTestId('add-case-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('add-case-dataset').inputValue(), 'cases.jsonl');
    await dialog.getByTestId('add-case-id').fill('capital-australia');
    await dialog.getByTestId('add-case-submit').click();
    // A taken id is an error, and the dialog stays with what was typed.
    await page.getByText(/already has a case "capital-australia"/).waitFor();
    await dialog.getByTestId('add-case-id').fill('capital-australia-fixed');
    await dialog.getByTestId('add-case-expected').fill('Canberra');
    await dialog.getByTestId('add-case-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const added = JSON.parse(readFileSync(join(root, 'cases.jsonl'), 'utf8').trim().split('\n').at(-1)!) as {
      id: string;
      input: { message: string };
      expected: string;
    };
    assert.equal(added.id, 'capital-australia-fixed');
    assert.equal(added.input.message, 'What is the capital of Australia?');
    assert.equal(added.expected, 'Canberra');
    await view.getByTestId('recording-close').click();
    await page.getByTestId('evals-view').waitFor();
  });

  it('compares a second run with the first as baseline: the planted regression first, outcomes side by side', async () => {
    // The "model" now answers Lyon for France: that case must regress.
    const dataset = readFileSync(join(root, 'cases.jsonl'), 'utf8');
    writeFileSync(join(root, 'cases.jsonl'), dataset.replace('"model_answer": "Paris"', '"model_answer": "Lyon"'));
    const baseline = await page.getByTestId('eval-results-file').inputValue();
    const states = await runFromView('2', 'tag:capital', 'key');
    assert.match(states.at(-1)!, /^done: /);
    while ((await page.getByTestId('eval-results-file').inputValue()) === baseline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // From the command palette, as other views' commands.
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('compare eval');
    await page.locator('[data-testid="palette-compare-eval-results"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('eval-baseline').selectOption(baseline);
    const first = page.getByTestId('eval-compare-row').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('data-case'), 'capital-france');
    assert.equal(await first.getAttribute('data-status'), 'regressed');
    const text = (await first.textContent()) ?? '';
    assert.match(text, /Paris/);
    assert.match(text, /Lyon/);
    assert.match((await page.getByTestId('eval-compare-summary').textContent()) ?? '', /1 regressed/);
    assert.match((await page.getByTestId('eval-compare-summary').textContent()) ?? '', /only in the baseline/);
    // Sort by regression in the matrix, against that baseline.
    await page.getByTestId('eval-tab-matrix').click();
    await page.getByTestId('eval-sort').selectOption('regression');
    assert.equal(await rows().first().getAttribute('data-case'), 'capital-france');
  });

  it('draws the score distribution and the cost per case', async () => {
    await page.getByTestId('eval-results-file').selectOption({ index: 2 });
    await page
      .getByTestId('eval-case-count')
      .filter({ hasText: /^24 of 24 cases$/ })
      .waitFor();
    await page.getByTestId('eval-tab-charts').click();
    assert.ok((await page.getByTestId('eval-score-chart').locator('rect.bar').count()) >= 2);
    assert.equal(await page.getByTestId('eval-cost-chart').locator('rect.bar').count(), 24);
    await page.getByTestId('eval-tab-matrix').click();
    await page.getByTestId('eval-cell-capital-australia-1').click();
    await page.getByTestId('eval-trial-detail').waitFor();
    await page.screenshot({ path: join(SHOTS, 'evals.png') });
    assert.deepEqual(errors, []);
  });
});
