import { readFileSync } from 'node:fs';
import type { AgentStatus, HeldCallDecision, PausedCall, RunMode } from '../../contract/agent-status.ts';
import type { HeldTrace, Json } from '../trace/trace-event.ts';
import type { AbortCause, IterationResult } from '../../contract/iteration-result.ts';
import type { AgentSpawner } from './agent-spawner.ts';
import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { Host } from '../host/host.ts';
import type { CheckResult, RunResult } from '../runtimes/engine.ts';
import type { IterationStartTrace } from '../trace/trace-event.ts';
import { abortableDelay } from '../backends/abortable.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import { AgentProcess } from './agent-process.ts';
import type { SparePool } from './spare-pool.ts';
import type { ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import type { EngineDebugEvent, ResumeHow } from '../runtimes/debug/debug-protocol.ts';

const DECISION_TRACED: Readonly<Record<HeldCallDecision['kind'], HeldTrace['decision']>> = {
  proceed: undefined,
  edit: 'edited',
  answer: 'answered',
  reject: 'rejected',
};

/** What the user gave in the call's place, as the trace keeps it (the request carried it as JSON). */
function givenBy(decision: HeldCallDecision): Json {
  if (decision.kind === 'answer') return (decision.value ?? null) as Json;
  if (decision.kind === 'edit') return decision.args as Json;
  if (decision.kind === 'reject') return decision.error;
  return null;
}

export interface RunnerSettings {
  host: Host;
  spawner: AgentSpawner;
  entry: string;
  init: AgentInit;
  /** Warm processes to start from, when there are. */
  spares?: SparePool;
  onStatus: (status: AgentStatus) => void;
  /** A pause was requested or withdrawn: which calls the agent process forwards changes. */
  onPauseRequest: () => void;
  /** The engine stopped at a statement, or a logpoint spoke. */
  onDebugEvent: (event: EngineStop | LogPointEvent | CoverageEvent) => void;
}

/** One recorded iteration to replay: how it was started, and what its agent process serves it from. */
export interface ReplayedIteration {
  trigger: IterationStartTrace['trigger'];
  mode: RunMode;
  script: ReplayIterationScript;
}

interface StartedIteration {
  iteration: number;
  mode: RunMode;
  started: number;
}

export type EngineStop = Extract<EngineDebugEvent, { t: 'stopped' }>;
export type LogPointEvent = Extract<EngineDebugEvent, { t: 'log-point' }>;
/** Which lines an iteration ran, while coverage is counted (docs/debugging.md#which-lines-ran). */
export type CoverageEvent = Extract<EngineDebugEvent, { t: 'coverage' }>;

/** Resolves true when `work` settles within `ms`. */
const settlesWithin = (work: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * Runs one agent's iterations in omw's run and loop modes and Brainbench's step mode, holds it at
 * host-call breakpoints, and stops it through omw's three abort tiers.
 */
export class AgentRunner {
  readonly process: AgentProcess;
  private statusValue: AgentStatus;
  private current: Promise<IterationResult> | undefined;
  private looping: Promise<void> | undefined;
  private loopController: AbortController | undefined;
  private lastGoodSource: string | undefined;
  private releasePause: ((decision: HeldCallDecision) => void) | undefined;
  private pauseRequested = false;
  /** When the last iteration failed; undefined once one did not. */
  private failedAt: number | undefined;
  /** Time the running iteration spent held at host calls, which is not its own. */
  private heldMs = 0;
  /** Since when the brain is stopped at a statement in the debugger. */
  private stoppedSince: number | undefined;
  /** The brain's text the current (or last) iteration runs, for time travel to run it again. */
  iterationSource: string | undefined;
  /** How often the agent was stopped, and why last; lets a run that is still starting give up. */
  stops = 0;
  lastStop: AbortCause | undefined;

  constructor(private readonly settings: RunnerSettings) {
    const { host, spawner, entry, init, spares } = settings;
    this.process = new AgentProcess(host, spawner, entry, init, spares);
    this.process.onPrint = (text) => host.traceLog(host.context(init.agent), 'print', text);
    this.process.onDebugEvent = (event) => {
      if (event.t === 'stopped') this.stoppedAtStatement(event);
      else if (event.t === 'log-point') host.traceLog(host.context(init.agent), 'info', `logpoint: ${event.text}`);
      settings.onDebugEvent(event);
    };
    const held = host.heldBack(init.agent);
    this.statusValue = {
      agent: init.agent,
      runtimeKind: init.runtime.kind,
      // Its process never starts: shown at once, rather than at the first run.
      state: held === undefined ? 'idle' : 'failed',
      mode: undefined,
      iteration: 0,
      ...(held === undefined ? {} : { last: { kind: 'failed' as const, error: held } }),
    };
  }

  get name(): string {
    return this.settings.init.agent;
  }

  get status(): AgentStatus {
    return this.statusValue;
  }

  /** True while an iteration is running. */
  get running(): boolean {
    return this.current !== undefined;
  }

  /**
   * The brain changed on disk (the watcher saw it at `changedAtMs`) and now checks: an agent
   * resting after a failure that came before the change (a brain that was missing has appeared,
   * an error is fixed) is ready to run again. A change the failure already ran with leaves it
   * failed.
   */
  brainRestored(changedAtMs: number): void {
    if (this.current || this.looping || this.statusValue.state !== 'failed') return;
    if (this.failedAt !== undefined && changedAtMs > this.failedAt) this.update({ state: 'idle' });
  }

  /**
   * A new process runs the agent (Restart): it is ready, as a fresh start finds it, and not the
   * `stopped` its old process ended in. Iterations go on counting, as the trace does.
   */
  restarted(): void {
    this.failedAt = undefined;
    this.update({
      state: 'idle',
      mode: undefined,
      last: undefined,
      pausedAt: undefined,
      stoppedAt: undefined,
      pausePending: undefined,
    });
  }

  /** Pause at the next host call, whatever its op (Pause, or a step over a call); shown as pending. */
  get pauseAtNextCall(): boolean {
    return this.pauseRequested;
  }

  set pauseAtNextCall(requested: boolean) {
    if (requested === this.pauseRequested) return;
    this.pauseRequested = requested;
    this.update({ pausePending: requested || undefined });
    this.settings.onPauseRequest();
  }

  /** Parses the brain without running it (omw's startup and pre-reload validation). */
  async check(): Promise<CheckResult> {
    const source = this.readScript();
    if (!source.ok) return { ok: false, error: source.error };
    return this.settings.host.shownResult(this.name, await this.process.check(source.text, this.script));
  }

  /** Runs exactly one iteration. */
  async iterate(trigger: IterationStartTrace['trigger'], mode: RunMode): Promise<IterationResult> {
    if (this.current) throw new Error(`agent "${this.name}" is already running an iteration`);
    // The loop is the only one to iterate a looping agent, so its own iterations always start.
    if (this.looping && mode !== 'loop') throw new Error(`agent "${this.name}" is looping: stop it first`);
    const work = this.runOnce(trigger, mode);
    this.current = work;
    try {
      return await work;
    } finally {
      this.current = undefined;
    }
  }

  /** omw's loop mode: iterate until stopped, backing off after failures (omw-compat 3.5). */
  startLoop(): void {
    if (this.looping) return;
    if (this.current) throw new Error(`agent "${this.name}" is running an iteration: loop it when that ends`);
    const controller = new AbortController();
    this.loopController = controller;
    this.update({ looping: true });
    const { tunables } = this.settings.host.config;
    this.looping = (async () => {
      let delay = tunables.loop_backoff_start_ms;
      let trigger: IterationStartTrace['trigger'] = 'loop';
      while (!controller.signal.aborted) {
        const result = await this.iterate(trigger, 'loop');
        trigger = 'loop';
        if (controller.signal.aborted) break;
        if (result.kind === 'aborted' && result.cause === 'reload') {
          trigger = 'reload';
          continue;
        }
        if (result.kind !== 'failed') {
          delay = tunables.loop_backoff_start_ms;
          continue;
        }
        this.update({ state: 'backoff' });
        await abortableDelay(delay, controller.signal).catch(() => undefined);
        delay = Math.min(delay * 2, tunables.loop_backoff_cap_secs * 1000);
      }
    })()
      // An iteration that throws is a host fault, not the brain's failure: the loop ends and says
      // why, rather than spin on it or reject with no one to hear it (which would end the host).
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const { host } = this.settings;
        host.traceLog(host.context(this.name), 'error', `the loop ended: ${message}`);
        this.update({ state: 'failed', last: { kind: 'failed', error: message } });
      })
      .finally(() => {
        this.looping = undefined;
        this.update({ looping: undefined });
      });
  }

  /**
   * Stops the agent: tier 1 sets the flag (and queues the event for reload and shutdown), tier 2
   * waits `reload_grace_secs`, tier 3 preempts the engine and, failing that, kills the process.
   */
  async stop(cause: AbortCause): Promise<void> {
    const { host } = this.settings;
    const { tunables } = host.config;
    if (cause !== 'reload') {
      this.stops++;
      this.lastStop = cause;
      this.loopController?.abort();
      this.pauseAtNextCall = false;
    }
    const current = this.current;
    if (current) {
      host.abort(this.name, cause);
      this.releasePause?.({ kind: 'proceed' });
      this.resumeStatement('continue');
      if (!(await settlesWithin(current, tunables.reload_grace_secs * 1000))) {
        this.process.interrupt();
        if (!(await settlesWithin(current, tunables.interrupt_budget_ms * 2 + 250))) {
          this.process.kill();
          await current;
        }
      }
    }
    if (cause !== 'reload' || tunables.cancel_pumps_on_reload) host.cancelAll(this.name);
    if (cause === 'reload') return;
    await this.looping;
    this.update({ state: 'stopped' });
  }

  /**
   * Holds the agent before a host call until `resume` or `decide`, and answers what the user
   * decided for the call; the time held is traced, and not the iteration's.
   */
  async pause(call: PausedCall): Promise<HeldCallDecision> {
    const previous = this.statusValue.state;
    const started = performance.now();
    const decision = await new Promise<HeldCallDecision>((resolve) => {
      this.releasePause = resolve;
      this.update({ state: 'paused', pausedAt: call });
    });
    this.releasePause = undefined;
    const heldMs = performance.now() - started;
    this.heldMs += heldMs;
    const { host } = this.settings;
    const ctx = host.context(this.name);
    const decided = DECISION_TRACED[decision.kind];
    host.trace.record({
      type: 'held',
      agent: this.name,
      iteration: ctx.iteration,
      op: call.op,
      heldMs,
      ...(decided ? { decision: decided, given: givenBy(decision) } : {}),
    });
    this.update({ state: previous === 'paused' ? 'running' : previous, pausedAt: undefined });
    return decision;
  }

  /** Whether the debugger holds the brain at a statement. */
  get stoppedAtStatementNow(): boolean {
    return this.stoppedSince !== undefined;
  }

  private stoppedAtStatement(event: EngineStop): void {
    this.stoppedSince = performance.now();
    const { reason, source, line, column, description } = event;
    this.update({
      state: 'paused',
      stoppedAt: { reason, source, line, column, ...(description === undefined ? {} : { description }) },
    });
  }

  /** Lets a brain stopped at a statement go on, or step; false when it is not stopped there. */
  resumeStatement(how: ResumeHow): boolean {
    if (this.stoppedSince === undefined) return false;
    this.heldMs += performance.now() - this.stoppedSince;
    this.stoppedSince = undefined;
    this.update({ state: 'running', stoppedAt: undefined });
    void this.process.debugRequest({ t: 'resume', how });
    return true;
  }

  resume(): boolean {
    return this.decide({ kind: 'proceed' });
  }

  /** Releases the held call with the user's decision (checked by the caller); false when none is held. */
  decide(decision: HeldCallDecision): boolean {
    if (!this.releasePause) return false;
    this.releasePause(decision);
    return true;
  }

  /** Marks the agent as blocked in `recv` for the duration of the call. */
  waitingIn(op: HostOp): (() => void) | undefined {
    if (op !== 'host.recv') return undefined;
    this.update({ state: 'waiting' });
    return () => {
      if (this.statusValue.state === 'waiting') this.update({ state: 'running' });
    };
  }

  dispose(): void {
    this.loopController?.abort();
    this.process.kill();
  }

  private get script(): string {
    return this.settings.host.context(this.name).script;
  }

  /**
   * Replays recorded iterations back to back in the agent process, which serves their calls
   * from `iterations`' scripts (docs/recordings.md). `ended` sees each iteration's result as it
   * arrives, before the next one's output, and says whether it replayed as recorded; the agent
   * process went on only if it found so too. Resolves with how many iterations ran.
   */
  async iterateReplayed(
    iterations: readonly ReplayedIteration[],
    ended: (result: IterationResult) => boolean,
  ): Promise<number> {
    if (this.current || this.looping) throw new Error(`agent "${this.name}" is busy: a replay needs it idle`);
    let ran = 0;
    let iteration = this.beginIteration(iterations[0]!);
    let last: IterationResult | undefined;
    let abandoned = false;
    /** `more`: the process already runs the next iteration. */
    const next = (answer: RunResult, more: boolean): boolean => {
      ran++;
      last = this.endIteration(iteration, answer);
      const asRecorded = ended(last);
      if (asRecorded && more) iteration = this.beginIteration(iterations[ran]!);
      return asRecorded;
    };
    const work = (async (): Promise<IterationResult> => {
      const source = this.readScript();
      this.iterationSource = source.ok ? source.text : undefined;
      if (!source.ok) {
        next(source, false);
        return last!;
      }
      const scripts = iterations.map((replayed) => replayed.script);
      const final = await this.process.replay(source.text, this.script, scripts, (answer) => {
        // The process only goes on after an iteration it found replayed as recorded; should the
        // host find otherwise, what the process runs ahead must not count: it is replaced.
        if (next(answer, true)) return;
        abandoned = true;
        this.process.kill();
      });
      if (!abandoned) next(final, false);
      return last!;
    })();
    this.current = work;
    try {
      await work;
      return ran;
    } finally {
      this.current = undefined;
    }
  }

  private async runOnce(trigger: IterationStartTrace['trigger'], mode: RunMode): Promise<IterationResult> {
    const started = this.beginIteration({ trigger, mode });
    const source = this.readScript();
    this.iterationSource = source.ok ? source.text : undefined;
    return this.endIteration(started, source.ok ? await this.process.run(source.text, this.script) : source);
  }

  private beginIteration({ trigger, mode }: Omit<ReplayedIteration, 'script'>): StartedIteration {
    const { host } = this.settings;
    const iteration = host.prepareIteration(this.name);
    this.update({ state: 'running', mode, iteration });
    host.trace.record({ type: 'iteration-start', agent: this.name, iteration, trigger });
    this.heldMs = 0;
    return { iteration, mode, started: performance.now() };
  }

  private endIteration({ iteration, mode, started }: StartedIteration, ran: RunResult): IterationResult {
    const { host } = this.settings;
    const ctx = host.context(this.name);
    // An error may quote a secret (an SDK's message, say); the result goes to the CLI and the workbench.
    const answer: RunResult = host.shownResult(this.name, ran);
    // A pause applies to its iteration; a loop's goes on to the next one.
    if (this.pauseAtNextCall && mode !== 'loop') {
      this.pauseAtNextCall = false;
      host.traceLog(ctx, 'info', `the pause lapsed: iteration ${iteration} ended before another host call`);
    }
    const result: IterationResult = answer.ok
      ? { kind: 'outcome', outcome: answer.outcome }
      : ctx.abortCause
        ? { kind: 'aborted', cause: ctx.abortCause }
        : {
            kind: 'failed',
            error: answer.error,
            ...(answer.line !== undefined ? { line: answer.line } : {}),
            ...(answer.column !== undefined ? { column: answer.column } : {}),
          };
    ctx.endIteration();
    if (this.stoppedSince !== undefined) {
      this.stoppedSince = undefined;
      this.update({ stoppedAt: undefined });
    }
    const heldMs = this.heldMs;
    const durationMs = performance.now() - started - heldMs;
    const end = {
      type: 'iteration-end' as const,
      agent: this.name,
      iteration,
      durationMs,
      ...(heldMs > 0 ? { heldMs } : {}),
    };
    if (result.kind === 'outcome') {
      host.trace.record({ ...end, outcome: result.outcome });
      host.trace.record({ type: 'outcome', agent: this.name, iteration, outcome: result.outcome });
    } else {
      const error = result.kind === 'failed' ? result.error : `aborted: ${result.cause}`;
      const position =
        result.kind === 'failed' && result.line !== undefined ? { line: result.line, column: result.column ?? 1 } : {};
      host.trace.record({ ...end, error, ...position });
    }
    this.update({ state: stateAfter(result), last: result });
    this.failedAt = result.kind === 'failed' ? Date.now() : undefined;
    return result;
  }

  /**
   * The brain's current source; the last good one when the file cannot be read (omw-compat 3.7).
   * Read synchronously: brains are small, and an async read costs more than the read itself.
   */
  private readScript(): { ok: true; text: string } | { ok: false; error: string } {
    // A component brain is a binary that its engine loads from the file itself.
    if (runtimeDescriptor(this.settings.init.runtime.kind)?.brain.format === 'component') return { ok: true, text: '' };
    try {
      this.lastGoodSource = readFileSync(this.script, 'utf8');
    } catch (error) {
      if (this.lastGoodSource === undefined) {
        return { ok: false, error: `cannot read brain ${this.script}: ${(error as Error).message}` };
      }
    }
    return { ok: true, text: this.lastGoodSource! };
  }

  private update(change: Partial<AgentStatus>): void {
    this.statusValue = { ...this.statusValue, ...change };
    this.settings.onStatus(this.statusValue);
  }
}

function stateAfter(result: IterationResult): AgentStatus['state'] {
  if (result.kind === 'failed') return 'failed';
  if (result.kind === 'aborted') return 'stopped';
  return result.outcome === 'completed' ? 'completed' : 'exited';
}
