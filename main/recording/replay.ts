import { statSync } from 'node:fs';
import type { RunMode } from '../../contract/agent-status.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { LOCAL_OPS } from '../local-calls/local-calls.ts';
import type { CheckResult } from '../runtimes/engine.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import type { SparePool } from '../supervisor/spare-pool.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import type { Divergence } from '../../contract/recording-views.ts';
import type { Recording, RecordedAgent } from './recording.ts';
import type { EffectHook } from './recorded-effect.ts';
import { ReplayHost } from './replay-host.ts';
import { RecordingError } from './recording-reader.ts';

export interface ReplayerOptions {
  /** The config to replay with: its agents' brains as they are now (the recorded one, or the user's). */
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  /** Warm agent processes the replayed agents start from (a corpus replay shares one pool). */
  spares?: SparePool;
  /** After a divergence, go on against the configured back ends instead of stopping the agent. */
  liveAfterDivergence?: boolean;
  /** Folders whose brains' failures are shown in full (HostOptions.brainFolders). */
  brainFolders?: readonly string[];
  /**
   * Serve matching calls in the agent processes and run their iterations back to back (the
   * default; docs/recordings.md says when it applies); false sends every call to the host.
   */
  serveInProcess?: boolean;
  /** Sees each recorded effect it asks for before it is served, and may answer otherwise (recorded-effect.ts). */
  effects?: EffectHook;
}

export interface ReplayOptions extends ReplayerOptions {
  recording: Recording;
  /** Only these agents (all recorded ones by default). */
  agents?: readonly string[];
  /** Sees the supervisor before any agent runs (a caller that records the replay, say). */
  onStart?: (supervisor: Supervisor) => void;
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

/** One recording for a Replayer: which of its agents, and each one's brain file when not the config's. */
export interface ReplayRun {
  recording: Recording;
  agents?: readonly string[];
  /** Per agent, the brain to run for this recording (the recorded text, written out); the config's otherwise. */
  scripts?: Readonly<Record<string, string>>;
}

/**
 * Replays recordings one after another in one ReplayHost and Supervisor, so that a corpus keeps
 * its agent processes (started from `spares`) from one recording to the next: each recording
 * starts its agents from the config's memory with an empty inbox and no open source, as a fresh
 * host would, but without a new process. Agents of one recording replay concurrently.
 */
export class Replayer {
  readonly host: ReplayHost;
  readonly supervisor: Supervisor;
  private readonly live: boolean;
  private readonly inProcess: boolean;
  private busy = false;
  /** The last check of each agent's brain, by the file's path, size and mtime: a corpus checks each brain once. */
  private readonly checks = new Map<string, { version: string; result: CheckResult }>();

  constructor(private readonly options: ReplayerOptions) {
    this.live = options.liveAfterDivergence ?? false;
    this.inProcess = options.serveInProcess ?? true;
    const { config } = options;
    this.host = new ReplayHost(config, this.live, {
      ...(options.brainFolders ? { brainFolders: options.brainFolders } : {}),
      ...(options.effects ? { effects: options.effects } : {}),
    });
    this.supervisor = new Supervisor(this.host, {
      spawner: options.spawner,
      entry: options.entry,
      ...(options.spares ? { spares: options.spares } : {}),
    });
    // The agent processes answer clocks and UUIDs themselves: in a replay, the recording does.
    for (const runner of this.supervisor.runners.values()) runner.process.forward([...LOCAL_OPS]);
  }

  /** The config the replays run with. */
  get config(): OmwConfig {
    return this.options.config;
  }

  async replay(run: ReplayRun): Promise<AgentReplay[]> {
    if (this.busy) throw new Error('a Replayer replays one recording at a time');
    const { recording } = run;
    const names = run.agents ?? [...recording.agents.keys()];
    const unknown = names.filter((name) => !recording.agents.has(name));
    if (unknown.length > 0) throw new RecordingError(`not in the recording: ${unknown.join(', ')}`);
    const missing = names.filter((name) => !Object.hasOwn(this.host.config.agents, name));
    if (missing.length > 0) throw new RecordingError(`recorded agents missing from the config: ${missing.join(', ')}`);
    this.busy = true;
    try {
      for (const name of names) this.host.rewind(name, run.scripts?.[name]);
      // Every agent is done before the Replayer takes the next recording, whatever one of them threw.
      const settled = await Promise.allSettled(names.map((name) => this.replayAgent(recording.agents.get(name)!)));
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return settled.map((result) => (result as PromiseFulfilledResult<AgentReplay>).value);
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    this.supervisor.dispose();
    await this.host.close();
  }

  private async checked(agent: string): Promise<CheckResult> {
    const script = this.host.context(agent).script;
    const version = fileVersion(script);
    const last = this.checks.get(agent);
    if (version !== undefined && last?.version === version) return last.result;
    const result = await this.supervisor.runner(agent).check();
    if (version !== undefined) this.checks.set(agent, { version, result });
    return result;
  }

  private async replayAgent(agent: RecordedAgent): Promise<AgentReplay> {
    const { host, supervisor, live } = this;
    const runner = supervisor.runner(agent.name);
    const report: AgentReplay = { agent: agent.name, replayed: 0, live: 0 };
    const check = await this.checked(agent.name);
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
        divergence.position = {
          source: host.context(agent.name).script,
          line: result.line,
          column: result.column ?? 1,
        };
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
      } else if (this.inProcess && supervisor.servesCallsInProcess(agent.name)) {
        const rest = iterations.slice(position);
        const scripts = rest.map((it) => ({
          trigger: it.trigger,
          mode: modeOf(it.trigger),
          script: host.scriptOf(it, agent.name),
        }));
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
}

/**
 * Runs a recording's iterations again with the brains of `config`, every host call answered from
 * the recording (ReplayHost); agents replay independently and concurrently, since every event
 * one received is in its own recorded calls.
 */
export async function replayRecording(options: ReplayOptions): Promise<AgentReplay[]> {
  const { recording } = options;
  const names = options.agents ?? [...recording.agents.keys()];
  const unknown = names.filter((name) => !recording.agents.has(name));
  if (unknown.length > 0) throw new RecordingError(`not in the recording: ${unknown.join(', ')}`);
  const missing = names.filter((name) => !Object.hasOwn(options.config.agents, name));
  if (missing.length > 0) throw new RecordingError(`recorded agents missing from the config: ${missing.join(', ')}`);
  const replayer = new Replayer(options);
  try {
    options.onStart?.(replayer.supervisor);
    return await replayer.replay({ recording, agents: names });
  } finally {
    await replayer.close();
  }
}

/** A file's path, size and mtime, which change when it is written; undefined when it cannot be read. */
function fileVersion(file: string): string | undefined {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${file}\u0000${size}\u0000${mtimeMs}`;
  } catch {
    return undefined;
  }
}

export const modeOf = (trigger: RecordedAgent['iterations'][number]['trigger']): RunMode =>
  trigger === 'loop' ? 'loop' : trigger === 'run' ? 'run' : 'step';
