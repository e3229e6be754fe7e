// Issue 28 items 5, 15 and 16 in Chromium: a branch forked with an edited memory value and an
// edited brain; its comparison lists the agent that diverged before those only one side has, and
// its header does not overlap the recording's; Compare… lists the session, its earlier segment and
// the branches to pick from; Save as test on the branch shows its folder in the file tree at once
// and the test reproduces the branch (it passes, with the edit and typed memory values).

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { agentRow, selectAgent } from './page-actions.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const CONFIG = `[runtime.js]
kind = "js"

[providers.chat]
kind = "mock"
turns = [ { content = "Cats sleep a lot." }, { content = "Mostly they nap." }, { content = "Dogs fetch." } ]

[agents.aardvark]
runtime = "js"
script = "brains/aardvark.js"

[agents.asker]
runtime = "js"
script = "brains/asker.js"

[memory.asker]
count = 0
`;

const ASKER = `const topic = omw.host.memoryGet('topic') ?? 'cats';
const count = (omw.host.memoryGetAs('count') ?? 0) + 1;
omw.host.memorySet('topic', topic);
omw.host.memorySetAs('count', count);
const reply = omw.provider.get('chat').chat('mock-model', [{ role: 'user', content: 'Tell me about ' + topic + ' ' + count }], []);
omw.host.log('info', reply.content);
`;

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

async function step(agent: string, times: number): Promise<void> {
  await selectAgent(page, agent);
  for (let n = 0; n < times; n++) {
    const before = await agentRow(page, agent).getByTestId('iteration-count').textContent();
    await agentRow(page, agent).getByRole('button', { name: 'Step' }).click();
    await page
      .locator(`[data-testid="agent-${agent}"][data-state="completed"]`)
      .getByTestId('iteration-count')
      .filter({ hasNotText: before ?? '' })
      .waitFor();
  }
}

describe('branches compared, listed and saved as tests, in Chromium', { timeout: 300_000 }, () => {
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-recpolish-'));
    mkdirSync(join(root, 'brains'));
    writeFileSync(join(root, 'omw.toml'), CONFIG);
    writeFileSync(join(root, 'brains/asker.js'), ASKER);
    writeFileSync(join(root, 'brains/aardvark.js'), "omw.host.log('info', 'digging');\n");
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1280, height: 800 },
      timeout: 40_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('forks the earlier segment of the session with edits; the diverged agent comes first, under its own header', async () => {
    await step('aardvark', 1);
    await step('asker', 2);
    // A saved config that restarts every agent starts a new segment: the one so far becomes `.1`.
    await workbench.writeFile('omw.toml', `${CONFIG}\n[providers.spare]\nkind = "mock"\n`, null);
    await step('asker', 1);

    await page.keyboard.press('Control+Shift+O');
    await page
      .getByTestId('open-recording-dialog')
      .locator('[data-testid="recording-file"][data-path=".brainbench/session.jsonl.1"]')
      .click();
    const view = page.getByTestId('recording-view');
    await page.getByTestId('recorded-agent-asker').click();
    await view.locator('[data-testid="recorded-iteration"][data-iteration="1"]').getByTestId('fork-here').click();
    const dialog = page.getByTestId('fork-dialog');
    const topic = dialog.locator('[data-testid="fork-memory-row"][data-key="topic"]').getByTestId('fork-memory-value');
    await topic.fill('dogs');
    await dialog.getByTestId('fork-edit-source').click();
    await dialog.locator('.fork-source .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText("omw.host.log('info', 'edited in the fork');\n");
    await dialog.getByTestId('fork-name').fill('dogs');
    await dialog.getByTestId('fork-run').click();

    const comparison = view.getByTestId('comparison');
    await comparison.getByTestId('agent-comparison').first().waitFor({ timeout: 90_000 });
    const order = await comparison
      .getByTestId('agent-comparison')
      .evaluateAll((sections) =>
        sections.map((s) => `${s.getAttribute('data-agent')} ${s.getAttribute('data-verdict')}`),
      );
    assert.deepEqual(order, ['asker diverged', 'aardvark only in A']);

    // Scrolled to the comparison, its header stays clear of the recording's toolbar.
    await view.getByTestId('recording-scroll').evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight));
    await page.waitForTimeout(200);
    const toolbar = (await view.getByTestId('recording-toolbar').boundingBox())!;
    const head = (await comparison.getByTestId('comparison-head').boundingBox())!;
    const overlap = Math.min(toolbar.y + toolbar.height, head.y + head.height) - Math.max(toolbar.y, head.y);
    assert.ok(overlap <= 0, `the comparison's header overlaps the recording's by ${overlap} px`);
  });

  it('lists the session, its earlier segment and the branches to compare', async () => {
    await page.keyboard.press('F1');
    await page.keyboard.type('compare recordings');
    await page.locator('[data-testid="palette-compare-recordings"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('compare-dialog');
    for (const side of ['a', 'b']) {
      const options = dialog.getByTestId(`compare-${side}-option`);
      await options.first().waitFor();
      const paths = await options.evaluateAll((labels) => labels.map((label) => label.getAttribute('data-path')));
      assert.deepEqual(paths, [
        '.brainbench/session.jsonl',
        '.brainbench/session.jsonl.1',
        '.brainbench/branches/dogs.jsonl',
      ]);
    }
    const earlier = dialog.locator('[data-testid="compare-a-option"][data-path=".brainbench/session.jsonl.1"]');
    assert.match((await earlier.textContent()) ?? '', /this session, its earlier segment/);
    await page.keyboard.press('Escape');
  });

  it('saves the branch as a test that shows in the file tree at once and reproduces the branch', async () => {
    await page.getByTestId('recording-save-test').click();
    const dialog = page.getByTestId('save-test-dialog');
    assert.equal(await dialog.getByTestId('save-test-dir').inputValue(), 'tests/dogs-recorded');
    await dialog.getByTestId('save-test-save').click();
    await dialog.getByTestId('save-test-written').waitFor();
    // The file tree lists it without a reload.
    await page.getByTestId('file-tests/dogs-recorded/omw.test.toml').waitFor({ timeout: 10_000 });

    const base = readFileSync(join(root, 'tests/dogs-recorded/omw.test.base.toml'), 'utf8');
    assert.match(base, /count = 1\n/, 'typed memory values');
    assert.match(base, /topic = "dogs"/);
    assert.match(readFileSync(join(root, 'tests/dogs-recorded/asker.js'), 'utf8'), /edited in the fork/);
    assert.match(readFileSync(join(root, 'tests/dogs-recorded/omw.test.toml'), 'utf8'), /Tell me about dogs 2/);

    await dialog.getByTestId('save-test-run').click();
    const result = page.getByTestId('test-result').filter({ hasText: 'tests/dogs-recorded/omw.test.toml' });
    await result.waitFor({ timeout: 90_000 });
    assert.equal(await result.getAttribute('data-pass'), 'true', (await result.textContent()) ?? '');
    assert.deepEqual(errors, []);
  });
});
