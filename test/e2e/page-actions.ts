// What a user does in the workbench, step by step, for the end-to-end tests: each action waits
// for the page to show that it took effect.

import type { Locator, Page } from 'playwright-core';

export const agentRow = (page: Page, name: string): Locator => page.getByTestId(`agent-${name}`);

export async function selectAgent(page: Page, name: string): Promise<Locator> {
  const row = agentRow(page, name);
  await row.locator('.agent-name').click();
  await page.locator(`[data-testid="agent-${name}"].selected`).waitFor();
  return row;
}

/** Opens a file from the file panel and waits for its tab to be the active one. */
export async function openInEditor(page: Page, path: string): Promise<void> {
  await page.getByTestId(`file-${path}`).click();
  await page.locator(`[data-testid="tab-${path}"][aria-selected="true"]`).waitFor();
}

/** Types at the end of the active editor's text. */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Undoes edits until the tab is clean again (typing leaves an undo stop at every word). */
export async function undoAll(page: Page, path: string): Promise<void> {
  const tab = page.locator(`[data-testid="tab-${path}"]`);
  for (let i = 0; i < 200 && (await tab.getAttribute('data-dirty')) !== 'false'; i++)
    await page.keyboard.press('Control+z');
  await page.locator(`[data-testid="tab-${path}"][data-dirty="false"]`).waitFor();
}

/** The agent's state as its row shows it (`data-state`), once it is `state`. */
export async function waitForState(page: Page, agent: string, state: string): Promise<void> {
  await page.locator(`[data-testid="agent-${agent}"][data-state="${state}"]`).waitFor();
}
