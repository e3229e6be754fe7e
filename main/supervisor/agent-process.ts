import { agentProcessSandbox, writableFolders } from './agent-sandbox.ts';
import { OutputBudget } from './output-budget.ts';
import type { AgentChannel, AgentSpawner } from './agent-spawner.ts';
import type { SparePool } from './spare-pool.ts';
import type { AgentInit, AgentToHost, HostToAgent } from '../agent-protocol/agent-protocol.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { Host } from '../host/host.ts';
import type { CheckResult, RunResult } from '../runtimes/engine.ts';
import type { ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import { logLevelOf } from '../host/log-level.ts';
import type {
  DebugAnswer,
  DebugConfig,
  DebugNotice,
  DebugRequest,
  EngineDebugEvent,
} from '../runtimes/debug/debug-protocol.ts';

type Command = Extract<HostToAgent, { t: 'run' | 'check' | 'replay' }>;

interface Pending {
  command: Command;
  settle: (result: RunResult | CheckResult) => void;
  /** A replay's: called, in the message's turn, with each iteration that ran as recorded. */
  iterated?: (result: RunResult) => void;
}

/**
 * The host's handle on one agent process: starts it, sends it iterations, answers its host calls
 * through the Host, and turns a dying process into a failed iteration. A new process is started
 * on demand after a crash.
 */
export class AgentProcess {
  private channel: AgentChannel | undefined;
  private starting: Promise<void> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private forwarded: HostOp[] | 'all' = [];
  private reportingLocal = false;
  /** Set when the process said it is leaving on purpose: what it had not started is sent again. */
  private retiring: AgentChannel | undefined;
  /** Set from a kill until the killed process has exited. */
  private killed: { gone: Promise<void>; exited: () => void } | undefined;
  /** Called with every line a script prints. */
  onPrint: (text: string) => void = () => {};
  /** Called with the engine's stops and logpoint messages. */
  onDebugEvent: (event: Exclude<EngineDebugEvent, { t: 'answer' }>) => void = () => {};
  /** The debugger's settings, given again to each new process. */
  private debugConfig: DebugConfig | undefined;
  /** Debugger requests in the order sent; the engine answers them in that order. */
  private readonly debugAnswers: ((answer: DebugAnswer) => void)[] = [];
  /** This agent's share of the trace's output lines. */
  private readonly outputBudget: OutputBudget;

  constructor(
    private readonly host: Host,
    private readonly spawner: AgentSpawner,
    private readonly entry: string,
    private readonly init: AgentInit,
    /** Where a start takes a warm process from before starting a cold one. */
    private readonly spares?: SparePool,
  ) {
    const { output_lines_per_second, output_burst_lines } = host.config.tunables;
    this.outputBudget = new OutputBudget(output_lines_per_second, output_burst_lines);
  }

  get pid(): number | undefined {
    return this.channel?.pid;
  }

  /** Starts the process if it is not running; resolves once its engine is ready. */
  start(): Promise<void> {
    // A killed process is replaced once it is gone, so its exit cannot fail the new one's work.
    if (this.killed) return this.killed.gone.then(() => this.start());
    if (this.starting) return this.starting;
    // A runtime held back in a workspace that is not trusted: no process; every command says why.
    if (this.host.heldBack(this.init.agent) !== undefined) return Promise.resolve();
    this.starting = new Promise((resolve) => {
      const { kind } = this.init.runtime;
      // A spare can write only to the cache: an agent whose sandbox writes to host folders starts
      // its own process, allowed to write there.
      const writable = writableFolders(this.init.runtime.params);
      const channel =
        (writable.length === 0 ? this.spares?.take({ kind, limits: this.init.limits }) : undefined) ??
        this.spawner(this.entry, { name: this.init.agent, ...agentProcessSandbox(writable) });
      this.channel = channel;
      channel.onMessage((message) => {
        if ((message as AgentToHost).t === 'ready') resolve();
        this.onMessage(channel, message as AgentToHost);
      });
      channel.onExit((code, signal) => this.onExit(channel, code, signal, resolve));
      this.post({ t: 'init', init: this.init });
      if (this.forwarded === 'all' || this.forwarded.length > 0) this.post({ t: 'forward', ops: this.forwarded });
      if (this.reportingLocal) this.post({ t: 'report-local', on: true });
      if (this.debugConfig) this.post({ t: 'debug-notice', notice: { t: 'config', config: this.debugConfig } });
    });
    return this.starting;
  }

  run(script: string, filename: string): Promise<RunResult> {
    return this.command({ t: 'run', script, filename }) as Promise<RunResult>;
  }

  check(script: string, filename: string): Promise<CheckResult> {
    return this.command({ t: 'check', script, filename }) as Promise<CheckResult>;
  }

  /**
   * Replays recorded iterations back to back, their calls served in the process while they
   * match (docs/recordings.md). `iterated` sees each one that ran as recorded, synchronously as
   * its result arrives, so that what the host does between two iterations comes before the
   * next one's output; the promise is the last iteration's result.
   */
  replay(
    script: string,
    filename: string,
    iterations: ReplayIterationScript[],
    iterated: (result: RunResult) => void,
  ): Promise<RunResult> {
    if (iterations.length === 0) throw new Error('a replay needs at least one iteration');
    return this.command({ t: 'replay', script, filename, iterations }, iterated) as Promise<RunResult>;
  }

  /** Whether a debugger is attached or has anything set: it must see the brain's calls then. */
  get debugging(): boolean {
    const config = this.debugConfig;
    if (!config) return false;
    const { attach, stopOnEntry, exceptions, breakpoints } = config;
    return (
      attach ||
      stopOnEntry ||
      exceptions.caught ||
      exceptions.uncaught ||
      Object.values(breakpoints).some((b) => b.length > 0)
    );
  }

  /** Abort tier 3: preempts the running engine. */
  interrupt(): void {
    this.post({ t: 'interrupt' });
  }

  /** Sends these ops to the host even if the process could answer them (breakpoints). */
  forward(ops: HostOp[] | 'all'): void {
    this.forwarded = ops;
    this.post({ t: 'forward', ops });
  }

  /** Has the process report every call it answers itself, with its arguments (a recording). */
  reportLocalCalls(on: boolean): void {
    this.reportingLocal = on;
    this.post({ t: 'report-local', on });
  }

  /** New debugger settings or a pause request, for the engine to take at its next statement. */
  debugNotice(notice: DebugNotice): void {
    if (notice.t === 'config') this.debugConfig = notice.config;
    this.post({ t: 'debug-notice', notice });
  }

  /** Asks the stopped engine (or one held in a host call); a resume is answered at once. */
  debugRequest(request: DebugRequest): Promise<DebugAnswer> {
    if (!this.channel) return Promise.resolve({ ok: false, error: 'the agent process is not running' });
    this.post({ t: 'debug-request', request });
    if (request.t === 'resume') return Promise.resolve({ ok: true, body: undefined });
    return new Promise((resolve) => this.debugAnswers.push(resolve));
  }

  kill(): void {
    if (!this.channel) return;
    if (!this.killed) {
      let exited = () => {};
      const gone = new Promise<void>((resolve) => (exited = resolve));
      this.killed = { gone, exited };
    }
    this.channel.kill();
  }

  private async command(
    message: DistributiveOmit<Command, 'id'>,
    iterated?: Pending['iterated'],
  ): Promise<RunResult | CheckResult> {
    await this.start();
    if (!this.channel)
      return { ok: false, error: this.host.heldBack(this.init.agent) ?? 'agent process could not be started' };
    const command = { ...message, id: this.nextId++ } as Command;
    return new Promise((settle) => {
      this.pending.set(command.id, { command, settle, ...(iterated ? { iterated } : {}) });
      this.post(command);
    });
  }

  private post(message: HostToAgent): void {
    this.channel?.send(message);
  }

  private onMessage(channel: AgentChannel, message: AgentToHost): void {
    if (channel !== this.channel) return;
    switch (message.t) {
      case 'call':
        this.host.call(this.init.agent, message.op, message.args).then(
          (value) => this.post({ t: 'reply', id: message.id, ok: true, value }),
          (error: unknown) => {
            const text = error instanceof Error ? error.message : String(error);
            const prefix = error instanceof HostCallError ? '' : 'host error: ';
            this.post({ t: 'reply', id: message.id, ok: false, error: prefix + text });
          },
        );
        return;
      case 'output': {
        const ctx = this.host.context(this.init.agent);
        for (const entry of message.entries) {
          if (entry.kind === 'served') this.host.servedInProcess(this.init.agent, entry.count);
          else if (entry.kind === 'iterated') this.replayIterated(entry.result);
          else if (!this.outputBudget.admit()) continue;
          else if (entry.kind === 'print') this.onPrint(entry.text);
          else this.host.traceLog(ctx, logLevelOf(entry.level), entry.message);
        }
        this.reportDroppedOutput(false);
        return;
      }
      case 'answered':
        this.host.answeredLocally(
          this.init.agent,
          message.op,
          message.args,
          message.reply.ok ? message.reply : { ...message.reply, fault: false },
        );
        return;
      case 'retired':
        this.retiring = channel;
        this.host.traceLog(
          this.host.context(this.init.agent),
          'warn',
          `${message.reason}: the agent process is replaced`,
        );
        return;
      case 'result': {
        this.reportDroppedOutput(true);
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        pending?.settle(message.result);
        return;
      }
      case 'debug':
        if (message.event.t === 'answer') this.debugAnswers.shift()?.(message.event.answer);
        else this.onDebugEvent(message.event);
        return;
      case 'ready':
      case 'warmed':
        return;
    }
  }

  /** A replay's iteration ran as recorded; only one command runs at a time, so it is the replay's. */
  /** Says in the trace how many lines the budget dropped: about once a second, and at the iteration's end. */
  private reportDroppedOutput(final: boolean): void {
    const report = this.outputBudget.report(final);
    if (report !== undefined) this.host.traceLog(this.host.context(this.init.agent), 'warn', report);
  }

  private replayIterated(result: RunResult): void {
    for (const pending of this.pending.values()) if (pending.iterated) return pending.iterated(result);
  }

  private onExit(channel: AgentChannel, code: number | null, signal: string | null, started: () => void): void {
    if (channel !== this.channel) return;
    this.channel = undefined;
    this.starting = undefined;
    this.killed?.exited();
    this.killed = undefined;
    started();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const answer of this.debugAnswers.splice(0)) answer({ ok: false, error: 'the agent process exited' });
    if (this.retiring === channel) {
      // Nothing was running: the process had finished its iteration and queued the rest.
      this.retiring = undefined;
      for (const { command, settle, iterated } of waiting) {
        const { id: _id, ...again } = command;
        void this.command(again, iterated).then(settle);
      }
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    for (const { settle } of waiting) settle({ ok: false, error: `agent process exited unexpectedly (${how})` });
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
