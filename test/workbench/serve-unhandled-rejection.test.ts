// `brainbench serve` as a real process: a promise rejection that some part of the host left
// unhandled is reported on stderr, and the server goes on serving (Node's default would exit).
// The rejection is planted through --import, on a signal the test sends once the server is up.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pageRequest, rawHttp, statusOf } from './web-fixture.ts';

const PLANT = `data:text/javascript,process.on('SIGUSR2', () => { Promise.reject(new Error('planted rejection')); });`;

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(done(), what);
}

describe('brainbench serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-serve-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reports an unhandled rejection and keeps serving', async () => {
    writeFileSync(
      join(dir, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n',
    );
    writeFileSync(join(dir, 'a.rhai'), '40 + 2');
    const child = spawn(process.execPath, ['--import', PLANT, 'bin/brainbench.mjs', 'serve', dir, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let exited = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    void exit.then(() => (exited = true));
    try {
      await until('the server prints its URL', () => /token=/.test(stdout) || exited);
      const url = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(stdout);
      assert.ok(url, stdout + stderr);
      const server = { port: Number(url[1]), token: url[2]! };
      child.kill('SIGUSR2');
      await until('the rejection is reported', () => /planted rejection/.test(stderr) || exited);
      assert.match(stderr, /unhandled; the server keeps running/);
      assert.equal(exited, false, 'the server is still running');
      assert.equal(statusOf(await rawHttp(server.port, pageRequest(server))), 200);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exit, 0);
  });
});
