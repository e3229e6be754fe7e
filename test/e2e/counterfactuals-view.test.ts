// The workbench's counterfactual views end to end, in Chromium against web mode, on a corpus
// recorded from the examples with a planted change to the tool example's error path: the Corpus
// replay view (keyboard, progress, exactly the changed recordings DIVERGED, a result opening its
// replay), chaos on an opened recording (its table, a row showing the mutated iteration, Save as
// test), Compare with several recordings (where four trials split and the answer that split
// them), and Fork all agents on the ping-pong recording (the live pong answers the live ping).

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { exampleCorpus, recordRun, type ExampleCorpus } from '../counterfactual/example-corpus.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const REPO = join(import.meta.dirname, '../..');
const SHOTS = join(REPO, 'test-results/screenshots');

const SPLITTER = `const calc = omw.tooling.get('calc');
const first = calc.callToolBlocking('add', { a: 1, b: 2 }).content[0].text;
calc.callToolBlocking('add', { a: Number(first), b: 1 });
'done';
`;
const trialConfig = (first: string) => `[runtime.js]
kind = "js"
[agents.splitter]
runtime = "js"
script = "splitter.js"
[tooling.calc]
kind = "mock"
tools = [ { name = "add", description = "Adds", input_schema = { type = "object" } } ]
tool_calls = [ { name = "add", result = "${first}" }, { name = "add", result = "9" } ]
`;

let corpus: ExampleCorpus;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

/** Open Recording… (Ctrl+Shift+O), a path typed in. */
async function openByPath(path: string): Promise<void> {
  await page.keyboard.press('Control+Shift+O');
  const input = page.locator('.dialog [data-testid="recording-path"]');
  await input.fill(path);
  await input.press('Enter');
  await page.locator('.recording-facts [data-testid="recording-path"]').filter({ hasText: path }).waitFor();
}

