// Recordings in the workbench end to end, in Chromium against web mode: a scratch workspace with a
// mock-provider agent, stepped so the session recording has iterations; then Open recording…
// (offline: no agent runs), Replay, Fork from here with an edited memory value, the branch listed,
// and its comparison with the original showing what the edit changed.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startWebServer, type WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { OVERFLOW_SCAN } from './overflow-scan.ts';
import { agentRow, selectAgent } from './page-actions.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

const CONFIG = `[runtime.js]
kind = "js"

[providers.chat]
kind = "mock"
turns = [
  { content = "Cats sleep a lot.", usage = { prompt_tokens = 5, completion_tokens = 4, total_tokens = 9 } },
  { content = "Mostly they nap.", usage = { prompt_tokens = 5, completion_tokens = 3, total_tokens = 8 } },
]

[agents.asker]
runtime = "js"
script = "brains/asker.js"
`;

// What the model is asked follows the topic in memory: editing it at a fork changes the calls.
const BRAIN = `const topic = omw.host.memoryGet('topic') ?? 'cats';
omw.host.memorySet('topic', topic);
const reply = omw.provider.get('chat').chat('mock-model', [{ role: 'user', content: 'Tell me about ' + topic }], []);
omw.host.log('info', reply.content);
`;

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const iterationStarts = () => workbench.traceHistory().filter((e) => e.type === 'iteration-start').length;

