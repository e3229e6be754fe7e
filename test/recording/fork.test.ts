// Forks of a real recorded run (docs/recordings.md, Fork): the prefix replays from the recording
// without reaching a back end, the edits at the fork point change what follows (and the diff shows
// it), the inbox and an open timer carry over, and provider calls can be redirected.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ForkEdits } from '../../contract/recording-views.ts';
import { loadConfig } from '../../main/config/load-config.ts';
import { describeAgentDiff } from '../../main/recording/describe-diff.ts';
import { runFork } from '../../main/recording/fork.ts';
import { forkState } from '../../main/recording/fork-point.ts';
import { readRecordingLines } from '../../main/recording/recording-reader.ts';
import { diffRecordings } from '../../main/recording/recording-diff.ts';
import { buildRecording, loadRecording } from '../../main/recording/recording.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { chunk, startChatCompletionsServer } from '../providers/chat-completions-server.ts';
import { jsAgents, workspace } from '../supervisor/workspace.ts';
import { recordedSteps } from './recorded-steps.ts';

const CHATTY = `
const mood = omw.host.memoryGet('mood') ?? 'calm';
const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
const answer = omw.provider.get('p').chat('m', [{ role: 'user', content: mood + ' ' + n }], []);
answer.content + ' ' + mood + ' ' + n;
`;

const mockTurns = (turns: string[], name = 'p') =>
  `[providers.${name}]\nkind = "mock"\nturns = [ ${turns.map((t) => `{ content = "${t}" }`).join(', ')} ]\n`;

function fork(dir: string, file: string, afterIteration: number, edits: ForkEdits, configFile = 'omw.toml') {
  const lines = readRecordingLines(file);
  const out = join(dir, `${edits.name ?? 'branch'}.jsonl`);
  const running = runFork({
    recording: buildRecording(lines),
    lines,
    agent: 'alice',
    afterIteration,
    edits,
    config: loadConfig(join(dir, configFile), { env: {} }),
    spawner: forkSpawner,
    entry: agentEntry(),
    out,
    origin: { name: edits.name ?? 'branch', of: 'run.jsonl' },
    brainbench: 'test',
  });
  return { running, out };
}

test('a fork with edited memory replays its prefix from the recording and then goes its own way', async () => {
  const { ws, file, results } = await recordedSteps(
    jsAgents(['alice']) + '\n' + mockTurns(['one', 'two', 'three']),
    { 'alice.js': CHATTY },
    3,
  );
  assert.deepEqual(
    results.map((r) => r.kind === 'outcome' && (r.outcome as { exited: string }).exited),
    ['one calm 1', 'two calm 2', 'three calm 3'],
  );
  // The branch's provider has two turns (the last repeats): had the prefix's two chats reached
  // it, the live iteration would get "live-2".
  ws.write('fork.toml', jsAgents(['alice']) + '\n' + mockTurns(['live-1', 'live-2']));
  const lines = readRecordingLines(file);
  const point = forkState(buildRecording(lines), lines, 'alice', 2).view;
  assert.deepEqual(point.memory, { n: '2' });
  assert.equal(point.source, CHATTY);

  const { running, out } = fork(ws.dir, file, 2, { name: 'angry', memory: { mood: 'angry', n: '2' } }, 'fork.toml');
  const report = await running;
  assert.equal(report.report.replayed, 2);
  assert.equal(report.report.live, 1, 'as many iterations as the recording has after the point');
  assert.deepEqual(report.report.last, { kind: 'outcome', outcome: { exited: 'live-1 angry 3' } });

  const branch = loadRecording(out);
  assert.equal(branch.header.branch?.name, 'angry');
  assert.equal(branch.header.branch?.afterIteration, 2);
  assert.deepEqual(branch.header.branch?.edits, ['memory: 1 key(s) edited']);
  const original = loadRecording(file).header.brains['alice']!;
  assert.deepEqual(branch.header.brains['alice'], original, 'the brain under its own path, not the run copy');
  assert.equal(branch.agents.get('alice')!.iterations.length, 3, 'the branch holds its prefix and its live part');
  const [diff] = diffRecordings(loadRecording(file), branch);
  const text = describeAgentDiff(diff!).join('\n');
  assert.match(text, /^DIVERGED alice iteration 3 call 5\n/);
  assert.match(text, /args\[2\]\[0\]\.content: "calm 3" -> "angry 3"/);
  assert.match(text, /answer\.content: "three" -> "live-1"/);
});

