import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import type { OmwEvent } from '../../main/host-api/wit-types.generated.ts';
import type { CloseReason } from '../../main/trace/trace-event.ts';
import type { Delivery } from '../../main/tooling/tooling.ts';

// The third-party MCP servers the tests start, run from this repository's node_modules.

const bin = (pkg: string) => fileURLToPath(new URL(`../../node_modules/${pkg}/dist/index.js`, import.meta.url));

export const EVERYTHING_SERVER = bin('@modelcontextprotocol/server-everything');
export const FILESYSTEM_SERVER = bin('@modelcontextprotocol/server-filesystem');

// Servers written here on the official 2.x server SDK, run through tsx like the tests.
const fixture = (file: string) => ['--import', 'tsx', fileURLToPath(new URL(`fixtures/${file}`, import.meta.url))];

/** Serves 2026-07-28 (and 2025-era clients): add `stdio`, or `http <port>`. */
export const CURRENT_SERVER_ARGS = fixture('current-mcp-server.ts');
/** Serves only the 2025-era handshake, answering with the revisions added as arguments. */
export const DATED_SERVER_ARGS = fixture('dated-mcp-server.ts');
/** Serves the 2025-era handshake, and exits at any request before `initialize`. */
export const EXITS_BEFORE_INITIALIZE_SERVER_ARGS = fixture('exits-before-initialize-mcp-server.ts');

/** Starts a Streamable HTTP server process (`node ...args`), once it says it is listening. */
export async function startHttpServer(args: string[], env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

/** Ends a server process and waits until it is gone. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await gone;
}

/** Fast reconnects, so crash tests do not wait on omw's default backoff. */
export const TEST_BACKOFF = { startMs: 50, capMs: 400 };

/** A Delivery that records what it is given, as the host's would put it into an inbox. */
export class RecordingDelivery implements Delivery {
  readonly uuid = crypto.randomUUID();
  readonly events: OmwEvent[] = [];
  closed: CloseReason | undefined;
  private waiters: (() => void)[] = [];

  isOpen(): boolean {
    return this.closed === undefined;
  }

  deliver(event: OmwEvent): void {
    if (!this.isOpen()) return;
    this.events.push(event);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  close(reason: CloseReason): void {
    this.closed ??= reason;
  }

  /** Waits until `count` events have arrived in all, failing after `ms`; returns the `count`th. */
  async next(count = 1, ms = 8000): Promise<OmwEvent> {
    const deadline = Date.now() + ms;
    while (this.events.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} event(s), got ${this.events.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.events[count - 1]!;
  }
}

/** A port nothing listens on right now, for a server the test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls until `check` holds, failing after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
