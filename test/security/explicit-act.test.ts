// The command line's `run`, `loop` and `test` keep omw's behaviour: naming a config there is the
// user's own explicit act, so a folder nobody trusted still starts the MCP command it names. And
// `--help` says so.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  brainbench,
  brainbenchDone,
  canaryCommand,
  exists,
  stdioTable,
  until,
  writeWorkspace,
} from './trust-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'brainbench-explicit-'));
// An empty settings folder: no folder is trusted.
const cliEnv = { BRAINBENCH_CONFIG_DIR: join(dir, 'user-config') };
after(() => rmSync(dir, { recursive: true, force: true }));

const BRAIN = { 'a.rhai': '1' };
const config = (canary: string) =>
  `[runtime.r]\nkind = "rhai"\n${stdioTable('probe', canaryCommand(canary))}\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n`;

describe('run, loop and test in a folder that is not trusted', { timeout: 120_000 }, () => {
  it('run starts the MCP command', async () => {
    const canary = join(dir, 'run.canary');
    const root = writeWorkspace(join(dir, 'run'), config(canary), BRAIN);
    const run = await brainbenchDone(['run', '--config', join(root, 'omw.toml')], cliEnv);
    assert.equal(run.code, 0, run.stderr);
    await until('the command runs', () => exists(canary));
  });

  it('loop starts the MCP command', async () => {
    const canary = join(dir, 'loop.canary');
    const root = writeWorkspace(join(dir, 'loop'), config(canary), BRAIN);
    const loop = brainbench(['loop', '--config', join(root, 'omw.toml')], cliEnv);
    try {
      await until('the command runs', () => exists(canary));
    } finally {
      loop.child.kill('SIGINT');
      await loop.exited;
    }
  });

  it('test starts the MCP command', async () => {
    const canary = join(dir, 'test.canary');
    const root = writeWorkspace(join(dir, 'suite'), '', BRAIN);
    writeWorkspace(root, '', { 'omw.test.toml': config(canary) });
    const test = await brainbenchDone(['test', root], cliEnv);
    assert.equal(test.code, 0, test.stdout + test.stderr);
    await until('the command runs', () => exists(canary));
  });

  it('--help says so in one line', async () => {
    const help = await brainbenchDone(['run', '--help'], cliEnv);
    const lines = help.stdout.split('\n').filter((line) => /run, loop and test/.test(line));
    assert.equal(lines.length, 1, help.stdout);
    assert.match(
      lines[0]!,
      /MCP commands, interpreters, keys for any URL\): your own act; serve does not, until you trust/,
    );
  });
});
