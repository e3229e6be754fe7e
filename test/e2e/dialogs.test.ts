// Issue 28 items 3 and 4 in Chromium: the keys the workbench names in its text are the registry's
// (the Timeline's empty state said F10 for Step, which is F8), and one modal at a time: Escape
// closes every dialog, and no key, palette entry or menu command opens a dialog over another.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { commandEntry, showChord, type CommandId } from '../../contract/commands.ts';
import { agentRow, selectAgent, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

const key = (id: CommandId) => showChord(commandEntry(id).keys![0]!, 'other');

/** Opens a dialog with `open`, checks it is there, presses Escape and checks it is gone. */
async function escapeCloses(testId: string, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('keys named as the registry has them; one modal at a time', { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx.close();
  });

  it("says the registry's keys in the Timeline's empty state", async () => {
    await selectAgent(page, 'reporter');
    await page.getByTestId('tab-timeline').click();
    const text = (await page.getByTestId('timeline').locator('.empty').textContent()) ?? '';
    assert.match(text, new RegExp(`Step \\(${key('step')}\\)`));
    assert.match(text, new RegExp(`Run \\(${key('run')}\\)`));
    assert.equal(key('step'), 'F8');
  });

  it('closes Pick component with Escape, and opens no palette or other dialog over it', async () => {
    await page.getByTestId('pick-component').click();
    const picker = page.getByTestId('component-picker');
    await picker.waitFor();
    await page.keyboard.press('F1');
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.press('Control+Shift+O');
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('command-palette').count(), 0, 'no palette over the picker');
    assert.equal(await page.getByTestId('open-recording-dialog').count(), 0, 'no second dialog');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
  });

  it('closes every dialog with Escape: palette, shortcuts, open, compare, fork, save as test', async () => {
    await escapeCloses('command-palette', () => page.keyboard.press('F1'));
    await escapeCloses('shortcut-reference', async () => {
      await page.getByRole('button', { name: 'keyboard shortcuts' }).click();
    });
    await escapeCloses('open-recording-dialog', () => page.keyboard.press('Control+Shift+O'));
    await escapeCloses('compare-dialog', async () => {
      await page.keyboard.press('F1');
      await page.keyboard.type('compare recordings');
      await page.locator('[data-testid="palette-compare-recordings"][aria-selected="true"]').waitFor();
      await page.keyboard.press('Enter');
    });

    const ticker = await selectAgent(page, 'ticker');
    await ticker.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'ticker', 'completed');
    await page.getByTestId('tab-timeline').click();
    await escapeCloses('fork-dialog', async () => {
      await page.locator('[data-testid="iteration-row"][data-iteration="1"]').getByTestId('fork-here').click();
    });

    // A dialog over the Fork dialog is refused too; and Escape closes it.
    await page.locator('[data-testid="iteration-row"][data-iteration="1"]').getByTestId('fork-here').click();
    const fork = page.getByTestId('fork-dialog');
    await fork.getByTestId('fork-memory-row').first().waitFor();
    await page.keyboard.press('Control+Shift+O');
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('open-recording-dialog').count(), 0);
    await page.keyboard.press('Escape');
    await fork.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+Shift+O');
    await page
      .getByTestId('open-recording-dialog')
      .locator('[data-testid="recording-file"][data-path=".brainbench/session.jsonl"]')
      .click();
    await page.getByTestId('recording-view').getByTestId('recorded-iteration').first().waitFor();
    await escapeCloses('save-test-dialog', () => page.getByTestId('recording-save-test').click());
    await escapeCloses('replay-dialog', () => page.getByTestId('recording-replay').click());
    await page.getByTestId('recording-close').click();
    assert.equal(await agentRow(page, 'ticker').getAttribute('data-state'), 'completed');
    assert.deepEqual(fx.errors, []);
  });
});