test("a fork with an edited brain runs the edit after the point; its header holds the edit at the brain's path", async () => {
  const { ws, file } = await recordedSteps(
    jsAgents(['alice']) + '\n' + mockTurns(['one', 'two', 'three']),
    { 'alice.js': CHATTY },
    2,
  );
  const edited = CHATTY.replace("answer.content + ' '", "'edited ' + answer.content + ' '");
  const { running, out } = fork(ws.dir, file, 1, { name: 'edited', source: edited });
  const report = await running;
  assert.equal(report.report.replayed, 1);
  assert.deepEqual(report.report.last, { kind: 'outcome', outcome: { exited: 'edited one calm 2' } });
  const branch = loadRecording(out);
  assert.deepEqual(branch.header.branch?.edits, ['brain: edited']);
  const brain = branch.header.brains['alice']!;
  assert.equal(brain.path, loadRecording(file).header.brains['alice']!.path);
  assert.equal(brain.source, edited);
  assert.match(brain.sha256 ?? '', /^[0-9a-f]{64}$/);
});

test('a prefix that no longer replays is an error naming the divergence', async () => {
  const { ws, file } = await recordedSteps(jsAgents(['alice']) + '\n' + mockTurns(['one']), { 'alice.js': CHATTY }, 2);
  // A recording whose brain source is not the one that ran: with the recorded brain, the prefix diverges.
  const lines = readRecordingLines(file);
  const header = lines[0]!;
  assert.ok('line' in header && header.line.kind === 'header');
  header.line.brains['alice']!.source = CHATTY.replace("'n'", "'count'");
  const forkWith = (recordedBrains: boolean) =>
    runFork({
      recording: buildRecording(lines),
      lines,
      agent: 'alice',
      afterIteration: 2,
      edits: {},
      config: loadConfig(join(ws.dir, 'omw.toml'), { env: {} }),
      recordedBrains,
      spawner: forkSpawner,
      entry: agentEntry(),
      out: join(ws.dir, `bad-${recordedBrains}.jsonl`),
      origin: { name: 'bad', of: 'run.jsonl' },
      brainbench: 'test',
    });
  await assert.rejects(
    forkWith(true),
    /prefix did not replay as recorded:\nDIVERGED alice iteration 1 call 2: host.memory-get called with other arguments/,
  );
  // The workspace's brain is what ran: by default the prefix replays.
  assert.equal((await forkWith(false)).report.replayed, 2);

  // An edit in the workspace makes its prefix diverge, and the error says which brain differs, with the way out.
  ws.write('alice.js', CHATTY.replace("'mood'", "'feeling'"));
  await assert.rejects(forkWith(false), (error: Error) => {
    assert.match(error.message, /^the fork's prefix did not replay as recorded:\nDIVERGED alice iteration 1 call 1/);
    assert.match(
      error.message,
      /\nalice: the workspace's brain differs from the recorded one: recorded sha256 [0-9a-f]{64} \(.*\), workspace sha256 [0-9a-f]{64} \(.*\); the workspace's runs\nto run the recorded brain instead: fork with --recorded-brains/,
    );
    return true;
  });
});

const WAITER = `
const t = omw.host.memoryGet('t');
if (t == null) {
  omw.host.memorySet('t', omw.host.waitFor(400));
  'armed';
} else {
  const first = omw.host.recv();
  const second = omw.host.recv();
  first.kind + ':' + first.payload + ' ' + (second.id === t ? 'timer' : second.kind);
}
`;

test('the inbox and an open timer carry over into the branch', async () => {
  const ws = workspace(jsAgents(['alice']), { 'alice.js': WAITER });
  const file = join(ws.dir, 'run.jsonl');
  const configFile = join(ws.dir, 'omw.toml');
  const recorder = new SessionRecorder(ws.supervisor, { file, mode: 'run', configFile, brainbench: 't' });
  try {
    assert.deepEqual(await ws.supervisor.step('alice'), { kind: 'outcome', outcome: { exited: 'armed' } });
    ws.host.inject('alice', { id: 'outside', event: { kind: 'message', data: 'hello' } });
  } finally {
    recorder.close();
    ws.supervisor.dispose();
    await ws.host.close();
  }
  const lines = readRecordingLines(file);
  const point = forkState(buildRecording(lines), lines, 'alice', 1).view;
  assert.deepEqual(point.inbox, [{ id: 'outside', event: { kind: 'message', data: 'hello' } }]);
  assert.deepEqual(
    point.registries.map((r) => [r.registry, r.source]),
    [['timers', 'timer']],
  );
  assert.deepEqual(point.notes, []);

  const { running } = fork(ws.dir, file, 1, {});
  const report = await running;
  assert.deepEqual(report.report.last, { kind: 'outcome', outcome: { exited: 'message:hello timer' } });

  // An edited inbox replaces the recorded one.
  const edited = fork(ws.dir, file, 1, {
    name: 'edited',
    inbox: [{ id: 'x', event: { kind: 'message', data: 'changed' } }],
  });
  assert.deepEqual((await edited.running).report.last, {
    kind: 'outcome',
    outcome: { exited: 'message:changed timer' },
  });
});

const TOOL_USER = `
const t = omw.tooling.get('t');
const h = omw.host.memoryGet('h');
if (h == null) {
  omw.host.memorySet('h', t.callTool('echo', {}));
  'queued';
} else {
  omw.host.memorySet('go', '1');
  const e = omw.host.recv();
  e.kind + ' ' + (e.id === h) + ' ' + t.isOpen(h);
}
`;

test('a queued tool call open at the fork point gets the result the recording delivered for it', async () => {
  // The result is gated on the second iteration's memory-set "go": it comes after the fork point.
  const config =
    jsAgents(['alice']) +
    '\n[tooling.t]\nkind = "mock"\ntools = [ { name = "echo", input_schema = {} } ]\n' +
    'tool_calls = [ { name = "echo", result = "done", after = { kind = "call", op = "memory_set", detail = { key = "^go$" } } } ]\n';
  const { ws, file, results } = await recordedSteps(config, { 'alice.js': TOOL_USER }, 2);
  assert.deepEqual(results.at(-1), { kind: 'outcome', outcome: { exited: 'tool-result true false' } });
  const lines = readRecordingLines(file);
  const state = forkState(buildRecording(lines), lines, 'alice', 1);
  assert.deepEqual(
    state.view.registries.map((r) => [r.registry, r.source]),
    [['toolCalls', 'tool-call']],
  );
  assert.deepEqual(
    state.later.map((later) => later.envelope.event.kind),
    ['tool-result'],
  );
  // The branch's own mock tooling never saw the call (the prefix was served from the recording).
  const { running } = fork(ws.dir, file, 1, {});
  assert.deepEqual((await running).report.last, { kind: 'outcome', outcome: { exited: 'tool-result true false' } });
});

const STREAM_READER = `
const p = omw.provider.get('llm');
const s = omw.host.memoryGet('s');
if (s == null) {
  omw.host.memorySet('s', p.chatStream('talk', [{ role: 'user', content: 'hi' }], []));
  'opened';
} else {
  let text = '';
  for (;;) {
    const e = omw.host.recv();
    if (e.id !== s) continue;
    if (e.kind !== 'chat-delta') break;
    text += e.payload.content ?? '';
  }
  text + ' ' + p.isOpen(s);
}
`;

test('a chat stream open at the fork point gets its recorded deltas in the branch, with no request sent', async () => {
  const server = await startChatCompletionsServer({
    talk: { events: [chunk({ content: 'slow' }), chunk({ content: ' words' }, 'stop')], pieceBytes: 8 },
  });
  let recorded;
  try {
    const config =
      jsAgents(['alice']) +
      `\n[providers.llm]\nkind = "openai"\nbase_url = "${server.origin}/v1"\napi_key = "k"\nmax_retries = 0\n`;
    recorded = await recordedSteps(config, { 'alice.js': STREAM_READER }, 2);
  } finally {
    await server.close();
  }
  const { ws, file, results } = recorded;
  assert.deepEqual(results.at(-1), { kind: 'outcome', outcome: { exited: 'slow words false' } });
  const lines = readRecordingLines(file);
  const state = forkState(buildRecording(lines), lines, 'alice', 1);
  assert.deepEqual(
    state.view.registries.map((r) => [r.registry, r.source]),
    [['streams', 'chat-stream']],
  );
  // The server is gone: the stream can only come from the recording.
  const { running } = fork(ws.dir, file, 1, {});
  assert.deepEqual((await running).report.last, { kind: 'outcome', outcome: { exited: 'slow words false' } });
  assert.equal(server.requests.filter((r) => r.method === 'POST').length, 1);
});

test('provider and model redirects apply to the live part only', async () => {
  const config = jsAgents(['alice']) + '\n' + mockTurns(['from-p'], 'p') + mockTurns(['from-q'], 'q');
  const { ws, file } = await recordedSteps(config, { 'alice.js': CHATTY }, 2);
  const { running, out } = fork(ws.dir, file, 1, { provider: { from: 'p', to: 'q' }, model: 'other' });
  const report = await running;
  assert.deepEqual(report.report.last, { kind: 'outcome', outcome: { exited: 'from-q calm 2' } });
  const branch = loadRecording(out);
  const chats = branch.agents
    .get('alice')!
    .iterations.map((it) => it.events.find((e) => e.type === 'call' && e.op === 'chat'));
  const details = chats.map((e) => {
    const detail = (e?.type === 'call' ? e.detail : {}) as { provider?: string; model?: string };
    return [detail.provider, detail.model];
  });
  assert.deepEqual(details, [
    ['p', 'm'],
    ['q', 'other'],
  ]);
  assert.deepEqual(branch.header.branch?.edits, ['provider: p -> q', 'model: other']);
});

test('a branch name must be letters, digits, "-" and "_"', async () => {
  const { ws, file } = await recordedSteps(jsAgents(['alice']) + '\n' + mockTurns(['one']), { 'alice.js': CHATTY });
  const { running, out } = fork(ws.dir, file, 1, { name: 'no/slashes' });
  await assert.rejects(running, /branch name "no\/slashes": only letters, digits/);
  assert.equal(existsSync(out), false);
});
