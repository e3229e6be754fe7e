// The workbench end to end, in Chromium against web mode with real agent processes: each step
// is what a user does, checked by what the page then shows (and what lands on disk).

import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  agentRow as agentRowOf,
  selectAgent as selectAgentOf,
  typeInEditor as typeInEditorOf,
  undoAll as undoAllOf,
} from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');
const TIMEOUT = 20_000;

let fx: WorkbenchFixture;
let page: Page;

const agentRow = (name: string) => agentRowOf(page, name);
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const selectAgent = (name: string) => selectAgentOf(page, name);
const undoAll = (path: string) => undoAllOf(page, path);
const typeInEditor = (text: string) => typeInEditorOf(page, text);

describe('the workbench in Chromium', { timeout: 180_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(TIMEOUT);
    // A component inside the workspace, for the picker to assign.
    copyFileSync(join(fx.root, 'guests/build/hello.wasm'), join(fx.workspace, 'brains/hello-copy.wasm'));
    await page.goto(fx.server.url);
  });
  after(async () => {
    await fx?.close();
  });

  it('opens the example workspace with every agent', async () => {
    await page.getByTestId('workbench').waitFor();
    for (const name of ['assistant', 'researcher', 'reporter', 'ticker', 'watcher', 'welcomer', 'component']) {
      await agentRow(name).waitFor();
    }
    assert.equal(await page.getByTestId('agent-count').textContent(), '7 agents');
    assert.equal(await agentRow('ticker').locator('.badge').textContent(), 'rhai');
    await page.locator('.monaco-editor .view-lines').waitFor();
    await shot('workbench');
  });

  it('marks a syntax error in a Rhai brain, then saves the fix atomically', async () => {
    await page.getByTestId('file-brains/ticker.rhai').click();
    await page.locator('[data-testid="tab-brains/ticker.rhai"][aria-selected="true"]').waitFor();
    await typeInEditor('\nlet broken = ;');
    await page.locator('.squiggly-error').first().waitFor();
    const problem = await page.getByTestId('problems').locator('li').first().textContent();
    assert.match(problem ?? '', /^14:\d+ /, 'the problem names its line');
    assert.equal(await page.locator('[data-testid="tab-brains/ticker.rhai"]').getAttribute('data-dirty'), 'true');

    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('let fixed = 1;');
    await page.getByTestId('problems').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+s');
    await page.locator('[data-testid="tab-brains/ticker.rhai"][data-dirty="false"]').waitFor();
    const onDisk = readFileSync(join(fx.workspace, 'brains/ticker.rhai'), 'utf8');
    assert.ok(onDisk.endsWith('\nlet fixed = 1;'), onDisk.slice(-40));
  });

  it('completes and documents the omw:: API in Rhai, type-checks JS brains, and validates the config', async () => {
    await page.getByTestId('file-brains/watcher.rhai').click();
    await page.locator('[data-testid="tab-brains/watcher.rhai"][aria-selected="true"]').waitFor();
    await typeInEditor('\nomw::host::wait_f');
    await page.locator('.suggest-widget').getByText('host::wait_for').first().waitFor();
    await page.keyboard.press('Escape');
    // The brain's own call on line 3: hovering it shows the API's signature and docs.
    const line = page
      .locator('.monaco-editor .view-line', { hasText: 'omw::host::wait_for(15000)' })
      .locator(':scope > span');
    const text = (await line.textContent()) ?? '';
    const box = (await line.boundingBox())!;
    const charWidth = box.width / text.length;
    const column = text.indexOf('wait_for') + 3;
    await page.mouse.move(box.x + column * charWidth, box.y + box.height / 2);
    await page.mouse.move(box.x + (column + 1) * charWidth, box.y + box.height / 2);
    await page
      .locator('.monaco-hover')
      .getByText(/omw::host::wait_for\(ms\)/)
      .first()
      .waitFor();
    await page.locator('.monaco-editor .view-lines').click();
    await undoAll('brains/watcher.rhai');

    await page.getByTestId('file-brains/reporter.js').click();
    await page.locator('[data-testid="tab-brains/reporter.js"][aria-selected="true"]').waitFor();
    await typeInEditor('\nomw.host.timeNow(1);');
    // The JavaScript language service knows the omw global: a wrong call is an error.
    await page.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await undoAll('brains/reporter.js');
    // Its syntax errors are QuickJS's own, from the `js` kind's check on the host, with the line.
    // The file ends in a newline: what is typed after it starts on the line below its last.
    const typedLine = readFileSync(join(fx.workspace, 'brains/reporter.js'), 'utf8').split('\n').length + 1;
    await typeInEditor('\nconst = 1;');
    const syntaxProblem = page.getByTestId('problems').locator('li', { hasText: 'SyntaxError' });
    await syntaxProblem.waitFor();
    assert.match(
      (await syntaxProblem.textContent()) ?? '',
      new RegExp(`^${typedLine}:\\d+ `),
      'the problem names its line',
    );
    await undoAll('brains/reporter.js');

    await page.getByTestId('file-omw.toml').click();
    await page.locator('[data-testid="tab-omw.toml"][aria-selected="true"]').waitFor();
    await typeInEditor('\n[agents.bad]\nruntime = 42');
    await page
      .getByTestId('problems')
      .getByText(/agents\.bad\.runtime/)
      .waitFor();
    await shot('config-error');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'close omw.toml' }).click();
    await page.locator('[data-testid="tab-omw.toml"]').waitFor({ state: 'detached' });
  });

  it('completes config keys and back-end kinds in omw.toml from the config schema', async () => {
    await page.getByTestId('file-omw.toml').click();
    await page.locator('[data-testid="tab-omw.toml"][aria-selected="true"]').waitFor();
    await typeInEditor('\n[tooling.extra]\nkind = "mock"\nresource_c');
    await page.locator('.suggest-widget').getByText('resource_content_updates').first().waitFor();
    await page.keyboard.press('Escape');
    await typeInEditor('\n[providers.extra]\nkind = "');
    await page.locator('.suggest-widget').getByText('anthropic').first().waitFor();
    await page.keyboard.press('Escape');
    await undoAll('omw.toml');
  });

  it('steps one iteration and shows it in the timeline, with its host calls', async () => {
    const row = await selectAgent('assistant');
    await row.getByRole('button', { name: 'Step' }).click();
    await row
      .locator('[data-state="completed"]')
      .or(page.locator('[data-testid="agent-assistant"][data-state="completed"]'))
      .first()
      .waitFor();
    assert.equal(await row.getByTestId('iteration-count').textContent(), '#1');
    const iteration = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    await iteration.getByTestId('iteration-outcome-summary').getByText('completed').waitFor();
    await iteration.locator('.iteration-head .chevron').click();
    await iteration.getByTestId('event-call').filter({ hasText: 'chat_stream' }).waitFor();
    await iteration.getByTestId('event-inbound').filter({ hasText: 'chat-delta' }).first().waitFor();
    await iteration.getByTestId('event-log').filter({ hasText: 'said to Ada' }).waitFor();
    await shot('timeline');
  });

  it('shows the streamed chat from the mock provider', async () => {
    await page.getByTestId('tab-chat').click();
    const stream = page.getByTestId('chat-stream').first();
    await stream.getByTestId('chat-content').filter({ hasText: 'Hello! How can I help today?' }).waitFor();
    await stream.getByTestId('chat-reasoning').filter({ hasText: 'A greeting is in order.' }).waitFor();
    assert.equal(await stream.getAttribute('data-state'), 'ended');
    await shot('chat');
  });

  it('holds an agent before recv at a breakpoint, then continues it', async () => {
    await page.getByTestId('tab-timeline').click();
    const row = await selectAgent('assistant');
    await page.getByTestId('bp-host.recv').check();
    await row.locator('.bp-count').waitFor();
    await row.getByRole('button', { name: 'Step' }).click();
    await page.locator('[data-testid="agent-assistant"][data-state="paused"]').waitFor();
    assert.match((await row.getByTestId('paused-call').textContent()) ?? '', /held before host\.recv/);
    await shot('breakpoint');

    await row.getByRole('button', { name: 'Continue' }).click();
    // The brain calls recv in a loop, so it is held again before the next one.
    await page.locator('[data-testid="agent-assistant"][data-state="paused"]').waitFor();
    await page.getByTestId('bp-host.recv').uncheck();
    await row.getByRole('button', { name: 'Continue' }).click();
    await page.locator('[data-testid="agent-assistant"][data-state="completed"]').waitFor();
    assert.equal(await row.getByTestId('iteration-count').textContent(), '#2');
  });

  it('cancels a timer through the registries panel', async () => {
    const row = await selectAgent('watcher');
    await row.getByRole('button', { name: 'Step' }).click();
    await page.locator('[data-testid="agent-watcher"][data-state="waiting"]').waitFor();
    await page.getByTestId('tab-registries').click();
    const timer = page.getByTestId('open-timers');
    await timer.filter({ hasText: 'kind: wait_for · ms: 15000' }).waitFor();
    await shot('registries');
    await timer.getByRole('button', { name: 'Cancel' }).click();
    await timer.waitFor({ state: 'detached' });
    await page.getByTestId('tab-timeline').click();
    const iteration = page.locator('[data-testid="iteration-row"][data-iteration="1"]');
    await iteration.locator('.iteration-head .chevron').click();
    await iteration.getByText(/closed timer .* \(cancelled\)/).waitFor();
  });

  it('injects a message that the waiting brain consumes', async () => {
    await page.getByTestId('tab-bus').click();
    await page.getByTestId('bus-inject').click();
    const form = page.getByTestId('inject-form');
    await form.getByLabel('inject into agent').selectOption('watcher');
    await form.getByLabel('event kind').selectOption('message');
    await form.getByTestId('inject-payload').fill('hello from the workbench');
    await form.getByTestId('inject-submit').click();
    await page.getByTestId('bus-row').filter({ hasText: 'hello from the workbench' }).waitFor();
    await page.locator('[data-testid="agent-watcher"][data-state="exited"]').waitFor();
    await page.getByTestId('bus-row').filter({ hasText: 'hello from the workbench' }).click();
    await page.getByTestId('bus-detail').filter({ hasText: 'message from external to watcher' }).waitFor();
    await page.getByTestId('bus-show-in-timeline').click();
    await page.locator('.event.focused').filter({ hasText: 'inbound message hello from the workbench' }).waitFor();
    await page.getByTestId('tab-bus').click();
    await page.getByTestId('bus-filter').fill('no such payload');
    await page.getByTestId('bus-row').first().waitFor({ state: 'detached' });
    await page.getByTestId('bus-filter').fill('');
    await shot('bus');
    await page.getByTestId('tab-timeline').click();
    await page
      .locator('[data-testid="iteration-row"][data-iteration="1"]')
      .getByTestId('iteration-outcome-summary')
      .getByText('exited: got hello from the workbench')
      .waitFor();
  });

  it('shows a wasm component’s world, rejects a file that is not one, and assigns one to an agent', async () => {
    await page.getByTestId('pick-component').click();
    const picker = page.getByTestId('component-picker');
    await picker.getByTestId('component-path').fill('omw.toml');
    await picker.getByTestId('component-problems').waitFor();
    await picker.getByTestId('component-path').fill('brains/hello-copy.wasm');
    await picker.getByTestId('component-imports').getByText('omw:omw/host').waitFor({ timeout: 60_000 });
    await picker
      .getByTestId('component-exports')
      .getByText(/omw:omw\/runtime/)
      .waitFor();
    await shot('component-picker');
    await picker.getByTestId('assign-component').click();
    await picker.waitFor({ state: 'detached' });
    const config = readFileSync(join(fx.workspace, 'omw.toml'), 'utf8');
    assert.match(config, /\[agents\.component\]\nruntime = "component"\nscript = "brains\/hello-copy\.wasm"/);
    await page.getByTestId('agent-component').waitFor();
  });

  it('lists the back ends, and tries a tool call from the UI', async () => {
    await page.getByTestId('tab-backends').click();
    await page.getByTestId('backend-chat').getByText('mock').waitFor();
    const library = page.getByTestId('backend-library');
    await library.getByRole('button', { name: 'Tools & resources' }).click();
    await library.getByText('Searches the library').waitFor();
    const form = page.getByTestId('tool-try-library');
    await form.getByTestId('mode-json').click();
    await form.getByLabel('tool arguments (JSON)').fill('{"query": "omw"}');
    await form.getByTestId('call-tool').click();
    await form
      .getByTestId('tool-result')
      .getByText(/omw: an agent runtime with WIT brains/)
      .waitFor();
  });

  it('runs the workspace tests and shows PASS', async () => {
    await page.getByTestId('tab-tests').click();
    await page.getByTestId('run-tests').click();
    const result = page.getByTestId('test-result');
    await result.first().waitFor({ timeout: 60_000 });
    assert.equal(await result.count(), 1);
    assert.equal(await result.first().getAttribute('data-pass'), 'true');
    assert.equal(await page.getByTestId('tests-tally').textContent(), '1 passed, 0 failed');
    await shot('tests');
  });

  it('creates an agent from a template, wires it into the config and runs it', async () => {
    await page.getByTestId('new-agent').click();
    const form = page.getByTestId('new-agent-form');
    await form.getByLabel('new agent name').fill('greeter');
    await form.getByLabel('new agent runtime').selectOption('js');
    await form.getByRole('button', { name: 'Create' }).click();
    const row = agentRow('greeter');
    await row.waitFor();
    await page.locator('[data-testid="tab-brains/greeter.js"][aria-selected="true"]').waitFor();
    assert.match(
      readFileSync(join(fx.workspace, 'omw.toml'), 'utf8'),
      /\[agents\.greeter\]\nruntime = "js"\nscript = "brains\/greeter\.js"/,
    );
    await selectAgent('greeter');
    await page.getByTestId('tab-timeline').click();
    await row.getByRole('button', { name: 'Step' }).click();
    await page.locator('[data-testid="agent-greeter"][data-state="completed"]').waitFor();
    await page
      .locator('[data-testid="iteration-row"][data-iteration="1"]')
      .getByTestId('iteration-outcome-summary')
      .getByText('completed')
      .waitFor();

    // A brain that fails: the error is in the timeline with its position, and marked in the editor.
    await typeInEditor("\nthrow new Error('boom');");
    await page.keyboard.press('Control+s');
    await page.locator('[data-testid="tab-brains/greeter.js"][data-dirty="false"]').waitFor();
    await row.getByRole('button', { name: 'Step' }).click();
    await page.locator('[data-testid="agent-greeter"][data-state="failed"]').waitFor();
    await page
      .locator('[data-testid="iteration-row"][data-iteration="2"]')
      .getByText(/Error: boom \(line 6, column \d+\)/)
      .waitFor();
    await page.locator('.squiggly-error').first().waitFor();
  });

  it('follows the OS theme, editor included', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('.monaco-editor.vs-dark').first().waitFor();
    const background = await page
      .getByTestId('status-bar')
      .evaluate(
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el)
            .backgroundColor,
      );
    assert.equal(background, 'rgb(37, 37, 38)');
    await page.getByTestId('tab-timeline').click();
    await page.getByTestId('toggle-time-axis').click();
    await page.getByTestId('time-axis').waitFor();
    await shot('dark');
    await page.getByTestId('toggle-time-axis').click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.monaco-editor.vs').first().waitFor();
  });

  it('opens another workspace by path', async () => {
    const other = join(fx.root, 'other');
    mkdirSync(other);
    writeFileSync(
      join(other, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.solo]\nruntime = "r"\nscript = "solo.rhai"\n',
    );
    writeFileSync(join(other, 'solo.rhai'), '"alone"');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('open-workspace').click();
    await page.getByTestId('open-workspace-form').getByRole('textbox').fill(other);
    await page.getByTestId('open-workspace-form').getByRole('button', { name: 'Open' }).click();
    await agentRow('solo').waitFor();
    assert.equal(await page.getByTestId('agent-count').textContent(), '1 agent');
    await agentRow('solo').getByRole('button', { name: 'Step' }).click();
    await page.locator('[data-testid="agent-solo"][data-state="exited"]').waitFor();
  });

  it('loaded nothing from outside 127.0.0.1 and logged no errors', () => {
    assert.deepEqual(fx.external, []);
    assert.deepEqual(fx.errors, []);
  });
});
