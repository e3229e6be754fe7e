// Issue 28 items 2 and 7 in Chromium. A failure's markers (the agent row's error, the editor's
// "last iteration failed here") belong to the source they were found in: an edit, a save, a
// reload or a new iteration clears them, in JavaScript, Python and Rhai. The debug target (what
// F5 and F8 act on) is explicit in the debug toolbar and follows the focused brain, and New agent
// selects the agent it made.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  agentRow,
  clickGutter,
  openInEditor,
  saveActive,
  selectAgent,
  setEditorText,
  typeInEditor,
  undoAll,
  waitForState,
} from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

// The row's error text, as the row has always shown it.
const failure = (agent: string) => agentRow(page, agent).locator('.agent-sub .error-text');
const iterations = async (agent: string) =>
  (await agentRow(page, agent).getByTestId('iteration-count').textContent()) ?? '';

async function createAgent(name: string, runtime: string): Promise<void> {
  await page.getByTestId('new-agent').click();
  const form = page.getByTestId('new-agent-form');
  await form.getByLabel('new agent name').fill(name);
  await form.getByLabel('new agent runtime').selectOption(runtime);
  await form.getByRole('button', { name: 'Create' }).click();
  await agentRow(page, name).waitFor();
}

/** Steps the agent from its row and waits for the failure to show in the row and the editor. */
async function stepToFailure(agent: string, error: RegExp): Promise<void> {
  await agentRow(page, agent).getByRole('button', { name: 'Step' }).click();
  await waitForState(page, agent, 'failed');
  await failure(agent).waitFor();
  assert.match((await failure(agent).textContent()) ?? '', error);
  await page.getByTestId('problems').getByText(`${agent}'s last iteration failed here`).waitFor();
}

async function expectNoFailureShown(agent: string): Promise<void> {
  await failure(agent).waitFor({ state: 'detached' });
  await page.waitForFunction(
    `!(document.querySelector('[data-testid="problems"]')?.textContent ?? '').includes(${JSON.stringify(`${agent}'s last iteration failed here`)})`,
  );
}

describe('markers that belong to their source; the debug target', { timeout: 300_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(40_000);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx.close();
  });

  it('selects the agent New agent made: the debug target says so', async () => {
    await selectAgent(page, 'assistant');
    await createAgent('nujs', 'js');
    await page.locator('[data-testid="agent-nujs"].selected').waitFor();
    await page.locator('[data-testid="tab-brains/nujs.js"][aria-selected="true"]').waitFor();
    assert.equal(await page.getByTestId('debug-target').inputValue(), 'nujs');
  });

  it('steps the brain in the focused editor with F8, not the agent selected before', async () => {
    await selectAgent(page, 'assistant');
    const before = await iterations('assistant');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('F8');
    await waitForState(page, 'nujs', 'completed');
    assert.equal(await iterations('nujs'), '#1');
    assert.equal(await iterations('assistant'), before, 'assistant was not stepped');
    await page.locator('[data-testid="agent-nujs"].selected').waitFor();
    assert.equal(await page.getByTestId('debug-target').inputValue(), 'nujs');
    // Chosen in the toolbar, the target is explicit.
    await page.getByTestId('debug-target').selectOption('ticker');
    await page.locator('[data-testid="agent-ticker"].selected').waitFor();
  });

  it('clears a JavaScript syntax error on an edit and on a save', async () => {
    await openInEditor(page, 'brains/nujs.js');
    await setEditorText(
      page,
      "const count = 1;\nomw.host.memorySetAs('count', count);\nomw.host.log('info', 'n ' count);\n",
    );
    await saveActive(page, 'brains/nujs.js');
    await stepToFailure('nujs', /SyntaxError/);

    // An edit: the text is no longer the one that failed, even once the edit is undone.
    await typeInEditor(page, ' ');
    await expectNoFailureShown('nujs');
    await undoAll(page, 'brains/nujs.js');
    await page.waitForTimeout(300);
    assert.equal(await failure('nujs').count(), 0, 'an undone edit brings no stale marker back');

    // A save of the fixed brain, through the agent's reload.
    await stepToFailure('nujs', /SyntaxError/);
    await setEditorText(
      page,
      "const count = 1;\nomw.host.memorySetAs('count', count);\nomw.host.log('info', 'n ' + count);\n",
    );
    await saveActive(page, 'brains/nujs.js');
    await expectNoFailureShown('nujs');
    await waitForState(page, 'nujs', 'idle');
  });

  it('clears a Rhai runtime error when the next iteration stops at a breakpoint', async () => {
    await createAgent('nurhai', 'rhai');
    await setEditorText(
      page,
      'let seen = omw::host::memory_get("seen");\nomw::host::memory_set("seen", "yes");\nif seen == () { throw "the first iteration fails"; }\nomw::host::log("info", "the second one goes on");\n',
    );
    await saveActive(page, 'brains/nurhai.rhai');
    await stepToFailure('nurhai', /the first iteration fails/);
    await clickGutter(page, 4);
    await page
      .locator('[data-testid="source-breakpoint"][data-location="brains/nurhai.rhai:4"][data-verified="true"]')
      .waitFor();
    await agentRow(page, 'nurhai').getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'nurhai', 'paused');
    assert.match((await agentRow(page, 'nurhai').getByTestId('agent-state').textContent()) ?? '', /stopped at line 4/);
    await expectNoFailureShown('nurhai');
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await waitForState(page, 'nurhai', 'completed');
  });

  it('clears a Rhai runtime error when a saved brain reloads the agent', async () => {
    await setEditorText(page, 'throw "always";\n');
    await saveActive(page, 'brains/nurhai.rhai');
    await stepToFailure('nurhai', /always/);
    await setEditorText(page, 'omw::host::log("info", "fine now");\n');
    await saveActive(page, 'brains/nurhai.rhai');
    await waitForState(page, 'nurhai', 'idle');
    await expectNoFailureShown('nurhai');
  });

  it('clears a Python IndentationError on a save', async () => {
    await createAgent('nupy', 'python');
    await setEditorText(page, 'count = 1\n  omw.host.log("info", "indented")\n');
    await saveActive(page, 'brains/nupy.py');
    await stepToFailure('nupy', /IndentationError/);
    await setEditorText(page, 'count = 1\nomw.host.log("info", "not indented")\n');
    await saveActive(page, 'brains/nupy.py');
    await expectNoFailureShown('nupy');
    await agentRow(page, 'nupy').getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'nupy', 'completed');
    assert.deepEqual(fx.errors, []);
  });
});
