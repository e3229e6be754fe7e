// A real `brainbench dap --port 0` for the TCP tests, raw DAP frames for clients that do not play
// by the rules, and a config whose stdio MCP command leaves a canary file when anything launches it.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { fixtureDir } from '../config/fixture-dir.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { BRAINBENCH } from './dap-client.ts';

export interface DapServer {
  child: ChildProcess;
  port: number;
  token: string;
  /** Everything the adapter wrote to standard error so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export async function startDapServer(args: string[] = []): Promise<DapServer> {
  const child = spawn(process.execPath, [BRAINBENCH, 'dap', '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    const look = () => {
      const match = /^brainbench dap: listening on 127\.0\.0\.1:(\d+) token ([0-9a-f]+)$/m.exec(err);
      if (match) resolve({ port: Number(match[1]), token: match[2]! });
    };
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`dap exited ${code}: ${err}`)));
  });
  return {
    child,
    port,
    token,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let seq = 0;

/** One request, framed as the protocol frames it. */
export function frame(command: string, args?: object): string {
  const json = JSON.stringify({ seq: ++seq, type: 'request', command, ...(args ? { arguments: args } : {}) });
  return `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

export interface Exchange {
  /** The DAP messages the adapter sent back. */
  messages: DebugProtocol.ProtocolMessage[];
  /** Whether the adapter closed the connection (within `waitMs`). */
  closed: boolean;
}

/** Writes `bytes` on a fresh connection and reads until the adapter closes it, or `waitMs` passes. */
export function exchange(port: number, bytes: string | Buffer, waitMs = 15_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = Buffer.alloc(0);
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ messages: parseFrames(received), closed });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on('close', () => done(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

function parseFrames(bytes: Buffer): DebugProtocol.ProtocolMessage[] {
  const messages: DebugProtocol.ProtocolMessage[] = [];
  let rest = bytes.toString('utf8');
  for (;;) {
    const match = /^Content-Length: (\d+)\r\n\r\n/.exec(rest);
    if (!match) return messages;
    const body = Buffer.from(rest.slice(match[0].length));
    const length = Number(match[1]);
    messages.push(JSON.parse(body.subarray(0, length).toString('utf8')) as DebugProtocol.ProtocolMessage);
    rest = body.subarray(length).toString('utf8');
  }
}

/** A folder whose config's stdio MCP command writes `canary` in it: the file exists iff something launched it. */
/**
 * A folder whose config's stdio MCP command leaves a canary when it runs. The folder is trusted
 * (in the test run's own BRAINBENCH_CONFIG_DIR), so that only the adapter's token stands between
 * a client and the command.
 */
export async function canaryWorkspace(): Promise<{ dir: string; config: string; canary: string }> {
  const dir = fixtureDir({ 'asker.rhai': '"done"\n' });
  await TrustStore.forUser().trust(dir);
  const canary = join(dir, 'canary');
  const config = join(dir, 'omw.toml');
  writeFileSync(
    config,
    `[runtime.rhai]\nkind = "rhai"\n\n[tooling.canary]\nkind = "mcp"\ntransport = "stdio"\ncommand = "/bin/sh"\n` +
      `args = ["-c", ${JSON.stringify(`echo launched > '${canary}'`)}]\n\n[agents.asker]\nruntime = "rhai"\nscript = "asker.rhai"\n`,
  );
  return { dir, config, canary };
}

/** The pids of `parent`'s agent processes (not, say, the esbuild service tsx may start beside them). */
export function agentPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last `)`.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('agent-main'))
        pids.push(Number(entry));
    } catch {
      // The process ended while it was being looked at.
    }
  }
  return pids;
}

export function alive(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}

/** Polls `condition` every 100 ms until it holds, or fails after `ms`. */
export async function until(condition: () => boolean, ms: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The protocol's own client, connected to the adapter's port. */
export async function tcpClient(port: number): Promise<DebugClient> {
  const client = new DebugClient('unused', 'unused', 'brainbench');
  client.defaultTimeout = 60_000;
  await client.start(port);
  return client;
}
