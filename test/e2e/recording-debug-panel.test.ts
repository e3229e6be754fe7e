// The Recording view's debug panel as a debugger view (docs/debugging.md#time-travel-in-a-recording),
// in Chromium against web mode with real agent processes: a Rhai brain whose main script calls
// `outer` (an object local `box`) which calls `inner` is stepped three times, and the session
// recording opened. Debug this iteration on iteration 2, then the debugger's keys: F10 and F11
// into `inner`, where the source pane (a read-only Monaco of the brain text that runs) highlights
// the stop line. Down in the call stack selects the outer frame by keyboard: its Locals, `box`
// opened two levels, and its line marked as a frame's. Alt+F10 steps back and the highlight moves
// with it, keeping the keyboard in the panel. A click in the pane's gutter puts the workspace's
// breakpoint on `inner`'s line, and Alt+F5 reverse-continues to its hit in iteration 1. A logpoint
// on the memory-set line says its message with the iteration into the Debug output as F5 passes it.
// Its last view is docs/screenshots/recording-debugging.png.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  clickSourceGutter,
  debugPanel,
  highlightedSourceLine,
  nextStop,
  openedVariable,
  valueOf,
  waitForSourceLine,
  waitForWhere,
} from './recording-debug-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const BRAIN = `fn inner(x) {
    let y = x * 2;
    y + 1
}
fn outer(n) {
    let box = #{ a: #{ b: [n, 2] }, label: "box" };
    let r = inner(n);
    r
}
let got = omw::host::memory_get("n");
let n = if got == () { 0 } else { parse_int(got) };
let result = outer(n);
omw::host::memory_set("n", \`\${result}\`);
result
`;
const AGENT = 'nested';
const FILE = 'brains/nested.rhai';
const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

let fx: WorkbenchFixture;
let page: Page;

/** Presses a debugger key until the panel stops on `line` of iteration 2 (a few presses at most). */
async function stepTo(key: string, line: number): Promise<void> {
  for (let presses = 0; presses < 4; presses++) {
    const where = await nextStop(page, key);
    if (where.includes(`iteration 2, at brains/nested.rhai:${line} `)) return;
  }
  assert.fail(`${key} did not reach line ${line}`);
}

describe("a recording's debug panel", { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await fx.workbench.createAgent(AGENT, 'rhai');
    await fx.workbench.writeFile(FILE, BRAIN, null);
    // n: 0, then 1, then 3 (each iteration writes n * 2 + 1).
    for (let i = 0; i < 3; i++) await fx.workbench.step(AGENT);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('shows the source, every frame and nested values, and takes breakpoints and logpoints', async () => {
    await page.keyboard.press('Control+Shift+O');
    await page
      .getByTestId('open-recording-dialog')
      .locator('[data-testid="recording-file"][data-kind="session"][data-path=".brainbench/session.jsonl"]')
      .click();
    const view = page.getByTestId('recording-view');
    await view.getByTestId(`recorded-agent-${AGENT}`).click();
    await view.locator('[data-testid="recorded-iteration"][data-iteration="2"]').click();
    const panel = debugPanel(page);
    await panel.getByTestId('recording-debug-start').click();
    await waitForWhere(page, /iteration 2, at brains\/nested\.rhai:10 \(entry\)/);
    assert.equal(await waitForSourceLine(page, 10), 'let got = omw::host::memory_get("n");');

    // F10 to `let result = outer(n)` (Rhai's `if` on line 11 may stop twice), F11 into outer, F10, F11 into inner.
    for (const [key, line] of [
      ['F10', 12],
      ['F11', 6],
      ['F10', 7],
      ['F11', 2],
    ] as const) {
      await stepTo(key, line);
      await waitForSourceLine(page, line);
    }
    const frames = panel.getByTestId('recording-debug-frames').getByTestId('stack-frame');
    assert.deepEqual(await frames.locator('.frame-name').allTextContents(), ['inner', 'outer', '<brain>']);
    assert.equal(await valueOf(await openedVariable(page, ['Locals', 'x'])), '1');

    // The outer frame, by keyboard: Down from the selected (top) frame.
    await frames.first().focus();
    await page.keyboard.press('ArrowDown');
    await frames.nth(1).and(page.locator('[aria-selected="true"]')).waitFor();
    assert.equal(await frames.nth(1).evaluate((row) => row === row.ownerDocument.activeElement), true);
    assert.equal(await waitForSourceLine(page, 7, 'frame'), 'let r = inner(n);');
    assert.equal(await waitForSourceLine(page, 2), 'let y = x * 2;', 'the stop line stays marked');
    assert.equal(await valueOf(await openedVariable(page, ['Locals', 'n'])), '1');
    const b = await openedVariable(page, ['Locals', 'box', 'a', 'b']);
    await b.getByRole('button', { name: 'expand b', exact: true }).click();
    const items = b.locator('.variable-children [data-testid="variable-value"]');
    await items.nth(1).waitFor();
    assert.deepEqual(await items.allTextContents(), ['1', '2']);

    // Back a step by key: the highlight moves to outer's call of inner, the keyboard stays in the panel.
    await page.keyboard.press('Alt+F10');
    await waitForWhere(page, /iteration 2, at brains\/nested\.rhai:7 /);
    assert.equal(await waitForSourceLine(page, 7), 'let r = inner(n);');
    assert.equal(await highlightedSourceLine(page, 'frame'), undefined, 'the new stop shows its top frame');
    assert.equal(
      await panel.evaluate((root) => root.contains(root.ownerDocument.activeElement)),
      true,
      'the keyboard is still in the panel',
    );
    // The stack is the outer frame's now: the values opened before stay open on the new stop.
    assert.deepEqual(await frames.locator('.frame-name').allTextContents(), ['outer', '<brain>']);
    assert.equal(await valueOf(await openedVariable(page, ['Locals', 'box', 'a', 'b'])), '[1, 2]');

    // A gutter click puts the workspace's breakpoint on inner's `y + 1`; Alt+F5 goes back to its hit in iteration 1.
    await clickSourceGutter(page, 3);
    await page.getByTestId('recording-debug-source').locator('.debug-breakpoint').waitFor();
    const placed = () => fx.workbench.debugging.view.sourceBreakpoints[FILE]?.map((bp) => bp.line);
    for (let i = 0; i < 100 && placed()?.[0] !== 3; i++) await page.waitForTimeout(50);
    assert.deepEqual(placed(), [3]);
    await page.keyboard.press('Alt+F5');
    await waitForWhere(page, /iteration 1, at brains\/nested\.rhai:3 \(breakpoint\)/);
    assert.equal(await waitForSourceLine(page, 3), 'y + 1');
    assert.equal(await valueOf(await openedVariable(page, ['Locals', 'y'])), '0');

    // A logpoint on the memory-set line: F5 passes it in iteration 1 and stops at inner in iteration 2.
    fx.workbench.setSourceBreakpoints(FILE, [{ line: 3 }, { line: 13, logMessage: 'result={result}' }], null);
    await page.locator('.debug-breakpoint-log').first().waitFor();
    await page.keyboard.press('F5');
    await waitForWhere(page, /iteration 2, at brains\/nested\.rhai:3 \(breakpoint\)/);
    // (The live debugger also runs a new logpoint over the live session's past: its lines say "(past)".)
    const said = page
      .getByTestId('debug-output-line')
      .filter({ hasText: /#1 iteration 1, nested\.rhai:13: result=1$/ });
    await said.waitFor();
    assert.match((await said.textContent()) ?? '', /#1\s*iteration 1, nested\.rhai:13: result=1/);
    assert.equal(await said.getByTestId('past-iteration-link').textContent(), '#1');
    assert.equal((await highlightedSourceLine(page))?.line, 3);

    // F9 in the source pane toggles the breakpoint on its cursor's line, on and off again.
    await page.getByTestId('recording-debug-source').locator('.view-line', { hasText: 'let r = inner(n);' }).click();
    await page.keyboard.press('F9');
    for (let i = 0; i < 100 && !placed()?.includes(7); i++) await page.waitForTimeout(50);
    assert.deepEqual(placed(), [3, 7, 13]);
    await page.keyboard.press('F9');
    for (let i = 0; i < 100 && placed()?.includes(7); i++) await page.waitForTimeout(50);
    assert.deepEqual(placed(), [3, 13]);

    // For docs/debugging.md: the outer frame selected, its object opened, the logpoint's message beside.
    await frames.first().focus();
    await page.keyboard.press('ArrowDown');
    await waitForSourceLine(page, 7, 'frame');
    await openedVariable(page, ['Locals', 'box', 'a', 'b']);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'recording-debugging.png') });
    assert.deepEqual(fx.errors, []);
  });

  it('shows a recorded brain text of 3 MB around the stop, and says when one is binary', async () => {
    // The session's recording with the recording's own text of the brain replaced in every header.
    const lines = readFileSync(join(fx.workspace, '.brainbench/session.jsonl'), 'utf8').trimEnd().split('\n');
    const withBrain = (source: string) =>
      lines
        .map((line) => {
          const parsed = JSON.parse(line) as { kind: string; brains?: Record<string, unknown> };
          if (parsed.kind !== 'header') return line;
          const path = join(fx.workspace, FILE);
          return JSON.stringify({ ...parsed, brains: { ...parsed.brains, [AGENT]: { path, sha256: null, source } } });
        })
        .join('\n') + '\n';
    writeFileSync(join(fx.workspace, 'huge.jsonl'), withBrain(`// ${'x'.repeat(297)}\n`.repeat(10_000) + BRAIN));
    writeFileSync(join(fx.workspace, 'binary.jsonl'), withBrain(`// \u0000\u0001\u001b[2J binary\n${BRAIN}`));

    for (const [file, line, note] of [
      ['huge.jsonl', 10_010, /lines 9010 to 10015 of 10015 are shown/],
      ['binary.jsonl', 11, /binary data/],
    ] as const) {
      await page.keyboard.press('Control+Shift+O');
      await page
        .getByTestId('open-recording-dialog')
        .locator(`[data-testid="recording-file"][data-path="${file}"]`)
        .click();
      const view = page.getByTestId('recording-view');
      await view.getByTestId('recording-path').getByText(file).waitFor();
      await view.getByTestId(`recorded-agent-${AGENT}`).click();
      await view.locator('[data-testid="recorded-iteration"][data-iteration="1"]').click();
      const panel = debugPanel(page);
      await panel.getByTestId('recording-debug-recorded-brains').check();
      await panel.getByTestId('recording-debug-start').click();
      await waitForWhere(page, new RegExp(`iteration 1, at brains/nested\\.rhai:${line} \\(entry\\)`));
      // Numbered as in the brain, whatever part of it is shown.
      assert.equal(await waitForSourceLine(page, line), 'let got = omw::host::memory_get("n");');
      assert.match((await panel.getByTestId('recording-debug-source-note').textContent()) ?? '', note);
    }
    assert.deepEqual(fx.errors, []);
  });
});
