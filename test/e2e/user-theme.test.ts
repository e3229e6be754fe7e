// Issue 28 item 18: the theme is the user's setting, as VS Code's is: chosen in one workspace, it
// is the theme of every other, and no workspace's settings file holds it.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startWebServer, type WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;
let other: string;
let second: Workbench | undefined;
let server: WebServer | undefined;

const theme = (on: Page) => on.evaluate<string | undefined>('document.documentElement.dataset.theme');

describe('the theme is the user’s, in every workspace', () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
    other = mkdtempSync(join(tmpdir(), 'brainbench-e2e-theme-'));
    writeFileSync(join(other, 'omw.toml'), '[runtime.js]\nkind = "js"\n');
  });
  after(async () => {
    await server?.close();
    await second?.close();
    await fx.close();
    rmSync(other, { recursive: true, force: true });
  });

  it('keeps the theme chosen in one workspace for another, and out of the workspace’s settings', async () => {
    assert.equal(await theme(page), 'light');
    await page.getByTestId('theme').selectOption('dark');
    assert.equal(await theme(page), 'dark');
    // The settings are sent a moment after the last change.
    await page.waitForTimeout(800);

    second = new Workbench({ spawner: forkSpawner, entry: agentEntry(), userSettingsFolder: fx.userSettingsFolder });
    await second.open(other);
    server = await startWebServer({ workbench: second, staticDir: rendererDir() });
    const elsewhere = await fx.browser.newPage();
    await elsewhere.emulateMedia({ colorScheme: 'light' });
    await elsewhere.goto(server.url);
    await elsewhere.getByTestId('workbench').waitFor();
    await elsewhere.waitForFunction("document.documentElement.dataset.theme === 'dark'", undefined, {
      timeout: 10_000,
    });
    assert.equal(await elsewhere.getByTestId('theme').inputValue(), 'dark');
    await elsewhere.close();

    const remembered = JSON.parse(readFileSync(join(fx.workspace, '.brainbench/workbench.json'), 'utf8')) as object;
    assert.equal('theme' in remembered, false, 'the workspace’s settings hold no theme');
    assert.deepEqual(JSON.parse(readFileSync(join(fx.userSettingsFolder, 'settings.json'), 'utf8')), {
      version: 1,
      theme: 'dark',
    });
  });
});
