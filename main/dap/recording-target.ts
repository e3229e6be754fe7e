// `brainbench dap` on an opened recording (docs/debugging.md#time-travel-in-a-recording): a launch
// with `recording` debugs one recorded agent's iterations, re-executed with the workspace's brain
// (the recorded text only with `recordedBrains`) in the workspace's runtime for the agent, every host
// call served from the recording. The workspace is the config's folder (`config`, else the current
// folder's omw config); the recording must lie inside it, links followed. Nothing a recording names
// (its runtimes, interpreters, paths) is used.

import { dirname, resolve } from 'node:path';
import { findDefaultConfig, loadConfig } from '../config/load-config.ts';
import { RecordingDebugger } from '../debugger/recording-debugger.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';
import { loadRecording } from '../recording/recording.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { recordedPast } from '../time-travel/recorded-past.ts';

export interface RecordingLaunch {
  recording: string;
  agent?: string;
  config?: string;
  recordedBrains?: boolean;
  /** The recorded iteration to start in (its number); the first by default. */
  iteration?: number;
  stopOnEntry?: boolean;
}

export interface RecordingTarget {
  debug: RecordingDebugger;
  /** Starts once the client has set its breakpoints: at the first statement, or the first hit. */
  start: () => Promise<void>;
}

/** Opens the launch's recording for debugging; every refusal is one line. */
export function openRecordingTarget(launch: RecordingLaunch, spawner: AgentSpawner, entry: string): RecordingTarget {
  if (typeof launch.recording !== 'string' || launch.recording === '')
    throw new Error('`recording` must be the path of a recording (.jsonl)');
  if (launch.iteration !== undefined && !(Number.isSafeInteger(launch.iteration) && launch.iteration >= 0))
    throw new Error('`iteration` must be a recorded iteration number');
  const configFile = launch.config ?? findDefaultConfig(process.cwd());
  const config = loadConfig(configFile, { env: process.env });
  const workspace = realPathOf(dirname(resolve(configFile)));
  const file = realPathOf(resolve(launch.recording));
  if (!file) throw new Error(`${launch.recording}: no such recording`);
  if (!workspace || !isWithin(workspace, file))
    throw new Error(`${launch.recording} is outside the workspace (${dirname(resolve(configFile))})`);
  const recording = loadRecording(file);
  const agents = [...recording.agents.keys()];
  const agent = launch.agent ?? (agents.length === 1 ? agents[0] : undefined);
  if (agent === undefined)
    throw new Error(`the recording holds ${agents.join(', ') || 'no agents'}: say which with \`agent\``);
  const past = recordedPast(recording, config, agent, launch.recordedBrains === true);
  const debug = new RecordingDebugger({ past, spawner, entry });
  return { debug, start: () => debug.start(launch.iteration, launch.stopOnEntry ? 'entry' : 'continue') };
}
