// Replay serves matching calls in the agent process and runs recorded iterations back to back
// there (docs/recordings.md). Every check replays the same recording twice, served in the agent
// process and with every call sent to the host, and finds the same reports, the same divergence
// texts and the same recording of the replay.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { divergenceDetails, divergenceHeadline } from '../../main/recording/divergence.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { replayRecording, type AgentReplay } from '../../main/recording/replay.ts';
import type { ReplayHost } from '../../main/recording/replay-host.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { jsAgents } from '../supervisor/workspace.ts';
import { recordedSteps } from './recorded-steps.ts';

const BRAIN = `
const seen = omw.host.memoryGet('count');
omw.host.memorySet('count', String(Number(seen ?? '0') + 1));
print('counted ' + seen);
const timer = omw.host.waitFor(5);
while (omw.host.recv().id !== timer) {}
let refused = 'none';
try { omw.host.base64Decode('not base64!'); } catch (error) { refused = String(error); }
const id = omw.host.newUuid();
omw.host.log('info', 'step ' + seen);
refused + ' ' + id + ' ' + omw.host.timeNow();
`;

const ITERATIONS = 4;

interface Replayed {
  report: AgentReplay;
  text: string;
  served: number;
  /** The recording of the replay, each call and event without its timing. */
  recorded: unknown;
}

async function replayBoth(dir: string, file: string, live = false): Promise<[Replayed, Replayed]> {
  const once = async (serveInProcess: boolean): Promise<Replayed> => {
    const out = join(dir, `replay-${serveInProcess}.jsonl`);
    let host: ReplayHost | undefined;
    let recorder: SessionRecorder | undefined;
    const [report] = await replayRecording({
      recording: loadRecording(file),
      config: loadConfig(join(dir, 'omw.toml'), { env: {} }),
      spawner: forkSpawner,
      entry: agentEntry(),
      liveAfterDivergence: live,
      serveInProcess,
      onStart: (supervisor) => {
        host = supervisor.host as ReplayHost;
        recorder = new SessionRecorder(supervisor, {
          file: out,
          mode: 'loop',
          configFile: 'omw.toml',
          brainbench: 't',
        });
      },
    });
    recorder!.close();
    const divergence = report!.divergence;
    const text = divergence ? [divergenceHeadline(divergence), ...divergenceDetails(divergence)].join('\n') : '';
    return { report: report!, text, served: host!.callsServedInProcess, recorded: untimed(loadRecording(out)) };
  };
  return [await once(true), await once(false)];
}

const TIMING = new Set(['time', 'seq', 'durationMs', 'callSeq', 'heldMs', 'createdAt']);

const untimed = (recording: ReturnType<typeof loadRecording>): unknown =>
  JSON.parse(
    JSON.stringify([...recording.agents.values()], (key, value: unknown) => (TIMING.has(key) ? undefined : value)),
  );

function assertSame(inProcess: Replayed, atHost: Replayed): void {
  assert.deepEqual(inProcess.report, atHost.report);
  assert.equal(inProcess.text, atHost.text);
  assert.deepEqual(inProcess.recorded, atHost.recorded);
  assert.equal(atHost.served, 0, 'with serveInProcess off every call reaches the host');
}

/** Live iterations draw fresh clocks and UUIDs: the same calls and divergence, other values. */
function assertSameLive(inProcess: Replayed, atHost: Replayed): void {
  const { last: _a, ...inProcessReport } = inProcess.report;
  const { last: _b, ...atHostReport } = atHost.report;
  assert.deepEqual(inProcessReport, atHostReport);
  assert.equal(inProcess.text, atHost.text);
  const ops = (replayed: Replayed) =>
    (replayed.recorded as { iterations: { calls: { op: string }[] }[] }[])[0]!.iterations.map((it) =>
      it.calls.map((call) => call.op),
    );
  assert.deepEqual(ops(inProcess), ops(atHost));
}

test('replay served in the agent process: as recorded, diverging mid-iteration, at an extra or a missing call', async () => {
  const { ws, file, results } = await recordedSteps(jsAgents(['alice']), { 'alice.js': BRAIN }, ITERATIONS);
  const calls = loadRecording(file)
    .agents.get('alice')!
    .iterations.reduce((sum, it) => sum + it.calls.length, 0);

  // As recorded: every call served in the process, an error result included, and the same exits.
  let [inProcess, atHost] = await replayBoth(ws.dir, file);
  assertSame(inProcess, atHost);
  assert.equal(inProcess.report.replayed, ITERATIONS);
  assert.deepEqual(inProcess.report.last, results[ITERATIONS - 1]);
  assert.match(JSON.stringify(inProcess.report.last), /invalid base64/, 'the recorded error was served');
  assert.equal(inProcess.served, calls, 'no recorded call left the agent process');

  // A divergence in the middle of the third iteration's served calls.
  ws.write(
    'alice.js',
    BRAIN.replace(
      'const id = omw.host.newUuid();',
      "const id = seen === '2' ? omw.host.whoami() : omw.host.newUuid();",
    ),
  );
  [inProcess, atHost] = await replayBoth(ws.dir, file);
  assertSame(inProcess, atHost);
  assert.equal(inProcess.report.replayed, 2);
  assert.match(
    inProcess.text,
    /^iteration 3 call 6: expected host\.new-uuid\(\), got host\.whoami\(\)\n {2}at .*alice\.js:9:/,
  );
  assert.ok(inProcess.served > 0 && inProcess.served < calls);

  // Live after it: the same iterations run live from there.
  [inProcess, atHost] = await replayBoth(ws.dir, file, true);
  assertSameLive(inProcess, atHost);
  assert.equal(inProcess.report.live, 2);

  // An extra call at the end of the second iteration.
  ws.write(
    'alice.js',
    BRAIN.replace(
      "refused + ' ' + id + ' ' + omw.host.timeNow();",
      "const answer = refused + ' ' + id + ' ' + omw.host.timeNow();\nif (seen === '1') omw.host.whoami();\nanswer;",
    ),
  );
  [inProcess, atHost] = await replayBoth(ws.dir, file);
  assertSame(inProcess, atHost);
  assert.match(
    inProcess.text,
    /^iteration 2 call 8: expected the end of the iteration \(outcome .*\), got host\.whoami\(\)/,
  );

  // A missing call: the first iteration ends before its log's neighbours.
  ws.write('alice.js', BRAIN.replace("refused + ' ' + id + ' ' + omw.host.timeNow();", "refused + ' ' + id;"));
  [inProcess, atHost] = await replayBoth(ws.dir, file);
  assertSame(inProcess, atHost);
  assert.match(inProcess.text, /^iteration 1 call 7: expected host\.time-now\(\), got the end of the iteration/);
});

test('a host-op breakpoint keeps replay at the host', async () => {
  const { ws, file } = await recordedSteps(jsAgents(['alice']), { 'alice.js': BRAIN }, 2);
  let host: ReplayHost | undefined;
  const [report] = await replayRecording({
    recording: loadRecording(file),
    config: loadConfig(join(ws.dir, 'omw.toml'), { env: {} }),
    spawner: forkSpawner,
    entry: agentEntry(),
    onStart: (supervisor) => {
      host = supervisor.host as ReplayHost;
      // Held calls are released at once: the breakpoint only has to see them.
      supervisor.setBreakpoints('alice', ['host.new-uuid']);
      supervisor.onStatus((status) => {
        if (status.state === 'paused') setImmediate(() => supervisor.resume('alice'));
      });
    },
  });
  assert.equal(report!.replayed, 2);
  assert.equal(host!.callsServedInProcess, 0);
});
