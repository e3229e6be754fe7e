// An agent's past as a recording holds it (docs/debugging.md#time-travel-in-a-recording): its
// iterations, each with the brain's text to re-execute, its host calls with their answers and
// the memory at its start, for time travel, watches, logpoints and line counts over a recording.
// A recording is data: the text that runs is the workspace's brain for the agent, or, only when
// the user asks (`recordedBrains`), the recorded text; either runs in the runtime the workspace's
// config gives the agent (its sandbox and limits), never in anything the recording names.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import { decodeValue } from '../agent-protocol/recorded-values.ts';
import type { ReplayCall } from '../agent-protocol/replay-script.ts';
import type { OmwConfig } from '../config/config-types.ts';
import type { RecordedCall, Recording } from '../recording/recording.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { noRecordedText } from '../recording/replay-plan.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import { agentInit } from '../supervisor/agent-init.ts';
import type { PastIteration } from './past-iteration.ts';

export interface RecordedPast {
  agent: string;
  /** The recorded iterations, oldest first; one the recording cuts short is `complete: false`. */
  iterations: PastIteration[];
  /** How the re-executing process starts: the workspace's runtime for the agent. */
  init: AgentInit;
  /** The brain file the iterations run as (the workspace's), which breakpoints and line counts name. */
  source: string;
}

/**
 * The agent's recorded past, to re-execute with the workspace's brain (or the recorded text, with
 * `recordedBrains`). Refused in one line: an agent the recording or the workspace lacks, a brain
 * without source lines, recorded text the recording does not hold.
 */
export function recordedPast(
  recording: Recording,
  config: OmwConfig,
  agent: string,
  recordedBrains: boolean,
): RecordedPast {
  const recorded = recording.agents.get(agent);
  if (!recorded) throw new RecordingError(`the recording has no agent "${agent}"`);
  if (!Object.hasOwn(config.agents, agent))
    throw new RecordingError(`the workspace's config has no agent "${agent}" to re-execute the recording with`);
  const kind = config.runtime[config.agents[agent]!.runtime]?.kind ?? '';
  if (runtimeDescriptor(kind)?.debugging.level !== 'source')
    throw new RecordingError(`${agent}: a ${kind} brain has no lines to re-execute (only script brains do)`);
  const source = resolve(config.agents[agent]!.script);
  const workspaceText = recordedBrains ? '' : readBrain(source, agent);
  const memory = new Map(Object.entries(recording.header.config.memory[agent] ?? {}));
  const iterations = recorded.iterations.map((iteration): PastIteration => {
    const script = recordedBrains ? recordedText(iteration.header, config, agent) : workspaceText;
    const past: PastIteration = {
      agent,
      iteration: iteration.iteration,
      script,
      filename: source,
      calls: iteration.calls.map(replayCall),
      complete: iteration.end !== undefined,
      memory: new Map(memory),
    };
    for (const call of iteration.calls) {
      if (!call.ok) continue;
      if (call.op === 'host.memory-set') memory.set(String(call.args[0]), String(call.args[1]));
      else if (call.op === 'host.memory-remove') memory.delete(String(call.args[0]));
    }
    return past;
  });
  return { agent, iterations, init: agentInit(config, agent), source };
}

function readBrain(file: string, agent: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordingError(`${agent}: its brain ${file} cannot be read: ${(error as Error).message}`);
  }
}

function recordedText(header: Recording['header'], config: OmwConfig, agent: string): string {
  const missing = noRecordedText(header, config, agent);
  if (missing) throw new RecordingError(`${agent}: ${missing}`);
  return header.brains[agent]!.source!;
}

function replayCall(call: RecordedCall): ReplayCall {
  return call.ok
    ? { op: call.op, args: call.args, ok: true, value: decodeValue(call.op, call.value) }
    : {
        op: call.op,
        args: call.args,
        ok: false,
        error: call.error ?? (call.fault ? '' : 'failed'),
        fault: !!call.fault,
      };
}
