// Hostile recordings, made as an attacker would: a real run recorded by the real writer
// (`brainbench run --record`), then its JSON lines edited. Also the real `brainbench` in a child
// process, a canary file and a loopback listener that must stay untouched.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const BRAINBENCH = join(import.meta.dirname, '../../bin/brainbench.mjs');

export interface Cli {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real `brainbench` in `cwd`; a failure is an answer, not a throw. */
export async function brainbench(args: string[], cwd: string): Promise<Cli> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The one line on stderr, without a stack frame, that a user gets for input they must fix; its
 * text as the reader sees it (standard error is not a terminal here, so the line is a JSON log
 * entry: its `message`).
 */
export function oneLine(cli: Cli): string {
  const lines = cli.stderr.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `expected one line on stderr, got:\n${cli.stderr}`);
  assert.doesNotMatch(cli.stderr, /^\s+at /m);
  const line = lines[0]!;
  if (!line.startsWith('{')) return line.replace(/^brainbench: /, '');
  return (JSON.parse(line) as { message: string }).message;
}

const made: string[] = [];
process.on('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh folder holding `files` (relative path -> text), removed when the test process exits. */
export function folder(prefix: string, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `brainbench-${prefix}-`));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file below `dir` with its text, for "nothing in here holds the canary". */
export function filesBelow(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) found.set(name, readFileSync(path, 'utf8'));
  }
  return found;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

// A recording's lines as plain JSON. Objects are rebuilt with Object.fromEntries, so that a key
// such as `__proto__` stays an own key, as JSON.parse makes it.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Line = { [key: string]: Json };

export const readLines = (file: string): Line[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((text) => text !== '')
    .map((text) => JSON.parse(text) as Line);

export const writeLines = (file: string, lines: readonly Line[]): void =>
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');

const renamedKeys = (table: Json | undefined, from: string, to: string): Json =>
  Object.fromEntries(Object.entries((table ?? {}) as object).map(([key, value]) => [key === from ? to : key, value]));

/** The header's config and brains. */
export const headerOf = (lines: readonly Line[]) =>
  lines[0] as Line & { config: { [section: string]: { [name: string]: Json } }; brains: { [name: string]: Line } };

/** Every mention of agent `from` renamed `to`: the header's tables and every line's agent. */
export function renameAgent(lines: Line[], from: string, to: string): void {
  const header = headerOf(lines);
  header.config['agents'] = renamedKeys(header.config['agents'], from, to) as Line;
  header.config['memory'] = renamedKeys(header.config['memory'], from, to) as Line;
  header.brains = renamedKeys(header.brains, from, to) as Line as typeof header.brains;
  for (const line of lines.slice(1)) {
    if (line['agent'] === from) line['agent'] = to;
    const event = line['event'] as Line | undefined;
    if (event && event['agent'] === from) event['agent'] = to;
  }
}

/** A loopback listener that counts who connects, and the canary a brain must not reach. */
export async function listener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Python brain that leaves its sandbox as today's Python runtime lets it (issue 26): it writes
 * `canary` and connects to the listener through the host's JavaScript. It must never run unless
 * the user asks for the recorded brains.
 */
export const escapingPython = (canary: string, port: number): string =>
  [
    'import js',
    `js.constructor.constructor("process.getBuiltinModule('fs').writeFileSync('${canary}', 'pwned')")()`,
    `js.constructor.constructor("process.getBuiltinModule('net').connect(${port}, '127.0.0.1')")()`,
    "'recorded'",
    '',
  ].join('\n');
