// Two recordings compared call by call, and a replay that goes live after its divergence.

import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { describeAgentDiff } from '../../main/recording/describe-diff.ts';
import { buildRecording, loadRecording } from '../../main/recording/recording.ts';
import { readRecordingSegments } from '../../main/recording/recording-segments.ts';
import { diffRecordings } from '../../main/recording/recording-diff.ts';
import { RecordingIndex } from '../../main/recording/recording-index.ts';
import { recordedIterationView } from '../../main/recording/recording-summary.ts';
import { readRecordingLines } from '../../main/recording/recording-reader.ts';
import { replayRecording } from '../../main/recording/replay.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { jsAgents, workspace } from '../supervisor/workspace.ts';
import { recordedSteps } from './recorded-steps.ts';

const BRAIN = (question: string) => `
const p = omw.provider.get('p');
const answer = p.chat('m', [{ role: 'user', content: '${question}' }], []);
omw.host.memorySet('answer', answer.content);
answer.content;
`;

const config = (content: string, tokens: number) => `${jsAgents(['alice'])}
[providers.p]
kind = "mock"
turns = [ { content = "${content}", usage = { prompt_tokens = 3, completion_tokens = ${tokens} } } ]
`;

const record = (configText: string, brain: string, iterations = 1) =>
  recordedSteps(configText, { 'alice.js': brain }, iterations);

test('diff: a call answered otherwise, the call that then differs, and token deltas', async () => {
  const a = await record(config('yes', 1), BRAIN('why?'));
  const b = await record(config('no', 4), BRAIN('why?'));
  const [other] = diffRecordings(loadRecording(a.file), loadRecording(b.file));
  assert.equal(other!.divergence?.call, 3);
  assert.equal(other!.otherAnswers.length, 1);
  assert.deepEqual(other!.tokens.a.total, 4);
  assert.deepEqual(other!.tokens.b.total, 7);
  const text = describeAgentDiff(other!).join('\n');
  assert.match(
    text,
    /^DIVERGED alice iteration 1 call 3\n {2}a: host\.memory-set\("answer", "yes"\)\n {2}b: host\.memory-set\("answer", "no"\)\n {2}args\[1\]: "yes" -> "no"/,
  );
  assert.match(text, /answer differs at iteration 1 call 2 \(provider\.chat\)\n {4}answer\.content: "yes" -> "no"/);
  assert.match(text, /tokens: 4 -> 7 \(\+3\)/);
  const [same] = diffRecordings(loadRecording(a.file), loadRecording(a.file));
  assert.match(describeAgentDiff(same!)[0]!, /^SAME alice: 1 iteration, the same calls$/);

  const c = await record(config('yes', 1), BRAIN('how?'));
  const [diverged] = diffRecordings(loadRecording(a.file), loadRecording(c.file));
  assert.equal(diverged!.divergence?.call, 2);
  assert.match(describeAgentDiff(diverged!).join('\n'), /args\[2\]\[0\]\.content: "why\?" -> "how\?"/);
});

const MAKES_UP = (question: string) => `
const ids = [];
for (let i = 0; i < 30; i++) ids.push(omw.host.newUuid());
omw.host.memorySet('ids', 'sent ' + ids.join(','));
const now = omw.host.timeNow();
omw.host.memorySet('at', omw.host.timeFormat(now, '%Y-%m-%dT%H:%M:%S%.3fZ'));
omw.host.memorySet('ticks', String(now));
const p = omw.provider.get('p');
p.chat('m', [{ role: 'user', content: '${question}', name: ids[0] }], []).content;
`;

test('diff: made-up ids and times are paired by position, so the first real change comes first', async () => {
  const a = await record(config('yes', 1), MAKES_UP('why?'));
  await new Promise((resolve) => setTimeout(resolve, 5));
  const b = await record(config('yes', 1), MAKES_UP('how?'));
  const [diff] = diffRecordings(loadRecording(a.file), loadRecording(b.file));
  assert.equal(diff!.divergence?.a?.op, 'provider.chat');
  assert.deepEqual(diff!.generated, { ids: 30, times: 2 });
  assert.deepEqual(diff!.otherAnswers, []);
  const text = describeAgentDiff(diff!);
  assert.match(text[0]!, /^DIVERGED alice iteration 1 call 37$/);
  assert.deepEqual(
    text.filter((line) => line.startsWith('  args')),
    ['  args[2][0].content: "why?" -> "how?"'],
  );
  assert.ok(
    text.includes('  30 generated ids and 2 times differ, paired by position (--all lists them)'),
    text.join('\n'),
  );
  assert.ok(text.length < 10, text.join('\n'));

  const [all] = diffRecordings(loadRecording(a.file), loadRecording(b.file), { all: true });
  assert.equal(all!.otherAnswers.length, 32);
  assert.deepEqual([...new Set(all!.otherAnswers.map((other) => other.a!.op))].sort(), [
    'host.new-uuid',
    'host.time-format',
    'host.time-now',
  ]);
  assert.equal(all!.divergence?.call, 37);
});

