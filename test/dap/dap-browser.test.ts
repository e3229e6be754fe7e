// A web page the user happens to open can reach any loopback port: from another origin, in a real
// Chromium, it POSTs a DAP launch to `brainbench dap --port` with `mode: 'no-cors'` (which needs no
// permission from the server). The config behind that launch must never run, and the adapter must
// go on serving its real client.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/workbench-fixture.ts';
import { canaryWorkspace, startDapServer, tcpClient } from './dap-tcp.ts';

const PAGE = `<!doctype html><title>a page on the web</title>
<script>
  // Each request settles when the adapter closes the connection; one it leaves open counts as 'pending'.
  window.attack = (url, bodies) => Promise.all(bodies.map((body) => Promise.race([
    fetch(url, { method: 'POST', mode: 'no-cors', body }).then(() => 'answered', (error) => 'failed: ' + error.message),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 10000)),
  ])));
</script>`;

/** Long enough for a launched config's MCP command to have run (it runs within milliseconds). */
const SETTLE_MS = 1500;

test('a web page on another origin cannot launch a config through brainbench dap', async () => {
  const { config, canary } = await canaryWorkspace();
  const dap = await startDapServer();
  const site: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as { port: number }).port}/`);
    const launch = JSON.stringify({ seq: 1, type: 'request', command: 'launch', arguments: { config } });
    const bodies = [
      // A DAP frame, headers and all, as the protocol frames it.
      `Content-Length: ${launch.length}\r\n\r\n${launch}`,
      // The bare request, framed by the HTTP request's own Content-Length, which a lenient reader takes.
      launch,
    ];
    const outcomes = await page.evaluate(([url, sent]) => (globalThis as unknown as Attack).attack(url, sent), [
      `http://127.0.0.1:${dap.port}/`,
      bodies,
    ] as const);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    assert.equal(existsSync(canary), false, 'the page launched the config');
    assert.deepEqual(
      outcomes.map((o) => o.startsWith('failed')),
      [true, true],
      `every request ended by the adapter: ${outcomes.join(', ')}`,
    );
    assert.match(dap.stderr(), /not a DAP frame: it starts "POST \/ HTTP\/1\.1"/);

    // The adapter's real client, with the token, still debugs, and the same config runs for it.
    const client = await tcpClient(dap.port);
    try {
      const initialized = client.waitForEvent('initialized');
      await client.initializeRequest();
      await client.launchRequest({ config, token: dap.token } as DebugProtocol.LaunchRequestArguments);
      await initialized;
      const exited = client.waitForEvent('exited');
      await client.configurationDoneRequest();
      assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0);
    } finally {
      await client.stop();
    }
    assert.equal(existsSync(canary), true, 'the config runs for the client with the token');
  } finally {
    await browser.close();
    site.close();
    await dap.stop();
  }
});

interface Attack {
  attack(url: string, bodies: readonly string[]): Promise<string[]>;
}
