// Stepping, pausing and inspecting agents in Chromium against web mode with real agent processes,
// on the example workspace: trying a tool beside the agents that use it, Restart, a pause while
// an agent waits in recv, what the timeline shows of an iteration and of restarts, and the bus
// between agents.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { agentRow, openInEditor, selectAgent, typeInEditor, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

let fx: WorkbenchFixture;
let page: Page;

/** The newest timeline row of the selected agent, opened. */
async function openIteration(n: number): Promise<Locator> {
  await page.getByTestId('tab-timeline').click();
  const row = page.locator(`[data-testid="iteration-row"][data-iteration="${n}"]`).first();
  const head = row.locator('.iteration-head');
  // By its chevron: the row's centre may be its Fork from here button, as wide as the durations are.
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.locator('.chevron').click();
  return row;
}

/** Steps the reporter, which waits for the researcher's finding, then the researcher. */
async function exchangeFinding(): Promise<void> {
  await agentRow(page, 'reporter').getByRole('button', { name: 'Step' }).click();
  await waitForState(page, 'reporter', 'waiting');
  await agentRow(page, 'researcher').getByRole('button', { name: 'Step' }).click();
  await waitForState(page, 'reporter', 'exited');
  await waitForState(page, 'researcher', 'completed');
}

async function injectMessage(agent: string, text: string): Promise<void> {
  await page.getByTestId('tab-bus').click();
  await page.getByTestId('bus-inject').click();
  const form = page.getByTestId('inject-form');
  await form.getByLabel('inject into agent').selectOption(agent);
  await form.getByLabel('event kind').selectOption('message');
  await form.getByTestId('inject-payload').fill(text);
  await form.getByTestId('inject-submit').click();
  await form.waitFor({ state: 'detached' });
}

