// Issue 28 item 14: at 1280x800 nothing the user needs is cut or unlabelled: every icon button
// has an accessible name and a tooltip, cut text says itself whole in a tooltip, tab strips keep
// to one row (they scroll), and no panel overflows, in every bottom panel and the Recording view.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LABEL_SCAN } from './label-scan.ts';
import { OVERFLOW_SCAN } from './overflow-scan.ts';
import { agentRow, selectAgent, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

async function problems(where: string): Promise<string[]> {
  const found = [...(await page.evaluate<string[]>(LABEL_SCAN)), ...(await page.evaluate<string[]>(OVERFLOW_SCAN))];
  return found.map((problem) => `${where}: ${problem}`);
}

describe('narrow panes at 1280x800', { timeout: 180_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('labels every icon and cuts nothing the user needs, in every panel and the Recording view', async () => {
    await selectAgent(page, 'assistant');
    await agentRow(page, 'assistant').getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'assistant', 'completed');
    // Tabs enough to fill the editor's strip.
    for (const file of ['omw.toml', 'brains/ticker.rhai', 'brains/assistant.js', 'brains/researcher.js']) {
      const entry = page.getByTestId(`file-${file}`);
      if (await entry.count()) await entry.click();
    }
    const found: string[] = [...(await problems('workbench'))];
    const tabs = await page
      .locator('[data-testid^="tab-"][role="tab"]')
      .evaluateAll((all) =>
        all.map((tab) => tab.getAttribute('data-testid')!).filter((id) => !id.includes('/') && !id.includes('.')),
      );
    for (const tab of tabs) {
      await page.getByTestId(tab).click();
      found.push(...(await problems(tab)));
    }
    // New agent's message about a name it refuses stays inside the sidebar.
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('new agent name').fill('assistant-with-a-name-much-too-long/for a brain file!');
    await page.getByTestId('new-agent-problem').waitFor();
    found.push(...(await problems('new agent')));
    await page.getByLabel('new agent name').press('Escape');

    await page.keyboard.press('Control+Shift+O');
    await page.getByTestId('open-recording-dialog').getByTestId('recording-file').first().click();
    await page.getByTestId('recording-view').waitFor();
    found.push(...(await problems('recording view')));
    assert.deepEqual([...new Set(found)], []);
  });
});
