// A DAP launch opens a workspace like the workbench does: in a folder the user has not trusted,
// the config's stdio MCP command does not run, the debug console says what is held back and how
// to trust the folder, and once `brainbench trust DIR` has run, the same launch runs it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BRAINBENCH, dapClient } from './dap-client.ts';

const SETTLE_MS = 1500;

async function launch(client: Parameters<Parameters<typeof dapClient>[1]>[0], config: string): Promise<string> {
  const output: string[] = [];
  client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output));
  const initialized = client.waitForEvent('initialized');
  await client.initializeRequest();
  await client.launchRequest({ config } as DebugProtocol.LaunchRequestArguments);
  await initialized;
  const exited = client.waitForEvent('exited');
  await client.configurationDoneRequest();
  await exited;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return output.join('');
}

test('a launch in a folder not trusted holds its MCP command back and says how to trust it', async () => {
  await dapClient({ 'asker.rhai': '"done"\n' }, async (client, dir) => {
    const canary = join(dir, 'canary');
    const command = `echo launched > '${canary}'`;
    writeFileSync(
      join(dir, 'omw.toml'),
      `[runtime.rhai]\nkind = "rhai"\n\n[tooling.canary]\nkind = "mcp"\ntransport = "stdio"\ncommand = "/bin/sh"\n` +
        `args = ["-c", ${JSON.stringify(command)}]\n\n[agents.asker]\nruntime = "rhai"\nscript = "asker.rhai"\n`,
    );
    const output = await launch(client, join(dir, 'omw.toml'));
    assert.equal(existsSync(canary), false, 'the MCP command ran in a folder not trusted');
    assert.match(output, /held back, this folder is not trusted/);
    assert.ok(output.includes(`brainbench trust ${dir}`), output);
    assert.ok(output.includes('/bin/sh -c'), `the command line is shown: ${output}`);
  });
});

test('after `brainbench trust DIR` the same launch runs the command', async () => {
  await dapClient({ 'asker.rhai': '"done"\n' }, async (client, dir) => {
    const canary = join(dir, 'canary');
    writeFileSync(
      join(dir, 'omw.toml'),
      `[runtime.rhai]\nkind = "rhai"\n\n[tooling.canary]\nkind = "mcp"\ntransport = "stdio"\ncommand = "/bin/sh"\n` +
        `args = ["-c", ${JSON.stringify(`echo launched > '${canary}'`)}]\n\n[agents.asker]\nruntime = "rhai"\nscript = "asker.rhai"\n`,
    );
    const trusted = spawnSync(process.execPath, [BRAINBENCH, 'trust', dir], { encoding: 'utf8' });
    assert.equal(trusted.status, 0, trusted.stderr);
    const output = await launch(client, join(dir, 'omw.toml'));
    assert.equal(existsSync(canary), true, 'the trusted folder’s command did not run');
    assert.doesNotMatch(output, /held back/);
  });
});
