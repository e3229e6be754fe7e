// Debugging an opened recording in the workbench, in Chromium against web mode with real agent
// processes (docs/debugging.md#time-travel-in-a-recording): a Rhai brain that counts in host memory
// is stepped three times (the session is recorded); the session recording opened in the Recording
// view, "Debug from here" on iteration 2 re-executes it with the workspace's brain and stops at the
// conditional breakpoint's hit in iteration 3. Alt+F10 and the panel's Step back go back across the
// memory-set call (Memory shows the count before it) and into iteration 2 (a watch shows its
// value); Alt+F5 reverse-continues to iteration 1's hit; F5 goes on to the recording's last
// statement. The source pane highlights the stop line. The live agent of the same name is untouched.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { agentRow } from './page-actions.ts';
import {
  debugPanel,
  openedVariable,
  valueOf,
  waitForSourceLine,
  waitForWhere as waitForWhereIn,
} from './recording-debug-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const BRAIN = `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = count * 10;
total
`;
const AGENT = 'counter';
const FILE = 'brains/counter.rhai';

let fx: WorkbenchFixture;
let page: Page;

const panel = () => debugPanel(page);
const waitForWhere = (text: RegExp) => waitForWhereIn(page, text);
const variable = async (scope: string, name: string) => valueOf(await openedVariable(page, [scope, name]));

describe('debugging an opened recording in the workbench', { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await fx.workbench.createAgent(AGENT, 'rhai');
    await fx.workbench.writeFile(FILE, BRAIN, null);
    for (let i = 0; i < 3; i++) await fx.workbench.step(AGENT);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('steps back across a host call and an iteration, and reverse-continues to a conditional hit', async () => {
    fx.workbench.setSourceBreakpoints(FILE, [{ line: 5, condition: 'count == 3' }], null);
    const live = await agentRow(page, AGENT).getAttribute('data-state');
    const iterations = fx.workbench.traceHistory().filter((e) => e.type === 'iteration-start').length;
    await page.keyboard.press('Control+Shift+O');
    await page
      .getByTestId('open-recording-dialog')
      // The session file being written, not another one the folder holds (previous-session.jsonl
      // from an earlier workbench, a rotated session.jsonl.1).
      .locator('[data-testid="recording-file"][data-kind="session"][data-path=".brainbench/session.jsonl"]')
      .click();
    const view = page.getByTestId('recording-view');
    await view.getByTestId(`recorded-agent-${AGENT}`).click();
    await view.locator('[data-testid="recorded-iteration"][data-iteration="2"]').click();

    await panel().getByTestId('recording-debug-from-here').click();
    assert.match(await waitForWhere(/iteration 3, at brains\/counter\.rhai:5 \(breakpoint/), /iteration 3/);
    assert.equal(await variable('Memory', 'n'), '3');
    assert.equal(await waitForSourceLine(page, 5), 'let total = count * 10;');

    // Back across memory_set, by key: memory as it was before the call.
    await page.keyboard.press('Alt+F10');
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:4 /);
    assert.equal(await variable('Memory', 'n'), '2');
    // The panel's button, back to the iteration's start, then across into iteration 2.
    const back = panel().getByTestId('recording-debug-step-back');
    await back.click();
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:3 /);
    await back.click();
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:2 /);
    // Rhai's `if` block on line 2 is a statement of its own.
    await back.click();
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:2 /);
    await back.click();
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:1 /);
    await back.click();
    await waitForWhere(/iteration 2, at brains\/counter\.rhai:6 /);
    await panel().getByTestId('recording-debug-watch-input').fill('count * 10');
    await panel().getByTestId('recording-debug-watch-input').press('Enter');
    const watched = panel().locator('[data-testid="recording-debug-watch-row"][data-expression="count * 10"]');
    await watched.getByTestId('variable-value').getByText('20', { exact: true }).waitFor();
    assert.equal(await variable('Memory', 'n'), '2');

    // Reverse continue to the previous hit of the breakpoint, now on count == 1.
    fx.workbench.setSourceBreakpoints(FILE, [{ line: 5, condition: 'count == 1' }], null);
    await page.keyboard.press('Alt+F5');
    await waitForWhere(/iteration 1, at brains\/counter\.rhai:5 \(breakpoint/);
    await watched.getByTestId('variable-value').getByText('10', { exact: true }).waitFor();
    await waitForSourceLine(page, 5);

    // Forward again with F5: no later hit, so it stops at the end of the recording.
    await page.keyboard.press('F5');
    await waitForWhere(/iteration 3, at brains\/counter\.rhai:6 \(step: the end of the recorded past\)/);

    // The live agent of the same name did not run or stop for any of it.
    assert.equal(await agentRow(page, AGENT).getAttribute('data-state'), live);
    assert.equal(fx.workbench.traceHistory().filter((e) => e.type === 'iteration-start').length, iterations);
    await panel().getByTestId('recording-debug-end').click();
    await panel().getByTestId('recording-debug-where').waitFor({ state: 'detached' });
    assert.deepEqual(fx.errors, []);
  });
});
