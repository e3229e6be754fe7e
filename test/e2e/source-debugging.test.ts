// The debugger in the workbench, in Chromium against web mode with real agent processes: for a
// Rhai and a JS brain, a breakpoint set in the gutter stops the agent on its line (the editor
// opens the brain and highlights it), steps go over, into and out of a function, a variable is
// read and edited and the brain computes with the new value, the call stack names the frames, and
// Continue runs to the end. Breakpoints survive a page reload and an agent restart, and stay on
// their lines while the brain is edited.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  clickGutter,
  editVariable,
  openInEditor,
  selectAgent,
  stackFrames,
  variableValue,
  waitForHighlightedLine,
  waitForState,
} from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const BRAINS = {
  rhai: `fn double(x) {
    let y = x * 2;
    y
}
let a = 5;
let b = double(a);
let c = b + 1;
omw::host::log("info", \`c = \${c}\`);
`,
  js: `function double(x) {
  const y = x * 2;
  return y;
}
let a = 5;
let b = double(a);
let c = b + 1;
omw.host.log('info', \`c = \${c}\`);
`,
};

let fx: WorkbenchFixture;
let page: Page;
const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');

const agentOf = (kind: 'rhai' | 'js') => `calc-${kind}`;
const brainOf = (kind: 'rhai' | 'js') => `brains/calc-${kind}.${kind}`;

/** The iteration's log lines as the timeline shows them. */
async function loggedText(): Promise<string> {
  await page.getByTestId('tab-timeline').click();
  const row = page.locator('[data-testid="iteration-row"]').first();
  const head = row.locator('.iteration-head');
  // By its chevron: the row's centre may be its Fork from here button, as wide as the durations are.
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.locator('.chevron').click();
  return (await row.getByTestId('event-log').allTextContents()).join('\n');
}

