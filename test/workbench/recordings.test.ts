// The workbench's recording API through the dispatch path both transports use: the session's own
// recording listed, opened offline, an iteration and a fork point shown, a branch forked headless
// (with progress events, listed afterwards, a name clash refused), replayed, compared, saved as a
// test; and every bad path refused with its reason.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type {
  BranchView,
  ForkPointView,
  RecordedIterationView,
  RecordingComparisonView,
  RecordingFileView,
  RecordingView,
  ReplayView,
} from '../../contract/recording-views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const BRAIN = `
const mood = omw.host.memoryGet('mood') ?? 'calm';
const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
const answer = omw.provider.get('p').chat('m', [{ role: 'user', content: mood + ' ' + n }], []);
answer.content + ' ' + mood + ' ' + n;
`;
const CONFIG = `[runtime.js]
kind = "js"

[agents.alice]
runtime = "js"
script = "alice.js"

[providers.p]
kind = "mock"
turns = [ { content = "one" }, { content = "two" } ]
`;
const SESSION = '.brainbench/session.jsonl';

let dir: string;
let outside: string;
let workbench: Workbench;
const events: WorkbenchEvent[] = [];
let nextId = 1;

async function ask<T>(method: string, ...params: unknown[]): Promise<T> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainbench-wbrecs-'));
  outside = mkdtempSync(join(tmpdir(), 'brainbench-outside-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'alice.js'), BRAIN);
  writeFileSync(join(dir, 'notes.jsonl'), '{"kind":"note"}\n');
  workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  workbench.subscribe((event) => events.push(event));
  await workbench.open(dir);
  await workbench.step('alice');
  await workbench.step('alice');
});

after(async () => {
  await workbench.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

test('the session recording is listed and opens offline, with its iterations', async () => {
  const listed = await ask<RecordingFileView[]>('recordings');
  assert.deepEqual(
    listed.map((file) => [file.path, file.kind]),
    [[SESSION, 'session']],
    'notes.jsonl is no recording',
  );
  const view = await ask<RecordingView>('openRecording', SESSION);
  assert.equal(view.mode, 'session');
  assert.equal(view.ended, false, 'the session is still being recorded');
  const [alice] = view.agents;
  assert.equal(alice!.name, 'alice');
  assert.equal(alice!.brain.hasSource, true);
  assert.deepEqual(
    alice!.iterations.map((it) => [it.iteration, it.calls, it.result]),
    [
      [1, 5, { kind: 'outcome', outcome: { exited: 'one calm 1' } }],
      [2, 5, { kind: 'outcome', outcome: { exited: 'two calm 2' } }],
    ],
  );
  const iteration = await ask<RecordedIterationView>('recordedIteration', SESSION, 'alice', 2);
  assert.deepEqual(
    iteration.calls.map((call) => call.op),
    ['host.memory-get', 'host.memory-get', 'host.memory-set', 'provider.get', 'provider.chat'],
  );
  assert.equal(iteration.calls[1]!.value, '1');
  assert.ok(iteration.calls.every((call) => call.startMs >= 0));
  assert.equal(iteration.events[0]!.type, 'iteration-start');

  copyFileSync(join(dir, SESSION), join(dir, 'kept.jsonl'));
  const again = await ask<RecordingFileView[]>('recordings');
  assert.deepEqual(
    again.map((file) => [file.path, file.kind]),
    [
      [SESSION, 'session'],
      ['kept.jsonl', 'file'],
    ],
  );
});

test('a fork point, then a branch forked from it with progress, listed, compared, and a clash refused', async () => {
  const point = await ask<ForkPointView>('forkPoint', SESSION, 'alice', 1);
  assert.deepEqual(point.memory, { n: '1' });
  assert.deepEqual(point.inbox, []);
  assert.equal(point.source, BRAIN);

  events.length = 0;
  const branch = await ask<BranchView>(
    'forkRecording',
    SESSION,
    'alice',
    1,
    { memory: { mood: 'angry', n: '1' } },
    false,
  );
  assert.equal(branch.branch.path, '.brainbench/branches/alice-after-1-1.jsonl');
  assert.equal(branch.branch.kind, 'branch');
  assert.equal(branch.branch.branch?.of, SESSION);
  assert.deepEqual(
    [branch.report.replayed, branch.report.live, branch.report.last],
    [1, 1, { kind: 'outcome', outcome: { exited: 'one angry 2' } }],
  );
  assert.deepEqual(
    events.filter((event) => event.type === 'recording-progress'),
    [{ type: 'recording-progress', branch: 'alice-after-1-1', agent: 'alice', iteration: 1, of: 1 }],
  );
  const listed = await ask<RecordingFileView[]>('recordings');
  assert.ok(listed.some((file) => file.kind === 'branch' && file.branch?.name === 'alice-after-1-1'));

  const comparison = await ask<RecordingComparisonView>('compareRecordings', SESSION, branch.branch.path);
  assert.match(comparison.text, /^DIVERGED alice iteration 2 call 5\n/);
  assert.match(comparison.text, /"calm 2" -> "angry 2"/);
  assert.equal(comparison.agents[0]!.divergence?.iteration, 2);

  await assert.rejects(
    ask('forkRecording', SESSION, 'alice', 1, { name: 'alice-after-1-1' }, false),
    /a branch named "alice-after-1-1" exists already/,
  );
  const second = await ask<BranchView>('forkRecording', SESSION, 'alice', 0, {}, false);
  assert.equal(second.branch.path, '.brainbench/branches/alice-after-0-1.jsonl');
  await assert.rejects(ask('forkRecording', SESSION, 'bob', 1, {}, false), /no agent "bob" in the recording/);
  await assert.rejects(
    ask('forkRecording', SESSION, 'alice', 7, {}, false),
    /agent "alice" has no recorded iteration 7 \(recorded: 1\.\.2\)/,
  );
});

test('a recording replays, and saves as a test into a new or empty folder of the workspace', async () => {
  const { reports, skipped, brains } = await ask<ReplayView>('replayRecording', SESSION, false);
  assert.deepEqual(skipped, []);
  assert.equal(brains[0]!.same, true);
  assert.equal(reports.length, 1);
  assert.equal(reports[0]!.divergence, undefined, reports[0]!.divergenceText);
  assert.ok(reports[0]!.replayed >= 2);

  writeFileSync(join(dir, 'alice.js'), BRAIN.replace("'n'", "'count'"));
  const diverged = (await ask<ReplayView>('replayRecording', SESSION, false)).reports;
  assert.match(diverged[0]!.divergenceText!, /^DIVERGED alice iteration 1 call 2: host\.memory-get called with other/);
  writeFileSync(join(dir, 'alice.js'), BRAIN);

  const saved = await ask<{ dir: string; files: string[] }>('saveRecordingAsTest', SESSION, 'tests/alice', null);
  assert.equal(saved.dir, 'tests/alice');
  assert.ok(saved.files.includes('tests/alice/omw.test.toml'));
  await assert.rejects(ask('saveRecordingAsTest', SESSION, 'tests/alice', null), /the folder is not empty/);
  await assert.rejects(ask('saveRecordingAsTest', SESSION, outside, null), /outside the workspace/);
});

test('bad paths, files that are no recordings and unknown agents or iterations are refused', async () => {
  await assert.rejects(ask('openRecording', 'missing.jsonl'), /cannot read "missing.jsonl": no such file/);
  writeFileSync(join(outside, 'x.jsonl'), '');
  await assert.rejects(ask('openRecording', join(outside, 'x.jsonl')), /outside/);
  await assert.rejects(ask('openRecording', 'omw.toml'), /omw\.toml: line 1: not JSON|not a Brainbench recording/);
  await assert.rejects(ask('openRecording', 'notes.jsonl'), /notes\.jsonl: line 1: not a Brainbench recording/);
  await assert.rejects(ask('recordedIteration', SESSION, 'bob', 1), /no agent "bob" in the recording/);
  await assert.rejects(ask('recordedIteration', SESSION, 'alice', 9), /agent "alice" has no recorded iteration 9/);
  await assert.rejects(ask('forkPoint', SESSION, 'alice', 9), /agent "alice" has no recorded iteration 9/);
  await assert.rejects(ask('compareRecordings', SESSION, 'missing.jsonl'), /no such file/);
});
