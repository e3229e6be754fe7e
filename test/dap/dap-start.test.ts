// Starting `brainbench dap --port` with the real command line: a port in use and a token file
// others could read are one line and exit code 1; a token file is created for its owner alone and
// read back on the next start.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { fixtureDir } from '../config/fixture-dir.ts';
import { BRAINBENCH } from './dap-client.ts';
import { canaryWorkspace, exchange, frame, tcpClient } from './dap-tcp.ts';

/** Runs `brainbench dap ARGS` to its end (or until it prints its address, then stops it). */
function runDap(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BRAINBENCH, 'dap', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/listening on/.test(stderr)) child.kill('SIGTERM');
    });
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** Starts `brainbench dap ARGS` and hands its port to `body` while it listens. */
async function withDap(args: string[], body: (port: number, stderr: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [BRAINBENCH, 'dap', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const { port, stderr } = await new Promise<{ port: number; stderr: string }>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const match = /listening on 127\.0\.0\.1:(\d+)/.exec(err);
        if (match) resolve({ port: Number(match[1]), stderr: err });
      });
      child.once('exit', (code) => reject(new Error(`dap exited ${code}: ${err}`)));
    });
    await body(port, stderr);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

test('a port in use is one line on standard error and exit code 1', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    const { code, stderr } = await runDap(['--port', String(port)]);
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`^brainbench dap: port ${port} is in use: [^\\n]*\\n$`));
  } finally {
    taken.close();
  }
});

test('--token-file creates the token for its owner alone, and the next start reads it', async () => {
  const path = join(fixtureDir({}), 'private', 'dap-token');
  const { config, canary } = await canaryWorkspace();
  let token = '';
  await withDap(['--port', '0', '--token-file', path], async (port, stderr) => {
    assert.match(stderr, new RegExp(`listening on 127\\.0\\.0\\.1:${port} token-file ${path}\\n`));
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(path, '..')).mode & 0o777, 0o700);
    token = readFileSync(path, 'utf8').trim();
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.doesNotMatch(stderr, new RegExp(token), 'the token is not printed');
    const refused = await exchange(port, frame('launch', { config, token: 'x'.repeat(64) }));
    assert.equal(refused.closed, true);
  });
  // A token written by hand, with a trailing newline and spaces, as an editor leaves it.
  writeFileSync(path, `  ${token}  \n`);
  await withDap(['--port', '0', '--token-file', path], async (port) => {
    const client = await tcpClient(port);
    try {
      await client.initializeRequest();
      const launched = await client.launchRequest({ config, token } as DebugProtocol.LaunchRequestArguments);
      assert.equal(launched.success, true);
    } finally {
      await client.stop();
    }
  });
  assert.equal(readFileSync(canary, 'utf8'), 'launched\n');
});

test('a token file others can read, or a short token, is one line and exit code 1', async () => {
  const dir = fixtureDir({});
  const readable = join(dir, 'readable');
  writeFileSync(readable, `${'a'.repeat(64)}\n`);
  chmodSync(readable, 0o644);
  const short = join(dir, 'short');
  writeFileSync(short, 'secret\n', { mode: 0o600 });
  for (const [path, why] of [
    [readable, /others can read or change it \(mode 644\): chmod 600/],
    [short, /at least 32 visible characters/],
  ] as const) {
    const { code, stderr } = await runDap(['--port', '0', '--token-file', path]);
    assert.equal(code, 1, stderr);
    assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
    assert.match(stderr, new RegExp(`^brainbench dap: --token-file ${path}: `));
    assert.match(stderr, why);
  }
});
