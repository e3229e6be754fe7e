// Issue 17 points 3 to 7 in Chromium on one started workbench: tools tried from a form generated
// from their schema (with raw JSON, a history, and resources read and followed on a real MCP
// server), the timeline's zoom, pan, waterfalls and held time, agents that open their brains and
// read right after Restart, the host-op breakpoint search and overview, the component browser,
// and problems said by the field they are about.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CURRENT_SERVER_ARGS } from '../tooling/mcp-servers.ts';
import { agentRow, selectAgent, waitForState } from './page-actions.ts';
import { addToConfig, stdioTooling } from './config-additions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

describe(
  'the panels of issue 17 (tools, timeline, agents, component picker, inline errors)',
  { timeout: 150_000 },
  () => {
    let fx: WorkbenchFixture;
    let page: Page;

    before(async () => {
      fx = await startWorkbench();
      page = fx.page;
      page.setDefaultTimeout(20_000);
      await addToConfig(fx, stdioTooling('notes', [...CURRENT_SERVER_ARGS, 'stdio']));
    });
    after(async () => {
      await fx?.close();
    });

    it('tries a tool from a form generated from its schema, checked as it changes, with raw JSON and a history', async () => {
      await page.getByTestId('tab-backends').click();
      const notes = page.getByTestId('backend-notes');
      await notes.getByRole('button', { name: 'Tools & resources' }).click();
      const tool = page.getByTestId('tool-try-notes');
      await tool.getByLabel('tool').selectOption('get-sum');
      const form = tool.getByTestId('schema-form');
      await form.locator('[data-field="a"] .required').waitFor();
      // Nothing typed yet: both numbers are missing, each said by its field.
      await form.locator('[data-field="a"]').getByTestId('field-problem').getByText('required').waitFor();
      await form.locator('[data-field="b"]').getByTestId('field-problem').getByText('required').waitFor();
      await form.locator('#field-a').fill('two');
      await form.locator('[data-field="a"]').getByTestId('field-problem').getByText('must be number').waitFor();
      await form.locator('#field-a').fill('2');
      await form.locator('#field-b').fill('3');
      await form.getByTestId('field-problem').first().waitFor({ state: 'detached' });

      // Raw JSON holds what the form does, and an edit there comes back to the form.
      await tool.getByTestId('mode-json').click();
      assert.deepEqual(JSON.parse(await tool.getByTestId('tool-raw').inputValue()), { a: 2, b: 3 });
      await tool.getByTestId('tool-raw').fill('{"a": 5, "b": 1');
      await tool
        .getByTestId('tool-arguments-problem')
        .getByText(/^The arguments are not JSON: /)
        .waitFor();
      assert.equal(await tool.getByTestId('mode-form').isDisabled(), true);
      await tool.getByTestId('tool-raw').fill('{"a": 5, "b": 1}');
      await tool.getByTestId('mode-form').click();
      assert.equal(await form.locator('#field-a').inputValue(), '5');

      await tool.getByTestId('call-tool').click();
      await tool.getByTestId('tool-result').getByText('The sum of 5 and 1 is 6.').waitFor();
      const history = tool.getByTestId('tool-call');
      await history
        .first()
        .getByTestId('tool-call-duration')
        .getByText(/^[\d.]+ (µs|ms|s)$/)
        .waitFor();
      await history.first().getByTestId('tool-call-rerun').click();
      await page.locator('[data-testid="tool-call"][data-state="ok"]').nth(1).waitFor();
      assert.equal(await history.count(), 2);
      assert.match((await history.first().textContent()) ?? '', /get-sum.*"a": 5/);
    });

    it('reads a resource and follows its updates from the tooling panel', async () => {
      const notes = page.getByTestId('backend-notes');
      const today = notes.getByTestId('resource-notes://today');
      await today.getByTestId('read-resource').click();
      await today.getByTestId('resource-text').getByText('buy milk').waitFor();
      await today.getByTestId('subscribe-resource').click();
      await today.getByTestId('resource-updates').getByText('subscribed · 0 updates').waitFor();

      const tool = page.getByTestId('tool-try-notes');
      await tool.getByLabel('tool').selectOption('write-note');
      await tool.locator('#field-name').fill('today');
      await tool.locator('#field-text').fill('sell milk');
      await tool.getByTestId('call-tool').click();
      await tool.getByTestId('tool-result').getByText('wrote notes://today').waitFor();
      await today
        .getByTestId('resource-updates')
        .getByText(/^subscribed · 1 update, the last at /)
        .waitFor();
      await today.getByTestId('resource-updates').getByTestId('resource-text').getByText('sell milk').waitFor();
      await today.getByTestId('unsubscribe-resource').click();
      await today.getByTestId('subscribe-resource').waitFor();

      // A mock's content updates are its agents': following one here is refused by the resource.
      const library = page.getByTestId('backend-library');
      await library.getByRole('button', { name: 'Tools & resources' }).click();
      await library.getByTestId('schema-form').locator('#field-query').waitFor();
    });

    it('opens an agent’s brain from its name, and a component agent’s world in the picker', async () => {
      await agentRow(page, 'ticker').getByTestId('open-brain').click();
      await page.locator('[data-testid="tab-brains/ticker.rhai"][aria-selected="true"]').waitFor();
      await page.locator('[data-testid="agent-ticker"].selected').waitFor();
      await agentRow(page, 'component').getByTestId('open-brain').click();
      const picker = page.getByTestId('component-picker');
      await picker.getByTestId('component-imports').getByText('omw:omw/host').waitFor({ timeout: 60_000 });
      const script = fx.workbench.workspace().agents.find((a) => a.name === 'component')!.script;
      assert.equal(await picker.getByTestId('component-path').inputValue(), script);
      // The browser opened where the component is: the bundled guests.
      await picker.getByTestId('browser-path').getByText('bundled').waitFor();
      await picker.getByRole('button', { name: 'close' }).click();
      assert.equal(await page.getByTestId('agent-count').textContent(), '7 agents');
    });

    it('shows the host’s status right after Restart, and counts breakpoints in words', async () => {
      const row = await selectAgent(page, 'ticker');
      await row.getByRole('button', { name: 'Run' }).click();
      await waitForState(page, 'ticker', 'waiting');
      await row.getByRole('button', { name: 'Restart' }).click();
      await waitForState(page, 'ticker', 'idle');
      const host = fx.workbench.workspace().agents.find((a) => a.name === 'ticker')!.status;
      assert.equal(host.state, 'idle');
      assert.equal(await row.getByTestId('agent-state').textContent(), 'idle');
      assert.equal(await row.getByTestId('iteration-count').textContent(), `#${host.iteration}`);
    });

    it('searches the 45 host ops and shows what is set at a glance', async () => {
      await selectAgent(page, 'ticker');
      const breakpoints = page.getByTestId('breakpoints');
      await breakpoints.getByTestId('bp-overview').getByText('none set').waitFor();
      const search = breakpoints.getByTestId('bp-search');
      assert.match((await search.getAttribute('placeholder')) ?? '', /^Search 45 ops/);
      await search.fill('memory');
      const rows = breakpoints.getByTestId('bp-row');
      const found = await rows.locator('code').allTextContents();
      assert.ok(found.length >= 3 && found.every((op) => op.includes('memory')), found.join(', '));
      await search.fill('no such op');
      await breakpoints.getByTestId('bp-no-match').waitFor();
      await search.fill('host.log');
      await breakpoints.getByTestId('bp-host.log').check();
      await search.fill('');
      const chips = breakpoints.getByTestId('bp-chip');
      await chips.filter({ hasText: 'host.log' }).waitFor();
      await breakpoints.getByTestId('bp-overview').getByText('1 breakpoint set:').waitFor();
      await agentRow(page, 'ticker').locator('.bp-count').getByText('· 1 breakpoint').waitFor();
    });

    it('shows an iteration’s calls as a waterfall, its held time apart, and zooms and pans the time axis', async () => {
      const row = agentRow(page, 'ticker');
      await row.getByRole('button', { name: 'Step' }).click();
      await waitForState(page, 'ticker', 'paused');
      await page.waitForTimeout(300);
      await row.getByRole('button', { name: 'Continue' }).click();
      await waitForState(page, 'ticker', 'completed');
      await page
        .getByTestId('breakpoints')
        .getByRole('button', { name: /clear the breakpoint on host\.log/ })
        .click();
      await page.getByTestId('breakpoints').getByTestId('bp-overview').getByText('none set').waitFor();

      await page.getByTestId('tab-timeline').click();
      const iteration = page.locator('[data-testid="iteration-row"]').first();
      await iteration.locator('.iteration-head').click();
      await iteration.getByTestId('show-waterfall').click();
      const bars = iteration.getByTestId('waterfall-bar');
      await bars
        .filter({ has: page.getByTestId('waterfall-held') })
        .first()
        .waitFor();
      const ops = await bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-op')));
      assert.ok(
        ops.includes('host.wait-for') && ops.includes('host.recv') && ops.at(-1) === 'host.log',
        ops.join(', '),
      );
      const held = await iteration.getByTestId('waterfall-held').textContent();
      assert.match(held ?? '', /held [\d.]+ (ms|s)/);

      await page.getByTestId('toggle-time-axis').click();
      const axis = page.getByTestId('time-axis');
      await axis.getByTestId('axis-held').first().waitFor();
      const span = async () => (await axis.getByTestId('axis-span').textContent()) ?? '';
      const whole = await span();
      await axis.getByTestId('axis-zoom-in').click();
      assert.equal(await axis.getAttribute('data-zoomed'), 'true');
      assert.notEqual(await span(), whole);
      const scaleStart = async () => (await axis.locator('.axis-scale span').first().textContent()) ?? '';
      const before = await scaleStart();
      await axis.focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.notEqual(await scaleStart(), before, 'the arrow keys pan');
      // A drag to the right goes back in time.
      const track = axis.locator('.axis-track').first();
      const box = (await track.boundingBox())!;
      const moved = await scaleStart();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      assert.notEqual(await scaleStart(), moved, 'a drag pans');
      await page.keyboard.press('0');
      assert.equal(await axis.getAttribute('data-zoomed'), 'false');
      await track.hover();
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -100);
      await page.keyboard.up('Control');
      // The wheel event is handled after the mouse call returns: wait for the zoom to show.
      await axis.and(page.locator('[data-zoomed="true"]')).waitFor({ timeout: 10_000 });
      await axis.getByTestId('axis-fit').click();
      assert.equal(await span(), whole.replace(/^[^ ]+/, (await span()).split(' ')[0]!));
      await page.getByTestId('toggle-time-axis').click();
    });

    it('browses the workspace and the bundled guests for a component, by keyboard too', async () => {
      await page.getByTestId('pick-component').click();
      const picker = page.getByTestId('component-picker');
      const list = picker.getByTestId('browser-list');
      await list.getByTestId('browser-entry').first().waitFor();
      // Opened on the workspace's first .wasm folder, or its top; go to the top of the two places.
      while (await picker.getByRole('button', { name: 'up one folder' }).isEnabled()) {
        await picker.getByRole('button', { name: 'up one folder' }).click();
      }
      assert.deepEqual(await list.getByTestId('browser-entry').allTextContents(), [
        '▸ Workspace',
        '▸ Bundled guest components',
      ]);
      await list.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await picker.getByTestId('browser-path').getByText('bundled').waitFor();
      // The path shows before the folder's listing arrives.
      await list.getByTestId('browser-entry').filter({ hasText: 'hello.wasm' }).waitFor();
      const names = await list.getByTestId('browser-entry').allTextContents();
      assert.ok(names.includes('◈ hello.wasm'), names.join(', '));
      assert.ok(!names.some((name) => name.includes('manifest.json')), 'only .wasm files by default');
      const hello = names.indexOf('◈ hello.wasm');
      for (let i = 0; i < hello; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await picker
        .getByTestId('component-exports')
        .getByText(/omw:omw\/runtime/)
        .waitFor({ timeout: 60_000 });
      assert.match(await picker.getByTestId('component-path').inputValue(), /guests\/build\/hello\.wasm$/);

      // Another file is no component: said in the picker, as is a path that leads nowhere allowed.
      await picker.getByLabel('only .wasm').uncheck();
      await list.getByTestId('browser-entry').filter({ hasText: 'manifest.json' }).click();
      await picker.getByTestId('component-problems').waitFor();
      await picker.getByTestId('component-path').fill('../../../../etc/hostname');
      await picker
        .getByTestId('component-path-problem')
        .getByText(/outside the workspace|no such file/)
        .waitFor();
      assert.equal(await page.getByTestId('notice-error').count(), 0, 'no toast for it');
      await page.keyboard.press('Backspace');
      await picker.getByRole('button', { name: 'close' }).click();
    });

    it('says what is wrong where it is typed: agent names and injected payloads', async () => {
      await page.getByTestId('new-agent').click();
      const form = page.getByTestId('new-agent-form');
      const name = form.getByLabel('new agent name');
      const create = form.getByRole('button', { name: 'Create' });
      await name.fill('no spaces');
      await form
        .getByTestId('new-agent-problem')
        .getByText('"no spaces" is not a valid agent name (letters, digits, _ and -)')
        .waitFor();
      assert.equal(await create.isDisabled(), true);
      await name.fill('ticker');
      await form.getByTestId('new-agent-problem').getByText('an agent named "ticker" already exists').waitFor();
      await name.fill('fresh_one');
      await form.getByTestId('new-agent-problem').waitFor({ state: 'detached' });
      assert.equal(await create.isDisabled(), false);
      await form.getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('tab-bus').click();
      await page.getByTestId('bus-inject').click();
      const inject = page.getByTestId('inject-form');
      await inject.getByLabel('event kind').selectOption('chat-delta');
      await inject.getByTestId('inject-payload').fill('{content: 1}');
      await inject
        .getByTestId('inject-problem')
        .getByText(/^the payload is not JSON: /)
        .waitFor();
      assert.equal(await inject.getByTestId('inject-submit').isDisabled(), true);
      await inject.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await page.getByTestId('notice-error').count(), 0);
      assert.deepEqual(fx.errors, []);
    });
  },
);
