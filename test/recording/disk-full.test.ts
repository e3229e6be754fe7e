// A full disk is an event, not a crash (docs/recordings.md, "A disk that refuses the recording"):
// the workbench goes on unrecorded, says why, and records again when there is room; `run
// --record` fails in one line and leaves a readable recording that ends with a `cut` line; a
// save keeps the old file and says so. Each runs on a real tmpfs the test fills (it mounts one:
// root), and again on a disk of a given size injected at the file-system calls
// (disk-full-injection.ts), so that a machine that refuses to mount still tests the behaviour.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { fillDisk, freeDisk, limitDisk } from './disk-full-injection.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');
const INJECTION = join(process.cwd(), 'test/recording/disk-full-injection.ts');

interface TestDisk {
  folder: string;
  /** Takes every byte left. */
  fill(): void;
  free(): void;
  /** For a `brainbench` child process: its environment and the node flags that size its disk. */
  child: { env: Record<string, string>; flags: string[] };
  dispose(): void;
}

/** A tmpfs of `bytes`, or why it cannot be mounted here. */
function tmpfsDisk(bytes: number): TestDisk | string {
  const folder = mkdtempSync(join(tmpdir(), 'brainbench-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    return `mounting a tmpfs was refused (${(mounted.stderr || mounted.error?.message || 'no reason given').trim()})`;
  }
  const filler = join(folder, 'filler');
  return {
    folder,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
          try {
            for (;;) writeSync(fd, chunk, 0, size);
          } catch {
            // Full at this size: smaller writes take what is left.
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    child: { env: {}, flags: [] },
    dispose() {
      spawnSync('umount', ['-l', folder]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function injectedDisk(bytes: number): Promise<TestDisk> {
  const folder = mkdtempSync(join(tmpdir(), 'brainbench-injected-disk-'));
  await limitDisk(folder, bytes);
  return {
    folder,
    fill: fillDisk,
    free: freeDisk,
    child: {
      env: { BRAINBENCH_TEST_DISK: `${folder}:${bytes}` },
      flags: ['--import', import.meta.resolve('tsx'), '--import', INJECTION],
    },
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** Both variants of a test: on a tmpfs (skipped, with the reason, where mounting is refused) and injected. */
function onBothDisks(name: string, bytes: number, body: (disk: TestDisk) => Promise<void>): void {
  const probe = tmpfsDisk(64 * 1024);
  const refused = typeof probe === 'string' ? probe : undefined;
  if (typeof probe !== 'string') probe.dispose();
  test(`tmpfs: ${name}`, { skip: refused ?? false }, async () => {
    const disk = tmpfsDisk(bytes) as TestDisk;
    try {
      await body(disk);
    } finally {
      disk.dispose();
    }
  });
  test(`injected ENOSPC: ${name}`, async () => {
    const disk = await injectedDisk(bytes);
    try {
      await body(disk);
    } finally {
      disk.dispose();
    }
  });
}

const LOOPER = `omw.host.memorySet('n', 'x'.repeat(400));\nomw.host.log('info', 'tick');\n`;

function workspaceIn(folder: string, brain = LOOPER): string {
  const root = join(folder, 'ws');
  mkdirSync(root);
  writeFileSync(
    join(root, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n[agents.looper]\nruntime = "js"\nscript = "looper.js"\n',
  );
  writeFileSync(join(root, 'looper.js'), brain);
  return root;
}

/** Resolves with the first event `pick` accepts, within `ms`. */
function nextEvent<T>(workbench: Workbench, pick: (event: WorkbenchEvent) => T | undefined, ms = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no such event within ${ms} ms`));
    }, ms);
    const stop = workbench.subscribe((event) => {
      const picked = pick(event);
      if (picked === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(picked);
    });
  });
}

const unrecordedReason = (event: WorkbenchEvent) =>
  event.type === 'workspace' && 'unrecorded' in event.workspace.session
    ? event.workspace.session.unrecorded
    : undefined;
const recordedAgain = (event: WorkbenchEvent) =>
  event.type === 'workspace' && 'recording' in event.workspace.session ? event.workspace.session.recording : undefined;

onBothDisks(
  'the workbench goes on while the disk fills, says why, and records again when there is room',
  8 << 20,
  async (disk) => {
    const root = workspaceIn(disk.folder);
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
    try {
      await workbench.open(root);
      workbench.loop('looper');
      const file = join(root, '.brainbench', 'session.jsonl');
      while (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 40) await delay(50);
      const cut = nextEvent(workbench, unrecordedReason);
      disk.fill();
      const reason = await cut;
      assert.match(reason, /not recorded.*session\.jsonl.*no space left on the device \(ENOSPC\)/);
      // The host and the agent go on: it still loops, and the status answers.
      await delay(500);
      assert.equal(workbench.workspace().agents[0]!.status.looping, true);
      assert.ok('unrecorded' in workbench.workspace().session);
      const again = nextEvent(workbench, recordedAgain);
      disk.free();
      assert.equal(await again, '.brainbench/session.jsonl');
      await delay(500);
      await workbench.stop('looper');
    } finally {
      await workbench.close();
    }
    const recording = loadRecording(join(root, '.brainbench', 'session.jsonl'));
    assert.equal(recording.ended, true);
    assert.match(recording.cut?.reason ?? '', /ENOSPC/);
    const iterations = recording.agents.get('looper')!.iterations;
    const before = iterations.filter((it) => it.events[0]!.time < recording.cut!.time);
    const after = iterations.filter((it) => it.events[0]!.time > recording.cut!.time);
    assert.ok(before.length > 0, 'iterations before the disk filled are kept');
    assert.ok(
      after.some((it) => it.end !== undefined),
      'whole iterations recorded after the disk had room again',
    );
  },
);

onBothDisks(
  'a workbench opened on a full disk says the session is not recorded, and records it once there is room',
  4 << 20,
  async (disk) => {
    const root = workspaceIn(disk.folder);
    disk.fill();
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
    try {
      await workbench.open(root);
      const { session } = workbench.workspace();
      assert.ok('unrecorded' in session, JSON.stringify(session));
      assert.match(session.unrecorded, /no space left on the device \(ENOSPC\)/);
      const again = nextEvent(workbench, recordedAgain);
      disk.free();
      await again;
      await workbench.step('looper');
    } finally {
      await workbench.close();
    }
    const recording = loadRecording(join(root, '.brainbench', 'session.jsonl'));
    assert.equal(recording.agents.get('looper')!.iterations.length, 1);
  },
);

onBothDisks(
  'run --record on a disk that fills: one line, exit 1, a readable recording that ends with its cut',
  256 << 10,
  async (disk) => {
    const root = workspaceIn(
      disk.folder,
      `for (let i = 0; i < 400; i++) omw.host.memorySet('k' + i, 'x'.repeat(2000));\n`,
    );
    const run = await brainbench(disk, ['run', '--record', 'run.jsonl'], root);
    assert.equal(run.code, 1, run.stderr);
    // The run's own log goes on as usual; the failure is one line, its last, without a stack.
    const failures = run.stderr
      .trim()
      .split('\n')
      .filter((line) => /error|ENOSPC|^\s+at /i.test(line));
    assert.equal(failures.length, 1, run.stderr);
    assert.equal(failures[0], run.stderr.trim().split('\n').at(-1));
    assert.match(
      failures[0]!,
      /--record run\.jsonl: the recording was cut at .*no space left on the device \(ENOSPC\)/,
    );
    const text = readFileSync(join(root, 'run.jsonl'), 'utf8');
    const last = JSON.parse(text.trimEnd().split('\n').at(-1)!) as { kind: string; reason: string };
    assert.equal(last.kind, 'cut');
    assert.match(last.reason, /ENOSPC/);
    const recording = loadRecording(join(root, 'run.jsonl'));
    assert.ok(recording.agents.get('looper')!.iterations[0]!.calls.length > 10);
    disk.free();
    const replay = await brainbench(disk, ['replay', 'run.jsonl'], root);
    assert.doesNotMatch(replay.stderr + replay.stdout, /not JSON|not a Brainbench recording/);
    assert.match(replay.stdout + replay.stderr, /looper/);
  },
);

onBothDisks('a save on a full disk fails, says so, and keeps the old file', 4 << 20, async (disk) => {
  const root = workspaceIn(disk.folder);
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
  try {
    await workbench.open(root);
    disk.fill();
    await assert.rejects(
      workbench.writeFile('looper.js', `omw.host.log('info', '${'y'.repeat(64 * 1024)}');\n`),
      /looper\.js was not saved: no space left on the device \(ENOSPC\); the file on disk is as it was/,
    );
    assert.equal(readFileSync(join(root, 'looper.js'), 'utf8'), LOOPER);
    assert.deepEqual(
      readdirSync(root).filter((name) => name.endsWith('.tmp')),
      [],
    );
    disk.free();
    const saved = await workbench.writeFile('looper.js', "omw.host.log('info', 'new');\n");
    assert.equal(saved.saved, true);
  } finally {
    await workbench.close();
  }
});

test('what interrupted saves left is removed at the next save in the folder and when the workspace opens', async () => {
  const root = workspaceIn(mkdtempSync(join(tmpdir(), 'brainbench-leftovers-')));
  const dead = deadPid();
  const leftovers = [`.looper.js.${dead}-0123456789ab.tmp`, '.omw.toml.0123456789ab.tmp'];
  // Not leftovers: a live process's save under way, and files of other names.
  const kept = [
    `.looper.js.${process.ppid}-0123456789ab.tmp`,
    'notes.tmp',
    '.looper.js.tmp',
    '.x.0123456789ab.tmp.bak',
  ];
  for (const name of [...leftovers, ...kept]) writeFileSync(join(root, name), 'partial');
  mkdirSync(join(root, 'sub'));
  writeFileSync(join(root, 'sub', `.a.js.${dead}-0123456789ab.tmp`), 'partial');
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
  try {
    await workbench.open(root);
    for (const name of leftovers) assert.equal(existsSync(join(root, name)), false, `${name} removed on open`);
    for (const name of kept) assert.equal(existsSync(join(root, name)), true, `${name} kept`);
    // Only the folder a save writes in: the sub-folder's waits for a save there.
    assert.equal(existsSync(join(root, 'sub', `.a.js.${dead}-0123456789ab.tmp`)), true);
    await workbench.writeFile('sub/a.js', 'omw.host.log("info", "a");\n');
    assert.deepEqual(readdirSync(join(root, 'sub')), ['a.js']);
    writeFileSync(join(root, `.looper.js.${dead}-ba9876543210.tmp`), 'partial');
    await workbench.writeFile('looper.js', LOOPER);
    assert.equal(existsSync(join(root, `.looper.js.${dead}-ba9876543210.tmp`)), false, 'removed at the next save');
    for (const name of kept) assert.equal(existsSync(join(root, name)), true, `${name} kept`);
  } finally {
    await workbench.close();
  }
});

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function brainbench(
  disk: TestDisk,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...disk.child.flags, BRAINBENCH, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...disk.child.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
