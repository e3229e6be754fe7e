// An opened recording's past in the workbench end to end, in Chromium against web mode
// (docs/debugging.md#logpoints-in-the-past, #which-lines-ran): a Rhai brain whose loop grows each
// iteration is stepped three times; its session recording, opened, is given a logpoint on the loop
// body from the Debug column's "In the past" box. Its values land in the Debug output and in a
// column of the recording's timeline, each linked to its iteration; a link opens that iteration.
// Line counts then give the brain's summary and, in the editor, the gutter heat map.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { COUNTING_BRAINS, countingConfig } from '../time-travel/past-fixture.ts';
import { agentRow, selectAgent } from './page-actions.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

describe("an opened recording's past in the workbench, in Chromium", { timeout: 180_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-rec-past-'));
    writeFileSync(join(root, 'omw.toml'), countingConfig('rhai'));
    writeFileSync(join(root, 'brain.rhai'), COUNTING_BRAINS.rhai);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1400, height: 900 },
      timeout: 60_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('records three iterations and opens the session recording', async () => {
    await selectAgent(page, 'a');
    for (const n of [1, 2, 3]) {
      await agentRow(page, 'a').getByRole('button', { name: 'Step' }).click();
      await page.locator(`[data-testid="iteration-row"][data-iteration="${n}"]`).waitFor();
      await page.locator(`[data-testid="agent-a"]:not([data-state="running"])`).waitFor();
    }
    await page.keyboard.press('Control+Shift+O');
    await page
      .getByTestId('open-recording-dialog')
      .locator('[data-testid="recording-file"][data-path=".brainbench/session.jsonl"]')
      .click();
    await page.locator('[data-testid="recorded-iteration"][data-iteration="3"]').waitFor();
  });

  it('runs a logpoint over the recording: values in the Debug output and the timeline, linked to their iterations', async () => {
    const pane = page.getByTestId('past-probes');
    assert.match((await pane.getByTestId('past-target').textContent()) ?? '', /brain\.rhai of a, over the recording/);
    await pane.getByLabel('line in the past').fill('5');
    await pane.getByLabel('log message in the past').fill('i={i} total={total}');
    await pane.getByTestId('past-probe-run').click();

    const row = (n: number) =>
      page.locator(`[data-testid="recorded-iteration"][data-iteration="${n}"]`).getByTestId('recorded-past-values');
    await row(3).waitFor();
    assert.equal(await row(1).textContent(), '5: i=0 total=0');
    assert.equal(await row(3).textContent(), '5: i=0 total=0 · 5: i=1 total=0 · 5: i=2 total=1');

    const output = page.getByTestId('debug-output');
    const lines = output.getByTestId('debug-output-line');
    const texts = await lines.allTextContents();
    assert.equal(texts.filter((t) => t.includes('(recording) brain.rhai:5: i=')).length, 6, texts.join('\n'));
    assert.ok(
      texts.some((t) => /\(recording\) logpoint: 6 values from 3 iterations$/.test(t.trim())),
      texts.join('\n'),
    );
    await page.screenshot({ path: join(SHOTS, 'recording-past-logpoint.png') });

    // The second value is iteration 2's: its link opens that iteration of the recording.
    const second = lines.filter({ hasText: '(recording) brain.rhai:5:' }).nth(1);
    assert.equal(await second.getByTestId('past-iteration-link').textContent(), '#2');
    await second.getByTestId('past-iteration-link').click();
    await page.locator('[data-testid="iteration-detail"][data-iteration="2"]').waitFor();
    assert.equal(
      await page.locator('[data-testid="recorded-iteration"][data-iteration="2"]').getAttribute('aria-pressed'),
      'true',
    );
  });

  it('counts the lines the recording ran: the summary per brain, and the heat map in the editor', async () => {
    await page.getByTestId('recording-line-counts').click();
    const summary = page.getByTestId('line-counts-summary');
    await summary.waitFor();
    assert.equal(
      (await summary.locator('code').textContent())?.trim(),
      'brain.rhai: 7 of 8 lines (87%); never reached: line 8',
    );
    await page.screenshot({ path: join(SHOTS, 'recording-line-counts.png') });

    await summary.getByTestId('line-counts-open').click();
    await page.getByTestId('recording-view').waitFor({ state: 'detached' });
    const editor = page.locator('.monaco-editor').first();
    await editor.locator('.coverage-heat-0').first().waitFor();
    // Line 8 (never reached) is cold; the loop body (6 entries) is the warmest.
    assert.equal(await editor.locator('.coverage-heat-0').count(), 1);
    assert.ok((await editor.locator('.coverage-heat-3').count()) >= 1);
    await page.screenshot({ path: join(SHOTS, 'recording-coverage-heat.png') });
    assert.deepEqual(errors, []);
  });
});