describe('debugging agents in the workbench', { timeout: 150_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(60_000);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('tries a tool call without using up the mock’s answer, and refuses arguments that are not JSON', async () => {
    await page.getByTestId('tab-backends').click();
    const library = page.getByTestId('backend-library');
    await library.getByRole('button', { name: 'Tools & resources' }).click();
    const form = page.getByTestId('tool-try-library');
    await form.getByTestId('mode-json').click();
    await form.getByLabel('tool arguments (JSON)').fill('{query: omw}');
    await form
      .getByTestId('tool-arguments-problem')
      .getByText(/^The arguments are not JSON: .+/)
      .waitFor();
    assert.equal(await form.getByTestId('call-tool').isDisabled(), true);
    await form.getByLabel('tool arguments (JSON)').fill('{"query": "omw"}');
    await form.getByTestId('call-tool').click();
    // The result's content blocks show as content, not as JSON text in JSON.
    const block = form.getByTestId('tool-result').getByTestId('mcp-block');
    await block.getByText(/omw: an agent runtime with WIT brains/).waitFor();
    assert.equal(await block.getAttribute('data-type'), 'text');

    // The researcher's own call still gets the scripted result the try showed.
    await selectAgent(page, 'researcher');
    await exchangeFinding();
    const iteration = await openIteration(1);
    await iteration.getByTestId('event-call').filter({ hasText: 'call_tool_blocking' }).waitFor();
    await iteration.getByTestId('event-log').filter({ hasText: 'search({"query":"omw"}) answered' }).waitFor();
  });

  it('shows JSON inside JSON as JSON in the timeline, and a tool’s result as its content', async () => {
    const iteration = await openIteration(1);
    const results = iteration.getByTestId('event-result');
    // list_tools answers each tool's input_schema as JSON text: it reads as JSON, unescaped.
    const schema = results.filter({ hasText: 'input_schema' }).first();
    await schema.waitFor();
    const line = (await schema.textContent()) ?? '';
    assert.match(line, /"input_schema":\{"type":"object"/);
    assert.doesNotMatch(line, /\\"/);
    // The tool call's result opens on its content blocks, with the tree and the raw text a tab away.
    await results.filter({ hasText: 'omw: an agent runtime' }).first().getByTestId('value-text').click();
    const viewer = page.getByTestId('value-viewer');
    await viewer.locator('[data-testid="value-tab-content"][aria-selected="true"]').waitFor();
    await viewer.getByTestId('mcp-block').getByText('omw: an agent runtime with WIT brains').waitFor();
    await viewer.getByTestId('value-tab-tree').click();
    await viewer.locator('[data-testid="tree-line"][data-path="$.content"]').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('shows a chat request as a conversation with roles, tool calls and results, the raw JSON a click away', async () => {
    await selectAgent(page, 'researcher');
    await page.getByTestId('tab-chat').click();
    // The researcher's second chat: the question, the model's tool call, and the tool's answer.
    const card = page
      .getByTestId('chat-stream')
      .filter({ has: page.locator('[data-role="tool"]') })
      .first();
    const transcript = card.getByTestId('chat-transcript');
    await transcript.waitFor();
    const roles = await transcript
      .getByTestId('chat-message')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-role')));
    assert.deepEqual(roles, ['user', 'assistant', 'tool']);
    const [user, assistant, tool] = await transcript.getByTestId('chat-message').all();
    assert.match((await user!.textContent()) ?? '', /What is omw\?/);
    assert.match(
      (await assistant!.getByTestId('chat-message-tool-call').textContent()) ?? '',
      /tool call search\(.*omw/,
    );
    assert.match((await tool!.textContent()) ?? '', /omw: an agent runtime with WIT brains.*result of search/);
    await card.getByTestId('chat-reply').waitFor();
    await card.getByTestId('chat-content').filter({ hasText: 'omw runs agent brains' }).waitFor();

    await transcript.getByTestId('chat-request').click();
    const viewer = page.getByTestId('value-viewer');
    await viewer.locator('[data-path="$.messages"]').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('draws the agents’ exchange in the sequence diagram, each message from its sender', async () => {
    await page.getByTestId('tab-bus').click();
    const fromResearcher = page.getByTestId('bus-row').filter({ hasText: 'omw runs agent brains' }).first();
    await fromResearcher.click();
    await page.getByTestId('bus-detail').filter({ hasText: 'message from researcher to reporter' }).waitFor();
    await page.getByTestId('bus-view').click();
    const diagram = page.getByTestId('sequence-diagram');
    await diagram.waitFor();
    // The finding one way, the ack the other.
    assert.ok((await diagram.locator('.message-arrow').count()) >= 2);
    await diagram.locator('title', { hasText: 'researcher → reporter: omw runs agent brains' }).first().waitFor({
      state: 'attached',
    });
    await diagram.locator('title', { hasText: 'reporter → researcher: ack' }).first().waitFor({ state: 'attached' });
    await page.getByTestId('bus-view').click();
  });

  it('draws lanes for the agents shown only, filtered or not, scrolls, and fits the pane on request', async () => {
    const diagram = page.getByTestId('sequence-diagram');
    const lanes = () =>
      diagram.getByTestId('sequence-lane').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-agent')));
    await page.getByTestId('bus-view').click();
    await diagram.waitFor();
    // Seven agents in the workspace; two of them talk.
    assert.deepEqual((await lanes()).sort(), ['reporter', 'researcher']);
    await page.getByLabel('filter by agent').selectOption('reporter');
    await diagram.locator('title', { hasText: 'reporter → researcher: ack' }).first().waitFor({ state: 'attached' });
    assert.deepEqual((await lanes()).sort(), ['reporter', 'researcher']);
    const box = (await diagram.boundingBox())!;
    for (const arrow of await diagram.locator('.message-arrow').all()) {
      const drawn = (await arrow.boundingBox())!;
      assert.ok(drawn.x >= box.x && drawn.x + drawn.width <= box.x + box.width, 'every arrow in sight');
    }
    await diagram.getByTestId('sequence-fit').click();
    await diagram.locator('[aria-pressed="true"]').waitFor();
    const svg = (await diagram.locator('svg').boundingBox())!;
    assert.ok(svg.width <= box.width, `fitted: ${svg.width} px in a ${box.width} px pane`);
    await page.getByLabel('filter by agent').selectOption('');
    await page.getByTestId('bus-view').click();
  });

  it('restarts an agent as a fresh start would: the mocks from their first answer, a divider in the timeline', async () => {
    // A second exchange: the planner's last turn repeats, which answers without a tool.
    await selectAgent(page, 'researcher');
    await exchangeFinding();
    const second = await openIteration(2);
    await second.getByTestId('iteration-outcome').getByText('completed').waitFor();
    assert.equal(await second.getByTestId('event-call').filter({ hasText: 'call_tool_blocking' }).count(), 0);

    await agentRow(page, 'researcher').getByRole('button', { name: 'Restart' }).click();
    await page
      .getByTestId('restart-divider')
      .filter({ hasText: /^Restarted at / })
      .waitFor();
    await exchangeFinding();
    const third = await openIteration(3);
    await third.getByTestId('iteration-outcome').getByText('completed').waitFor();
    await third.getByTestId('event-call').filter({ hasText: 'call_tool_blocking' }).waitFor();
    // Newest first: the divider sits between the iteration after the restart and those before.
    const order = await page
      .locator('[data-testid="iteration-row"] .num, [data-testid="restart-divider"]')
      .allTextContents();
    assert.deepEqual(
      order.slice(0, 3).map((text) => (text.startsWith('Restarted') ? 'restart' : text)),
      ['#3', 'restart', '#2'],
    );
  });

  it('tries a tool after the agents used up its script, and tries a chat', async () => {
    await page.getByTestId('tab-backends').click();
    const library = page.getByTestId('backend-library');
    await library.getByRole('button', { name: /Tools & resources|Refresh/ }).click();
    const form = page.getByTestId('tool-try-library');
    await form.getByTestId('mode-json').click();
    await form.getByLabel('tool arguments (JSON)').fill('{"query": "again"}');
    await form.getByTestId('call-tool').click();
    const latest = form.getByTestId('tool-call').filter({ hasText: 'again' }).first();
    // Before, a try after the agents used up the script failed: "mock tool calls exhausted".
    await latest.and(page.locator('[data-state="ok"], [data-state="failed"]')).waitFor();
    assert.equal(await latest.getAttribute('data-state'), 'ok', (await latest.textContent()) ?? '');

    const planner = page.getByTestId('backend-planner');
    await planner.getByTestId('chat-try-open').click();
    const chat = page.getByTestId('chat-try-planner');
    await chat.getByTestId('chat-try-message').fill('What is omw?');
    await chat.getByTestId('chat-try-message').press('Control+Enter');
    const reply = chat.getByTestId('chat-try-reply');
    await reply.waitFor();
    assert.equal(await reply.getAttribute('data-state'), 'ok');
    assert.match((await reply.getByTestId('chat-try-content').textContent()) ?? '', /omw runs agent brains/);
    assert.match((await reply.textContent()) ?? '', /finish: stop/);
  });

  it('shows a pause of an agent waiting in recv as pending, cancels it, and holds in the same iteration', async () => {
    const row = await selectAgent(page, 'watcher');
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'watcher', 'waiting');
    await row.getByRole('button', { name: 'Pause' }).click();
    const pending = row.getByTestId('pause-pending');
    await pending.getByText(/Pause pending: holds at the next host call, once recv returns/).waitFor();
    await pending.getByRole('button', { name: 'Cancel pause' }).click();
    await pending.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Pause' }).click();
    await pending.waitFor();
    await injectMessage('watcher', 'wake up');
    await waitForState(page, 'watcher', 'paused');
    assert.match((await row.getByTestId('paused-call').textContent()) ?? '', /held before host\.cancel-timer/);
    assert.equal(await row.getByTestId('iteration-count').textContent(), '#1');
    // The iteration is held, not running.
    const iteration = await openIteration(1);
    await iteration.locator('.iteration-head').getByText('paused before host.cancel-timer').waitFor();

    await row.getByRole('button', { name: 'Continue' }).click();
    await waitForState(page, 'watcher', 'exited');
    await iteration.getByTestId('iteration-outcome').getByText('exited: got wake up').waitFor();
    // The time held is shown beside the iteration's own, and where it was spent.
    await iteration
      .getByTestId('iteration-duration')
      .getByText(/^[\d.]+ (ms|s) \(\+[\d.]+ (ms|s) held\)$/)
      .waitFor();
    await iteration
      .getByTestId('event-held')
      .filter({ hasText: /held before host\.cancel-timer for / })
      .waitFor();
    await iteration.getByTestId('event-host-call').filter({ hasText: 'recv()' }).first().waitFor();
  });

  it('lists recv calls and the values memory_set stores in the timeline', async () => {
    const row = await selectAgent(page, 'ticker');
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'ticker', 'completed');
    const iteration = await openIteration(1);
    await iteration.getByTestId('iteration-outcome').getByText('completed').waitFor();
    assert.equal(
      await iteration
        .getByTestId('event-host-call')
        .filter({ hasText: /^\S+ recv\(\)(Why\?)?$/ })
        .count(),
      3,
    );
    const sets = iteration.getByTestId('event-call').filter({ hasText: 'memory_set({"key":"ticks"})' });
    assert.deepEqual(
      (await sets.locator('.omitted').allTextContents()).map((text) => text.trim()),
      ['value: "1"', 'value: "2"', 'value: "3"'],
    );
  });

  it('marks where a saved config restarted an agent it rewired, whose iterations count from 1 again', async () => {
    const row = await selectAgent(page, 'ticker');
    await openInEditor(page, 'omw.toml');
    // The config ends in [memory.ticker]: a key there rewires the ticker (a comment would not).
    await typeInEditor(page, '\nnote = 1');
    await page.keyboard.press('Control+s');
    await page.locator('[data-testid="tab-omw.toml"][data-dirty="false"]').waitFor();
    await page
      .getByTestId('restart-divider')
      .filter({ hasText: /^Restarted with the saved config at .+: iterations count from 1 again$/ })
      .waitFor();
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'ticker', 'completed');
    await page.getByTestId('tab-timeline').click();
    await page
      .locator('[data-testid="iteration-row"]')
      .first()
      .getByTestId('iteration-outcome-summary')
      .getByText('completed')
      .waitFor();
    const order = await page
      .locator('[data-testid="iteration-row"] .num, [data-testid="restart-divider"]')
      .allTextContents();
    assert.deepEqual(
      order.map((text) => (text.startsWith('Restarted') ? 'restart' : text)),
      ['#1', 'restart', '#1'],
    );
  });

  it('answers a held tool call from a form of its result type in a dialog; the timeline shows the answer as given by you', async () => {
    // The saved config above rewired the ticker only: the two start afresh here, as the test expects.
    for (const agent of ['reporter', 'researcher']) await fx.workbench.restart(agent);
    const row = await selectAgent(page, 'researcher');
    await page.getByTestId('bp-tooling.call-tool-blocking').check();
    await agentRow(page, 'reporter').getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'reporter', 'waiting');
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'researcher', 'paused');
    const held = row.getByTestId('paused-call');
    assert.match((await held.textContent()) ?? '', /held before tooling\.call-tool-blocking/);

    await held.getByRole('button', { name: 'Answer…' }).click();
    // A roomy dialog with a form of the op's result type (a tool result), started from the call.
    const dialog = page.getByTestId('held-answer-dialog');
    const form = dialog.getByTestId('schema-form');
    assert.equal(await form.getByTestId('field-name').inputValue(), 'search');
    assert.equal(await form.getByTestId('field-arguments').inputValue(), '{"query":"omw"}');
    await dialog.getByTestId('held-mode-json').click();
    const text = dialog.getByTestId('held-decision-text');
    assert.deepEqual(
      JSON.parse(await text.inputValue()),
      { name: 'search', arguments: '{"query":"omw"}', content: '{}' },
      'the answer starts as a tool result of the held call',
    );
    await text.fill('{"name": "search",');
    await dialog.getByTestId('held-answer').click();
    await dialog.getByTestId('held-decision-error').getByText(/JSON/).waitFor();
    await text.fill('{"name": "search", "arguments": "{}", "content": "{}"}');
    // Back to the form, which takes the JSON; the content typed there.
    await dialog.getByTestId('held-mode-form').click();
    await form.getByTestId('field-content').fill('[{"type":"text","text":"from the debugger"}]');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitForState(page, 'reporter', 'exited');
    await waitForState(page, 'researcher', 'completed');
    await page.getByTestId('bp-tooling.call-tool-blocking').uncheck();

    const researcher = fx.workbench.workspace().agents.find((agent) => agent.name === 'researcher');
    const iteration = await openIteration(researcher!.status!.iteration);
    const heldEvent = iteration
      .getByTestId('event-held')
      .filter({ hasText: /held before tooling\.call-tool-blocking for .+, answered/ });
    await heldEvent.waitFor();
    // The answer given shows in the timeline, marked as the user's.
    await heldEvent.getByText('given by you').waitFor();
    assert.match((await heldEvent.getByTestId('held-given').textContent()) ?? '', /from the debugger/);
    // The tool server never saw the call: the brain went on with the answer.
    await iteration
      .getByTestId('event-call')
      .filter({ hasText: /^\S+ chat/ })
      .nth(1)
      .waitFor();
    assert.equal(await iteration.getByTestId('event-call').filter({ hasText: 'call_tool_blocking' }).count(), 0);
  });

  it('logged no errors in the page', () => {
    assert.deepEqual(fx.errors, []);
  });
});
