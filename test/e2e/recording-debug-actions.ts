// What the end-to-end tests of a recording's debug panel do and read in it: where it says it is
// stopped, the line its source pane highlights (found where the highlight is drawn), a click in
// that pane's gutter, and a value in its variable tree.

import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export const debugPanel = (page: Page): Locator => page.getByTestId('recording-debug');

/** Waits until the panel is stopped with `text` in where it says it is. */
export async function waitForWhere(page: Page, text: RegExp): Promise<string> {
  const panel = debugPanel(page);
  for (let tries = 0; ; tries++) {
    const busy = await panel.getAttribute('data-busy');
    const shown =
      (await panel
        .getByTestId('recording-debug-where')
        .textContent()
        .catch(() => '')) ?? '';
    if (busy === 'false' && text.test(shown)) return shown;
    if (tries > 300) assert.match(shown, text);
    await page.waitForTimeout(100);
  }
}

/** Presses a key (or runs `act`) and waits for the panel's next stop: where it says it is then. */
export async function nextStop(page: Page, act: string | (() => Promise<void>)): Promise<string> {
  const panel = debugPanel(page);
  const before = await panel.getAttribute('data-stop');
  if (typeof act === 'string') await page.keyboard.press(act);
  else await act();
  for (let tries = 0; tries < 300; tries++) {
    const stop = await panel.getAttribute('data-stop');
    if (stop !== null && stop !== before && (await panel.getAttribute('data-busy')) === 'false') {
      return (await panel.getByTestId('recording-debug-where').textContent()) ?? '';
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the panel did not move from stop ${before}`);
}

/**
 * The line the source pane highlights as `kind`: `current` (where the view is stopped) or `frame`
 * (a selected outer frame's line); found by where the highlight is drawn, with the number and text beside it.
 */
export async function highlightedSourceLine(
  page: Page,
  kind: 'current' | 'frame' = 'current',
): Promise<{ line: number; text: string } | undefined> {
  return page.evaluate((kind) => {
    interface Drawn {
      getBoundingClientRect(): { top: number };
      textContent: string | null;
      querySelector(s: string): Drawn | null;
      querySelectorAll(s: string): Iterable<Drawn>;
    }
    // The page's DOM; this file is type-checked without the DOM's types.
    const document = (globalThis as unknown as { document: { querySelector(s: string): Drawn | null } }).document;
    const pane = document.querySelector('[data-testid="recording-debug-source"]');
    const mark = pane?.querySelector(`.view-overlays .debug-${kind}-line`);
    if (!pane || !mark) return undefined;
    const top = mark.getBoundingClientRect().top;
    // No named helpers in here: the test's compiler would wrap them in a function the page lacks.
    const number = [...pane.querySelectorAll('.line-numbers')].find(
      (e) => Math.abs(e.getBoundingClientRect().top - top) < 2,
    );
    const text = [...pane.querySelectorAll('.view-line')].find(
      (e) => Math.abs(e.getBoundingClientRect().top - top) < 2,
    );
    if (!number || !text) return undefined;
    return {
      line: Number(number.textContent),
      text: (text.textContent ?? '').replace(/\u00a0/g, ' ').trim(),
    };
  }, kind);
}

/** Waits for the source pane to highlight `line` (as `kind`); its text. */
export async function waitForSourceLine(
  page: Page,
  line: number,
  kind: 'current' | 'frame' = 'current',
): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const shown = await highlightedSourceLine(page, kind);
    if (shown?.line === line) return shown.text;
    await page.waitForTimeout(50);
  }
  throw new Error(
    `line ${line} was not highlighted as ${kind} (${JSON.stringify(await highlightedSourceLine(page, kind))})`,
  );
}

/** Clicks the source pane's gutter beside a line: the workspace's breakpoint there goes on or off. */
export async function clickSourceGutter(page: Page, line: number): Promise<void> {
  const pane = page.getByTestId('recording-debug-source');
  const number = pane.locator('.line-numbers').filter({ hasText: new RegExp(`^${line}$`) });
  const row = await number.boundingBox();
  const glyphs = await pane.locator('.glyph-margin').first().boundingBox();
  if (!row || !glyphs) throw new Error(`line ${line} is not on screen`);
  await page.mouse.click(glyphs.x + glyphs.width / 2, row.y + row.height / 2);
}

/** A value's row in the panel's variable tree, by the names from its scope down, each opened on the way. */
export async function openedVariable(page: Page, names: readonly string[]): Promise<Locator> {
  let within: Locator = debugPanel(page).getByTestId('recording-debug-variables');
  for (const [i, name] of names.entries()) {
    const row = within.locator(`[data-testid="variable"][data-name="${name}"]`).first();
    await row.waitFor();
    if (i === names.length - 1) return row;
    const twisty = row.getByRole('button', { name: `expand ${name}`, exact: true });
    if (await twisty.count()) await twisty.first().click();
    within = row;
  }
  throw new Error('no names');
}

/** The value shown on a row of the variable tree. */
export async function valueOf(row: Locator): Promise<string> {
  return (await row.locator('.variable-row [data-testid="variable-value"]').first().textContent()) ?? '';
}
