// `--reuse RESULTS` (docs/evals.md#reusing-trials): a trial whose case, inputs and brains are the
// earlier one's is served from the earlier recording whole (copied: it is what the run would have
// recorded); one whose brains changed replays the earlier recording with the brains as they are
// now, and goes live from the first call that differs (replay with `--live-after-divergence`),
// recorded anew. A changed case or input runs fresh: recorded answers would be the wrong ones.

import { copyFileSync, readFileSync, appendFileSync } from 'node:fs';

import type { CostTotal } from '../../contract/accounting-views.ts';
import { accountingOf } from '../recording/accounting.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import { replayRecording, type AgentReplay } from '../recording/replay.ts';
import { SessionRecorder } from '../recording/session-recorder.ts';
import type { TrialLine } from './results-format.ts';
import type { TrialRuntime } from './run-trial.ts';
import type { TrialSetup } from './trial-config.ts';

export interface EarlierTrial {
  line: TrialLine;
  recordingFile: string;
}

export interface ReusedTrial {
  reused: 'reused' | 'partly';
  durationMs: number;
  saved: { tokens: number; cost: CostTotal };
}

/** Whether the earlier trial can serve this one at all. */
export const reusable = (keys: TrialLine['keys'], earlier: TrialLine): boolean =>
  keys.case === earlier.keys?.case && keys.inputs === earlier.keys?.inputs;

export async function reuseTrial(
  earlier: EarlierTrial,
  keys: TrialLine['keys'],
  setup: TrialSetup,
  recordingFile: string,
  runtime: TrialRuntime,
): Promise<ReusedTrial> {
  const started = performance.now();
  if (keys.brains === earlier.line.keys.brains) {
    copyFileSync(earlier.recordingFile, recordingFile);
    const { tokens, cost } = earlier.line.usage;
    return { reused: 'reused', durationMs: performance.now() - started, saved: { tokens: tokens.total, cost } };
  }
  const recording = loadRecording(earlier.recordingFile);
  let recorder: SessionRecorder | undefined;
  const reports = await replayRecording({
    recording,
    config: setup.config,
    spawner: runtime.spawner,
    entry: runtime.entry,
    liveAfterDivergence: true,
    onStart: (supervisor) => {
      recorder = new SessionRecorder(supervisor, {
        file: recordingFile,
        mode: 'run',
        configFile: runtime.spec.configFile,
        brainbench: runtime.brainbench,
      });
      // Served `recv`s answer from the recording and leave the inbox alone: the input is there for
      // a brain that goes live before it has received it.
      for (const { agent, envelope } of setup.deliveries) supervisor.host.inject(agent, envelope);
    },
  });
  recorder?.close();
  // The judges' calls on the earlier answer go along: an unchanged answer is judged from them.
  const judged = readFileSync(earlier.recordingFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{"kind":"judge"'));
  if (judged.length > 0) appendFileSync(recordingFile, `${judged.join('\n')}\n`);
  const diverged = reports.some((report) => report.divergence);
  return {
    reused: diverged ? 'partly' : 'reused',
    durationMs: performance.now() - started,
    saved: servedUsage(recording, earlier.recordingFile, reports),
  };
}

/** The tokens and cost of the provider calls the replay served from the recording (before each divergence). */
function servedUsage(recording: Recording, file: string, reports: readonly AgentReplay[]): ReusedTrial['saved'] {
  const accounting = accountingOf(recording, file);
  const cost: CostTotal = { amounts: {}, unpriced: 0 };
  let tokens = 0;
  for (const report of reports) {
    const agent = recording.agents.get(report.agent);
    agent?.iterations.forEach((iteration, position) => {
      const divergence = report.divergence;
      if (divergence && iteration.iteration > divergence.iteration) return;
      for (const bar of accounting.waterfall(report.agent, position).bars) {
        if (divergence && iteration.iteration === divergence.iteration && bar.index >= divergence.call) continue;
        if (!bar.usage) continue;
        tokens += bar.usage.tokens.total;
        if (bar.usage.cost)
          cost.amounts[bar.usage.cost.currency] = (cost.amounts[bar.usage.cost.currency] ?? 0) + bar.usage.cost.amount;
        else cost.unpriced++;
      }
    });
  }
  return { tokens, cost };
}