describe('recordings in the workbench, in Chromium', { timeout: 180_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-rec-'));
    mkdirSync(join(root, 'brains'));
    writeFileSync(join(root, 'omw.toml'), CONFIG);
    writeFileSync(join(root, 'brains/asker.js'), BRAIN);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1400, height: 900 },
      timeout: 30_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('records the session while the agent is stepped', async () => {
    await selectAgent(page, 'asker');
    for (const n of [1, 2]) {
      await agentRow(page, 'asker').getByRole('button', { name: 'Step' }).click();
      await page.locator(`[data-testid="iteration-row"][data-iteration="${n}"]`).waitFor();
      await page.locator('[data-testid="agent-asker"][data-state="completed"]').waitFor();
    }
    assert.ok(existsSync(join(root, '.brainbench/session.jsonl')));
  });

  it('opens the session recording offline: its iterations and calls, no agent started', async () => {
    const before = iterationStarts();
    await page.keyboard.press('Control+Shift+O');
    const dialog = page.getByTestId('open-recording-dialog');
    // By its path: the folder may also hold previous-session.jsonl or a rotated session.jsonl.1.
    const session = dialog.locator('[data-testid="recording-file"][data-path=".brainbench/session.jsonl"]');
    assert.equal(await session.getAttribute('data-kind'), 'session');
    await session.click();
    const view = page.getByTestId('recording-view');
    await view.locator('[data-testid="recorded-iteration"][data-iteration="2"]').waitFor();
    assert.equal(await view.getByTestId('recorded-iteration').count(), 2);
    assert.equal(await view.getByTestId('recording-mode').textContent(), 'session');
    await view.locator('[data-testid="recorded-iteration"][data-iteration="2"]').click();
    const detail = view.locator('[data-testid="iteration-detail"][data-iteration="2"]');
    const chat = detail.locator('[data-testid="recorded-call"][data-op="provider.chat"]');
    await chat.waitFor();
    assert.match((await chat.getByTestId('call-args').textContent()) ?? '', /Tell me about cats/);
    assert.match((await chat.getByTestId('call-result').textContent()) ?? '', /Mostly they nap|Cats sleep a lot/);
    await page.screenshot({ path: join(SHOTS, 'recording-view.png') });
    assert.equal(iterationStarts(), before, 'opening a recording runs no iteration');
    assert.equal(await agentRow(page, 'asker').getAttribute('data-state'), 'completed');
  });

  it('replays the unedited recording: REPLAYED', async () => {
    await page.getByTestId('recording-replay').click();
    await page.getByTestId('replay-dialog').getByTestId('replay-plan-agents').waitFor();
    await page.getByTestId('replay-run').click();
    const report = page.locator('[data-testid="replay-agent"][data-agent="asker"]');
    await report.waitFor();
    assert.equal(await report.getAttribute('data-verdict'), 'replayed');
    assert.match((await report.textContent()) ?? '', /REPLAYED asker: 2 iterations/);
  });

  it('forks after iteration 1 with an edited memory value; the branch is listed and compared', async () => {
    await page.locator('[data-testid="recorded-iteration"][data-iteration="1"]').getByTestId('fork-here').click();
    const dialog = page.getByTestId('fork-dialog');
    const topic = dialog.locator('[data-testid="fork-memory-row"][data-key="topic"]').getByTestId('fork-memory-value');
    assert.equal(await topic.inputValue(), 'cats', 'the memory iteration 1 left');
    await topic.fill('dogs');
    await dialog.getByTestId('fork-name').fill('not a name');
    await dialog.getByTestId('fork-problem-name').waitFor();
    assert.equal(await dialog.getByTestId('fork-run').isDisabled(), true);
    await dialog.getByTestId('fork-name').fill('dogs');
    await dialog.getByTestId('fork-problem-name').waitFor({ state: 'detached' });
    await dialog.getByTestId('fork-run').click();

    const view = page.getByTestId('recording-view');
    const branch = view.getByTestId('branches').locator('[data-testid="recording-file"][data-kind="branch"]');
    await branch.waitFor({ timeout: 60_000 });
    assert.equal(await branch.getAttribute('data-path'), '.brainbench/branches/dogs.jsonl');
    assert.match((await branch.getByTestId('branch-origin').textContent()) ?? '', /asker after #1 .*memory/);
    assert.match((await view.getByTestId('recording-facts').textContent()) ?? '', /branch dogs/);

    const comparison = view.locator('[data-testid="agent-comparison"][data-agent="asker"]');
    await comparison.waitFor();
    assert.equal(await comparison.getAttribute('data-verdict'), 'diverged');
    const divergence = comparison.getByTestId('first-divergence');
    const text = (await divergence.textContent()) ?? '';
    assert.match(text, /iteration 2/);
    assert.match(text, /cats/);
    assert.match(text, /dogs/);
    await page.screenshot({ path: join(SHOTS, 'recording-branch-comparison.png') });
  });

  it('offers Fork from here on the live timeline, on the session recording', async () => {
    await page.getByTestId('recording-close').click();
    await page.getByTestId('recording-view').waitFor({ state: 'detached' });
    await page.locator('[data-testid="iteration-row"][data-iteration="2"]').getByTestId('fork-here').click();
    const dialog = page.getByTestId('fork-dialog');
    assert.match(
      (await dialog.locator('.dialog-head').textContent()) ?? '',
      /after iteration 2 of \.brainbench\/session\.jsonl/,
    );
    await dialog.getByTestId('fork-memory-row').first().waitFor();
    await dialog.getByRole('button', { name: 'close' }).click();
    assert.deepEqual(errors, []);
  });

  it('overflows nothing horizontally on the recording screen and its dialogs, at both sizes, in both themes', async () => {
    const found: string[] = [];
    // The scan looks inside the workbench's root, where `shown` must be.
    const scan = async (where: string, shown: string) => {
      assert.equal(await page.locator(`[data-testid="workbench"] [data-testid="${shown}"]`).count(), 1, shown);
      found.push(...(await page.evaluate<string[]>(OVERFLOW_SCAN)).map((box) => `${where}: ${box}`));
    };
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        const where = `${viewport.width}x${viewport.height} ${scheme}`;
        await page.getByTestId('theme').selectOption(scheme);
        await page.keyboard.press('Control+Shift+O');
        const open = page.getByTestId('open-recording-dialog');
        await open.locator('[data-testid="recording-file"][data-kind="branch"]').waitFor();
        await scan(`${where} open recording`, 'open-recording-dialog');
        await open.locator('[data-testid="recording-file"][data-path=".brainbench/session.jsonl"]').click();
        const view = page.getByTestId('recording-view');
        await view.locator('[data-testid="recorded-iteration"][data-iteration="2"]').click();
        await view
          .locator('[data-testid="iteration-detail"][data-iteration="2"] [data-testid="recorded-call"]')
          .first()
          .waitFor();
        await scan(`${where} recording`, 'recording-view');
        await view.getByTestId('recording-replay').click();
        await page.getByTestId('replay-dialog').getByTestId('replay-plan-agents').waitFor();
        await scan(`${where} replay`, 'replay-dialog');
        await page.getByTestId('replay-dialog').getByRole('button', { name: 'close' }).click();
        await view.locator('[data-testid="recorded-iteration"][data-iteration="1"]').getByTestId('fork-here').click();
        await page.getByTestId('fork-dialog').getByTestId('fork-memory-row').first().waitFor();
        await scan(`${where} fork`, 'fork-dialog');
        await page.getByTestId('fork-dialog').getByRole('button', { name: 'close' }).click();
        await page.getByTestId('recording-close').click();
        await view.waitFor({ state: 'detached' });
      }
    }
    assert.deepEqual(found, []);
  });

  it('a second workbench on the same folder says its session is not recorded, and offers no fork of it', async () => {
    const second = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
    await second.open(root);
    const secondServer = await startWebServer({ workbench: second, staticDir: rendererDir() });
    const other = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      other.setDefaultTimeout(30_000);
      await other.goto(secondServer.url);
      const unrecorded = other.getByTestId('session-unrecorded');
      await unrecorded.waitFor();
      assert.match((await unrecorded.getAttribute('title')) ?? '', /open in another workbench \(process \d+\)/);
      await agentRow(other, 'asker').getByRole('button', { name: 'Step' }).click();
      const row = other.locator('[data-testid="iteration-row"]').first();
      await row.getByTestId('iteration-duration').filter({ hasText: /ms|s$/ }).waitFor();
      assert.equal(await row.getByTestId('fork-here').count(), 0);
      assert.equal(await page.getByTestId('session-unrecorded').count(), 0, 'the first one records');
    } finally {
      await other.close();
      await secondServer.close();
      await second.close();
    }
  });
});
