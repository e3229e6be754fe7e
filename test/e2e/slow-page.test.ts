// A page that stops reading its socket (its main thread busy for a while, as a page is when it
// renders something heavy) while every example agent loops and messages pour into an inbox: the
// server holds its events back instead of buffering them, and once the page reads again it is
// told so and fetches its state again, after which it shows what the host has.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { agentRow, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

/** Low marks, so that a few megabytes of events are enough to hold some back. */
const LIMITS = { outbox: { holdEventsAt: 64 * 1024, resumeAt: 16 * 1024 } };
const BUSY_MS = 15_000;

describe('a page that stops reading its socket', { timeout: 300_000 }, () => {
  let fixture: WorkbenchFixture;
  before(async () => {
    fixture = await startWorkbench(LIMITS);
  });
  after(() => fixture.close());

  it('gets its events held back, then a resync it acts on, and ends showing the host’s state', async () => {
    const { page, server, workbench } = fixture;
    await page.goto(server.url);
    const agents = workbench.workspace().agents.map((agent) => agent.name);
    await agentRow(page, agents[0]!).waitFor();
    for (const agent of agents) workbench.loop(agent);

    // While the page is busy, messages injected into an agent's inbox add a trace event each,
    // however slowly the agents run on a loaded machine, until the server holds events back.
    const busy = page.evaluate((ms) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    }, BUSY_MS);
    const payload = 'x'.repeat(2_000);
    let injected = 0;
    const deadline = Date.now() + BUSY_MS - 2_000;
    while (server.load().holdingEvents === 0 && Date.now() < deadline) {
      for (let i = 0; i < 50; i++) workbench.inject(agents[0]!, { kind: 'message', data: `${injected++} ${payload}` });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const held = server.load().holdingEvents > 0;
    await busy;
    assert.ok(held, `the server never held events back (${injected} injected, ${JSON.stringify(server.load())})`);

    // The page may fall behind more than once: each resync is a notice of its own.
    await page
      .getByText(/The page fell behind the host: [\d,]+ events held back/)
      .first()
      .waitFor({ timeout: 120_000 });
    for (const agent of agents) await workbench.stop(agent);
    for (const agent of agents) await waitForState(page, agent, 'stopped');
    assert.deepEqual(fixture.errors, []);
  });
});
