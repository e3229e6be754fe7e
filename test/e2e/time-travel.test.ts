// Time travel in the workbench, in Chromium against web mode with real agent processes
// (docs/debugging.md#time-travel): a looping Rhai brain that counts in host memory stops at a
// conditional breakpoint in its third iteration; Alt+F10 and the toolbar's Step back go back past
// the host call that stored the count (the view says it is in the past, the variables show the
// earlier values); Continue comes back to the live stop; Alt+F5 reverse-continues to the previous
// iteration's hit of the breakpoint; a host call's "Go to call" in the timeline goes to the
// statement that made it. A logpoint added afterwards says what it would have said in each ended
// iteration, in the Debug output (linked to the iteration) and in the timeline. "Why?" on the
// example workspace's tool call finds the model answer it came from. A test run paints each brain
// line's count in the editor's gutter.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openInEditor, selectAgent, variableValue, waitForHighlightedLine, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const BRAIN = `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = count * 10;
total
`;
const HEAT = 'let total = 0;\nfor i in 0..3 {\n    total += i;\n}\nif total > 100 {\n    total = 0;\n}\ntotal\n';
const HEAT_TEST =
  '[runtime.rhai]\nkind = "rhai"\n\n[agents.heat]\nruntime = "rhai"\nscript = "../../brains/heat.rhai"\n\n[assertions.heat]\noutcome = { exited = "3" }\n';
const AGENT = 'counter';
const FILE = 'brains/counter.rhai';

let fx: WorkbenchFixture;
let page: Page;
const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

/** Waits until the Variables pane shows `name` with `value` (the pane refills after each stop). */
async function waitForValue(name: string, value: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const shown = await variableValue(page, name).catch(() => undefined);
    if (shown === value) return;
    if (tries > 100) assert.equal(shown, value, `${name} in the Variables pane`);
    await page.waitForTimeout(100);
  }
}

const where = () => page.getByTestId('debug-where');

describe('time travel in the workbench', { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await fx.workbench.createAgent(AGENT, 'rhai');
    await fx.workbench.writeFile(FILE, BRAIN, null);
    // A brain and its test for the gutter's heat map (the last test below).
    await fx.workbench.writeFile('brains/heat.rhai', HEAT, null);
    await fx.workbench.writeFile('tests/heat/omw.test.toml', HEAT_TEST, null);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('steps back across a host call, comes back to the present, and reverse-continues into the last iteration', async () => {
    fx.workbench.setSourceBreakpoints(FILE, [{ line: 5, condition: 'count == 3' }], null);
    await selectAgent(page, AGENT);
    await openInEditor(page, FILE);
    await page.locator(`[data-testid="source-breakpoint"][data-location="${FILE}:5"]`).waitFor();
    await page.keyboard.press('F5');
    await waitForState(page, AGENT, 'paused');
    await waitForHighlightedLine(page, 5);
    await waitForValue('count', '3');
    await where().getByText('stopped at').waitFor();

    await page.keyboard.press('Alt+F10');
    assert.match(await waitForHighlightedLine(page, 4), /memory_set/);
    await where().getByText('in the past: iteration').waitFor();
    await page.getByRole('button', { name: 'Step back', exact: true }).click();
    await waitForHighlightedLine(page, 3);
    await waitForValue('count', '2');
    await page.screenshot({ path: join(SHOTS, 'time-travel.png') });

    // Forward from the past: no later hit holds until the live stop.
    await page.keyboard.press('F5');
    await waitForHighlightedLine(page, 5);
    await where().getByText('stopped at').waitFor();
    await waitForValue('count', '3');

    fx.workbench.setSourceBreakpoints(FILE, [{ line: 5 }], null);
    await page.keyboard.press('Alt+F5');
    await where().getByText('in the past: iteration').waitFor();
    await waitForHighlightedLine(page, 5);
    await waitForValue('count', '2');

    // From the timeline: back to the statement that made the first iteration's memory_set.
    await page.getByTestId('tab-timeline').click();
    const first = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    await first.locator('.iteration-head .chevron').click();
    const set = first.getByTestId('event-call').filter({ hasText: 'memory_set' });
    await set.getByTestId('go-to-call').click();
    await waitForHighlightedLine(page, 4);
    await where().getByText('in the past: iteration 1').waitFor();
    await waitForValue('count', '1');
    await page.screenshot({ path: join(SHOTS, 'time-travel-call.png') });
  });

  it('runs a logpoint added now over the ended iterations: Debug output lines linked to them, a column in the timeline', async () => {
    fx.workbench.setSourceBreakpoints(FILE, [{ line: 5 }, { line: 6, logMessage: 'total={total}' }], null);
    const output = page.getByTestId('debug-output');
    const second = output.getByTestId('debug-output-line').filter({ hasText: 'iteration 2, counter.rhai:6: total=20' });
    await second.waitFor();
    await output.getByText('2 logpoint messages from 2 iterations of the past').waitFor();
    const row = (n: number) => page.locator(`[data-testid="iteration-row"][data-iteration="${n}"]`);
    assert.equal(await row(1).getByTestId('past-logs').textContent(), '6: total=10');
    assert.equal(await row(2).getByTestId('past-logs').textContent(), '6: total=20');
    assert.equal(await row(2).locator('.iteration-head').getAttribute('aria-expanded'), 'false');
    await second.getByTestId('past-iteration-link').click();
    await row(2).locator('.iteration-events').waitFor();
    await page.screenshot({ path: join(SHOTS, 'past-logpoints.png') });
  });

  it('answers "Why?" on a tool call with the model answer it came from, marked on the timeline', async () => {
    await selectAgent(page, 'researcher');
    await page.keyboard.press('F8');
    await page.getByTestId('tab-timeline').click();
    const row = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    // It ends once the reporter acks, or after trying for 5 s: either way its calls are there.
    await row.getByTestId('iteration-duration').filter({ hasNotText: '…' }).waitFor();
    await row.locator('.iteration-head .chevron').click();
    const toolCall = row.getByTestId('event-call').filter({ hasText: 'call_tool_blocking' });
    await toolCall.getByTestId('why-call').click();
    const chain = toolCall.getByTestId('why-chain');
    await chain.getByTestId('why-chain-link').filter({ hasText: 'arguments ← provider.chat answer' }).waitFor();
    await chain.getByTestId('why-chain-link').filter({ hasText: 'name ← provider.chat answer' }).waitFor();
    // The model call whose answer fed it is marked in the iteration.
    const chat = row
      .getByTestId('event-call')
      .filter({ hasText: /^.*chat\(/ })
      .first();
    assert.match((await chat.getByTestId('why-feeds').textContent()) ?? '', /arguments/);
    await page.screenshot({ path: join(SHOTS, 'why-call.png') });
  });

  it('paints the lines a test run entered in the gutter, warmer the more often, and marks the line no test reaches', async () => {
    await page.getByTestId('tab-tests').click();
    await page.getByTestId('run-tests').click();
    await page.locator('[data-testid="test-result"]', { hasText: 'tests/heat' }).waitFor();
    await openInEditor(page, 'brains/heat.rhai');
    const marks = page.locator('.monaco-editor .coverage-heat');
    await marks.first().waitFor();
    // Statement lines 1, 2, 3, 5, 6, 8: line 6 never runs, line 3 runs most.
    assert.equal(await marks.count(), 6);
    assert.equal(await page.locator('.monaco-editor .coverage-heat-0').count(), 1);
    assert.equal(await page.locator('.monaco-editor .coverage-heat-3').count(), 1);
    await page.screenshot({ path: join(SHOTS, 'coverage-heat.png') });
  });
});
