// What a user does in the workbench, step by step, for the end-to-end tests: each action waits
// for the page to show that it took effect.

import type { Locator, Page } from 'playwright-core';

export const agentRow = (page: Page, name: string): Locator => page.getByTestId(`agent-${name}`);

export async function selectAgent(page: Page, name: string): Promise<Locator> {
  const row = agentRow(page, name);
  // Not the name: clicking it also opens the agent's brain.
  await row.locator('.agent-sub').click();
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

/** Clicks the editor's gutter (the glyph margin) beside a line: a breakpoint goes on or off. */
export async function clickGutter(page: Page, line: number): Promise<void> {
  const number = page.locator('.monaco-editor .line-numbers').filter({ hasText: new RegExp(`^${line}$`) });
  const row = await number.boundingBox();
  const glyphs = await page.locator('.monaco-editor .glyph-margin').first().boundingBox();
  if (!row || !glyphs) throw new Error(`line ${line} is not on screen`);
  await page.mouse.click(glyphs.x + glyphs.width / 2, row.y + row.height / 2);
}

/**
 * The line the editor highlights as where the agent stopped, found by where the highlight is
 * drawn: the line number and the text beside it.
 */
export async function highlightedLine(page: Page): Promise<{ line: number; text: string } | undefined> {
  return page.evaluate(() => {
    interface Drawn {
      getBoundingClientRect(): { top: number };
      textContent: string | null;
    }
    // The page's DOM; this file is type-checked without the DOM's types.
    const document = (
      globalThis as unknown as {
        document: { querySelector(s: string): Drawn | null; querySelectorAll(s: string): Iterable<Drawn> };
      }
    ).document;
    const mark = document.querySelector('.monaco-editor .view-overlays .debug-current-line');
    if (!mark) return undefined;
    const top = mark.getBoundingClientRect().top;
    // No named helpers in here: the test's compiler would wrap them in a function the page lacks.
    const number = [...document.querySelectorAll('.monaco-editor .line-numbers')].find(
      (e) => Math.abs(e.getBoundingClientRect().top - top) < 2,
    );
    const text = [...document.querySelectorAll('.monaco-editor .view-line')].find(
      (e) => Math.abs(e.getBoundingClientRect().top - top) < 2,
    );
    if (!number || !text) return undefined;
    return { line: Number(number.textContent), text: (text.textContent ?? '').replace(/\u00a0/g, ' ').trim() };
  });
}

/** Waits for the editor to highlight `line` as the stopped line. */
export async function waitForHighlightedLine(page: Page, line: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const shown = await highlightedLine(page);
    if (shown?.line === line) return shown.text;
    await page.waitForTimeout(50);
  }
  throw new Error(`line ${line} was not highlighted (${JSON.stringify(await highlightedLine(page))})`);
}

/** A variable's row in the Variables pane, every scope but Memory and Inbox opened to find it. */
export async function variableRow(page: Page, name: string): Promise<Locator> {
  const pane = page.getByTestId('variables');
  for (const scope of ['Locals', 'Globals', 'This']) {
    const twisty = pane.getByRole('button', { name: `expand ${scope}`, exact: true });
    if (await twisty.count()) await twisty.click();
  }
  const row = pane.locator(`[data-testid="variable"][data-name="${name}"]`).first();
  await row.waitFor();
  return row;
}

export async function variableValue(page: Page, name: string): Promise<string> {
  const row = await variableRow(page, name);
  return (await row.locator('.variable-row [data-testid="variable-value"]').first().textContent()) ?? '';
}

/** Sets a variable from the Variables pane: double-click its value, type, Enter. */
export async function editVariable(page: Page, name: string, value: string): Promise<void> {
  const row = await variableRow(page, name);
  await row.locator('.variable-row [data-testid="variable-value"]').first().dblclick();
  const input = page.getByLabel(`new value of ${name}`, { exact: true });
  await input.fill(value);
  await input.press('Enter');
  await input.waitFor({ state: 'detached' });
}

/** The call stack's frame names, innermost first, once it shows `count` frames. */
export async function stackFrames(page: Page, count: number): Promise<string[]> {
  const frames = page.getByTestId('call-stack').getByTestId('stack-frame');
  await frames.nth(count - 1).waitFor();
  return frames.locator('.frame-name').allTextContents();
}

/** Replaces the active editor's whole text (Monaco's select-all, then the text as typed in one go). */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

/** Saves the active tab with Ctrl+S and waits until it is clean. */
export async function saveActive(page: Page, path: string): Promise<void> {
  await page.keyboard.press('Control+s');
  await page.locator(`[data-testid="tab-${path}"][data-dirty="false"]`).waitFor();
}
