// The Providers & tooling panel says which MCP protocol revision each connection negotiated: a
// 2025-era server from npm, and a current one on the 2.x server SDK, beside the example
// workspace's mocks. Real servers over stdio, the real workbench in Chromium.

import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CURRENT_SERVER_ARGS, EVERYTHING_SERVER } from '../tooling/mcp-servers.ts';
import { addToConfig, stdioTooling } from './config-additions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

describe('the negotiated MCP revision in the Providers & tooling panel', { timeout: 90_000 }, () => {
  let fx: WorkbenchFixture;
  let page: Page;

  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await addToConfig(
      fx,
      stdioTooling('everything', [EVERYTHING_SERVER]) + stdioTooling('current', [...CURRENT_SERVER_ARGS, 'stdio']),
    );
  });
  after(async () => {
    await fx?.close();
  });

  it('shows 2025-11-25 for the 2025-era server and 2026-07-28 for the current one', async () => {
    await page.getByTestId('tab-backends').click();
    await page.getByTestId('backend-everything').getByTestId('protocol-revision').getByText('MCP 2025-11-25').waitFor();
    await page.getByTestId('backend-current').getByTestId('protocol-revision').getByText('MCP 2026-07-28').waitFor();
    await page.getByTestId('backend-chat').getByText('mock').waitFor();
  });
});
