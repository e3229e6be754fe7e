// A real workbench for end-to-end tests: the example workspace copied to a temporary folder (so
// edits never touch the repository), a Workbench with real agent processes, the web-mode server,
// and Debian's Chromium driven by playwright-core.

import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { startWebServer, type WebServer, type WebServerOptions } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';

const REPO = join(import.meta.dirname, '../..');

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface WorkbenchFixture {
  root: string;
  workspace: string;
  /** Where this workbench keeps the user's settings; a workbench started in its place uses it too. */
  userSettingsFolder: string;
  workbench: Workbench;
  server: WebServer;
  browser: Browser;
  page: Page;
  /** Requests that left 127.0.0.1 (there must be none: no CDN, no telemetry). */
  external: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  close(): Promise<void>;
}

/** `limits`: the web server's bounds, for a test that wants a slow page to fall behind sooner. */
export async function startWorkbench(limits?: WebServerOptions['limits']): Promise<WorkbenchFixture> {
  const root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-'));
  const workspace = join(root, 'examples/workspace');
  cpSync(join(REPO, 'examples/workspace'), workspace, { recursive: true });
  // The workspace's component agent points at ../../guests/build/hello.wasm.
  symlinkSync(join(REPO, 'guests'), join(root, 'guests'));
  // The copy stands for the example workspace Brainbench ships, which is trusted without asking;
  // the trust file is the test run's own (scripts/test.mjs sets BRAINBENCH_CONFIG_DIR).
  const trust = new WorkspaceTrust(TrustStore.forUser(), [workspace]);
  // The user's settings (the theme) are this workbench's own: tests running beside it keep theirs.
  const userSettingsFolder = join(root, 'user-settings');
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), trust, userSettingsFolder });
  await workbench.open(workspace);
  const server = await startWebServer({ workbench, staticDir: rendererDir(), ...(limits ? { limits } : {}) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const external: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
    if (url.hostname !== '127.0.0.1') external.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return {
    root,
    workspace,
    userSettingsFolder,
    workbench,
    server,
    browser,
    page,
    external,
    errors,
    // The workbench and server a test put in their place (a restart) are the ones to close.
    async close(this: WorkbenchFixture) {
      await browser.close();
      await this.server.close();
      await this.workbench.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface WorkbenchPage {
  server: WebServer;
  browser: Browser;
  page: Page;
}

/**
 * A workbench a test set up itself, served in web mode and open in Chromium at its first paint;
 * uncaught page errors land in `errors`.
 */
export async function openWorkbenchPage(
  workbench: Workbench,
  errors: string[],
  { viewport = { width: 1400, height: 900 }, timeout = 60_000 } = {},
): Promise<WorkbenchPage> {
  const server = await startWebServer({ workbench, staticDir: rendererDir() });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(server.url);
  await page.getByTestId('workbench').waitFor();
  return { server, browser, page };
}
