// A save survives a power loss only if the kernel is told to flush: the new text to the disk
// before the rename, and the folder (which holds the rename) after it. The power cannot be pulled
// in a test, so a real Workbench saves a brain in a child process under strace, and the order of
// the system calls it made is what is checked (on all threads: the save runs on libuv's pool).
// Machines without a working strace report the test skipped, and why.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';

const REPO = join(import.meta.dirname, '../..');

/** Opens a workspace that has no agents, saves one brain through the Workbench, and closes. */
const SAVE_ONE_BRAIN = `
const { Workbench } = await import(${JSON.stringify(join(REPO, 'main/workbench/workbench.ts'))});
const { forkSpawner } = await import(${JSON.stringify(join(REPO, 'main/supervisor/fork-spawner.ts'))});
const { agentEntry } = await import(${JSON.stringify(join(REPO, 'main/supervisor/agent-entry.ts'))});
const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
await workbench.open(process.env.WORKSPACE);
await workbench.writeFile('brain.rhai', 'the new text');
await workbench.close();
`;

interface Syscall {
  name: string;
  args: string;
  result: number;
}

/**
 * strace's lines as completed calls, in the order they returned. With -f every line starts with
 * the thread's id, and a call another thread interrupts is printed in two parts.
 */
function parseStrace(text: string): Syscall[] {
  const started = new Map<string, string>();
  const calls: Syscall[] = [];
  for (const line of text.split('\n')) {
    const [, thread = '', rest = ''] = /^(\d+)\s+(.*)$/.exec(line) ?? [];
    const unfinished = /^(\w+)\((.*) <unfinished \.\.\.>$/.exec(rest);
    if (unfinished) {
      started.set(thread, unfinished[2]!);
      continue;
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)\)\s+=\s+(-?\d+)/.exec(rest);
    if (resumed) {
      calls.push({ name: resumed[1]!, args: (started.get(thread) ?? '') + resumed[2]!, result: Number(resumed[3]) });
      started.delete(thread);
      continue;
    }
    const done = /^(\w+)\((.*)\)\s+=\s+(-?\d+)/.exec(rest);
    if (done) calls.push({ name: done[1]!, args: done[2]!, result: Number(done[3]) });
  }
  return calls;
}

/** The arguments of the latest `openat` before `index` that returned `fd`: what the descriptor is. */
function openedAs(calls: Syscall[], index: number, fd: string): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const call = calls[i]!;
    if (call.name === 'openat' && String(call.result) === fd) return call.args;
  }
  return undefined;
}

function stracing(): string | undefined {
  const probe = spawnSync('strace', ['-o', '/dev/null', 'true']);
  if (probe.error) return `strace is not installed (${probe.error.message})`;
  if (probe.status !== 0) return `strace cannot trace here: ${probe.stderr.toString().trim()}`;
  return undefined;
}

it('flushes the temporary file before renaming it over the brain, and the folder after', { timeout: 60_000 }, (t) => {
  const unavailable = stracing();
  if (unavailable) {
    t.skip(`skipped: ${unavailable}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-durable-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const workspace = join(dir, 'ws');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'omw.toml'), '[runtime.r]\nkind = "rhai"\n');
  const brain = join(workspace, 'brain.rhai');
  writeFileSync(brain, 'the old text');
  const log = join(dir, 'strace.log');
  const traced = spawnSync(
    'strace',
    [
      '-f',
      '-o',
      log,
      '-e',
      'trace=openat,write,writev,pwrite64,pwritev,pwritev2,fsync,fdatasync,close,rename,renameat,renameat2',
      process.execPath,
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      SAVE_ONE_BRAIN,
    ],
    { cwd: REPO, env: { ...process.env, WORKSPACE: workspace }, encoding: 'utf8' },
  );
  assert.equal(traced.status, 0, traced.stderr);
  assert.equal(readFileSync(brain, 'utf8'), 'the new text');
  // `.brainbench` is the workbench's own settings folder (the session recording), not a leftover.
  assert.deepEqual(
    readdirSync(workspace)
      .filter((name) => name !== '.brainbench')
      .sort(),
    ['brain.rhai', 'omw.toml'],
    'no temporary file is left',
  );

  const calls = parseStrace(readFileSync(log, 'utf8'));
  const at = (predicate: (call: Syscall, index: number) => boolean, what: string, from = 0): number => {
    const index = calls.findIndex((call, i) => i >= from && predicate(call, i));
    assert.ok(index >= 0, `no ${what} in the trace`);
    return index;
  };
  const quoted = (path: string) => JSON.stringify(path);

  const open = at(
    (c) => c.name === 'openat' && c.args.includes(`"${join(workspace, '.brain.rhai.')}`) && c.args.includes('O_CREAT'),
    'open of a temporary file beside the brain',
  );
  const temporary = /"([^"]+)"/.exec(calls[open]!.args)![1]!;
  const fd = String(calls[open]!.result);
  const written = at(
    (c) => /^(p?writev?|pwrite64|pwritev2)$/.test(c.name) && c.args.startsWith(`${fd},`),
    'write',
    open,
  );
  const flushed = at((c) => c.name === 'fsync' && c.args === fd, 'fsync of the temporary file', written);
  assert.ok(
    !calls.slice(open, flushed).some((c) => c.name === 'close' && c.args === fd),
    'the fsync is on the temporary file, still open since it was written',
  );
  const renamed = at(
    (c) => c.name.startsWith('rename') && c.args.includes(quoted(temporary)) && c.args.includes(quoted(brain)),
    'rename of the temporary file over the brain',
    flushed,
  );
  assert.equal(calls[renamed]!.result, 0);
  const folderFlushed = at(
    (c, i) => c.name === 'fsync' && openedAs(calls, i, c.args)?.includes(quoted(workspace) + ',') === true,
    "fsync of the brain's folder",
    renamed,
  );
  assert.ok(folderFlushed > renamed);
  assert.match(calls[open]!.args, /O_EXCL/, 'the temporary file is created, never opened through a planted link');
});
