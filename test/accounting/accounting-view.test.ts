// The Accounting panel end to end, in Chromium against web mode: a scratch workspace whose agent
// streams and chats with a priced mock provider is stepped from the Agents panel, and the panel
// shows the session recording's tokens, cost and a waterfall bar per host call.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startWebServer, type WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { selectAgent } from '../e2e/page-actions.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/workbench-fixture.ts';

const CONFIG = `[runtime.js]
kind = "js"

[agents.alice]
runtime = "js"
script = "alice.js"

[providers.llm]
kind = "mock"
turns = [
  { content = "streamed", usage = { prompt_tokens = 1000, completion_tokens = 500 } },
  { content = "blocking", usage = { prompt_tokens = 2000, completion_tokens = 100 } },
]

[providers.llm.prices."m"]
input_per_mtok = 2.5
output_per_mtok = 10.0
`;

const BRAIN = `const llm = omw.provider.get('llm');
const stream = llm.chatStream('m', [{ role: 'user', content: 'hi' }], []);
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id === stream && envelope.kind === 'chat-end') break;
}
llm.chat('m', [{ role: 'user', content: 'again' }], []).content;
`;

describe('the Accounting panel in Chromium', { timeout: 120_000 }, () => {
  let root: string;
  let workbench: Workbench;
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'brainbench-accounting-'));
    writeFileSync(join(root, 'omw.toml'), CONFIG);
    writeFileSync(join(root, 'alice.js'), BRAIN);
    mkdirSync(join(root, '.brainbench'), { recursive: true });
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    server = await startWebServer({ workbench, staticDir: rendererDir() });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows the tokens, the cost and a waterfall bar per call of a stepped iteration', async () => {
    const row = await selectAgent(page, 'alice');
    await page.getByTestId('tab-accounting').click();
    await page.getByTestId('accounting').waitFor();
    await row.getByRole('button', { name: 'Step' }).click();
    await row.getByTestId('iteration-count').filter({ hasText: '#1' }).waitFor();
    // The panel refreshes by itself once the iteration has ended.
    const iteration = page.getByTestId('accounting-iteration').first();
    await iteration.getByTestId('accounting-iteration-tokens').filter({ hasText: '3600' }).waitFor();
    // 1000 × 2.5 + 500 × 10 + 2000 × 2.5 + 100 × 10 per million tokens.
    assert.equal(await iteration.getByTestId('accounting-iteration-cost').textContent(), '0.0135 USD');
    assert.match(
      (await page.getByTestId('accounting-run').textContent()) ?? '',
      /3600 tokens \(3000 prompt, 600 completion\)/,
    );
    assert.equal(await page.getByTestId('accounting-run-cost').textContent(), '0.0135 USD');
    const bars = page.getByTestId('waterfall-bar');
    const ops = await bars.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-op')));
    assert.ok(ops.length >= 4, `a bar per call: ${ops.join(', ')}`);
    assert.deepEqual(
      ops.filter((op) => op?.startsWith('provider.')),
      ['provider.get', 'provider.chat-stream', 'provider.chat'],
    );
    assert.ok(ops.includes('host.recv'));
    const stream = bars.and(page.locator('[data-op="provider.chat-stream"]'));
    assert.match((await stream.textContent()) ?? '', /1500 tokens \(1000 \+ 500\), 0\.0075 USD/);
    await stream.locator('.waterfall-span').waitFor();
    const chat = bars.and(page.locator('[data-op="provider.chat"]'));
    assert.match((await chat.textContent()) ?? '', /2100 tokens \(2000 \+ 100\), 0\.006 USD/);

    // A second step adds a row; selecting the first shows its waterfall again.
    await row.getByRole('button', { name: 'Step' }).click();
    await page.getByTestId('accounting-iteration').nth(1).waitFor();
    await page.getByTestId('accounting-iteration').first().click();
    await page.locator('.accounting-waterfall').getByText('alice #1,').waitFor();
    await page.screenshot({ path: '/tmp/acct/accounting.png' });
    assert.deepEqual(errors, []);
  });
});
