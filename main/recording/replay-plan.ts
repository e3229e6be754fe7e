// What a replay (or a fork) runs, decided before it runs: the brains and runtimes of the
// workspace the user names, for the agents both the recording and the workspace have. An agent
// only one of them has is left out with the reason; each replayed agent's brain is compared with
// the recorded one by hash. With `recordedBrains`, the recording's own text of each brain runs
// instead, still in the runtime the workspace's config gives the agent.

import type { BrainComparisonView, ReplayPlanView, SkippedAgentView } from '../../contract/recording-views.ts';
import { basename } from 'node:path';
import type { OmwConfig } from '../config/config-types.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { HeaderLine } from './recording-format.ts';
import { fileHash } from './recording-header.ts';
import type { Recording } from './recording.ts';

export interface ReplayChoice {
  /** Only these recorded agents (all by default). */
  agents?: readonly string[];
  /** Run the recording's text of each brain instead of the workspace's. */
  recordedBrains: boolean;
}

/** The agent's brain in the recording and in the workspace, by hash. */
export function compareBrain(header: HeaderLine, config: OmwConfig, agent: string): BrainComparisonView {
  const script = config.agents[agent]!.script;
  const workspace = { path: script, sha256: fileHash(script) };
  const brain = Object.hasOwn(header.brains, agent) ? header.brains[agent] : undefined;
  if (!brain) return { agent, workspace, same: false };
  const recorded = { path: brain.path, sha256: brain.sha256, hasSource: brain.source !== undefined };
  return { agent, recorded, workspace, same: recorded.sha256 !== null && recorded.sha256 === workspace.sha256 };
}

/** Why the recording cannot give an agent's brain to run, or undefined when it can. */
export function noRecordedText(header: HeaderLine, config: OmwConfig, agent: string): string | undefined {
  const brain = Object.hasOwn(header.brains, agent) ? header.brains[agent] : undefined;
  if (brain?.source !== undefined) return undefined;
  const kind = config.runtime[config.agents[agent]!.runtime]?.kind ?? '';
  const why = !brain
    ? 'the agent was added after the recording began'
    : runtimeDescriptor(kind)?.brain.format === 'component'
      ? 'a component is not recorded'
      : brain.sha256 === null
        ? 'its file could not be read when it was recorded'
        : 'it lay outside the recorded workspace';
  return `the recording holds no text of its brain (${why})`;
}

export function planReplay(recording: Recording, config: OmwConfig, choice: ReplayChoice): ReplayPlanView {
  const { header } = recording;
  const recorded = choice.agents ?? [...recording.agents.keys()].sort();
  const inWorkspace = (agent: string) => Object.hasOwn(config.agents, agent);
  const skipped: SkippedAgentView[] = [];
  const agents: string[] = [];
  const configName = basename(config.file);
  for (const agent of recorded) {
    if (!inWorkspace(agent)) {
      skipped.push({ agent, reason: `recorded, but not in the workspace's config (${configName})` });
      continue;
    }
    const missing = choice.recordedBrains ? noRecordedText(header, config, agent) : undefined;
    if (missing) skipped.push({ agent, reason: missing });
    else agents.push(agent);
  }
  if (!choice.agents) {
    for (const agent of Object.keys(config.agents).sort()) {
      if (!recording.agents.has(agent))
        skipped.push({ agent, reason: 'in the workspace, but the recording has no iteration of it' });
    }
  }
  return {
    agents,
    skipped,
    brains: agents.map((agent) => compareBrain(header, config, agent)),
    recordedBrains: choice.recordedBrains,
  };
}

/** A brain that is not the recorded one, in a sentence with both hashes; undefined when it is. */
export function brainDifference(brain: BrainComparisonView, recordedBrains: boolean): string | undefined {
  if (brain.same) return undefined;
  const hash = (sha256: string | null) => (sha256 === null ? 'unreadable' : `sha256 ${sha256}`);
  const runs = recordedBrains ? 'the recorded one runs' : "the workspace's runs";
  if (!brain.recorded) {
    return `${brain.agent}: the recording has no brain of it (added after it began); the workspace's is ${hash(brain.workspace.sha256)} (${brain.workspace.path})`;
  }
  return (
    `${brain.agent}: the workspace's brain differs from the recorded one: recorded ${hash(brain.recorded.sha256)} ` +
    `(${brain.recorded.path}), workspace ${hash(brain.workspace.sha256)} (${brain.workspace.path}); ${runs}`
  );
}

/** Why a replay has nothing to run, in one line. */
export function nothingToReplay(plan: ReplayPlanView): string {
  const why = plan.skipped.map(({ agent, reason }) => `${agent}: ${reason}`).join('; ');
  return `nothing to replay: no recorded agent can run in this workspace${why ? ` (${why})` : ''}`;
}
