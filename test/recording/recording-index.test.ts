// An opened recording kept as its index and read from disk per iteration: every iteration and the
// timeline equal what reading the file whole gives (two agents interleaved, a cut, a line cut
// short at the end), the iteration's bytes are read when asked for, and the index holds a small
// part of what the whole recording holds.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { RecordingIndex } from '../../main/recording/recording-index.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { recordedIterationView, recordingView } from '../../main/recording/recording-summary.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { jsAgents, workspace } from '../supervisor/workspace.ts';

const BRAIN = (who: string) => `
for (let i = 0; i < 16; i++) omw.host.memoryGet('k' + i);
const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
omw.host.log('info', '${who} ' + n);
'${who} ' + n;
`;

async function interleaved(steps: number): Promise<string> {
  const ws = workspace(jsAgents(['alice', 'bob']), { 'alice.js': BRAIN('alice'), 'bob.js': BRAIN('bob') });
  const file = join(ws.dir, 'run.jsonl');
  const recorder = new SessionRecorder(ws.supervisor, {
    file,
    mode: 'loop',
    configFile: join(ws.dir, 'omw.toml'),
    brainbench: 'test',
  });
  try {
    for (let i = 0; i < steps; i++) await Promise.all([ws.supervisor.step('alice'), ws.supervisor.step('bob')]);
  } finally {
    recorder.close();
    ws.supervisor.dispose();
  }
  return file;
}

test('every iteration read from disk equals the whole read, with a cut and a short last line', async () => {
  const file = await interleaved(6);
  appendFileSync(file, `${JSON.stringify({ kind: 'cut', time: Date.now(), reason: 'disk full' })}\n{"kind":"tr`);
  const whole = loadRecording(file);
  const index = await RecordingIndex.of(file);
  const lines = readFileSync(file, 'utf8').split('\n').length;
  assert.deepEqual(index.view('run.jsonl'), recordingView(whole, 'run.jsonl', lines));
  assert.equal(index.view('run.jsonl').truncated, true);
  let compared = 0;
  for (const agent of whole.agents.values())
    for (const { iteration } of agent.iterations) {
      assert.deepEqual(index.iteration(agent.name, iteration), recordedIterationView(whole, agent.name, iteration));
      compared++;
    }
  assert.equal(compared, 12);
  assert.throws(() => index.iteration('alice', 99), /agent "alice" has no recorded iteration 99/);
  assert.throws(() => index.iteration('carol', 1), /no agent "carol" in the recording/);
});

test('an iteration is read from the file when it is asked for, not kept', async () => {
  const file = await interleaved(2);
  const index = await RecordingIndex.of(file);
  const before = index.iteration('bob', 2);
  assert.ok(before.events.some((event) => event.type === 'log' && JSON.stringify(event).includes('bob 2')));
  // The same bytes, one character changed, and the file's times put back.
  const { atime, mtime } = statSync(file);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"bob 2"', '"bob 7"'));
  utimesSync(file, atime, mtime);
  const after = index.iteration('bob', 2);
  assert.ok(after.events.some((event) => event.type === 'log' && JSON.stringify(event).includes('bob 7')));
});

const MEASURE = `
import { loadRecording } from './main/recording/recording.ts';
import { RecordingIndex } from './main/recording/recording-index.ts';
const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };
const base = heap();
const index = await RecordingIndex.of(process.argv[1]);
const indexed = heap() - base;
const whole = loadRecording(process.argv[1]);
const both = heap() - base;
console.log(JSON.stringify({ indexed, whole: both - indexed, kept: [index, whole].length }));
`;

test('an index holds a small part of what the recording holds whole', async () => {
  const file = await interleaved(300);
  const repo = join(import.meta.dirname, '../..');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', MEASURE, file],
    { cwd: repo },
  );
  const { indexed, whole } = JSON.parse(stdout) as { indexed: number; whole: number };
  assert.ok(whole > 1_000_000, `the whole recording took ${whole} bytes`);
  assert.ok(indexed * 4 < whole, `index ${indexed} bytes, whole ${whole} bytes`);
});
