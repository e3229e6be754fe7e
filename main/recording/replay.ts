import type { RunMode } from '../../contract/agent-status.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { LOCAL_OPS } from '../local-calls/local-calls.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import type { Divergence } from '../../contract/recording-views.ts';
import type { Recording, RecordedAgent } from './recording.ts';
import { ReplayHost } from './replay-host.ts';
import { RecordingError } from './recording-reader.ts';

export interface ReplayOptions {
  recording: Recording;
  /** The config to replay with: its agents' brains as they are now (the recorded one, or the user's). */
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  /** After a divergence, go on against the configured back ends instead of stopping the agent. */
  liveAfterDivergence?: boolean;
  /** Only these agents (all recorded ones by default). */
  agents?: readonly string[];
  /** Sees the supervisor before any agent runs (a caller that records the replay, say). */
  onStart?: (supervisor: Supervisor) => void;
  /** Folders whose brains' failures are shown in full (HostOptions.brainFolders). */
  brainFolders?: readonly string[];
  /**
   * Serve matching calls in the agent processes and run their iterations back to back (the
   * default; docs/recordings.md says when it applies); false sends every call to the host.
   */
  serveInProcess?: boolean;
}

export interface AgentReplay {
  agent: string;
  /** Iterations that ran as recorded. */
  replayed: number;
  divergence?: Divergence;
  /** Iterations that ran live after the divergence. */
  live: number;
  /** How the last iteration ended. */
  last?: IterationResult;
}

/**
 * Runs a recording's iterations again with the brains of `config`, every host call answered from
 * the recording (ReplayHost); agents replay independently and concurrently, since every event
 * one received is in its own recorded calls.
 */
export async function replayRecording(options: ReplayOptions): Promise<AgentReplay[]> {
  const { recording, config } = options;
  const names = options.agents ?? [...recording.agents.keys()];
  const unknown = names.filter((name) => !recording.agents.has(name));
  if (unknown.length > 0) throw new RecordingError(`not in the recording: ${unknown.join(', ')}`);
  const missing = names.filter((name) => !Object.hasOwn(config.agents, name));
  if (missing.length > 0) throw new RecordingError(`recorded agents missing from the config: ${missing.join(', ')}`);
  const live = options.liveAfterDivergence ?? false;
  const host = new ReplayHost(config, live, options.brainFolders ? { brainFolders: options.brainFolders } : {});
  const supervisor = new Supervisor(host, { spawner: options.spawner, entry: options.entry });
  try {
    // The agent processes answer clocks and UUIDs themselves: in a replay, the recording does.
    for (const name of names) supervisor.runner(name).process.forward([...LOCAL_OPS]);
    options.onStart?.(supervisor);
    const inProcess = options.serveInProcess ?? true;
    return await Promise.all(
      names.map((name) => replayAgent(host, supervisor, recording.agents.get(name)!, live, inProcess)),
    );
  } finally {
    supervisor.dispose();
    await host.close();
  }
}

async function replayAgent(
  host: ReplayHost,
  supervisor: Supervisor,
  agent: RecordedAgent,
  live: boolean,
  inProcess: boolean,
): Promise<AgentReplay> {
  const runner = supervisor.runner(agent.name);
  const report: AgentReplay = { agent: agent.name, replayed: 0, live: 0 };
  const check = await runner.check();
  const { iterations } = agent;
  if (!check.ok) {
    report.last = { kind: 'failed', error: check.error };
    if (iterations[0]) {
      host.beginIteration(agent.name, iterations[0]);
      report.divergence = host.endIteration(agent.name, report.last);
    }
    return report;
  }
  let position = 0;
  let stopped = false;
  /** Settles a replayed iteration; whether it replayed as recorded. */
  const ended = (result: IterationResult): boolean => {
    report.last = result;
    position++;
    const divergence = host.endIteration(agent.name, result);
    if (!divergence) {
      report.replayed++;
      return true;
    }
    if (!divergence.position && result.kind === 'failed' && result.line !== undefined) {
      divergence.position = { source: host.context(agent.name).script, line: result.line, column: result.column ?? 1 };
    }
    report.divergence = divergence;
    stopped = !live;
    if (live) {
      // It went live inside this iteration (a differing call) or goes live from the next one.
      if (!host.isLive(agent.name)) host.goLive(agent.name);
      report.live++;
    }
    return false;
  };
  while (position < iterations.length && !stopped) {
    const iteration = iterations[position]!;
    if (host.isLive(agent.name)) {
      report.last = await runner.iterate(iteration.trigger, modeOf(iteration.trigger));
      report.live++;
      position++;
    } else if (inProcess && supervisor.servesCallsInProcess(agent.name)) {
      const rest = iterations.slice(position);
      const scripts = rest.map((it) => ({ trigger: it.trigger, mode: modeOf(it.trigger), script: host.scriptOf(it) }));
      host.beginIteration(agent.name, iteration);
      await runner.iterateReplayed(scripts, (result) => {
        const asRecorded = ended(result);
        if (asRecorded && position < iterations.length) host.beginIteration(agent.name, iterations[position]!);
        return asRecorded;
      });
    } else {
      host.beginIteration(agent.name, iteration);
      ended(await runner.iterate(iteration.trigger, modeOf(iteration.trigger)));
    }
  }
  return report;
}

const modeOf = (trigger: RecordedAgent['iterations'][number]['trigger']): RunMode =>
  trigger === 'loop' ? 'loop' : trigger === 'run' ? 'run' : 'step';
