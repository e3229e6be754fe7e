// The trace history lasts: a workbench restart shows the previous session's iterations before
// its own (read back from the session recording, which it sets aside rather than writing over),
// and a saved config that restarts every agent keeps the run before it, in the history and on
// disk.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { RecordingFileView } from '../../contract/recording-views.ts';
import { DEFAULT_WORKSPACE_UI_SETTINGS } from '../../contract/ui-settings.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { recordingAccounting } from '../../main/workbench/workbench-accounting.ts';

const CONFIG = `[runtime.js]
kind = "js"

[agents.alice]
runtime = "js"
script = "alice.js"
`;
const BRAIN = `const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
omw.host.log('info', 'step ' + n);
'done ' + n;
`;

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-history-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'alice.js'), BRAIN);
  return dir;
}

const newWorkbench = () => new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
const outcomes = (events: readonly TraceEvent[]) =>
  events.flatMap((event) => (event.type === 'outcome' ? [JSON.stringify(event.outcome)] : []));
const asStored = (events: readonly TraceEvent[]) => JSON.parse(JSON.stringify(events)) as TraceEvent[];

test('a workbench restart shows the previous session first, and keeps its recording aside', async () => {
  const dir = workspace();
  const first = newWorkbench();
  await first.open(dir);
  await first.step('alice');
  await first.step('alice');
  // An inbox delivery is a recording line of its own, not a trace line.
  const before = asStored(first.traceHistory().filter((event) => event.type !== 'delivered'));
  await first.close();
  assert.ok(
    before.some((event) => event.type === 'result'),
    'the calls were answered',
  );

  const second = newWorkbench();
  try {
    await second.open(dir);
    const restored = second.traceHistory();
    assert.deepEqual(restored.slice(0, before.length), before, 'every event as it was, results included');
    const mark = restored[before.length];
    assert.equal(mark?.type, 'restart');
    assert.equal(mark.type === 'restart' && mark.cause, 'session');
    assert.ok(mark.seq > before.at(-1)!.seq);

    await second.step('alice');
    const history = second.traceHistory();
    const seqs = history.map((event) => event.seq);
    assert.deepEqual(
      seqs,
      [...new Set(seqs)].sort((a, b) => a - b),
      'one order, no number twice',
    );
    // Memory starts from the config in each session, as in omw.
    assert.deepEqual(outcomes(history), ['{"exited":"done 1"}', '{"exited":"done 2"}', '{"exited":"done 1"}']);
    const starts = history.filter((event) => event.type === 'iteration-start').map((event) => event.iteration);
    assert.deepEqual(starts, [1, 2, 1], 'the new session counts from 1 again');

    const previous = loadRecording(join(dir, '.brainbench/previous-session.jsonl'));
    assert.deepEqual(
      previous.agents.get('alice')!.iterations.map((iteration) => iteration.iteration),
      [1, 2],
    );
    second.recordingPlaces().recorder!.flush();
    const current = loadRecording(join(dir, '.brainbench/session.jsonl'));
    assert.deepEqual(
      current.agents.get('alice')!.iterations.map((iteration) => iteration.end?.outcome),
      [{ exited: 'done 1' }],
    );
    const listed: RecordingFileView[] = second.recordings.list();
    assert.deepEqual(
      listed.map((file) => [file.path, file.kind]),
      [
        ['.brainbench/session.jsonl', 'session'],
        ['.brainbench/previous-session.jsonl', 'session'],
      ],
    );
  } finally {
    await second.close();
  }

  // A third session sets the second aside, in place of the first: one iteration to show.
  const third = newWorkbench();
  try {
    await third.open(dir);
    assert.deepEqual(outcomes(third.traceHistory()), ['{"exited":"done 1"}']);
  } finally {
    await third.close();
  }
});

