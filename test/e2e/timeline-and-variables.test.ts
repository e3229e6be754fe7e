// Issue 28 items 8 and 9 in Chromium: the Variables tree keeps what is open across steps (by
// path) and opens and closes on a click of the row; a Timeline row says how its iteration ended,
// with the brain's last message, in the row itself and first when it is opened.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  agentRow,
  clickGutter,
  openInEditor,
  selectAgent,
  waitForHighlightedLine,
  waitForState,
} from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

const BRAIN = `const state = { count: 1, items: [10, 20, 30], nested: { deep: true } };
let i = 0;
i = i + 1;
i = i + 2;
omw.host.log('info', \`i is \${i}\`);
`;

const variable = (name: string) =>
  page.getByTestId('variables').locator(`[data-testid="variable"][data-name="${name}"]`);

describe('the Variables tree across steps; outcomes first in the Timeline', { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await fx.workbench.createAgent('vars', 'js');
    await fx.workbench.writeFile('brains/vars.js', BRAIN, null);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx.close();
  });

  it('opens a variable on a click of its row, and keeps it open across steps', async () => {
    await selectAgent(page, 'vars');
    await openInEditor(page, 'brains/vars.js');
    await clickGutter(page, 3);
    await page
      .locator('[data-testid="source-breakpoint"][data-location="brains/vars.js:3"][data-verified="true"]')
      .waitFor();
    await agentRow(page, 'vars').getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'vars', 'paused');
    await waitForHighlightedLine(page, 3);

    // A click on the name, not on the arrow.
    await variable('state').locator('.variable-name').first().click();
    await variable('items').waitFor();
    await variable('items').locator('.variable-name').first().click();
    await variable('items').locator('[data-testid="variable"]').first().waitFor();

    await page.keyboard.press('F10');
    await waitForHighlightedLine(page, 4);
    await variable('items').locator('[data-testid="variable"]').first().waitFor();
    assert.equal(await variable('nested').count(), 1, 'state is still open after the step');

    // Closed by a click of its row, it stays closed at the next stop.
    await variable('state').locator('.variable-name').first().click();
    await variable('items').waitFor({ state: 'detached' });
    await page.keyboard.press('F10');
    await waitForHighlightedLine(page, 5);
    await variable('state').waitFor();
    assert.equal(await variable('items').count(), 0);
    await page.keyboard.press('F5');
    await waitForState(page, 'vars', 'completed');
  });

  it("shows an iteration's outcome and last message in its row, and first when opened", async () => {
    const assistant = await selectAgent(page, 'assistant');
    await assistant.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'assistant', 'completed');
    await page.getByTestId('tab-timeline').click();
    const row = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    const head = row.locator('.iteration-head');
    await head.filter({ hasText: 'completed' }).waitFor();
    assert.match((await head.textContent()) ?? '', /completed.*said to Ada: Hello! How can I help today\?/);

    await head.locator('.chevron').click();
    await row.getByTestId('event-call').first().waitFor();
    const opened = (await row.textContent()) ?? '';
    const body = opened.slice(((await head.textContent()) ?? '').length);
    const said = body.indexOf('said to Ada');
    assert.ok(
      said >= 0 && said < body.indexOf('chat_stream'),
      `the outcome comes before the events: ${body.slice(0, 200)}`,
    );
    assert.deepEqual(fx.errors, []);
  });
});
