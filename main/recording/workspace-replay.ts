// `brainbench replay` and the workbench's Replay: a recording run again in the workspace the user
// names (replay-plan.ts says what runs), its plan handed out before anything runs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReplayPlanView } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { withRecordedBrains } from './recorded-brains.ts';
import type { Recording } from './recording.ts';
import { RecordingError } from './recording-reader.ts';
import { nothingToReplay, planReplay, type ReplayChoice } from './replay-plan.ts';
import { replayRecording, type AgentReplay } from './replay.ts';

export interface WorkspaceReplayOptions extends ReplayChoice {
  recording: Recording;
  /** The workspace's config (with its real secrets): its agents' brains and runtimes run. */
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  liveAfterDivergence?: boolean;
  /** Folders whose brains' failures are shown in full (HostOptions.brainFolders). */
  brainFolders?: readonly string[];
  /** Sees the plan before anything runs. */
  onPlan?: (plan: ReplayPlanView) => void;
}

export async function replayInWorkspace(
  options: WorkspaceReplayOptions,
): Promise<{ plan: ReplayPlanView; reports: AgentReplay[] }> {
  const { recording, config } = options;
  const plan = planReplay(recording, config, options);
  options.onPlan?.(plan);
  if (plan.agents.length === 0) throw new RecordingError(nothingToReplay(plan));
  const folder = options.recordedBrains ? mkdtempSync(join(tmpdir(), 'brainbench-recorded-brains-')) : undefined;
  try {
    const brains = folder ? withRecordedBrains(config, recording.header, plan.agents, folder) : config;
    const reports = await replayRecording({
      recording,
      config: onlyAgents(brains, plan.agents),
      spawner: options.spawner,
      entry: options.entry,
      agents: plan.agents,
      ...(options.liveAfterDivergence ? { liveAfterDivergence: true } : {}),
      ...(options.brainFolders
        ? { brainFolders: [...options.brainFolders, ...(folder ? [realPathOf(folder) ?? folder] : [])] }
        : {}),
    });
    return { plan, reports };
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

/** The config of just these agents: no process starts for an agent that is not replayed. */
function onlyAgents(config: OmwConfig, agents: readonly string[]): OmwConfig {
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(agents.flatMap((agent) => (Object.hasOwn(table, agent) ? [[agent, table[agent]!]] : [])));
  return { ...config, agents: pick(config.agents), memory: pick(config.memory) };
}
