// One trial run live: the trial's config under omw-test's harness (run-harness.ts), its input
// delivered before the agents start, recorded whole into its own recording, watched for what ends
// it (trial-watch.ts), and exported as OpenTelemetry spans when asked (as `brainbench run` does).

import { appendFileSync, readFileSync, rmSync } from 'node:fs';

import { SessionRecorder } from '../recording/session-recorder.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { LiveTelemetry, type LiveTarget } from '../telemetry/live-telemetry.ts';
import { runHarness } from '../testing/run-harness.ts';
import type { EvalSpec } from './load-eval.ts';
import type { TrialSetup } from './trial-config.ts';
import { TrialWatch, type BudgetOverrun, type TrialEnd } from './trial-watch.ts';

export interface TrialRuntime {
  spec: EvalSpec;
  spawner: AgentSpawner;
  entry: string;
  brainbench: string;
  otlp?: LiveTarget;
  /** Said once per run, at the first failed OTLP export. */
  warn: (message: string) => void;
}

export interface RanTrial {
  durationMs: number;
  overrun?: BudgetOverrun;
  /** The run could not start (a back end that does not build): nothing was recorded. */
  failedToStart?: string;
}

export async function runTrial(
  setup: TrialSetup,
  ends: TrialEnd,
  recordingFile: string,
  runtime: TrialRuntime,
): Promise<RanTrial> {
  const { spec } = runtime;
  const started = performance.now();
  let recorder: SessionRecorder | undefined;
  let telemetry: LiveTelemetry | undefined;
  let watch: TrialWatch | undefined;
  // A file destination is the whole run's: each trial's spans are written apart, then appended.
  const destination =
    runtime.otlp &&
    ('file' in runtime.otlp.destination ? { file: `${recordingFile}.otlp.part` } : runtime.otlp.destination);
  const harness = await runHarness(setup.config, {
    spawner: runtime.spawner,
    entry: runtime.entry,
    mode: spec.end.loop ? 'loop' : 'run',
    onStart: (run) => {
      const facts = { mode: 'run' as const, configFile: spec.configFile, brainbench: runtime.brainbench };
      recorder = new SessionRecorder(run.supervisor, { file: recordingFile, ...facts });
      if (runtime.otlp && destination)
        telemetry = new LiveTelemetry(run.supervisor, { ...runtime.otlp, destination, ...facts, warn: runtime.warn });
      watch = new TrialWatch(run, spec.end, ends, setup.config);
      for (const { agent, envelope } of setup.deliveries) run.supervisor.host.inject(agent, envelope);
    },
  });
  recorder?.close();
  await telemetry?.close();
  if (telemetry && runtime.otlp && 'file' in runtime.otlp.destination && destination && 'file' in destination) {
    appendFileSync(runtime.otlp.destination.file, readFileSync(destination.file));
    rmSync(destination.file, { force: true });
  }
  const durationMs = performance.now() - started;
  if (!recorder) return { durationMs, failedToStart: harness.errors[0] ?? 'the trial could not start' };
  const maxSeconds = setup.config.tunables.test_timeout_secs;
  const overrun =
    watch?.overrun ??
    (harness.timedOut
      ? { budget: 'max_seconds' as const, reason: `the trial ran past max_seconds = ${maxSeconds}` }
      : undefined);
  return { durationMs, ...(overrun ? { overrun } : {}) };
}