test('a previous session that cannot be read costs its history only, with a notice', async () => {
  const dir = workspace();
  const first = newWorkbench();
  await first.open(dir);
  await first.close();
  writeFileSync(join(dir, '.brainbench/session.jsonl'), 'not a recording\nnor this\n');
  const second = newWorkbench();
  const notices: string[] = [];
  second.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  try {
    await second.open(dir);
    assert.deepEqual(second.traceHistory(), []);
    assert.match(notices.join('\n'), /the previous session's history is not shown: .*not JSON/);
    await second.step('alice');
    assert.deepEqual(outcomes(second.traceHistory()), ['{"exited":"done 1"}']);
  } finally {
    await second.close();
  }
});

test('a saved config that restarts every agent keeps the run before it, in the history and as .1', async () => {
  const dir = workspace();
  const workbench = newWorkbench();
  try {
    await workbench.open(dir);
    await workbench.step('alice');
    // Tunables are shared: every agent stops and starts again, on a new host.
    await workbench.writeFile('omw.toml', `${CONFIG}\n[tunables]\ninbox_bound = 64\n`);
    await workbench.step('alice');
    const history = workbench.traceHistory();
    assert.deepEqual(
      history.flatMap((event) => (event.type === 'restart' ? [event.cause] : event.type === 'outcome' ? ['ran'] : [])),
      ['ran', 'workspace', 'ran'],
    );
    const before = loadRecording(join(dir, '.brainbench/session.jsonl.1'));
    assert.equal(before.agents.get('alice')!.iterations.length, 1);
    assert.equal(before.header.config.tunables.inbox_bound, 1024, 'recorded under the config before');
    workbench.recordingPlaces().recorder!.flush();
    const since = loadRecording(join(dir, '.brainbench/session.jsonl'));
    assert.equal(since.agents.get('alice')!.iterations.length, 1);
    assert.equal(since.header.config.tunables.inbox_bound, 64);
  } finally {
    await workbench.close();
  }
  assert.ok(existsSync(join(dir, '.brainbench/session.jsonl')));
});

test('a second workbench on the same workspace records nothing and leaves the first one’s session alone', async () => {
  const dir = workspace();
  const session = join(dir, '.brainbench/session.jsonl');
  const first = newWorkbench();
  const second = newWorkbench();
  const notices: string[] = [];
  second.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  try {
    await first.open(dir);
    await first.step('alice');
    await second.open(dir);
    assert.match(notices.join('\n'), new RegExp(`open in another workbench \\(process ${process.pid}\\)`));
    const view = second.workspace();
    assert.ok('unrecorded' in view.session && /another workbench/.test(view.session.unrecorded));
    assert.deepEqual(first.workspace().session, { recording: '.brainbench/session.jsonl' });
    assert.deepEqual(second.traceHistory(), [], 'nothing of the first session is taken for a previous one');
    await second.step('alice');
    assert.throws(() => recordingAccounting(second, null), /not recorded/);
    await first.step('alice');
    await first.close();
    // Each workbench's host keeps its own memory: the first counts on from its own step.
    const recorded = loadRecording(session);
    assert.deepEqual(
      recorded.agents.get('alice')?.iterations.map((iteration) => iteration.end?.outcome),
      [{ exited: 'done 1' }, { exited: 'done 2' }],
      'the first session, whole, in its own file',
    );
    assert.equal(existsSync(`${session}.1`), false);
  } finally {
    await second.close();
    await first.close();
  }

  // The lock went with the first: the next workbench records again, and takes the session as the previous one.
  const third = newWorkbench();
  try {
    await third.open(dir);
    assert.deepEqual(third.workspace().session, { recording: '.brainbench/session.jsonl' });
    assert.ok(existsSync(join(dir, '.brainbench/previous-session.jsonl')));
  } finally {
    await third.close();
  }
});

test('a session lock left by a workbench that is gone, or not a lock at all, is taken over', async () => {
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  for (const content of [JSON.stringify({ pid: Number(dead), token: 'x' }), 'not json {', '{"pid":"12"}', '']) {
    const dir = workspace();
    mkdirSync(join(dir, '.brainbench'), { recursive: true });
    writeFileSync(join(dir, '.brainbench/session.lock'), content);
    const workbench = newWorkbench();
    try {
      await workbench.open(dir);
      assert.deepEqual(workbench.workspace().session, { recording: '.brainbench/session.jsonl' }, content);
    } finally {
      await workbench.close();
    }
    assert.equal(existsSync(join(dir, '.brainbench/session.lock')), false, 'released on close');
  }
});

test('a workspace whose config has an error says why nothing is recorded, and records once it is fixed', async () => {
  const dir = workspace();
  writeFileSync(join(dir, 'omw.toml'), '[agents.alice]\nruntime = 42\n');
  const workbench = newWorkbench();
  try {
    await workbench.open(dir);
    assert.deepEqual(workbench.workspace().session, { unrecorded: 'nothing runs while the config has an error' });
    await workbench.writeFile('omw.toml', CONFIG);
    assert.deepEqual(workbench.workspace().session, { recording: '.brainbench/session.jsonl' });
  } finally {
    await workbench.close();
  }
});

test('a .brainbench that links outside the workspace is written nothing: the session runs unrecorded and says why', async () => {
  const dir = workspace();
  const elsewhere = mkdtempSync(join(tmpdir(), 'brainbench-elsewhere-'));
  dirs.push(elsewhere);
  writeFileSync(join(elsewhere, 'session.jsonl'), 'another project’s recording\n');
  symlinkSync(elsewhere, join(dir, '.brainbench'));
  const workbench = newWorkbench();
  const notices: string[] = [];
  workbench.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  try {
    await workbench.open(dir);
    const { session } = workbench.workspace();
    assert.ok(
      'unrecorded' in session && /leads outside the workspace/.test(session.unrecorded),
      JSON.stringify(session),
    );
    assert.match(notices.join('\n'), /leads outside the workspace/);
    await workbench.step('alice');
    await assert.rejects(
      workbench.saveUiSettings({ ...DEFAULT_WORKSPACE_UI_SETTINGS, theme: 'system' }),
      /leads outside the workspace/,
    );
    assert.throws(() => recordingAccounting(workbench, null), /leads outside the workspace/);
  } finally {
    await workbench.close();
  }
  assert.deepEqual(readdirSync(elsewhere), ['session.jsonl'], 'nothing written, moved or added there');
  assert.equal(readFileSync(join(elsewhere, 'session.jsonl'), 'utf8'), 'another project’s recording\n');
});
