import type { ConfigFormat } from '../config/config-format.ts';
import { divergenceDetails, divergenceHeadline } from '../recording/divergence.ts';
import { writeRecordingTest } from '../recording/recording-to-test.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { brainDifference } from '../recording/replay-plan.ts';
import type { AgentReplay } from '../recording/replay.ts';
import { replayInWorkspace } from '../recording/workspace-replay.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import type { ReplayPlanView } from '../../contract/recording-views.ts';
import { CommandError } from './command-error.ts';
import { openRecording } from './recording-input.ts';
import { workspaceConfig } from './workspace-option.ts';
import { counted } from '../../contract/counted.ts';

export interface ReplayCommandOptions {
  file: string;
  /** The workspace's config; the current folder's omw config when absent. */
  config?: string;
  format?: ConfigFormat;
  liveAfterDivergence: boolean;
  /** Run the recording's own text of each brain (in the workspace's runtimes). */
  recordedBrains: boolean;
  /** Write an omw test folder from the recording instead of replaying it. */
  toTest?: string;
  agents: string[];
  print: (line: string) => void;
}

/** `brainbench replay FILE`: exit 0 only when no replayed agent diverged. */
export async function replayCommand(options: ReplayCommandOptions): Promise<number> {
  const recording = openRecording(options.file);
  if (options.toTest !== undefined) {
    const toTest = options.toTest;
    const written = await asCommandError(() =>
      writeRecordingTest(recording, toTest, options.agents.length > 0 ? options.agents : undefined, (warning) =>
        options.print(`note: ${warning}`),
      ),
    );
    for (const file of written) options.print(`wrote ${file}`);
    return 0;
  }
  const unknown = options.agents.filter((agent) => !recording.agents.has(agent));
  if (unknown.length > 0) throw new CommandError(`${options.file} has no agent ${unknown.join(', ')}`);
  const config = workspaceConfig('replay', options.config, options.format);
  const absent = options.agents.filter((agent) => !Object.hasOwn(config.agents, agent));
  if (absent.length > 0)
    throw new CommandError(`the workspace's config (${config.file}) has no agent ${absent.join(', ')}`);
  const { reports } = await asCommandError(() =>
    replayInWorkspace({
      recording,
      config,
      spawner: forkSpawner,
      entry: agentEntry(),
      recordedBrains: options.recordedBrains,
      liveAfterDivergence: options.liveAfterDivergence,
      ...(options.agents.length > 0 ? { agents: options.agents } : {}),
      onPlan: (plan) => describePlan(plan).forEach((line) => options.print(line)),
    }),
  );
  for (const report of reports) for (const line of describeReplay(report)) options.print(line);
  if (recording.truncated) options.print('note: the recording ends with a cut line (it was not closed)');
  return reports.every((report) => !report.divergence) ? 0 : 1;
}

/** What a replay is about to run, said first: brains that are not the recorded ones, agents it leaves out. */
export function describePlan(plan: ReplayPlanView): string[] {
  return [
    ...(plan.recordedBrains
      ? ["note: the recorded brains run, each in the runtime the workspace's config gives it"]
      : []),
    ...plan.brains.flatMap((brain) => brainDifference(brain, plan.recordedBrains) ?? []).map((line) => `note: ${line}`),
    ...plan.skipped.map(({ agent, reason }) => `NOT REPLAYED ${agent}: ${reason}`),
  ];
}

export function describeReplay(report: AgentReplay): string[] {
  const { divergence } = report;
  if (!divergence) return [`REPLAYED ${report.agent}: ${counted(report.replayed, 'iteration')}`];
  return [
    `DIVERGED ${report.agent} ${divergenceHeadline(divergence)}`,
    ...divergenceDetails(divergence),
    ...(report.replayed > 0 ? [`  ${report.replayed} iteration(s) replayed before it`] : []),
    ...(report.live > 0 ? [`  went live: ${report.live} iteration(s) against the configured back ends`] : []),
  ];
}

/** A recording the command cannot use is the user's input to fix: one line, no stack. */
async function asCommandError<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    throw error;
  }
}
