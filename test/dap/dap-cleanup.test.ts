// A DAP client that goes away without `disconnect` (its socket destroyed, its pipe half-closed)
// takes its session with it: the agents it launched stop and their processes are gone.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect } from 'node:net';
import { fixtureDir } from '../config/fixture-dir.ts';
import { BRAINBENCH } from './dap-client.ts';
import { alive, agentPids, frame, startDapServer, until } from './dap-tcp.ts';

/** Two agents whose brains never finish an iteration: only the host can end them. */
const LOOPING = {
  'omw.toml': `[runtime.rhai]\nkind = "rhai"\n\n[runtime.js]\nkind = "js"\n\n[agents.spinner]\nruntime = "rhai"\nscript = "spin.rhai"\n\n[agents.counter]\nruntime = "js"\nscript = "count.js"\n`,
  'spin.rhai': 'let i = 0;\nloop { i += 1; }\n',
  'count.js': 'let i = 0;\nfor (;;) i++;\n',
};
/** Starting two agent processes on a loaded machine. */
const START_WITHIN_MS = 60_000;
/** Stopping a busy brain waits out reload_grace_secs (5 s) before it preempts: generous on a loaded machine. */
const GONE_WITHIN_MS = 45_000;

test('a TCP client that destroys its socket without disconnect ends its agents', async () => {
  const dir = fixtureDir(LOOPING);
  const server = await startDapServer();
  try {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.resume();
    socket.write(frame('initialize', { adapterID: 'brainbench', pathFormat: 'path' }));
    socket.write(frame('launch', { config: join(dir, 'omw.toml'), mode: 'loop', token: server.token }));
    socket.write(frame('configurationDone'));
    await until(
      () => agentPids(server.child.pid!).length === 2,
      START_WITHIN_MS,
      () => `two agents: ${server.stderr()}`,
    );
    const agents = agentPids(server.child.pid!);

    // What a crashed editor or a dropped connection leaves: no disconnect, just a closed socket.
    socket.destroy();

    await until(() => agents.every((pid) => !alive(pid)), GONE_WITHIN_MS, `agent processes ${agents} gone`);
    assert.deepEqual(agentPids(server.child.pid!), []);
    assert.equal(server.child.exitCode, null, 'the adapter still serves');
  } finally {
    await server.stop();
  }
});

test('a stdio client that half-closes the pipe ends its agents, and the adapter exits 0', async () => {
  const dir = fixtureDir(LOOPING);
  const child = spawn(process.execPath, [BRAINBENCH, 'dap'], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    child.stdout.resume();
    child.stdin.write(frame('initialize', { adapterID: 'brainbench', pathFormat: 'path' }));
    child.stdin.write(frame('launch', { config: join(dir, 'omw.toml'), mode: 'loop' }));
    child.stdin.write(frame('configurationDone'));
    await until(() => agentPids(child.pid!).length === 2, START_WITHIN_MS, 'two agent processes');
    const agents = agentPids(child.pid!);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    assert.equal(await exited, 0);
    await until(() => agents.every((pid) => !alive(pid)), GONE_WITHIN_MS, `agent processes ${agents} gone`);
  } finally {
    child.kill('SIGKILL');
  }
});
