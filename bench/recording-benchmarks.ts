// Recording's cost on the host-call round trip, and replay's speed against the wall time of the
// run it replays (timers served from the file, not waited on).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { accountingOf } from '../main/recording/accounting.ts';
import { loadRecording } from '../main/recording/recording.ts';
import { replayRecording } from '../main/recording/replay.ts';
import { SessionRecorder } from '../main/recording/session-recorder.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const CALLS = 5000;
const ITERATIONS = 1000;

function workspace(brain: string): { dir: string; supervisor: Supervisor } {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-rec-'));
  writeFileSync(join(dir, 'omw.toml'), '[runtime.js]\nkind = "js"\n[agents.a]\nruntime = "js"\nscript = "a.js"\n');
  writeFileSync(join(dir, 'a.js'), brain);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  return { dir, supervisor: new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() }) };
}

const record = (supervisor: Supervisor, file: string) =>
  new SessionRecorder(supervisor, { file, mode: 'loop', configFile: 'omw.toml', brainbench: 'bench' });

/** µs per host call of a brain making CALLS memory calls per iteration, with and without a recording, interleaved. */
async function roundTrip(): Promise<{ plain: number; recorded: number }> {
  const { dir, supervisor } = workspace(
    `for (let i = 0; i < ${CALLS}; i++) omw.host.memoryGet('k');\nomw.host.memorySet('k', 'v');\n`,
  );
  const plain: number[] = [];
  const recorded: number[] = [];
  const step = async () => {
    const started = performance.now();
    await supervisor.step('a');
    return ((performance.now() - started) * 1000) / CALLS;
  };
  try {
    for (let i = 0; i < 3; i++) await step();
    for (let run = 0; run < 9; run++) {
      plain.push(await step());
      const recorder = record(supervisor, join(dir, `run-${run}.jsonl`));
      recorded.push(await step());
      recorder.close();
    }
  } finally {
    supervisor.dispose();
  }
  return { plain: median(plain), recorded: median(recorded) };
}

/**
 * Wall time of a recorded ITERATIONS-iteration run with timers, and of its replay: served in the
 * agent process (the default) and, side by side, with every call sent to the host.
 */
async function replaySpeed(): Promise<{ recordedMs: number; replayMs: number; atHostMs: number }> {
  const brain =
    'const t = omw.host.waitFor(10);\nwhile (omw.host.recv().id !== t) {}\nomw.host.sleepFor(10);\nomw.host.timeNow();\n';
  const { dir, supervisor } = workspace(brain);
  const file = join(dir, 'loop.jsonl');
  const recorder = record(supervisor, file);
  const started = performance.now();
  try {
    for (let i = 0; i < ITERATIONS; i++) await supervisor.step('a');
  } finally {
    recorder.close();
    supervisor.dispose();
  }
  const recordedMs = performance.now() - started;
  const recording = loadRecording(file);
  const replay = async (serveInProcess: boolean): Promise<number> => {
    const replayStarted = performance.now();
    const [report] = await replayRecording({
      recording,
      config: loadConfig(join(dir, 'omw.toml'), { env: {} }),
      spawner: forkSpawner,
      entry: agentEntry(),
      serveInProcess,
    });
    if (report?.replayed !== ITERATIONS) throw new Error(`the replay diverged: ${JSON.stringify(report?.divergence)}`);
    return performance.now() - replayStarted;
  };
  const atHostMs = await replay(false);
  const replayMs = await replay(true);
  return { recordedMs, replayMs, atHostMs };
}

const ACCOUNTED_ITERATIONS = 2500;

/**
 * ms to read and summarise a recording of over 100,000 events: iterations of a stream with usage
 * on its deltas, a blocking chat and memory calls, priced; each iteration's waterfall too.
 */
async function accountingSpeed(): Promise<{ events: number; summaryMs: number; waterfallsMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-acct-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n[agents.a]\nruntime = "js"\nscript = "a.js"\n[providers.p]\nkind = "mock"\n' +
      'turns = [ { content = "x", usage = { prompt_tokens = 10, completion_tokens = 5 } } ]\n' +
      '[providers.p.prices."m"]\ninput_per_mtok = 2.5\noutput_per_mtok = 10.0\n',
  );
  writeFileSync(
    join(dir, 'a.js'),
    "const p = omw.provider.get('p');\nconst s = p.chatStream('m', [], []);\n" +
      "for (;;) { const e = omw.host.recv(); if (e.id === s && e.kind === 'chat-end') break; }\n" +
      "p.chat('m', [], []);\nfor (let i = 0; i < 20; i++) omw.host.memoryGet('k' + i);\n",
  );
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  const file = join(dir, 'priced.jsonl');
  const recorder = record(supervisor, file);
  try {
    for (let i = 0; i < ACCOUNTED_ITERATIONS; i++) await supervisor.step('a');
  } finally {
    recorder.close();
    supervisor.dispose();
  }
  const summary: number[] = [];
  const waterfalls: number[] = [];
  let events = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const recording = loadRecording(file);
    const accounting = accountingOf(recording, file);
    const view = accounting.view();
    summary.push(performance.now() - started);
    const alice = recording.agents.get('a')!;
    events = alice.iterations.reduce((sum, it) => sum + it.calls.length + it.events.length, 0);
    if (view.run.providerCalls !== 2 * ACCOUNTED_ITERATIONS) throw new Error('the accounting lost provider calls');
    const drawn = performance.now();
    for (let position = 0; position < alice.iterations.length; position++) accounting.waterfall('a', position);
    waterfalls.push(performance.now() - drawn);
  }
  return { events, summaryMs: median(summary), waterfallsMs: median(waterfalls) };
}

export async function recordingBenchmarks(): Promise<BenchRow[]> {
  const trip = await roundTrip();
  const speed = await replaySpeed();
  const accounted = await accountingSpeed();
  return [
    { name: 'host-call round trip, not recorded', value: trip.plain, unit: 'µs' },
    {
      name: 'host-call round trip, recorded',
      value: trip.recorded,
      unit: 'µs',
      floor: trip.plain,
      target: '<= 1.10x not recorded',
    },
    { name: `run of ${ITERATIONS} iterations with 20 ms of timers, recorded`, value: speed.recordedMs, unit: 'ms' },
    {
      name: `its replay (speed-up ${(speed.recordedMs / speed.replayMs).toFixed(1)}x)`,
      value: speed.replayMs,
      unit: 'ms',
      floor: speed.recordedMs,
      target: '<= 0.05x the recorded run (>= 20x faster)',
    },
    {
      name: `the same replay with every call answered by the host (${(speed.recordedMs / speed.atHostMs).toFixed(1)}x)`,
      value: speed.atHostMs,
      unit: 'ms',
      floor: speed.recordedMs,
    },
    {
      name: `accounting of a ${accounted.events}-event recording (read + summed)`,
      value: accounted.summaryMs,
      unit: 'ms',
      target: '< 1000 ms',
    },
    { name: `its ${ACCOUNTED_ITERATIONS} iterations' waterfalls`, value: accounted.waterfallsMs, unit: 'ms' },
  ];
}
