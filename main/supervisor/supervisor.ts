import type { AgentStatus, HeldCallDecision } from '../../contract/agent-status.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { AgentSpawner } from './agent-spawner.ts';
import type { SparePool } from './spare-pool.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { BeforeCall, Host } from '../host/host.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { heldCallEffect } from './held-call-decision.ts';
import { LOCAL_OPS } from '../local-calls/local-calls.ts';
import type { CheckResult } from '../runtimes/engine.ts';
import { agentInit } from './agent-init.ts';
import { AgentRunner, type CoverageEvent, type EngineStop, type LogPointEvent } from './agent-runner.ts';

export interface SupervisorOptions {
  spawner: AgentSpawner;
  /** The agent-process entry script. */
  entry: string;
  /** Warm processes the agents start from; without, every start is cold. */
  spares?: SparePool;
}

export type StatusListener = (status: AgentStatus) => void;
export type DebugEventListener = (agent: string, event: EngineStop | LogPointEvent | CoverageEvent) => void;
/** Whether a host call that hits an op breakpoint holds: its condition on the call's arguments. */
export type CallCondition = (agent: string, op: HostOp, args: readonly unknown[]) => boolean;

/** Breakpoints that hold every agent, rather than one. */
export const ALL_AGENTS = '*';

/**
 * Runs every agent of a config: omw's run and loop modes, Brainbench's step mode, host-call
 * breakpoints, and orderly shutdown. One agent process per agent.
 */
export class Supervisor {
  readonly runners = new Map<string, AgentRunner>();
  private readonly listeners = new Set<StatusListener>();
  private readonly debugListeners = new Set<DebugEventListener>();
  private readonly conditions = new Map<string, Map<HostOp, CallCondition>>();
  private readonly breakpoints = new Map<string, Set<HostOp>>();
  private readonly reloads = new Map<string, Promise<CheckResult>>();
  /** Who wants the calls the agent processes answer themselves reported (a recording, time travel, telemetry). */
  private localCallReporters = 0;

  constructor(
    readonly host: Host,
    private readonly options: SupervisorOptions,
  ) {
    for (const agent of Object.keys(host.config.agents)) this.runners.set(agent, this.createRunner(agent));
    host.beforeCall = (agent, op, args) => this.beforeCall(agent, op, args);
  }

  private createRunner(agent: string): AgentRunner {
    const runner = new AgentRunner({
      host: this.host,
      spawner: this.options.spawner,
      entry: this.options.entry,
      init: agentInit(this.host.config, agent),
      spares: this.options.spares,
      onStatus: (status) => this.listeners.forEach((listener) => listener(status)),
      onPauseRequest: () => this.updateForwarding(),
      onDebugEvent: (event) => this.debugListeners.forEach((listener) => listener(agent, event)),
    });
    // A runner a reconfigure makes reports as those made at startup do.
    if (this.localCallReporters > 0) runner.process.reportLocalCalls(true);
    return runner;
  }

  /**
   * Has every agent process, those a later reconfigure starts included, report the calls it answers
   * itself (clocks, UUIDs), while at least one caller wants them; each `true` is undone by a `false`.
   */
  reportLocalCalls(on: boolean): void {
    const before = this.localCallReporters > 0;
    this.localCallReporters = Math.max(0, this.localCallReporters + (on ? 1 : -1));
    const now = this.localCallReporters > 0;
    if (now !== before) for (const runner of this.runners.values()) runner.process.reportLocalCalls(now);
  }

  /**
   * A config that rewires some agents only: those `replaced` (or added) stop, and start again in
   * a new process on a fresh context; those `removed` stop for good; every other agent's process,
   * iteration and inbox carry on untouched.
   */
  async reconfigure(config: OmwConfig, replaced: readonly string[], removed: readonly string[]): Promise<void> {
    const leaving = [...replaced, ...removed].flatMap((agent) => this.runners.get(agent) ?? []);
    await Promise.all(leaving.map((runner) => runner.stop('stop')));
    for (const runner of leaving) runner.dispose();
    this.host.reconfigure(config, replaced, removed);
    for (const agent of removed) this.runners.delete(agent);
    const started = replaced.map((agent) => {
      const runner = this.createRunner(agent);
      this.runners.set(agent, runner);
      return runner;
    });
    this.updateForwarding();
    await Promise.all(started.map((runner) => runner.process.start()));
  }

