// A page that stops reading its socket while every example agent loops (its main thread busy for
// a while, as a page is when it renders something heavy): the server holds its events back
// instead of buffering them, and once the page reads again it is told so and fetches its state
// again, after which it shows what the host has.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { agentRow, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

/** Low marks, so that the events of a few seconds are enough to hold some back. */
const LIMITS = { outbox: { holdEventsAt: 64 * 1024, resumeAt: 16 * 1024 } };
const BUSY_MS = 20_000;

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

    let held = false;
    const watch = setInterval(() => (held ||= server.load().holdingEvents > 0), 50);
    await page.evaluate((ms) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    }, BUSY_MS);
    clearInterval(watch);
    assert.ok(held, `the server never held events back (${JSON.stringify(server.load())})`);

    await page.getByText(/The page fell behind the host: [\d,]+ events held back/).waitFor({ timeout: 120_000 });
    for (const agent of agents) await workbench.stop(agent);
    for (const agent of agents) await waitForState(page, agent, 'stopped');
    assert.deepEqual(fixture.errors, []);
  });
});
