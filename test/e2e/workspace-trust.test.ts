// Workspace trust in Chromium: a folder that is not trusted opens with the banner naming the
// command it holds back in full; Trust starts the MCP server (its tools are listed), Revoke from the
// palette restricts the folder again, Don't trust hides the banner and the status bar brings it
// back. The example workspace opens with no banner. Real MCP server over stdio, real workbench.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { shellLine } from '../../main/trust/visible-text.ts';
import { CURRENT_SERVER_ARGS } from '../tooling/mcp-servers.ts';
import { stdioTooling } from './config-additions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

async function runFromPalette(query: string, id: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('command-palette').waitFor();
  await page.keyboard.type(query);
  await page.locator(`[data-testid="palette-${id}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('command-palette').waitFor({ state: 'detached' });
}

const banner = () => page.getByTestId('trust-banner');
const restricted = () => page.getByTestId('restricted');

describe('workspace trust in the workbench', { timeout: 120_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('opens the example workspace with no banner', async () => {
    await page.getByTestId('agent-count').waitFor();
    assert.equal(await banner().count(), 0);
    assert.equal(await restricted().count(), 0);
  });

  it('shows a folder that is not trusted with its command in full; Trust starts the MCP server', async () => {
    const folder = join(fx.root, 'cloned');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'omw.toml'),
      `[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n${stdioTooling('notes', [...CURRENT_SERVER_ARGS, 'stdio'])}`,
    );
    writeFileSync(join(folder, 'a.rhai'), '1');
    await fx.workbench.open(folder, { chosenByUser: true });
    await page.goto(fx.server.url);
    await banner().waitFor();
    const line = shellLine([process.execPath, ...CURRENT_SERVER_ARGS, 'stdio']);
    const shown = await banner().getByTestId('held-item').allTextContents();
    assert.equal(shown.length, 1);
    assert.ok(shown[0]!.includes(line), `${shown[0]} shows ${line}`);
    assert.match(shown[0]!, /^tooling "notes" \(omw\.toml:\d+\)/);
    await restricted().waitFor();

    await page.getByTestId('tab-backends').click();
    const notes = page.getByTestId('backend-notes');
    await notes.locator('.state-held').waitFor();
    await notes.getByRole('button', { name: 'Tools & resources' }).click();
    await notes.getByText(/is held back: this workspace is not trusted/).waitFor();

    await page.getByTestId('trust-workspace').click();
    await banner().waitFor({ state: 'detached' });
    await restricted().waitFor({ state: 'detached' });
    await notes.locator('.state-ready').waitFor();
    await notes.getByRole('button', { name: 'Refresh' }).click();
    await notes.locator('code', { hasText: 'get-sum' }).waitFor();
  });

  it('Revoke Workspace Trust in the palette restricts the folder again', async () => {
    await runFromPalette('revoke trust', 'revoke-trust');
    await banner().waitFor();
    await restricted().waitFor();
    await page.getByTestId('backend-notes').locator('.state-held').waitFor();
  });

  it('Don’t trust hides the banner; the status bar’s Restricted opens it again', async () => {
    await page.getByTestId('dont-trust').click();
    await banner().waitFor({ state: 'detached' });
    await restricted().click();
    await banner().waitFor();
    assert.deepEqual(fx.errors, []);
    assert.deepEqual(fx.external, []);
  });
});