  /** How its agent processes are started (time travel starts one more per agent like them). */
  get spawning(): Pick<SupervisorOptions, 'spawner' | 'entry'> {
    return { spawner: this.options.spawner, entry: this.options.entry };
  }

  runner(agent: string): AgentRunner {
    const runner = this.runners.get(agent);
    if (!runner) throw new Error(`unknown agent "${agent}"`);
    return runner;
  }

  onStatus(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onDebugEvent(listener: DebugEventListener): () => void {
    this.debugListeners.add(listener);
    return () => this.debugListeners.delete(listener);
  }

  /** Starts every agent process; resolves when all engines are ready. */
  async start(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.process.start()));
  }

  /**
   * omw's run mode: validates every brain, then runs each agent's iteration once, concurrently.
   * An invalid brain fails its agent without running.
   */
  async run(agents: readonly string[] = [...this.runners.keys()]): Promise<Map<string, IterationResult>> {
    const results = await Promise.all(
      agents.map(async (agent): Promise<[string, IterationResult]> => {
        const runner = this.runner(agent);
        const stops = runner.stops;
        const check = await runner.check();
        // Stopped while its process was still starting: the run never begins.
        if (runner.stops !== stops) return [agent, { kind: 'aborted', cause: runner.lastStop ?? 'stop' }];
        if (!check.ok) {
          const position = check.line !== undefined ? { line: check.line, column: check.column ?? 1 } : {};
          return [agent, { kind: 'failed', error: check.error, ...position }];
        }
        let result = await runner.iterate('run', 'run');
        // A valid reload restarts the run in place, with the same context (omw-compat 3.4).
        while (result.kind === 'aborted' && result.cause === 'reload') result = await runner.iterate('reload', 'run');
        return [agent, result];
      }),
    );
    return new Map(results);
  }

  /** omw's loop mode for the given agents (all by default). */
  loop(agents: readonly string[] = [...this.runners.keys()]): void {
    for (const agent of agents) this.runner(agent).startLoop();
  }

  /**
   * omw's hot reload (omw-compat 3.7): checks the brain as it is now on disk while the old
   * iteration keeps going. A valid brain aborts the running iteration, which then restarts in
   * place; an invalid one leaves it alone and tells the brain through its lifecycle handle. An
   * agent resting after a failure that came before `changedAt` (when the change was seen) is
   * ready again once its brain checks.
   * Reloads that arrive while one is under way collapse into it.
   */
  async reload(agent: string, changedAt = Date.now()): Promise<CheckResult> {
    const runner = this.runner(agent);
    const pending = this.reloads.get(agent);
    if (pending) return pending;
    const reloading = (async (): Promise<CheckResult> => {
      const check = await runner.check();
      const ctx = this.host.context(agent);
      if (!check.ok) {
        const where = check.line !== undefined ? ` (line ${check.line}, column ${check.column ?? 1})` : '';
        this.host.traceLog(ctx, 'warn', `reload rejected: ${check.error}${where}`);
        const lifecycle = this.host.bus.lifecycleOf(agent);
        if (lifecycle) this.host.deliver(ctx, { id: lifecycle, event: { kind: 'error', data: check.error } });
        return check;
      }
      if (runner.running) await runner.stop('reload');
      else runner.brainRestored(changedAt);
      return check;
    })();
    this.reloads.set(agent, reloading);
    try {
      return await reloading;
    } finally {
      this.reloads.delete(agent);
    }
  }

  /** Runs exactly one iteration of one agent. */
  step(agent: string): Promise<IterationResult> {
    return this.runner(agent).iterate('step', 'step');
  }

  stop(agent: string): Promise<void> {
    return this.runner(agent).stop('stop');
  }

  /** Stops every agent as omw does on SIGINT/SIGTERM, ends their processes, then closes the host (its endpoint). */
  async shutdown(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.stop('shutdown')));
    this.dispose();
    await this.host.close();
  }

  dispose(): void {
    for (const runner of this.runners.values()) runner.dispose();
  }

  /**
   * Holds `agent` (or every agent, with ALL_AGENTS) before each of these host calls; an op with a
   * condition holds only the calls whose arguments meet it.
   */
  setBreakpoints(
    agent: string,
    ops: readonly HostOp[],
    conditions: ReadonlyMap<HostOp, CallCondition> = new Map(),
  ): void {
    if (ops.length === 0) this.breakpoints.delete(agent);
    else this.breakpoints.set(agent, new Set(ops));
    if (conditions.size === 0) this.conditions.delete(agent);
    else this.conditions.set(agent, new Map(conditions));
    this.updateForwarding();
  }

  /** Lets a paused agent go on; `step-call` pauses it again at its next host call. */
  resume(agent: string, how: 'continue' | 'step-call' = 'continue'): boolean {
    const runner = this.runner(agent);
    runner.pauseAtNextCall = how === 'step-call';
    return runner.resume();
  }

  /** Holds the agent at its next host call (AgentStatus.pausePending says until when). */
  requestPause(agent: string): void {
    this.runner(agent).pauseAtNextCall = true;
  }

  /** Withdraws a pause that has not held the agent yet; false when there was none. */
  cancelPause(agent: string): boolean {
    const runner = this.runner(agent);
    if (!runner.pauseAtNextCall) return false;
    runner.pauseAtNextCall = false;
    return true;
  }

  /**
   * Releases `agent`'s held call with the user's decision: proceed, other arguments, an answer in
   * its place, or an error. Throws HeldCallDecisionError for a decision the op cannot take (the
   * call stays held); false when no call is held.
   */
  decideHeldCall(agent: string, decision: HeldCallDecision): boolean {
    const runner = this.runner(agent);
    const held = runner.status.pausedAt;
    if (!held) return false;
    heldCallEffect(held, decision);
    return runner.decide(decision);
  }

  private async beforeCall(agent: string, op: HostOp, args: readonly unknown[]): Promise<BeforeCall> {
    const runner = this.runner(agent);
    const hit =
      runner.pauseAtNextCall || this.holdsFor(agent, agent, op, args) || this.holdsFor(ALL_AGENTS, agent, op, args);
    let effect: Omit<BeforeCall, 'after'> = {};
    if (hit && !this.host.context(agent).signal.aborted) {
      runner.pauseAtNextCall = false;
      // Checked when it was made (decideHeldCall), so it takes effect as given.
      effect = heldCallEffect({ op, args }, await runner.pause({ op, args }));
    }
    const after = runner.waitingIn(op);
    return after ? { ...effect, after } : effect;
  }

  /**
   * Whether the host need not see the agent's calls as they are made: no op breakpoint for it, no
   * pause requested, no debugger on its brain (a replay then serves them in its agent process).
   */
  servesCallsInProcess(agent: string): boolean {
    const runner = this.runner(agent);
    const held = this.breakpoints.has(agent) || this.breakpoints.has(ALL_AGENTS) || runner.pauseAtNextCall;
    return !held && !runner.process.debugging;
  }

  /** Whether the breakpoints set for `target` (an agent or ALL_AGENTS) hold `agent`'s call. */
  private holdsFor(target: string, agent: string, op: HostOp, args: readonly unknown[]): boolean {
    if (!this.breakpoints.get(target)?.has(op)) return false;
    const condition = this.conditions.get(target)?.get(op);
    return condition === undefined || condition(agent, op, args);
  }

  /** Agent processes answer some calls themselves; breakpoints on those must reach the host. */
  private updateForwarding(): void {
    const everyone = this.breakpoints.get(ALL_AGENTS) ?? new Set<HostOp>();
    // A host that answers them itself (a replay, from its recording) keeps getting them.
    const always = this.host.answersLocalOps ? LOCAL_OPS : [];
    for (const [agent, runner] of this.runners) {
      if (runner.pauseAtNextCall) {
        runner.process.forward('all');
        continue;
      }
      runner.process.forward([...new Set([...always, ...everyone, ...(this.breakpoints.get(agent) ?? [])])]);
    }
  }
}
