// A fork of every agent (docs/counterfactuals.md, Fork every agent): a two-agent recording where
// `boss` sends each job to `worker` and waits for its answer. Forked after boss's second iteration
// with every agent, both replay up to the cut and go live together, so boss's live `send-agent`
// reaches a live worker that answers it. A tampered recording pairs no message with a call that did
// not send it.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { runFork } from '../../main/recording/fork.ts';
import { forkCut } from '../../main/recording/fork-cut.ts';
import { readRecordingLines, type ReadLine } from '../../main/recording/recording-reader.ts';
import { buildRecording, loadRecording } from '../../main/recording/recording.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { brainbench } from '../counterfactual/brainbench-cli.ts';
import { jsAgents, workspace } from '../supervisor/workspace.ts';

const BOSS = `
const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
const work = () => {
  if (n === 1) { omw.host.subscribeAgent('worker'); return 'subscribed'; }
  omw.host.sendAgent('worker', (omw.host.memoryGet('word') ?? 'job') + ' ' + n);
  return 'boss got ' + omw.host.recv().payload;
};
work();
`;

const WORKER = `
const n = Number(omw.host.memoryGet('n') ?? '0') + 1;
omw.host.memorySet('n', String(n));
const work = () => {
  if (n === 1) { omw.host.subscribeAgent('boss'); return 'listening'; }
  const job = omw.host.recv().payload;
  omw.host.sendAgent('boss', 'done ' + job);
  return 'worker did ' + job;
};
work();
`;

/** Three rounds of both agents stepped together, recorded. */
async function recordedRounds() {
  const ws = workspace(jsAgents(['boss', 'worker']), { 'boss.js': BOSS, 'worker.js': WORKER });
  const file = join(ws.dir, 'run.jsonl');
  const recorder = new SessionRecorder(ws.supervisor, {
    file,
    mode: 'loop',
    configFile: join(ws.dir, 'omw.toml'),
    brainbench: 'test',
  });
  const rounds = [];
  try {
    for (let round = 0; round < 3; round++)
      rounds.push(await Promise.all([ws.supervisor.step('boss'), ws.supervisor.step('worker')]));
  } finally {
    recorder.close();
    ws.supervisor.dispose();
  }
  return { ws, file, rounds };
}

const exited = (result: unknown) => (result as { outcome?: { exited?: string } } | undefined)?.outcome?.exited;

test('a fork of every agent runs them all live from a consistent cut: the live worker answers the live boss', async () => {
  const { ws, file, rounds } = await recordedRounds();
  assert.deepEqual(
    rounds.map((round) => round.map(exited)),
    [
      ['subscribed', 'listening'],
      ['boss got done job 2', 'worker did job 2'],
      ['boss got done job 3', 'worker did job 3'],
    ],
  );
  const lines = readRecordingLines(file);
  const out = join(ws.dir, 'urgent.jsonl');
  const run = await runFork({
    recording: buildRecording(lines),
    lines,
    agent: 'boss',
    afterIteration: 2,
    edits: { name: 'urgent', memory: { n: '2', word: 'urgent' } },
    config: loadConfig(join(ws.dir, 'omw.toml'), { env: {} }),
    spawner: forkSpawner,
    entry: agentEntry(),
    out,
    origin: { name: 'urgent', of: 'run.jsonl' },
    brainbench: 'test',
    allAgents: true,
  });
  assert.deepEqual(
    run.cut?.agents.map(({ agent, replayed, of }) => ({ agent, replayed, of })),
    [
      { agent: 'boss', replayed: 2, of: 3 },
      { agent: 'worker', replayed: 2, of: 3 },
    ],
  );
  // The edited job went to the live worker, and its answer came back to the live boss.
  assert.equal(exited(run.report.last), 'boss got done urgent 3');
  assert.deepEqual(
    run.agents.map(({ agent, replayed, live, last }) => ({ agent, replayed, live, exited: exited(last) })),
    [
      { agent: 'boss', replayed: 2, live: 1, exited: 'boss got done urgent 3' },
      { agent: 'worker', replayed: 2, live: 1, exited: 'worker did urgent 3' },
    ],
  );
  const branch = loadRecording(out);
  assert.deepEqual([...branch.agents.keys()].sort(), ['boss', 'worker']);
  assert.deepEqual(branch.header.branch?.edits.at(-1), 'all agents: boss after 2, worker after 2');

  // The same from the command line.
  const cli = await brainbench(
    ['fork', 'run.jsonl', '--agent', 'boss', '--after', '1', '--all-agents', '--out', 'cli.jsonl'],
    ws.dir,
  );
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /all agents: boss after 1, worker after 1 \(a consistent cut/);
  assert.match(cli.stdout, /worker: 1 of 3 iteration\(s\) replayed \(.*\), 2 live/);
});

test('a tampered recording gives a cut from the iteration times: no message is paired with a call that did not send it', async () => {
  const { file } = await recordedRounds();
  const lines = readRecordingLines(file);
  // Hostile: every send-agent call's arguments replaced (nothing, an object, another receiver).
  const forged: ReadLine[] = lines.map((read, index) =>
    'line' in read && read.line.kind === 'call' && read.line.op === 'host.send-agent'
      ? { ...read, line: { ...read.line, args: [[], [{ to: 'boss' }], ['nobody', 'job 2']][index % 3]! } }
      : read,
  );
  const cut = forkCut(buildRecording(forged), forged, 'boss', 2, ['boss', 'worker']);
  assert.deepEqual(cut.messages, []);
  assert.deepEqual(
    cut.view.agents.map(({ agent, replayed }) => ({ agent, replayed })),
    [
      { agent: 'boss', replayed: 2 },
      { agent: 'worker', replayed: 2 },
    ],
  );
  assert.throws(
    () => forkCut(buildRecording(forged), forged, 'nobody', 1, ['boss']),
    /no agent "nobody" in the recording/,
  );
});
