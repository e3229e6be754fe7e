// A real web-mode server on a real Workbench under load: a workspace whose agent `chatty` logs
// forty lines an iteration (a loop of it fills the trace and every socket's event stream), and
// API clients on real WebSockets that time each call and count what the server sends them.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { ApiMethod } from '../../contract/workbench-api.ts';
import type { ServerMessage } from '../../contract/messages.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startWebServer, type WebServer, type WebServerOptions } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CHATTY = `for i in 0..40 {
    omw::host::log("info", \`line \${i} of an iteration that talks a lot, so that its trace is heavy to send\`);
}
`;

/** A script for `checkBrain` that takes the host a while to read. */
export const LONG_BRAIN = Array.from({ length: 2_000 }, (_, i) => `let v${i} = ${i} * 2 + v${Math.max(i - 1, 0)};`)
  .join('\n')
  .replace('v0 = 0 * 2 + v0', 'v0 = 0');

export interface LoadFixture {
  server: WebServer;
  workbench: Workbench;
  close(): Promise<void>;
}

/** Writes the workspace of agent `chatty` into `dir`/ws and returns its folder. */
export function writeChattyWorkspace(dir: string): string {
  const workspace = join(dir, 'ws');
  mkdirSync(workspace);
  writeFileSync(
    join(workspace, 'omw.toml'),
    '[runtime.r]\nkind = "rhai"\n\n[agents.chatty]\nruntime = "r"\nscript = "chatty.rhai"\n',
  );
  writeFileSync(join(workspace, 'chatty.rhai'), CHATTY);
  return workspace;
}

export async function startLoadFixture(limits?: WebServerOptions['limits']): Promise<LoadFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-web-load-'));
  const ui = join(dir, 'ui');
  mkdirSync(ui);
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
  const workspace = writeChattyWorkspace(dir);
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(workspace);
  const server = await startWebServer({ workbench, staticDir: ui, ...(limits ? { limits } : {}) });
  return {
    server,
    workbench,
    async close() {
      await server.close();
      await workbench.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  ok: boolean;
  error?: string;
  /** From sending the request to reading its answer. */
  ms: number;
}

/** One API socket as a page holds it. */
export class ApiClient {
  events = 0;
  /** Bytes of the events received. */
  eventBytes = 0;
  /** Events received after the last resync message. */
  eventsSinceResync = 0;
  readonly resyncs: number[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { sent: number; done: (answer: Answer) => void }>();

  /** The close code and reason, once the server closed the socket. */
  closedWith: { code: number; reason: string } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('close', (code, reason) => (this.closedWith = { code, reason: reason.toString() }));
    ws.on('message', (data) => {
      const text = String(data);
      const message = JSON.parse(text) as ServerMessage;
      if (message.kind === 'event') {
        this.events++;
        this.eventsSinceResync++;
        this.eventBytes += text.length;
      } else if (message.kind === 'resync') {
        this.resyncs.push(message.missed);
        this.eventsSinceResync = 0;
      } else {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        waiting?.done({
          ok: message.ok,
          ...(message.ok ? {} : { error: message.error }),
          ms: performance.now() - waiting.sent,
        });
      }
    });
  }

  static open(server: Pick<WebServer, 'port' | 'token'>): Promise<ApiClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, {
      origin: `http://127.0.0.1:${server.port}`,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new ApiClient(ws)));
      ws.once('error', reject);
    });
  }

  call(method: ApiMethod, ...params: unknown[]): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((done) => {
      this.pending.set(id, { sent: performance.now(), done });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** The value below which `share` of the sorted `values` lie. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}
