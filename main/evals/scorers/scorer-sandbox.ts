// One code scorer's sandbox: an agent process and its engine, run through the host-call layer as
// a brain is, scoring a batch of trials per message. Each trial is one iteration with a fresh
// engine context; the process runs the batch back to back as it replays recorded iterations
// (docs/recordings.md), answering the script's `memory-get` calls itself from what the host
// predicted it would read (the trial's `case`, `outcome`… as JSON), so a trial costs no round
// trip to the host. The prediction is what the previous trial read: a script that reads something
// else, or calls any other op, goes to the host from that call on (whose memory holds the trial's
// values), and the batch stops after that trial, the rest being sent again. So the answers a
// script gets are the same either way, and each trial's verdict is its own: a script that throws,
// spins past its limits or eats memory ends that trial only.

import type { IterationResult } from '../../../contract/iteration-result.ts';
import type { ReplayCall } from '../../agent-protocol/replay-script.ts';
import type { OmwConfig } from '../../config/config-types.ts';
import { tunablesSchema } from '../../config/tunables-schema.ts';
import type { HostOp } from '../../host-api/host-ops.generated.ts';
import { Host } from '../../host/host.ts';
import type { AgentSpawner } from '../../supervisor/agent-spawner.ts';
import { Supervisor } from '../../supervisor/supervisor.ts';

const AGENT = 'scorer';
const MEMORY_GET: HostOp = 'host.memory-get';

/** A trial to score: its memory (each value JSON text, made when first read), and where its result goes. */
export interface ScorerTrial {
  memory: { keys: readonly string[]; value(key: string): string | undefined };
  settle: (result: IterationResult) => void;
}

const MEMORY_OPS: readonly HostOp[] = ['host.memory-get', 'host.memory-set', 'host.memory-remove'];

/**
 * A Host that lets its agent process serve calls itself, and sees which ones reached it. The
 * trial's memory is written into the agent's only when a memory call reaches the host, since
 * most trials read all they read from the process.
 */
class ScorerHost extends Host {
  served = 0;
  reached: { op: HostOp; args: readonly unknown[] }[] = [];
  unwritten: ScorerTrial['memory'] | undefined;

  override servedInProcess(_agent: string, count: number): void {
    this.served += count;
  }

  protected override dispatch(agent: string, op: HostOp, args: readonly unknown[]): Promise<unknown> {
    this.reached.push({ op, args });
    const memory = this.unwritten;
    if (memory && MEMORY_OPS.includes(op)) {
      this.unwritten = undefined;
      const ctx = this.context(agent);
      for (const key of memory.keys) ctx.memory.set(key, memory.value(key)!);
    }
    return super.dispatch(agent, op, args);
  }
}

export class ScorerSandbox {
  private readonly host: ScorerHost;
  private readonly supervisor: Supervisor;
  /** The memory keys the next trial is expected to read, in order. */
  private prediction: string[] = [];
  /** Whether a trial has read exactly the prediction since it was last changed. */
  private confirmed = false;

  constructor(runtime: 'js' | 'rhai' | 'python', script: string, processes: { spawner: AgentSpawner; entry: string }) {
    const config: OmwConfig = {
      file: script,
      locate: () => undefined,
      setByEnvironment: () => false,
      agents: { [AGENT]: { runtime: AGENT, script, declaredIn: script } },
      providers: {},
      tooling: {},
      runtime: { [AGENT]: { kind: runtime, params: {} } },
      memory: {},
      tunables: tunablesSchema.parse({}),
    };
    this.host = new ScorerHost(config);
    this.supervisor = new Supervisor(this.host, processes);
  }

  /** How many trials the next batch may hold: one until the prediction has held once. */
  batchSize(most: number): number {
    return this.confirmed ? most : 1;
  }

  /**
   * Scores the trials in order until one does not run as predicted (or its process dies); each
   * scored trial is settled. Returns how many were: the caller sends the rest again.
   */
  async score(trials: readonly ScorerTrial[]): Promise<number> {
    const runner = this.supervisor.runner(AGENT);
    const predicted = this.prediction;
    const iterations = trials.map((trial) => ({
      trigger: 'run' as const,
      mode: 'run' as const,
      script: {
        calls: predicted.map((key): ReplayCall => ({
          op: MEMORY_GET,
          args: [key],
          ok: true,
          value: trial.memory.value(key),
        })),
        end: { kind: 'any' as const },
      },
    }));
    let index = 0;
    let settled = 0;
    this.begin(trials[0]!);
    await runner.iterateReplayed(iterations, (result) => {
      const trial = trials[index++]!;
      this.learn(predicted);
      // A process that died mid-batch may not have said which trials it finished: its failure is
      // only this trial's when it ran alone.
      const died = runner.process.pid === undefined && result.kind === 'failed';
      if (!died || trials.length === 1) {
        trial.settle(result);
        settled++;
      } else this.confirmed = false; // It goes again alone, so that its failure is its own.
      if (index < trials.length) this.begin(trials[index]!);
      return true;
    });
    return settled;
  }

  async close(): Promise<void> {
    await this.supervisor.shutdown();
  }

  /** The trial's values are the scorer's memory, for the calls that reach the host. */
  private begin(trial: ScorerTrial): void {
    this.host.context(AGENT).memory.clear();
    this.host.unwritten = trial.memory;
    this.host.served = 0;
    this.host.reached = [];
  }

  /** What the trial read becomes the next prediction: the keys of its leading `memory-get` calls. */
  private learn(predicted: readonly string[]): void {
    const { served, reached } = this.host;
    if (served === predicted.length && reached.length === 0) {
      if (predicted === this.prediction) this.confirmed = true;
      return;
    }
    const read = [...predicted.slice(0, served)];
    for (const { op, args } of reached) {
      if (op !== MEMORY_GET || typeof args[0] !== 'string') break;
      read.push(args[0]);
    }
    // A trial that read what was predicted, then did something else, leaves the prediction as it was.
    if (read.length === predicted.length && read.every((key, i) => key === predicted[i])) return;
    this.prediction = read;
    this.confirmed = false;
  }
}
