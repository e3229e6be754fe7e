// `brainbench explore RECORDING` (docs/counterfactuals.md, Explore): the agents of a recording
// run under many schedules, as `explore CONFIG` runs a workspace's. A recording is data: its
// agents run the workspace's brains and runtimes (replay-plan.ts), or with `recordedBrains` the
// recording's text of each brain in the runtime the workspace gives it; nothing reaches a real
// back end, every provider and tool server answering what the recording got, in order
// (recorded-mocks.ts); the memory seeds are the recorded ones, and the events delivered before
// any agent ran (an eval's input) are delivered again.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReplayPlanView } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { withRecordedBrains } from '../recording/recorded-brains.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { RecordingError, type ReadLine } from '../recording/recording-reader.ts';
import { readRecordingSegments } from '../recording/recording-segments.ts';
import { buildRecording, type Recording } from '../recording/recording.ts';
import { nothingToReplay, planReplay } from '../recording/replay-plan.ts';
import { recordingBackends } from './recorded-mocks.ts';
import { describeEvent } from './schedule.ts';

export interface RecordingWorkspace {
  /** The config explored: the recording's agents in the workspace, its back ends as mocks. */
  config: OmwConfig;
  plan: ReplayPlanView;
  /** Where an agent of the recording received one of several events ready for it at once. */
  readyAtOnce: string[];
  /** Events put into the agents' inboxes before any of them ran (an eval's input): delivered again at the start of each run. */
  inputs: { agent: string; envelope: EventEnvelope }[];
  /** Removes the recorded brains written for the run. */
  dispose(): void;
}

/** The recording `file` explored in `workspace`; a file that is not a recording is a RecordingError naming it. */
export function recordingWorkspace(
  file: string,
  workspace: OmwConfig,
  options: { recordedBrains: boolean },
): RecordingWorkspace {
  let lines: ReadLine[];
  let recording: Recording;
  try {
    lines = readRecordingSegments(file);
    recording = buildRecording(lines);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RecordingError(`${file}: no such recording`);
    if (error instanceof RecordingError && !error.message.startsWith(file))
      throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
  const plan = planReplay(recording, workspace, { recordedBrains: options.recordedBrains });
  if (plan.agents.length === 0) throw new RecordingError(`${file}: ${nothingToReplay(plan)}`);
  const agents = Object.fromEntries(plan.agents.map((agent) => [agent, workspace.agents[agent]!]));
  const memory: OmwConfig['memory'] = { ...workspace.memory };
  // The header's memory is checked as it is read (recorded-header.ts): tables of strings.
  const recorded = recording.header.config.memory;
  for (const agent of plan.agents) if (Object.hasOwn(recorded, agent)) memory[agent] = recorded[agent]!;
  let config: OmwConfig = { ...recordingBackends(workspace, recording, plan.agents), agents, memory };
  let folder: string | undefined;
  if (options.recordedBrains) {
    folder = mkdtempSync(join(tmpdir(), 'brainbench-explore-brains-'));
    try {
      config = withRecordedBrains(config, recording.header, plan.agents, folder);
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }
  return {
    config,
    plan,
    readyAtOnce: readyAtOnce(lines, plan.agents),
    inputs: startInputs(lines, plan.agents),
    dispose: () => {
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Where an agent of `agents` received an event while another was waiting in its inbox: each a
 * point where another delivery order could have been taken (`delivered` lines are events that
 * entered an inbox, `inbound` traces those the brain took). The lines are data: odd shapes are skipped.
 */
export function readyAtOnce(lines: readonly ReadLine[], agents: readonly string[]): string[] {
  const waiting = new Map<string, Map<string, EventEnvelope>>(agents.map((agent) => [agent, new Map()]));
  const points: string[] = [];
  for (const read of lines) {
    if (!('line' in read)) continue;
    const line = read.line as { kind?: unknown; agent?: unknown; envelope?: unknown; event?: unknown };
    if (line.kind === 'delivered' && typeof line.agent === 'string') {
      const envelope = envelopeOf(line.envelope);
      if (envelope) waiting.get(line.agent)?.set(envelope.id, envelope);
      continue;
    }
    if (line.kind !== 'trace') continue;
    const event = line.event as { type?: unknown; agent?: unknown; id?: unknown } | null;
    if (event?.type !== 'inbound' || typeof event.agent !== 'string' || typeof event.id !== 'string') continue;
    const inbox = waiting.get(event.agent);
    const taken = inbox?.get(event.id);
    if (!inbox || !taken) continue;
    inbox.delete(event.id);
    if (inbox.size > 0)
      points.push(
        `${event.agent} received ${describeEvent(taken)} while ${[...inbox.values()].map(describeEvent).join(', ')} ${inbox.size === 1 ? 'was' : 'were'} ready`,
      );
  }
  return points;
}

/** The events delivered to `agents` before the first iteration of any agent began. */
function startInputs(
  lines: readonly ReadLine[],
  agents: readonly string[],
): { agent: string; envelope: EventEnvelope }[] {
  const inputs: { agent: string; envelope: EventEnvelope }[] = [];
  for (const read of lines) {
    if (!('line' in read)) continue;
    const line = read.line as { kind?: unknown; agent?: unknown; envelope?: unknown; event?: { type?: unknown } };
    if (line.kind === 'trace' && line.event?.type === 'iteration-start') break;
    if (line.kind !== 'delivered' || typeof line.agent !== 'string' || !agents.includes(line.agent)) continue;
    const envelope = envelopeOf(line.envelope);
    if (envelope) inputs.push({ agent: line.agent, envelope });
  }
  return inputs;
}

function envelopeOf(value: unknown): EventEnvelope | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { id, event } = value as { id?: unknown; event?: unknown };
  if (typeof id !== 'string' || event === null || typeof event !== 'object') return undefined;
  if (typeof (event as { kind?: unknown }).kind !== 'string') return undefined;
  return value as EventEnvelope;
}