test('--live-after-divergence: the differing call and what follows reach the configured back ends', async () => {
  const { ws, file } = await record(config('recorded', 1), BRAIN('why?'), 2);
  ws.write('alice.js', BRAIN('how?'));
  const [report] = await replayRecording({
    recording: loadRecording(file),
    config: loadConfig(join(ws.dir, 'omw.toml'), { env: {} }),
    spawner: forkSpawner,
    entry: agentEntry(),
    liveAfterDivergence: true,
  });
  assert.equal(report!.divergence?.iteration, 1);
  assert.equal(report!.replayed, 0);
  assert.equal(report!.live, 2);
  assert.deepEqual(report!.last, { kind: 'outcome', outcome: { exited: 'recorded' } });
});

test('a recording cut in its last line reads up to it; damage elsewhere is an error with its line', async () => {
  const { file } = await record(config('x', 1), BRAIN('why?'));
  const whole = readFileSync(file, 'utf8');
  const lines = whole.trimEnd().split('\n');
  writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 10)}`);
  const cut = loadRecording(file);
  assert.equal(cut.truncated, true);
  assert.equal(cut.ended, false);
  assert.equal(cut.agents.get('alice')!.iterations.length, 1);
  writeFileSync(file, whole);
  appendFileSync(file, 'garbage\n{"kind":"end","time":1}\n');
  assert.throws(() => readRecordingLines(file), { message: new RegExp(`^line ${lines.length + 1}: not JSON`) });
});

test('a bounded recording rotates into <file>.1, each segment starting with the header', async () => {
  const ws = workspace(config('x', 1), {
    'alice.js': "for (let i = 0; i < 50; i++) omw.host.memorySet('k' + i, 'v'.repeat(100));\n",
  });
  const file = join(ws.dir, 'bounded.jsonl');
  const recorder = new SessionRecorder(ws.supervisor, {
    file,
    mode: 'session',
    configFile: 'omw.toml',
    brainbench: 'test',
    maxBytes: 40_000,
  });
  try {
    for (let i = 0; i < 6; i++) await ws.supervisor.step('alice');
  } finally {
    recorder.close();
    ws.supervisor.dispose();
  }
  const current = buildRecording(readRecordingLines(file));
  const older = buildRecording(readRecordingLines(`${file}.1`));
  assert.ok((current.header.segment ?? 1) > 1);
  assert.equal(older.header.segment ?? 1, (current.header.segment ?? 1) - 1);
  for (const segment of [file, `${file}.1`]) assert.ok(readFileSync(segment).length <= 40_000, segment);
  assert.equal(
    current.agents.get('alice')!.iterations[0]!.calls[0]!.index,
    1,
    'a segment starts with a whole iteration',
  );
  assert.ok(current.agents.get('alice')!.iterations.length > 0);

  // Read as one, the two segments hold every iteration on disk, in order, each once.
  const whole = buildRecording(readRecordingSegments(file));
  const numbers = (recording: typeof whole) => recording.agents.get('alice')!.iterations.map((it) => it.iteration);
  const joined = [...new Set([...numbers(older), ...numbers(current)])].sort((a, b) => a - b);
  assert.deepEqual(numbers(whole), joined);
  assert.equal(whole.header.segment, older.header.segment);
  assert.ok(whole.agents.get('alice')!.iterations.every((it) => it.end !== undefined && it.calls[0]?.index === 1));
  assert.deepEqual(numbers(loadRecording(file)), numbers(whole));
  // The workbench's index reads both too, and each iteration again from the file that holds it.
  const index = await RecordingIndex.of(file);
  assert.deepEqual(
    index.view('b').agents[0]!.iterations.map((it) => it.iteration),
    numbers(whole),
  );
  for (const number of numbers(whole))
    assert.deepEqual(index.iteration('alice', number), recordedIterationView(whole, 'alice', number));
  // An older file from another session is not this one's past.
  writeFileSync(`${file}.1`, readFileSync(`${file}.1`, 'utf8').replace(/"segment":\d+/, '"segment":99'));
  assert.deepEqual(numbers(buildRecording(readRecordingSegments(file))), numbers(current));
});