describe('the counterfactual views, in Chromium', { timeout: 300_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    corpus = await exampleCorpus(2);
    // Four trials of one case; the third one's tool answered otherwise.
    writeFileSync(join(corpus.dir, 'splitter.js'), SPLITTER);
    mkdirSync(join(corpus.dir, 'trials'));
    for (const [trial, first] of [
      [1, '3'],
      [2, '3'],
      [3, '5'],
      [4, '3'],
    ] as const) {
      writeFileSync(join(corpus.dir, 'trial.toml'), trialConfig(first));
      await recordRun(join(corpus.dir, 'trial.toml'), join(corpus.dir, `trials/trial-${trial}.jsonl`));
    }
    const file = join(corpus.dir, 'tool.js');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[10] = "  if (envelope.kind === 'error') { calc.callToolBlocking('add', { a: 3, b: 4 }); continue; }";
    writeFileSync(file, lines.join('\n'));
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(corpus.dir);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1440, height: 900 },
      timeout: 60_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
  });

  it('replays a folder from the keyboard: exactly the changed recordings diverge; a result opens its replay', async () => {
    await page.keyboard.press('Control+Shift+K');
    await page.getByTestId('corpus-view').waitFor();
    await page.getByTestId('corpus-folder').fill('/etc');
    await page.getByTestId('corpus-folder').press('Enter');
    await page.getByText(/cannot replay "\/etc": it is outside the workspace/).waitFor();
    await page.getByTestId('corpus-folder').fill('corpus');
    await page.getByTestId('corpus-folder').press('Enter');
    await page.getByTestId('corpus-progress-text').filter({ hasText: 'done: 12 recordings' }).waitFor();
    await page.getByTestId('corpus-summary').filter({ hasText: '10 replayed, 2 diverged' }).waitFor();
    const diverged = await page
      .locator('[data-testid="corpus-row"][data-status="diverged"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path')));
    assert.deepEqual(diverged, ['corpus/tool-error-1.jsonl', 'corpus/tool-error-2.jsonl']);
    await page.screenshot({ path: join(SHOTS, 'corpus-replay.png') });
    // Arrows move through the list; the detail shows the first differing call and the brain's line.
    await page.getByTestId('corpus-list').focus();
    for (;;) {
      const selected = page.locator('[data-testid="corpus-row"][aria-selected="true"]');
      if ((await selected.getAttribute('data-status')) === 'diverged') break;
      await page.keyboard.press('ArrowDown');
    }
    await page
      .getByTestId('corpus-divergence')
      .filter({ hasText: /tool iteration 1 call 6: expected the end/ })
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('recording-view').waitFor();
    await page.locator('[data-testid="replay-agent"][data-verdict="diverged"]').waitFor();
    assert.equal(await page.getByTestId('recording-path').textContent(), 'corpus/tool-error-1.jsonl');
    await page.getByTestId('recording-close').click();
    await page.getByTestId('corpus-view').waitFor();
    await page.getByTestId('corpus-close').click();
  });

  it('runs chaos on an opened recording: the table, a row showing its iteration, Save as test', async () => {
    await openByPath('corpus/tool-1.jsonl');
    await page.getByTestId('recording-chaos').click();
    await page.getByTestId('chaos-max').fill('0');
    await page.getByTestId('chaos-problem').waitFor();
    await page.getByTestId('chaos-max').fill('');
    await page.getByTestId('chaos-run').click();
    await page
      .getByTestId('chaos-progress-text')
      .filter({ hasText: /^done: / })
      .waitFor();
    const effects = await page
      .getByTestId('chaos-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-effect')));
    assert.ok(effects.length > 0);
    assert.ok(effects.includes('brain-error'), effects.join(', '));
    await page.getByTestId('chaos-show').first().click();
    await page.getByTestId('iteration-detail').waitFor();
    const breaking = page.locator('[data-testid="chaos-row"][data-effect="brain-error"]').first();
    await breaking.getByTestId('chaos-save-test').click();
    const folder = await breaking.getByTestId('chaos-test-folder').inputValue();
    assert.match(folder, /^tests\/chaos\/tool-/);
    await breaking.getByTestId('chaos-test-folder').press('Enter');
    await page.getByText(`test written to ${folder}`).waitFor();
    assert.ok(existsSync(join(corpus.dir, folder)), folder);
    await page.screenshot({ path: join(SHOTS, 'chaos.png') });
  });

  it('Compare with several recordings: where four trials split, and the answer that split them', async () => {
    await page.getByTestId('recording-compare').click();
    await page.getByTestId('compare-several').check();
    for (const n of [1, 2, 3, 4])
      await page.locator(`[data-testid="compare-several-option"][data-path="trials/trial-${n}.jsonl"] input`).check();
    await page.getByTestId('compare-split-run').click();
    const agent = page.locator('[data-testid="split-agent"][data-agent="splitter"]');
    await agent.waitFor();
    assert.equal(await agent.getAttribute('data-split'), 'yes');
    const groups = await agent.getByTestId('split-group').allTextContents();
    assert.equal(groups.length, 2);
    assert.match(groups[0]!, /trials\/trial-1\.jsonl, trials\/trial-2\.jsonl, trials\/trial-4\.jsonl/);
    assert.match(groups[1]!, /trials\/trial-3\.jsonl.*\\"a\\":5/);
    assert.match((await agent.getByTestId('split-cause').textContent())!, /tooling\.call-tool-blocking\) differed/);
    await page.getByTestId('split-close').click();
  });

  it('forks every agent of the ping-pong recording: the live pong answers the live ping', async () => {
    await openByPath('corpus/pingpong-1.jsonl');
    await page.getByTestId('recorded-agent-ping').click();
    await page.getByTestId('fork-before-first').click();
    await page.getByTestId('fork-dialog').waitFor();
    await page.getByTestId('fork-all-agents').check();
    await page.getByTestId('fork-run').click();
    const cut = page.getByTestId('fork-cut');
    await cut.waitFor();
    const ping = await cut.locator('[data-agent="ping"]').textContent();
    assert.match(ping!, /exited "got 3 pongs"|got 3 pongs/);
    assert.equal(await cut.getByTestId('fork-cut-agent').count(), 2);
    assert.deepEqual(errors, []);
  });
});
