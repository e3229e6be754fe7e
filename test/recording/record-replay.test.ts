// A real run recorded through its agent processes, then replayed with the brains as they are:
// every call answered from the file (clocks, UUIDs, timers, the inbox, a provider, memory), and
// an edited brain stopped at its first differing call with a readable diff.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { divergenceDetails, divergenceHeadline } from '../../main/recording/divergence.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { replayRecording } from '../../main/recording/replay.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { jsAgents } from '../supervisor/workspace.ts';
import { recordedSteps } from './recorded-steps.ts';

const BRAIN = `
const started = omw.host.timeNow();
const id = omw.host.newUuid();
const seen = omw.host.memoryGet('count');
omw.host.memorySet('count', String(Number(seen ?? '0') + 1));
const timer = omw.host.waitFor(30);
omw.host.sleepFor(20);
let fired = false;
while (!fired) fired = omw.host.recv().id === timer;
const p = omw.provider.get('p');
const answer = p.chat('m', [{ role: 'user', content: 'hello ' + id.length }], []);
omw.host.base64Decode(omw.host.base64Encode([1, 2, 3]));
omw.host.log('info', 'took ' + (omw.host.timeNow() - started));
answer.content + ' ' + id;
`;

const CONFIG = `${jsAgents(['alice'])}
[providers.p]
kind = "mock"
turns = [ { content = "hi there" } ]
`;

const replay = (dir: string, file: string, live = false) =>
  replayRecording({
    recording: loadRecording(file),
    config: loadConfig(join(dir, 'omw.toml'), { env: {} }),
    spawner: forkSpawner,
    entry: agentEntry(),
    liveAfterDivergence: live,
  });

test('a recorded run replays with every call served from the recording', async () => {
  const { ws, file, results } = await recordedSteps(CONFIG, { 'alice.js': BRAIN }, 3);
  const recording = loadRecording(file);
  assert.equal(recording.ended, true);
  const alice = recording.agents.get('alice')!;
  assert.equal(alice.iterations.length, 3);
  const ops = alice.iterations[0]!.calls.map((c) => c.op);
  assert.deepEqual(ops.slice(0, 6), [
    'host.time-now',
    'host.new-uuid',
    'host.memory-get',
    'host.memory-set',
    'host.wait-for',
    'host.sleep-for',
  ]);
  assert.ok(ops.includes('provider.chat') && ops.includes('host.recv') && ops.includes('host.base64-decode'));
  assert.deepEqual(alice.iterations[1]!.calls[2]!.value, '1', "the second iteration read the first one's count");
  assert.equal(recording.header.brains['alice']!.source, BRAIN);
  assert.match(recording.header.brains['alice']!.sha256!, /^[0-9a-f]{64}$/);

  const started = performance.now();
  const [report] = await replay(ws.dir, file);
  const replayMs = performance.now() - started;
  assert.equal(report!.divergence, undefined, report!.divergence && divergenceHeadline(report!.divergence));
  assert.equal(report!.replayed, 3);
  // The same exits, with the recorded UUIDs: nothing was drawn afresh.
  assert.deepEqual(report!.last, results[2]);
  assert.equal(results[2]!.kind, 'outcome');
  assert.ok(replayMs < 60_000);
});

test('an edited brain diverges at its first differing call, with the arguments diffed', async () => {
  const { ws, file } = await recordedSteps(CONFIG, { 'alice.js': BRAIN });
  ws.write('alice.js', BRAIN.replace("'hello ' + id.length", "'hullo ' + id.length"));
  const [report] = await replay(ws.dir, file);
  const divergence = report!.divergence!;
  assert.ok(divergence, 'the edit diverges');
  assert.equal(divergence.iteration, 1);
  assert.equal(divergence.call, 9);
  assert.equal(divergenceHeadline(divergence), 'iteration 1 call 9: provider.chat called with other arguments');
  const details = divergenceDetails(divergence).join('\n');
  assert.match(details, /args\[2\]\[0\]\.content: "hello 36" -> "hullo 36"/);
  assert.match(details, /at .*alice\.js:11:/);
  assert.equal(report!.replayed, 0);
});

test('an iteration that ends early diverges at the end', async () => {
  const { ws, file } = await recordedSteps(CONFIG, { 'alice.js': BRAIN });
  ws.write('alice.js', "omw.host.timeNow();\nomw.host.newUuid();\n'done';\n");
  const [report] = await replay(ws.dir, file);
  assert.match(
    divergenceHeadline(report!.divergence!),
    /^iteration 1 call 3: expected host\.memory-get\("count"\), got the end of the iteration \(outcome/,
  );
});
