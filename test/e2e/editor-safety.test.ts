// The editor in Chromium against web mode, on what a new user runs into first: a config the
// workbench itself rewrites while it is open, two JavaScript brains with the same names, config
// errors only starting the agents finds, and a Rhai brain with more than one syntax error.

import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { agentRow, openInEditor, selectAgent, typeInEditor, undoAll, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

const onDisk = (path: string) => readFileSync(join(fx.workspace, path), 'utf8');
const editorLines = () => page.locator('.monaco-editor .view-lines');

describe('the editor keeps the user’s work and shows every problem', { timeout: 120_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(20_000);
    copyFileSync(join(fx.root, 'guests/build/hello.wasm'), join(fx.workspace, 'brains/hello-copy.wasm'));
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('shows New agent’s and Assign’s edits of the open config, and never saves over them unasked', async () => {
    await openInEditor(page, 'omw.toml');
    await page.getByTestId('new-agent').click();
    const form = page.getByTestId('new-agent-form');
    await form.getByLabel('new agent name').fill('helper');
    await form.getByLabel('new agent runtime').selectOption('rhai');
    await form.getByRole('button', { name: 'Create' }).click();
    await agentRow(page, 'helper').waitFor();

    // The clean buffer now holds the new agent, which New agent appended at the end.
    await page.getByTestId('tab-omw.toml').click();
    await typeInEditor(page, '');
    await editorLines().getByText('script = "brains/helper.rhai"').waitFor();
    assert.equal(await page.getByTestId('tab-omw.toml').getAttribute('data-dirty'), 'false');
    await typeInEditor(page, '\n# my note');

    // Assign rewrites the config under the unsaved note: the banner asks, and a save writes nothing.
    await page.getByTestId('pick-component').click();
    const picker = page.getByTestId('component-picker');
    await picker.getByTestId('component-path').fill('brains/hello-copy.wasm');
    await picker.getByTestId('component-imports').getByText('omw:omw/host').waitFor({ timeout: 60_000 });
    await picker.getByTestId('assign-component').click();
    await picker.waitFor({ state: 'detached' });
    const banner = page.getByTestId('external-change');
    await banner.waitFor();
    const assigned = onDisk('omw.toml');
    assert.match(assigned, /script = "brains\/hello-copy\.wasm"/);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+s');
    await page.getByTestId('notice-error').filter({ hasText: 'omw.toml was not saved: it changed on disk' }).waitFor();
    assert.equal(onDisk('omw.toml'), assigned, 'the assignment and the new agent are still on disk');
    assert.equal(await page.getByTestId('tab-omw.toml').getAttribute('data-dirty'), 'true');

    await banner.getByRole('button', { name: 'Reload from disk' }).click();
    await page.locator('[data-testid="tab-omw.toml"][data-dirty="false"]').waitFor();
    await banner.waitFor({ state: 'detached' });
    await editorLines().click();
    await page.keyboard.press('Control+End');
    await editorLines().getByText('script = "brains/helper.rhai"').waitFor();
    assert.equal(await editorLines().getByText('# my note').count(), 0);
  });

  it('takes each JavaScript brain as its own script, and lists its problems under the editor', async () => {
    // Both declare `const llm`; the language service sees every open model.
    await openInEditor(page, 'brains/assistant.js');
    await openInEditor(page, 'brains/researcher.js');
    const lastLine = onDisk('brains/researcher.js').split('\n').length;
    await typeInEditor(page, '\nomw.host.timeNow(1);');
    // The wrong call is listed, so the file has been checked; it is the only problem.
    const problems = page.getByTestId('problems').locator('li');
    await problems.filter({ hasText: 'Expected 0 arguments, but got 1.' }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await problems.allTextContents(), [`${lastLine + 1}:18 Expected 0 arguments, but got 1.`]);
    await undoAll(page, 'brains/researcher.js');
    await page.getByTestId('problems').waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('marks config errors that only starting the agents would find, where they are, while typing', async () => {
    await openInEditor(page, 'omw.toml');
    // The cursor ends on the file's last line; what is typed starts on the line after it.
    const lastLine = onDisk('omw.toml').split('\n').length;
    await typeInEditor(
      page,
      '\n[agents.extra]\nruntime = "broken"\nscript = "brains/ticker.rhai"\n\n[runtime.broken]\nkind = "rhai2"' +
        '\n\n[providers.extra]\nkind = "mock"\nturns = 3',
    );
    const problems = page.getByTestId('problems');
    const kind = problems.locator('li', { hasText: 'runtime.broken.kind: runtime kind "rhai2" is not supported' });
    const turns = problems.locator('li', { hasText: 'providers.extra.turns' });
    await kind.waitFor();
    await turns.waitFor();
    assert.match((await kind.textContent()) ?? '', new RegExp(`^${lastLine + 6}:\\d+ `));
    assert.match((await turns.textContent()) ?? '', new RegExp(`^${lastLine + 10}:\\d+ `));
    await page.locator('.squiggly-error').first().waitFor();
    await undoAll(page, 'omw.toml');
    await problems.waitFor({ state: 'detached' });
  });

  it('reports a Rhai brain with several syntax errors by its first, at that error’s own position', async () => {
    const brain = 'let x = 1;\nlet y = ;\nlet z = 2;\nfn f() { let w = ; }\n';
    writeFileSync(join(fx.workspace, 'brains/watcher.rhai'), brain);
    const row = await selectAgent(page, 'watcher');
    await page.getByTestId('tab-timeline').click();
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'watcher', 'failed');
    await page
      .locator('[data-testid="iteration-row"][data-iteration="1"]')
      .getByText("2 syntax errors, the first: Unexpected ';' (line 2, column 9)")
      .waitFor();
  });

  it('logged no errors in the page', () => {
    assert.deepEqual(fx.errors, []);
  });
});
