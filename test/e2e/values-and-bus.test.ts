// Every value readable, the bus like a Network panel, streams worth watching (issue 17 points 1,
// 2 and 11), end to end in Chromium against web mode with real agent processes.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { selectAgent, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const TIMEOUT = 20_000;
/** A 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let fx: WorkbenchFixture;
let page: Page;

interface Scrolled {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

const busTable = () => page.getByTestId('bus-table');
const scrollTopOf = () => busTable().evaluate((e: Scrolled) => e.scrollTop);
const message = (data: string) => fx.workbench.inject('reporter', { kind: 'message', data });

async function showBusOf(agent: string): Promise<void> {
  await page.getByTestId('tab-bus').click();
  await page.getByLabel('filter by agent').selectOption(agent);
}

describe('values, the bus and streams in Chromium', { timeout: 180_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(TIMEOUT);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fx.server.url });
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it('shows a delayed mock stream arriving delta by delta', async () => {
    await selectAgent(page, 'assistant');
    await page.getByTestId('tab-chat').click();
    // Every text the stream's content shows, as the page shows it.
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        seen: string[];
        document: { querySelector(s: string): { textContent: string | null } | null; body: unknown };
        MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
      };
      g.seen = [];
      new g.MutationObserver(() => {
        const text = g.document.querySelector('[data-testid="chat-content"]')?.textContent ?? '';
        if (text && g.seen.at(-1) !== text) g.seen.push(text);
      }).observe(g.document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('agent-assistant').getByRole('button', { name: 'Step' }).click();
    const stream = page.locator('[data-testid="chat-stream"][data-state="ended"]');
    await stream.getByTestId('chat-content').filter({ hasText: 'Hello! How can I help today?' }).waitFor();
    const seen = await page.evaluate(() =>
      (globalThis as unknown as { seen: string[] }).seen.map((t) => t.replace('▍', '')),
    );
    // stream_delay_ms = 120 in the example workspace: a word per delta.
    for (const partial of ['Hello! ', 'Hello! How ', 'Hello! How can ']) {
      assert.ok(seen.includes(partial), `"${partial}" was on screen before the rest (seen: ${JSON.stringify(seen)})`);
    }
    assert.equal(await stream.getAttribute('data-kind'), 'stream');
  });

  it('groups the stream in the bus with its deltas and end, timed, every answer consumed', async () => {
    await showBusOf('assistant');
    const request = page.locator('[data-testid="bus-row"][data-group]').filter({ hasText: 'chat_stream' });
    // Five reasoning words, six content words, and the end.
    await request.filter({ hasText: '12 answers · ended' }).waitFor();
    assert.match((await request.locator('span').nth(5).textContent()) ?? '', /^\d+(\.\d)? (ms|s)$/, 'its span');
    await request.getByTestId('bus-group-toggle').click();
    const answers = page.locator('[data-testid="bus-row"].depth-1');
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('[data-testid="bus-row"].depth-1[data-state="consumed"]').length === 12,
    );
    assert.equal(await answers.count(), 12);
    assert.match((await answers.first().textContent()) ?? '', /chat-delta/);
    assert.match((await answers.last().textContent()) ?? '', /chat-end/);
    await request.getByTestId('bus-group-toggle').click();
    await answers.first().waitFor({ state: 'detached' });
  });

  it('marks an event pending in the inbox, then consumed when the brain receives it', async () => {
    await showBusOf('watcher');
    assert.ok(fx.workbench.inject('watcher', { kind: 'message', data: 'knock knock' }));
    const row = page.getByTestId('bus-row').filter({ hasText: 'knock knock' });
    await row.and(page.locator('[data-state="pending"]')).waitFor();
    await row.click();
    await page.getByTestId('bus-detail-state').filter({ hasText: 'pending: in the inbox' }).waitFor();
    await selectAgent(page, 'watcher');
    await page.getByTestId('agent-watcher').getByRole('button', { name: 'Step' }).click();
    await row.and(page.locator('[data-state="consumed"]')).waitFor();
    await page.getByTestId('bus-detail-state').filter({ hasText: 'consumed: received by the brain' }).waitFor();
  });

  it('lists newest first and follows; scrolling away stops it, Jump to latest resumes; the order is remembered', async () => {
    await showBusOf('reporter');
    for (let n = 0; n < 80; n++) message(`note ${n}`);
    await page.getByTestId('bus-row').first().filter({ hasText: 'note 79' }).waitFor();
    assert.equal(await page.getByTestId('bus-order').textContent(), 'Newest first');
    await page.getByTestId('bus-following').waitFor();

    await busTable().evaluate((e: Scrolled) => (e.scrollTop = 1000));
    await page.getByTestId('bus-jump-latest').waitFor();
    message('note 80');
    await page
      .getByTestId('bus-count')
      .filter({ hasText: /^81 \// })
      .waitFor();
    assert.ok((await scrollTopOf()) >= 1000, 'a row arriving above does not pull the view to the top');
    assert.equal(await page.getByTestId('bus-row').filter({ hasText: 'note 80' }).count(), 0, 'out of sight');

    await page.getByTestId('bus-jump-latest').click();
    await page.getByTestId('bus-following').waitFor();
    await page.getByTestId('bus-row').first().filter({ hasText: 'note 80' }).waitFor();
    assert.equal(await scrollTopOf(), 0);

    await page.getByTestId('bus-order').click();
    assert.equal(await page.getByTestId('bus-order').textContent(), 'Oldest first');
    // Oldest first follows at the bottom.
    message('note 81');
    await page.getByTestId('bus-row').last().filter({ hasText: 'note 81' }).waitFor();
    const bottom = await busTable().evaluate((e: Scrolled) => e.scrollHeight - e.clientHeight - e.scrollTop);
    assert.ok(bottom <= 22, `at the bottom (${bottom} px above it)`);
    await page.reload();
    await page.getByTestId('tab-bus').click();
    assert.equal(await page.getByTestId('bus-order').textContent(), 'Oldest first', 'remembered across a reload');
    await page.getByTestId('bus-order').click();
    assert.equal(await page.getByTestId('bus-order').textContent(), 'Newest first');
  });

  it('opens a long value whole: a tree to search, copy value and path, an image, the raw text wrapped', async () => {
    const payload = JSON.stringify({
      note: `long ${'x'.repeat(600)} end`,
      items: [{ name: 'alpha' }, { name: 'needle-7' }],
      logo: { mimeType: 'image/png', data: PNG },
    });
    message(payload);
    await showBusOf('reporter');
    await page.getByTestId('bus-row').filter({ hasText: '{"note":"long xxx' }).first().click();
    await page.getByTestId('bus-open-value').click();
    const viewer = page.getByTestId('value-viewer');
    await viewer.waitFor();
    await viewer.getByTestId('value-search').fill('needle');
    await viewer.getByTestId('value-matches').filter({ hasText: '1 match' }).waitFor();
    const hit = viewer.locator('[data-testid="tree-line"].jt-match');
    assert.equal(await hit.getAttribute('data-path'), '$.items[1].name', 'the match is unfolded and marked');
    await hit.hover();
    await hit.getByTestId('copy-path').click();
    await viewer.getByTestId('value-status').filter({ hasText: 'copied path' }).waitFor();
    const clipboard = () =>
      page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
    assert.equal(await clipboard(), '$.items[1].name');
    await hit.getByTestId('copy-value').click();
    await viewer.getByTestId('value-status').filter({ hasText: 'copied $.items[1].name' }).waitFor();
    assert.equal(await clipboard(), 'needle-7');

    await viewer.getByTestId('value-search').fill('');
    await viewer.locator('[data-path="$.logo"] .jt-toggle').click();
    const image = viewer.locator('[data-testid="value-binary"][data-mime="image/png"]');
    await image.filter({ hasText: 'image/png · 70 B' }).waitFor();
    assert.equal(await image.locator('img').evaluate((e: { naturalWidth: number }) => e.naturalWidth), 1);

    await viewer.getByTestId('value-tab-raw').click();
    const raw = viewer.getByTestId('value-raw');
    assert.equal(await raw.textContent(), payload, 'the whole text');
    const overflow = await raw.evaluate(
      (e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth - e.clientWidth,
    );
    assert.ok(overflow <= 0, `long strings wrap (${overflow} px wider)`);
    await viewer.getByTestId('value-copy').click();
    await viewer.getByTestId('value-status').filter({ hasText: 'copied the value' }).waitFor();
    assert.equal(await clipboard(), payload);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('lists a blocking chat call in the Chat panel; its whole request opens from the keyboard', async () => {
    await selectAgent(page, 'welcomer');
    await page.getByTestId('agent-welcomer').getByRole('button', { name: 'Step' }).click();
    await page.getByTestId('tab-chat').click();
    const card = page.locator('[data-testid="chat-stream"][data-kind="blocking"][data-state="ended"]');
    await card.getByTestId('chat-content').filter({ hasText: 'Hello! How can I help today?' }).waitFor();
    await card.getByText('blocking chat').waitFor();
    await card.getByTestId('chat-request').focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('value-viewer');
    await viewer.waitFor();
    await viewer.getByTestId('value-search').fill('Grace');
    await viewer.locator('[data-testid="tree-line"].jt-match[data-path="$.messages[0].content"]').waitFor();
    await viewer.locator('[data-path="$.model"]').filter({ hasText: 'mock-model' }).waitFor();
    await viewer.locator('[data-path="$.tools"]').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    assert.equal(
      await card
        .getByTestId('chat-request')
        .evaluate(
          (e) => e === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
      true,
      'the focus is back on the value',
    );
    assert.deepEqual(fx.errors, []);
  });

  it('lists a message an agent sent beside its delivery, which the receiver consumes', async () => {
    for (const agent of ['reporter', 'researcher']) {
      await selectAgent(page, agent);
      await page.getByTestId(`agent-${agent}`).getByRole('button', { name: 'Step' }).click();
    }
    await waitForState(page, 'reporter', 'exited');
    await showBusOf('researcher');
    const finding = page.getByTestId('bus-row').filter({ hasText: 'omw runs agent brains' });
    await finding.and(page.locator('[data-state="sent"]')).first().waitFor();
    await finding.and(page.locator('[data-state="consumed"]')).first().waitFor();
    await finding.and(page.locator('[data-state="sent"]')).first().click();
    await page.getByTestId('bus-detail').filter({ hasText: 'from researcher to reporter' }).waitFor();
    assert.deepEqual(fx.errors, []);
  });
});