describe('the debugger in the workbench', { timeout: 240_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(60_000);
    for (const kind of ['rhai', 'js'] as const) {
      await fx.workbench.createAgent(agentOf(kind), kind);
      await fx.workbench.writeFile(brainOf(kind), BRAINS[kind], null);
    }
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  for (const kind of ['rhai', 'js'] as const) {
    it(`stops a ${kind} brain at a gutter breakpoint, steps over, into and out, edits a variable, continues`, async () => {
      const agent = agentOf(kind);
      const brain = brainOf(kind);
      await selectAgent(page, agent);
      await openInEditor(page, brain);
      await clickGutter(page, 6);
      const placed = page.locator(`[data-testid="source-breakpoint"][data-location="${brain}:6"]`);
      await placed.and(page.locator('[data-verified="true"]')).waitFor();
      await page.locator('.monaco-editor .debug-breakpoint-verified').waitFor();

      await page.keyboard.press('F8');
      await waitForState(page, agent, 'paused');
      assert.equal(await waitForHighlightedLine(page, 6), 'let b = double(a);');
      assert.deepEqual(await stackFrames(page, 1), ['<brain>']);
      assert.equal(await variableValue(page, 'a'), '5');
      await editVariable(page, 'a', '20');
      assert.equal(await variableValue(page, 'a'), '20');

      await page.keyboard.press('F11');
      assert.equal(await waitForHighlightedLine(page, 2), kind === 'rhai' ? 'let y = x * 2;' : 'const y = x * 2;');
      assert.deepEqual(await stackFrames(page, 2), ['double', '<brain>']);
      assert.equal(await variableValue(page, 'x'), '20');
      await page.screenshot({ path: join(SHOTS, `debugger-${kind}.png`) });

      await page.keyboard.press('F10');
      await waitForHighlightedLine(page, 3);
      await page.keyboard.press('Shift+F11');
      assert.equal(await waitForHighlightedLine(page, 7), 'let c = b + 1;');
      assert.deepEqual(await stackFrames(page, 1), ['<brain>']);

      // A watch is evaluated in the stopped frame.
      await page.getByLabel('watch expression').fill('b + 1');
      await page.getByLabel('watch expression').press('Enter');
      const watch = page.locator('[data-testid="watch-entry"][data-expression="b + 1"]');
      await watch.getByText('41').waitFor();

      await page.keyboard.press('F10');
      await waitForHighlightedLine(page, 8);
      await page.getByRole('button', { name: 'Continue', exact: true }).first().click();
      await page.locator(`[data-testid="agent-${agent}"]:not([data-state="paused"])`).waitFor();
      // The highlight goes with the stop (the editor redraws its decorations a frame later).
      await page.locator('.monaco-editor .debug-current-line').waitFor({ state: 'detached' });
      assert.match(await loggedText(), /c = 41/);
      await page.getByRole('button', { name: 'remove watch b + 1' }).click();
    });
  }

  it('keeps breakpoints in the workspace’s settings, through a page reload and an agent restart', async () => {
    const saved = JSON.parse(readFileSync(join(fx.workspace, '.brainbench/debugger.json'), 'utf8')) as {
      sourceBreakpoints: Record<string, { line: number }[]>;
    };
    assert.deepEqual(saved.sourceBreakpoints[brainOf('rhai')], [{ line: 6 }]);
    assert.doesNotMatch(readFileSync(join(fx.workspace, 'omw.toml'), 'utf8'), /breakpoint/);

    await page.reload();
    await page.getByTestId('workbench').waitFor();
    await page.locator(`[data-testid="source-breakpoint"][data-location="${brainOf('rhai')}:6"]`).waitFor();
    await page.locator(`[data-testid="source-breakpoint"][data-location="${brainOf('js')}:6"]`).waitFor();
    const agent = agentOf('rhai');
    await selectAgent(page, agent);
    await openInEditor(page, brainOf('rhai'));
    await page.locator('.monaco-editor .debug-breakpoint-verified').waitFor();

    await page.getByTestId(`agent-${agent}`).getByRole('button', { name: 'Restart' }).click();
    await page.getByTestId('tab-timeline').click();
    await page
      .getByTestId('restart-divider')
      .filter({ hasText: /^Restarted at / })
      .waitFor();
    await page.keyboard.press('F8');
    await waitForState(page, agent, 'paused');
    await waitForHighlightedLine(page, 6);
    await page.keyboard.press('F5');
    await page.locator(`[data-testid="agent-${agent}"]:not([data-state="paused"])`).waitFor();
  });

  it('keeps a breakpoint on its line while the brain is edited, and stops there once saved', async () => {
    const agent = agentOf('js');
    const brain = brainOf('js');
    await selectAgent(page, agent);
    await openInEditor(page, brain);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('// doubled\n');
    await page.locator(`[data-testid="source-breakpoint"][data-location="${brain}:7"]`).waitFor();
    await page.keyboard.press('Control+s');
    await page.locator(`[data-testid="tab-${brain}"][data-dirty="false"]`).waitFor();
    await page.keyboard.press('F8');
    await waitForState(page, agent, 'paused');
    assert.equal(await waitForHighlightedLine(page, 7), 'let b = double(a);');
    await page.keyboard.press('F5');
    await page.locator(`[data-testid="agent-${agent}"]:not([data-state="paused"])`).waitFor();
  });

  it('says a wasm brain is debugged at host calls only', async () => {
    await selectAgent(page, 'component');
    await page
      .getByTestId('host-calls-only')
      .getByText(/wasm component brains are debugged at host calls only/)
      .waitFor();
    await selectAgent(page, agentOf('rhai'));
    assert.equal(await page.getByTestId('host-calls-only').count(), 0);
  });

  it('holds at a host call only where its condition on the arguments holds, and shows the held call on top', async () => {
    await selectAgent(page, 'assistant');
    await page.getByTestId('bp-provider.chat-stream').check();
    const condition = page.getByTestId('bp-condition-provider.chat-stream');
    await condition.fill('model == "another-model"');
    await condition.press('Enter');
    await page.keyboard.press('F8');
    await waitForState(page, 'assistant', 'completed');
    await condition.fill('model == "mock-model"');
    await condition.press('Enter');
    await page.keyboard.press('F8');
    await waitForState(page, 'assistant', 'paused');
    const frames = await stackFrames(page, 1);
    assert.equal(frames[0], 'provider.chat-stream (held)');
    await page.getByTestId('bp-provider.chat-stream').uncheck();
    await page.keyboard.press('F5');
    await page.locator('[data-testid="agent-assistant"]:not([data-state="paused"])').waitFor();
  });

  it('shows the agent’s memory and edits it', async () => {
    await selectAgent(page, 'ticker');
    await page.getByTestId('tab-state').click();
    const entry = page.locator('[data-testid="memory-entry"][data-key="ticks"]');
    await entry.locator('.variable-value').dblclick();
    await page.getByLabel('new value of memory ticks').fill('7');
    await page.getByLabel('new value of memory ticks').press('Enter');
    await entry.getByText('7', { exact: true }).waitFor();
    assert.equal(fx.workbench.debugging.memory('ticker').ticks, '7');
  });

  it('left no page errors and no requests outside 127.0.0.1', () => {
    assert.deepEqual(fx.errors, []);
    assert.deepEqual(fx.external, []);
  });
});
