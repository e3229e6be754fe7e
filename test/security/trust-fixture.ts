// What the workspace-trust tests share: hostile workspace folders written to a temporary place, a
// canary file a held-back command would write, a `brainbench` process and an API client for it,
// and a loopback HTTP listener that keeps the Authorization header of every request it gets.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { ApiMethod } from '../../contract/workbench-api.ts';
import type { ServerMessage } from '../../contract/messages.ts';

export const REPO = join(import.meta.dirname, '../..');

/** Long enough for a loaded machine; nothing here asserts that anything was fast. */
export const PATIENCE_MS = 30_000;

export async function until<T>(what: string, find: () => T | undefined | false): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The words of a command that writes `canary` and ends: what a hostile `omw.toml` could start. */
export const canaryCommand = (canary: string): string[] => [
  process.execPath,
  '-e',
  "require('fs').writeFileSync(process.argv[1], 'the command ran')",
  canary,
];

export const tomlArray = (values: readonly string[]) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;

/** A `[tooling.<name>]` that starts `words` on stdio. */
export const stdioTable = (name: string, words: readonly string[]) =>
  `\n[tooling.${name}]\nkind = "mcp"\ntransport = "stdio"\ncommand = ${JSON.stringify(words[0])}\nargs = ${tomlArray(words.slice(1))}\n`;

/** A JS brain that calls tooling `name` and prints what it got, or the error it caught. */
export const TOOL_CALLER = (name: string) => `try {
  print('tools: ' + omw.tooling.get(${JSON.stringify(name)}).listTools().length);
} catch (error) {
  print('caught: ' + String(error));
}
`;

/** A workspace folder with an `omw.toml` and brain files. */
export function writeWorkspace(dir: string, config: string, files: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'omw.toml'), config);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

export const exists = (file: string) => existsSync(file);

/** A `brainbench` process with its output kept. */
export interface BrainbenchProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function brainbench(args: string[], env: Record<string, string>): BrainbenchProcess {
  const child = spawn(process.execPath, [join(REPO, 'bin/brainbench.mjs'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A `brainbench` command run to its end. */
export async function brainbenchDone(args: string[], env: Record<string, string>) {
  const run = brainbench(args, env);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** The API of a `brainbench serve`, over its WebSocket, as the workbench page speaks it. */
export class ApiClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (message: ServerMessage) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.kind === 'response') this.waiting.get(message.id)?.(message);
    });
  }

  /** Connects with the URL `serve` printed. */
  static async connect(printedUrl: string): Promise<ApiClient> {
    const url = new URL(printedUrl);
    const socket = new WebSocket(`ws://${url.host}/api?token=${url.searchParams.get('token')}`, {
      origin: `http://${url.host}`,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new ApiClient(socket);
  }

  request(method: ApiMethod, ...params: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (message) => {
        this.waiting.delete(id);
        if (message.kind === 'response' && message.ok) resolve(message.result);
        else reject(new Error(message.kind === 'response' && !message.ok ? message.error : 'no answer'));
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * An OpenAI-compatible chat server on loopback that answers every chat with one JSON completion
 * and keeps the headers of each request: where a key would arrive.
 */
export class KeyListener {
  private constructor(
    private readonly server: Server,
    readonly port: number,
    /** Every request's headers, in order. */
    readonly requests: readonly IncomingHttpHeaders[],
  ) {}

  static async start(): Promise<KeyListener> {
    const requests: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      requests.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            id: 'chat-1',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'answered' } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return new KeyListener(server, typeof address === 'object' && address ? address.port : 0, requests);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
