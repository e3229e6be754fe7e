// Agent processes kept across an eval's trials. Starting a Node process costs tens of
// milliseconds of CPU, far more than a trial of a mock-backed brain; a warm spare (SparePool)
// hides the wait but not the cost, which on a loaded machine is the trial's. So a trial's agent
// process, once its trial has ended and its engine is idle, waits here for the next trial of the
// same agent (same name, runtime and limits: the same `init`) and runs its iteration there, as a
// looping agent's next iteration runs in the same process: each iteration has a fresh engine
// context, and the host side (the Host, its context, inbox and back ends) is the trial's own.

import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import type { AgentChannel, AgentSpawner, SpawnOptions } from '../supervisor/agent-spawner.ts';

const COMMANDS = new Set(['run', 'check', 'replay']);

interface PooledProcess {
  key: string;
  channel: AgentChannel;
  /** The lease that has it now. */
  lease: Lease | undefined;
  /** Commands sent and not yet answered with their result: it may be leased again only at 0. */
  outstanding: number;
  /** It exited, or said it is leaving (`retired`). */
  gone: boolean;
}

interface Lease {
  messages: ((message: unknown) => void)[];
  exits: ((code: number | null, signal: string | null) => void)[];
}

export class TrialProcessPool {
  private readonly idle = new Map<string, PooledProcess[]>();
  private readonly all = new Set<PooledProcess>();
  private disposed = false;
  /** Processes started, and leases served by a process that ran an earlier trial. */
  readonly stats = { started: 0, reused: 0 };

  constructor(private readonly spawner: AgentSpawner) {}

  /** An AgentSpawner whose channels take an idle process of the same agent when there is one. */
  readonly spawn: AgentSpawner = (entry, options) => this.leaseChannel(entry, options);

  dispose(): void {
    this.disposed = true;
    for (const process of this.all) process.channel.kill();
    this.all.clear();
    this.idle.clear();
  }

  private leaseChannel(entry: string, options: SpawnOptions): AgentChannel {
    const lease: Lease = { messages: [], exits: [] };
    let bound: PooledProcess | undefined;
    const bind = (message: unknown, init: AgentInit | undefined) => this.bind(lease, entry, options, init, message);
    const release = (process: PooledProcess) => this.release(process);
    return {
      get pid() {
        return bound?.channel.pid;
      },
      send(message) {
        const command = message as { t?: string; init?: AgentInit };
        if (!bound) {
          // The first message is the agent's `init`, which says which processes fit.
          bound = bind(message, command.t === 'init' ? command.init : undefined);
          return;
        }
        if (bound.lease !== lease || bound.gone) return;
        if (command.t !== undefined && COMMANDS.has(command.t)) bound.outstanding++;
        bound.channel.send(message);
      },
      onMessage: (listener) => lease.messages.push(listener),
      onExit: (listener) => lease.exits.push(listener),
      kill() {
        if (bound?.lease === lease) release(bound);
      },
    };
  }

  private bind(
    lease: Lease,
    entry: string,
    options: SpawnOptions,
    init: AgentInit | undefined,
    first: unknown,
  ): PooledProcess {
    const key = `${JSON.stringify(options)}\u0000${JSON.stringify(init ?? null)}`;
    const waiting = this.idle.get(key);
    const reused = init ? waiting?.pop() : undefined;
    if (reused) {
      this.stats.reused++;
      reused.lease = lease;
      // What the earlier trial's host asked of it is undone; the new host says what it wants next.
      reused.channel.send({ t: 'forward', ops: [] });
      reused.channel.send({ t: 'report-local', on: false });
      setImmediate(() => this.deliver(reused, { t: 'ready' }));
      return reused;
    }
    const channel = this.spawner(entry, options);
    const process: PooledProcess = { key, channel, lease, outstanding: 0, gone: false };
    this.stats.started++;
    this.all.add(process);
    channel.onMessage((message) => {
      const kind = (message as { t?: string }).t;
      if (kind === 'result') process.outstanding = Math.max(0, process.outstanding - 1);
      if (kind === 'retired') process.gone = true;
      this.deliver(process, message);
    });
    channel.onExit((code, signal) => {
      process.gone = true;
      this.all.delete(process);
      const list = this.idle.get(key);
      if (list?.includes(process)) list.splice(list.indexOf(process), 1);
      const exits = process.lease?.exits ?? [];
      process.lease = undefined;
      for (const exit of exits) exit(code, signal);
    });
    channel.send(first);
    return process;
  }

  private deliver(process: PooledProcess, message: unknown): void {
    for (const listener of process.lease?.messages ?? []) listener(message);
  }

  /**
   * The lease is over (its agent process was "killed"): an idle process waits for the next
   * trial; one still running a command, or one that left (`retired`), really ends.
   */
  private release(process: PooledProcess): void {
    const lease = process.lease!;
    if (this.disposed || process.outstanding > 0 || process.gone) {
      process.channel.kill();
      return;
    }
    process.lease = undefined;
    let list = this.idle.get(process.key);
    if (!list) this.idle.set(process.key, (list = []));
    list.push(process);
    setImmediate(() => {
      for (const exit of lease.exits) exit(null, 'SIGKILL');
    });
  }
}
