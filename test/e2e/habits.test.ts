// Issue 17 points 8–10 in Chromium, on one started workbench: the command palette (Ctrl+Shift+P
// and F1, fuzzy, keyboard-driven) and the shortcut reference read the command registry; the
// theme switch (Monaco follows); tabs, unsaved edits, the bottom panel, pane sizes and the theme
// survive a page reload and a workbench restart; a saved config restarts only the agent it
// rewires, after asking when that agent is mid-iteration.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { COMMANDS } from '../../contract/commands.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { startWebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { OVERFLOW_SCAN } from './overflow-scan.ts';
import { openInEditor, selectAgent, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

const theme = () => page.evaluate<string | undefined>('document.documentElement.dataset.theme');
const sidebarWidth = async () => Math.round((await page.locator('#sidebar').boundingBox())!.width);

async function runFromPalette(query: string, id: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('command-palette').waitFor();
  await page.keyboard.type(query);
  await page.locator(`[data-testid="palette-${id}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('command-palette').waitFor({ state: 'detached' });
}

describe('habits and state that lasts', () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    // Leaving with unsaved buffers asks; the tests reload on purpose.
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : undefined));
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx.close();
  });

  it('runs any command from the palette, filtered fuzzily, by keyboard; F1 opens it too', async () => {
    await page.keyboard.press('F1');
    await page.getByTestId('command-palette').waitFor();
    const shown = await page.locator('.palette-item').count();
    // Every command the browser can run, and a Show entry per bottom panel.
    assert.ok(shown >= COMMANDS.filter((c) => !('electronOnly' in c)).length, `${shown} entries`);
    assert.equal(await page.getByTestId('palette-step').locator('kbd').textContent(), 'F8');
    await page.keyboard.type('shbus');
    await page.locator('[data-testid="palette-panel-bus"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="tab-bus"][aria-selected="true"]').waitFor();
    await page.keyboard.press('F1');
    await page.keyboard.press('Escape');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });

    await runFromPalette('keyboard shortcuts', 'keyboard-shortcuts');
    const rows = page.getByTestId('shortcut-reference').locator('tr');
    assert.equal(await rows.count(), COMMANDS.filter((c) => 'keys' in c).length);
    assert.match((await page.getByTestId('shortcut-command-palette').textContent())!, /Ctrl\/Cmd\+Shift\+PF1/);
    await page.getByTestId('shortcut-reference').getByRole('button', { name: 'close' }).click();
  });

  it('switches the theme (Monaco follows) and follows the system when asked to', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await theme(), 'light');
    await runFromPalette('theme dark', 'theme-dark');
    assert.equal(await theme(), 'dark');
    await page.locator('.monaco-editor.vs-dark').first().waitFor();
    await page.getByTestId('theme').selectOption('system');
    assert.equal(await theme(), 'light');
    await page.locator('.monaco-editor.vs').first().waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction("document.documentElement.dataset.theme === 'dark'");
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('theme').selectOption('dark');
  });

  it('keeps tabs, unsaved edits, the panel, pane sizes and the theme through a reload', async () => {
    await openInEditor(page, 'brains/ticker.rhai');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('// not saved yet\n');
    await page.locator('[data-testid="tab-brains/ticker.rhai"][data-dirty="true"]').waitFor();
    await page.getByTestId('tab-registries').click();
    const separator = (await page.locator('.separator.vertical').first().boundingBox())!;
    await page.mouse.move(separator.x + 1, separator.y + 200);
    await page.mouse.down();
    await page.mouse.move(separator.x + 121, separator.y + 200, { steps: 5 });
    await page.mouse.up();
    const width = await sidebarWidth();
    // The settings are sent a moment after the last change.
    await page.waitForTimeout(600);

    await page.reload();
    await expectRemembered(width);
  });

  it('keeps them through a workbench restart, from .brainbench/workbench.json, and the trace history too', async () => {
    const ticker = await selectAgent(page, 'ticker');
    await ticker.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'ticker', 'completed');
    await fx.server.close();
    await fx.workbench.close();
    const workbench = new Workbench({
      spawner: forkSpawner,
      entry: agentEntry(),
      userSettingsFolder: fx.userSettingsFolder,
    });
    await workbench.open(fx.workspace);
    const server = await startWebServer({ workbench, staticDir: rendererDir() });
    Object.assign(fx, { workbench, server });
    await page.goto(server.url);
    await expectRemembered(undefined);
    // The previous session's iteration, from its recording, before this session's.
    await selectAgent(page, 'ticker');
    await page.getByTestId('tab-timeline').click();
    await page.getByTestId('restart-divider').filter({ hasText: 'The workbench started again' }).waitFor();
    const earlier = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    await earlier.getByTestId('fork-here').waitFor();
    assert.match((await earlier.getByTestId('fork-here').getAttribute('title'))!, /previous-session\.jsonl/);
    await page.getByTestId('tab-registries').click();
  });

  it('restarts only the agent a saved config rewires, after asking while it is mid-iteration', async () => {
    const ticker = await selectAgent(page, 'ticker');
    await ticker.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'ticker', 'completed');
    const watcher = await selectAgent(page, 'watcher');
    await watcher.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'watcher', 'waiting');
    const tickerPid = fx.workbench['workspaceState']!.supervisor!.runner('ticker').process.pid;

    await openInEditor(page, 'omw.toml');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n\n[memory.watcher]\nnote = "rewired"\n');
    const asked: string[] = [];
    const decline = (dialog: import('playwright-core').Dialog) => {
      if (dialog.type() !== 'confirm') return;
      asked.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', decline);
    await page.keyboard.press('Control+s');
    await page.waitForFunction(() => true);
    await waitUntil(() => asked.length === 1);
    page.off('dialog', decline);
    assert.match(asked[0]!, /restarts "watcher", which is in the middle of an iteration/);
    await page.locator('[data-testid="tab-omw.toml"][data-dirty="true"]').waitFor();
    await waitForState(page, 'watcher', 'waiting');

    const accept = (dialog: import('playwright-core').Dialog) => void (dialog.type() === 'confirm' && dialog.accept());
    page.on('dialog', accept);
    await page.keyboard.press('Control+s');
    await page.locator('[data-testid="tab-omw.toml"][data-dirty="false"]').waitFor();
    page.off('dialog', accept);
    await waitForState(page, 'watcher', 'idle');
    assert.equal(fx.workbench['workspaceState']!.supervisor!.runner('ticker').process.pid, tickerPid);
    await selectAgent(page, 'ticker');
    await page.getByTestId('tab-timeline').click();
    const dividers = page.getByTestId('restart-divider');
    assert.equal(await dividers.filter({ hasText: 'saved config' }).count(), 0, 'the ticker was not restarted');
    assert.equal(await dividers.count(), 1, 'only the new session divides its iterations');
    await selectAgent(page, 'watcher');
    await page.getByTestId('restart-divider').filter({ hasText: 'saved config' }).waitFor();
    // The first server was closed on purpose (the workbench restart): the page retried it, and
    // the requests in flight then failed with the socket's error event.
    assert.deepEqual(
      fx.errors.filter((error) => !error.includes('ERR_CONNECTION_REFUSED') && error !== 'Event'),
      [],
    );
  });

  it('overflows no panel horizontally at 1280x800 and 1920x1080, in the light and the dark theme', async () => {
    const found: string[] = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.getByTestId('theme').selectOption(scheme);
        for (const tab of await page.locator('[role="tablist"] [data-testid^="tab-"][role="tab"]').all()) {
          await tab.click();
          found.push(
            ...(await overflowing(`${viewport.width}x${viewport.height} ${scheme} ${await tab.textContent()}`)),
          );
        }
        const size = `${viewport.width}x${viewport.height} ${scheme}`;
        await page.keyboard.press('F1');
        await page.getByTestId('command-palette').waitFor();
        found.push(...(await overflowing(`${size} palette`)));
        await page.keyboard.press('Escape');
        await runFromPalette('keyboard shortcuts', 'keyboard-shortcuts');
        found.push(...(await overflowing(`${size} shortcuts`)));
        await page.keyboard.press('Escape');
        await page.getByTestId('shortcut-reference').waitFor({ state: 'detached' });
      }
    }
    assert.deepEqual(found, []);
  });
});

/**
 * Boxes whose content is wider than they are, where the box is not meant to scroll sideways
 * (overflow-x auto or scroll) and does not cut its text on purpose (an ellipsis): a panel that
 * overflows, or text clipped outside its box.
 */
async function overflowing(where: string): Promise<string[]> {
  const boxes = await page.evaluate<string[]>(OVERFLOW_SCAN);
  return boxes.map((box) => `${where}: ${box}`);
}

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(check());
}

async function expectRemembered(width: number | undefined): Promise<void> {
  await page.getByTestId('workbench').waitFor();
  await page.locator('[data-testid="tab-brains/ticker.rhai"][data-dirty="true"][aria-selected="true"]').waitFor();
  await page.locator('.monaco-editor .view-lines').getByText('// not saved yet').waitFor();
  await page.locator('[data-testid="tab-registries"][aria-selected="true"]').waitFor();
  assert.equal(await theme(), 'dark');
  if (width !== undefined) assert.ok(Math.abs((await sidebarWidth()) - width) <= 2, 'the sidebar keeps its width');
}
