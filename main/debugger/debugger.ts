// The host's half of the source debugger, shared by the workbench and `brainbench dap`: the
// workspace's breakpoints (placed on statement lines by the brain's runtime), exception filters
// and host-op breakpoints with conditions, sent to every agent's engine; and, per stopped agent,
// its call stack, scopes and variables (the engine's, plus the agent's memory and inbox, which
// the host keeps), evaluation, and the ways to go on. With time travel on, a stopped agent can
// also go back (Step Back, Reverse Continue): its view is then in the past, which a process of its
// own re-executes (main/time-travel), and every question about the stop is asked there.

import { basename, resolve } from 'node:path';
import { counted } from '../../contract/counted.ts';
import type { HeldCallDecision } from '../../contract/agent-status.ts';
import { readFileSync } from 'node:fs';
import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import type { DebugNotification, PastWatchView, WhyView } from '../../contract/debug-views.ts';
import type {
  DebugConfig,
  DebugRequest,
  EvaluationResult,
  ResumeHow,
  ScopeInfo,
  SourceBreakpoint,
  StackFrameInfo,
  StopReason,
  VariableInfo,
} from '../runtimes/debug/debug-protocol.ts';
import { RUNTIMES, runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { RuntimeDescriptor } from '../runtimes/runtime-descriptor.ts';
import { ALL_AGENTS, type CallCondition, type Supervisor } from '../supervisor/supervisor.ts';
import type { AgentRunner } from '../supervisor/agent-runner.ts';
import { callCondition } from './call-condition.ts';
import { placeSourceBreakpoints, type PlacedBreakpoint } from './breakpoint-placement.ts';
import { JsonVariables, memoryText, memoryValue, HOST_REFERENCE_BASE } from './json-variables.ts';
import { SessionTravel } from '../time-travel/session-travel.ts';
import type { TravelEvent } from '../time-travel/agent-travel.ts';
import type { PastValues } from '../time-travel/past-watch.ts';
import { checkWatchExpression, pastWatchView, statementLine } from './past-watch-view.ts';

/** The frame of a host call the agent is held in, above its script frames. */
export const HELD_CALL_FRAME = HOST_REFERENCE_BASE - 1;

export interface FunctionBreakpoint {
  /** A host op: `provider.chat`, `host.recv`, … */
  name: string;
  condition?: string;
}

export interface FunctionBreakpointResult {
  verified: boolean;
  message?: string;
}

export type DebuggerEvent = DebugNotification;

export type DebuggerListener = (event: DebuggerEvent) => void;

const extensionOf = (file: string) => file.slice(file.lastIndexOf('.'));

function descriptorFor(file: string): RuntimeDescriptor | undefined {
  const extension = extensionOf(file);
  return Object.values(RUNTIMES).find((d: RuntimeDescriptor) => d.brain.extensions.includes(extension));
}

export class Debugger {
  #breakpoints: Record<string, SourceBreakpoint[]> = {};
  #exceptions = { caught: false, uncaught: false };
  #stopOnEntry = false;
  readonly #listeners = new Set<DebuggerListener>();
  /** Per agent: the host-side values handed out while it is stopped. */
  readonly #values = new Map<string, JsonVariables>();
  /** Agents the debugger itself asked to pause or step: their next hold is that, not a breakpoint. */
  readonly #expecting = new Map<string, StopReason>();
  readonly #unsubscribe: (() => void)[] = [];
  /** Per agent (or ALL_AGENTS): whether host-op breakpoints are set. */
  readonly #functionBreakpoints = new Map<string, boolean>();
  /** A client such as `brainbench dap` keeps every engine attached, breakpoints or not. */
  #attachAll = false;
  #travel: SessionTravel | undefined;
  /** Per agent: where its live brain last stopped, to show again when travel returns to the present. */
  readonly #liveStops = new Map<string, Extract<DebuggerEvent, { type: 'stopped' }>>();
  /** Agents held in a host call, as last told. */
  readonly #held = new Set<string>();

  constructor(readonly supervisor: Supervisor) {
    this.#unsubscribe.push(
      supervisor.onDebugEvent((agent, event) => {
        if (event.t === 'log-point') {
          this.#emit({ type: 'output', agent, text: event.text });
          return;
        }
        if (event.t === 'coverage') return;
        // The brain stopped at a statement first: a pause still pending for its next call lapses.
        supervisor.cancelPause(agent);
        this.#expecting.delete(agent);
        this.#travel?.stoppedAtStatement(agent, event);
        this.#emitLive({
          type: 'stopped',
          agent,
          reason: event.reason,
          source: event.source,
          line: event.line,
          ...(event.description === undefined ? {} : { description: event.description }),
        });
      }),
      supervisor.onStatus((status) => {
        const held = status.state === 'paused' && status.pausedAt !== undefined && !status.stoppedAt;
        if (held && !this.#held.has(status.agent)) {
          this.#held.add(status.agent);
          const reason = this.#expecting.get(status.agent) ?? 'function breakpoint';
          this.#expecting.delete(status.agent);
          void this.#travel?.heldInCall(status.agent);
          this.#emitLive({ type: 'stopped', agent: status.agent, reason, op: status.pausedAt!.op });
        } else if (!held) this.#held.delete(status.agent);
        if (status.state !== 'paused') {
          this.#liveStops.delete(status.agent);
          this.#travel?.continued(status.agent);
        }
      }),
    );
  }

  onEvent(listener: DebuggerListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    this.#listeners.clear();
    this.#travel?.dispose();
    this.#travel = undefined;
  }

  /**
   * Keeps the session's past so that a stopped agent can go back in it (docs/debugging.md#time-travel).
   * Called before the agents start: an iteration under way when it is called has no past to go to.
   */
  enableTimeTravel(): void {
    this.#travel ??= new SessionTravel(this.supervisor, (agent, event) => this.#onTravel(agent, event));
    this.#broadcast();
  }

  /** Whether the agent's view is in its past (a re-execution), not where its live brain is. */
  inPast(agent: string): boolean {
    return this.#travel?.inPast(agent) ?? false;
  }

  /** To the previous statement, in this iteration or the one before. */
  stepBack(agent: string): Promise<void> {
    return this.#goBack(agent, (travel) => travel.stepBack());
  }

  /** To the previous stop of a line breakpoint (its condition and hit count hold there). */
  reverseContinue(agent: string): Promise<void> {
    return this.#goBack(agent, (travel) => travel.reverseContinue());
  }

  /**
   * To the statement that made a host call, before it was made: the call given by its iteration
   * and index among the iteration's calls, or by its trace event's seq (the timeline's).
   */
  goToCall(agent: string, call: { iteration: number; call: number } | { seq: number }): Promise<void> {
    return this.#goBack(agent, (travel) => {
      const past = 'seq' in call ? this.#travel!.callOf(agent, call.seq) : call;
      return travel.toCall(past.iteration, past.call);
    });
  }

  /** Where a host call's arguments came from (docs/debugging.md#why-this-call); the agent need not be stopped. */
  whyCall(agent: string, call: { iteration: number; call: number } | { seq: number }): WhyView {
    if (!this.#travel) throw new Error('time travel is off in this session: its host calls are not kept');
    this.supervisor.runner(agent);
    const past = 'seq' in call ? this.#travel.callOf(agent, call.seq) : call;
    return this.#travel.why(agent, past);
  }

  async #goBack(agent: string, go: (travel: ReturnType<SessionTravel['of']>) => Promise<void>): Promise<void> {
    if (!this.#travel) throw new Error('time travel is off in this session');
    this.#stopped(agent);
    const travel = this.#travel.of(agent);
    this.#values.get(agent)?.clear();
    this.#emit({ type: 'continued', agent });
    try {
      await go(travel);
    } catch (error) {
      // The view stays where it was: say so, with why.
      this.#showAgain(agent);
      throw error;
    }
  }

  #onTravel(agent: string, event: TravelEvent): void {
    switch (event.type) {
      case 'stopped': {
        const { place } = event;
        this.#emit({
          type: 'stopped',
          agent,
          reason: event.reason,
          source: place.source,
          line: place.line,
          ...(event.description === undefined ? {} : { description: event.description }),
          past: { iteration: place.iteration, statement: place.statement },
        });
        return;
      }
      case 'present':
        this.#showAgain(agent);
        return;
      case 'output':
        this.#emit({ type: 'output', agent, text: event.text });
        return;
    }
  }

  /** Shows the agent's view again where it is: its place in the past, or its live stop. */
  #showAgain(agent: string): void {
    const at = this.#travel?.of(agent).at;
    if (at) {
      const past = { iteration: at.iteration, statement: at.statement };
      this.#emit({ type: 'stopped', agent, reason: 'step', source: at.source, line: at.line, past });
      return;
    }
    const live = this.#liveStops.get(agent);
    if (live) this.#emit(live);
  }

  /**
   * New logpoints say what they would have said in every ended iteration of the agent's past
   * (docs/debugging.md#logpoints-in-the-past): in the output, each line with its iteration.
   */
  async #logInPast(agent: string, source: string, lines: ReadonlySet<number>): Promise<void> {
    try {
      const run = await this.#travel!.logs(agent).run();
      const said = run.lines.filter((l) => l.source === source && lines.has(l.line));
      const name = basename(source);
      for (const { iteration, line, text } of said) {
        this.#emit({
          type: 'output',
          agent,
          text: `(past) iteration ${iteration}, ${name}:${line}: ${text}`,
          iteration,
        });
      }
      const diverged =
        run.diverged.length === 0 ? '' : `; ${counted(run.diverged.length, 'iteration')} did not run as recorded`;
      this.#emit({
        type: 'output',
        agent,
        text: `(past) ${counted(said.length, 'logpoint message')} from ${counted(run.iterations, 'iteration')} of the past${diverged}`,
      });
      this.#emit({
        type: 'past-logs',
        agent,
        source,
        lines: said.map(({ iteration, line, text }) => ({ iteration, line, text })),
      });
    } catch (error) {
      this.#emit({
        type: 'output',
        agent,
        text: `(past) the logpoint could not be run over the past: ${(error as Error).message}`,
      });
    }
  }

  /**
   * A watch expression's value at every hit of a brain line in every ended iteration of the
   * agent's past (docs/debugging.md#watches-in-the-past): in the output, each value with its
   * iteration, and as the timeline's column; answered with the values. The agent need not be stopped.
   */
  async watchInPast(agent: string, file: string, line: number, expression: string): Promise<PastWatchView> {
    if (!this.#travel) throw new Error('time travel is off in this session: its host calls are not kept');
    this.supervisor.runner(agent);
    checkWatchExpression(expression);
    const source = resolve(file);
    const placed = statementLine(source, line);
    const run = await this.#travel.watch(agent, source, placed, expression);
    this.#emitPastValues(agent, source, expression, run);
    return pastWatchView(placed, run);
  }

  /** What a watch in the past found, said as logpoints in the past say it. */
  #emitPastValues(agent: string, source: string, expression: string, run: PastValues): void {
    const name = basename(source);
    for (const { iteration, line, text } of run.values) {
      this.#emit({
        type: 'output',
        agent,
        text: `(past) iteration ${iteration}, ${name}:${line}: ${expression} = ${text}`,
        iteration,
      });
    }
    const diverged =
      run.diverged.length === 0 ? '' : `; ${counted(run.diverged.length, 'iteration')} did not run as recorded`;
    this.#emit({
      type: 'output',
      agent,
      text: `(past) watch ${expression}: ${counted(run.values.length, 'value')} from ${counted(run.iterations, 'iteration')} of the past${diverged}`,
    });
    this.#emit({
      type: 'past-logs',
      agent,
      source,
      lines: run.values.map(({ iteration, line, text }) => ({ iteration, line, text: `${expression} = ${text}` })),
    });
  }

  #emitLive(event: Extract<DebuggerEvent, { type: 'stopped' }>): void {
    this.#liveStops.set(event.agent, event);
    this.#emit(event);
  }

  /**
   * Replaces the breakpoints of one brain file. `text` is the source as the user sees it (an
   * unsaved edit); the file on disk otherwise. Each comes back placed on a statement line.
   */
  setSourceBreakpoints(file: string, requested: readonly SourceBreakpoint[], text?: string): PlacedBreakpoint[] {
    const source = resolve(file);
    const descriptor = descriptorFor(source);
    const breakable = descriptor?.debugging.breakableLines;
    if (!descriptor || descriptor.debugging.level !== 'source' || !breakable) {
      const why = descriptor
        ? `${descriptor.title} brains have no source to stop in: use host-call breakpoints`
        : 'not a brain file';
      delete this.#breakpoints[source];
      this.#broadcast();
      return requested.map((b) => ({ verified: false, line: b.line, message: why }));
    }
    let placing: ReturnType<typeof placeSourceBreakpoints>;
    try {
      placing = placeSourceBreakpoints(requested, text ?? readFileSync(source, 'utf8'), breakable);
    } catch (error) {
      return requested.map((b) => ({ verified: false, line: b.line, message: (error as Error).message }));
    }
    const { placed, kept } = placing;
    const before = new Set((this.#breakpoints[source] ?? []).map(logPointKey));
    if (kept.length === 0) delete this.#breakpoints[source];
    else this.#breakpoints[source] = kept;
    this.#broadcast();
    const added = kept.filter((b) => b.logMessage !== undefined && !before.has(logPointKey(b)));
    if (added.length > 0 && this.#travel) {
      const lines = new Set(added.map((b) => b.line));
      for (const agent of this.#travel.agentsOf(source)) void this.#logInPast(agent, source, lines);
    }
    return placed;
  }

  /** The breakpoints of every file, as placed. */
  get sourceBreakpoints(): Readonly<Record<string, readonly SourceBreakpoint[]>> {
    return this.#breakpoints;
  }

  setExceptionFilters(filters: { caught: boolean; uncaught: boolean }): void {
    this.#exceptions = { ...filters };
    this.#broadcast();
  }

  /** Keeps every engine's debugger hooks on, so that a pause or a held call shows the brain's frames. */
  attachAll(attach: boolean): void {
    this.#attachAll = attach;
    this.#broadcast();
  }

  setStopOnEntry(stop: boolean): void {
    this.#stopOnEntry = stop;
    this.#broadcast();
  }

  /** Host-call breakpoints on `agent` (every agent by default), each an op with an optional condition. */
  setFunctionBreakpoints(
    breakpoints: readonly FunctionBreakpoint[],
    agent: string = ALL_AGENTS,
  ): FunctionBreakpointResult[] {
    const ops: HostOp[] = [];
    const conditions = new Map<HostOp, CallCondition>();
    const results = breakpoints.map((b): FunctionBreakpointResult => {
      if (!Object.hasOwn(HOST_OPS, b.name)) {
        return { verified: false, message: `"${b.name}" is not a host op (for example provider.chat, host.recv)` };
      }
      const op = b.name as HostOp;
      if (b.condition !== undefined && b.condition.trim() !== '') {
        try {
          conditions.set(
            op,
            callCondition(op, b.condition, (called, message) =>
              this.#emit({ type: 'output', agent: called, text: `condition of ${op} failed: ${message}` }),
            ),
          );
        } catch (error) {
          return { verified: false, message: `condition: ${(error as Error).message}` };
        }
      }
      ops.push(op);
      return { verified: true };
    });
    this.supervisor.setBreakpoints(agent, ops, conditions);
    // Held at a call, the user wants to see where the brain is: its engine keeps its frames.
    this.#functionBreakpoints.set(agent, ops.length > 0);
    this.#broadcast();
    return results;
  }

  /** Stops the agent at its next statement (source-level brains) or host call, whichever comes first. */
  pause(agent: string): void {
    if (this.inPast(agent)) return;
    const runner = this.supervisor.runner(agent);
    this.#expecting.set(agent, 'pause');
    runner.process.debugNotice({ t: 'pause' });
    this.supervisor.requestPause(agent);
  }

  /** Goes on from a stop: at a statement, continues or steps; held in a host call, lets it proceed. */
  resume(agent: string, how: ResumeHow): boolean {
    const runner = this.supervisor.runner(agent);
    this.#values.get(agent)?.clear();
    if (this.#travel && this.inPast(agent)) {
      // Forward in the past, up to the present at most.
      this.#emit({ type: 'continued', agent });
      this.#travel
        .of(agent)
        .forward(how)
        .catch((error: unknown) => {
          this.#emit({ type: 'output', agent, text: `time travel: ${(error as Error).message}` });
          this.#showAgain(agent);
        });
      return true;
    }
    if (runner.stoppedAtStatementNow) {
      runner.resumeStatement(how);
      this.#emit({ type: 'continued', agent });
      return true;
    }
    if (!runner.status.pausedAt) return false;
    if (how !== 'continue') {
      // A step from a held call ends at the statement after it, or at the next call for a brain
      // without source debugging.
      this.#expecting.set(agent, 'step');
      runner.process.debugNotice({ t: 'pause' });
    }
    const resumed = this.supervisor.resume(agent, how === 'continue' ? 'continue' : 'step-call');
    if (resumed) this.#emit({ type: 'continued', agent });
    return resumed;
  }

  /**
   * Lets a held call go on as the user decided: with other arguments, answered in its place, or
   * rejected. Throws HeldCallDecisionError for a decision the op cannot take.
   */
  decideHeldCall(agent: string, decision: HeldCallDecision): boolean {
    if (this.inPast(agent)) throw new Error('the view is in the past: go forward to the held call to decide it');
    const decided = this.supervisor.decideHeldCall(agent, decision);
    if (decided) {
      this.#values.get(agent)?.clear();
      this.#emit({ type: 'continued', agent });
    }
    return decided;
  }

  /** Whether the agent is stopped, at a statement or held in a call. */
  isStopped(agent: string): boolean {
    const runner = this.supervisor.runner(agent);
    return runner.stoppedAtStatementNow || runner.status.pausedAt !== undefined;
  }

  async stackTrace(agent: string): Promise<StackFrameInfo[]> {
    const runner = this.#stopped(agent);
    if (this.inPast(agent)) return this.#askPast<StackFrameInfo[]>(agent, { t: 'stack' });
    const script = await this.#engineFrames(runner);
    const held = runner.status.pausedAt;
    if (!held) return script;
    const top = script[0];
    return [
      {
        id: HELD_CALL_FRAME,
        name: `${held.op} (held)`,
        source: top?.source ?? runner.status.stoppedAt?.source ?? this.#script(agent),
        line: top?.line ?? 0,
        column: top?.column ?? 0,
      },
      ...script,
    ];
  }

  async scopes(agent: string, frameId: number): Promise<ScopeInfo[]> {
    const runner = this.#stopped(agent);
    const values = this.#valuesOf(agent);
    const hostScopes: ScopeInfo[] = [
      { name: 'Memory', variablesReference: values.reference(MEMORY), expensive: false },
      { name: 'Inbox', variablesReference: values.reference(INBOX), expensive: false },
    ];
    if (this.inPast(agent)) {
      // The inbox of the past is not kept: its events are the calls that received them.
      const engine = await this.#askPast<ScopeInfo[]>(agent, { t: 'scopes', frameId });
      return [...engine, hostScopes[0]!];
    }
    if (frameId === HELD_CALL_FRAME) {
      const held = runner.status.pausedAt;
      const call = { name: 'Call', variablesReference: values.reference(held?.args ?? []), expensive: false };
      return [call, ...hostScopes];
    }
    const engine = await this.#ask<ScopeInfo[]>(runner, { t: 'scopes', frameId });
    return [...engine, ...hostScopes];
  }

  async variables(agent: string, reference: number, start?: number, count?: number): Promise<VariableInfo[]> {
    const runner = this.#stopped(agent);
    const values = this.#valuesOf(agent);
    const past = this.inPast(agent);
    if (!values.owns(reference)) {
      const request = {
        t: 'variables' as const,
        variablesReference: reference,
        ...(start === undefined ? {} : { start }),
        ...(count === undefined ? {} : { count }),
      };
      if (past) return this.#askPast<VariableInfo[]>(agent, request);
      return this.#ask<VariableInfo[]>(runner, {
        t: 'variables',
        variablesReference: reference,
        ...(start === undefined ? {} : { start }),
        ...(count === undefined ? {} : { count }),
      });
    }
    const scope = values.childrenSource(reference);
    if (scope === MEMORY) {
      const memory =
        (past ? this.#travel?.of(agent).memory() : undefined) ?? this.supervisor.host.context(agent).memory;
      return [...memory].map(([key, text]) => values.variable(key, memoryValue(text)));
    }
    if (scope === INBOX) {
      const pending = this.supervisor.host.bus.inbox(agent).peek();
      return pending.map((envelope, i) => values.variable(String(i), envelope));
    }
    return values.children(reference, start, count);
  }

  async setVariable(agent: string, reference: number, name: string, value: string): Promise<VariableInfo> {
    const runner = this.#stopped(agent);
    if (this.inPast(agent)) throw new Error('the past cannot be changed: go forward to the present to edit values');
    const values = this.#valuesOf(agent);
    if (!values.owns(reference)) {
      return this.#ask<VariableInfo>(runner, { t: 'set-variable', variablesReference: reference, name, value });
    }
    if (values.childrenSource(reference) !== MEMORY) throw new Error('only memory entries can be edited here');
    const text = memoryText(value);
    this.supervisor.host.context(agent).memory.set(name, text);
    return values.variable(name, memoryValue(text));
  }

  async evaluate(agent: string, frameId: number | undefined, expression: string): Promise<EvaluationResult> {
    const runner = this.#stopped(agent);
    const frame = frameId === HELD_CALL_FRAME ? undefined : frameId;
    const request = { t: 'evaluate' as const, expression, ...(frame === undefined ? {} : { frameId: frame }) };
    if (this.inPast(agent)) return this.#askPast<EvaluationResult>(agent, request);
    return this.#ask<EvaluationResult>(runner, request);
  }

  async #askPast<T>(agent: string, request: DebugRequest): Promise<T> {
    const answer = await this.#travel!.of(agent).request(request);
    if (!answer.ok) throw new Error(answer.error);
    return answer.body as T;
  }

  #stopped(agent: string): AgentRunner {
    const runner = this.supervisor.runner(agent);
    if (!runner.stoppedAtStatementNow && !runner.status.pausedAt) throw new Error(`agent "${agent}" is not stopped`);
    return runner;
  }

  async #engineFrames(runner: AgentRunner): Promise<StackFrameInfo[]> {
    if (descriptorFor(this.#script(runner.name))?.debugging.level !== 'source') return [];
    const answer = await runner.process.debugRequest({ t: 'stack' });
    // Held in a call by a brain that runs without the debugger attached: no script frames to show.
    return answer.ok ? (answer.body as StackFrameInfo[]) : [];
  }

  async #ask<T>(runner: AgentRunner, request: DebugRequest): Promise<T> {
    const answer = await runner.process.debugRequest(request);
    if (!answer.ok) throw new Error(answer.error);
    return answer.body as T;
  }

  #script(agent: string): string {
    return resolve(this.supervisor.host.context(agent).script);
  }

  #valuesOf(agent: string): JsonVariables {
    let values = this.#values.get(agent);
    if (!values) this.#values.set(agent, (values = new JsonVariables()));
    return values;
  }

  #broadcast(): void {
    const everyone = this.#attachAll || this.#functionBreakpoints.get(ALL_AGENTS) === true;
    for (const [agent, runner] of this.supervisor.runners) {
      const config: DebugConfig = {
        breakpoints: this.#breakpoints,
        exceptions: this.#exceptions,
        stopOnEntry: this.#stopOnEntry,
        attach:
          everyone ||
          this.#functionBreakpoints.get(agent) === true ||
          runtimeDescriptor(runner.status.runtimeKind)?.debugging.attachesAtIterationStart === true,
      };
      runner.process.debugNotice({ t: 'config', config });
    }
    this.#travel?.configure({
      breakpoints: this.#breakpoints,
      exceptions: this.#exceptions,
      stopOnEntry: false,
      attach: true,
    });
  }

  #emit(event: DebuggerEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

const logPointKey = (b: SourceBreakpoint) => `${b.line}:${b.logMessage ?? ''}`;

/** Markers for the two host-kept scopes, whose children are read fresh each time. */
const MEMORY = Symbol('memory');
const INBOX = Symbol('inbox');
