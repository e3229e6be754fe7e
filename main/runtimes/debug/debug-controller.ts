// The engine thread's half of the debugger, the same for every engine with source-level
// debugging: it decides where to stop (breakpoints with conditions, hit counts and logpoints,
// steps, pauses, errors) and, while stopped, answers the host's requests through the engine's
// DebugTarget. Engines call `statement` before each statement only while `attached`; otherwise
// they run as they would without a debugger. It counts the statements of each iteration, so that
// a re-execution of the iteration (time travel, time-travel.ts beside it) can find a stop again;
// in such a re-execution it runs to a statement without stopping on the way.

import type { DebugLink } from './debug-link.ts';
import {
  NO_DEBUG_CONFIG,
  type DebugAnswer,
  type DebugConfig,
  type DebugRequest,
  type ResumeHow,
  type SourceBreakpoint,
  type StopPosition,
  type StopReason,
} from './debug-protocol.ts';
import type { DebugTarget } from './debug-target.ts';
import { frameValues } from './frame-values.ts';
import { hitConditionHolds } from './hit-condition.ts';
import { logPointMessage } from './log-point-message.ts';
import { LineCoverage } from './line-coverage.ts';
import type { BreakpointProbe, TravelRun } from './travel-run.ts';

const NO_LINES: ReadonlySet<number> = new Set();
/** Logpoint messages an iteration may send; the rest are counted, not evaluated (a hot loop cannot flood). */
export const LOG_POINT_LIMIT = 100;
const NO_BREAKPOINT: BreakpointProbe = { stops: false, hits: undefined };

interface Step {
  how: Exclude<ResumeHow, 'continue'>;
  /** The call depth of the statement the step started from. */
  depth: number;
}

export class DebugController {
  #config: DebugConfig = NO_DEBUG_CONFIG;
  #pauseRequested = false;
  /** `stopOnEntry` stops one iteration: the first to begin after it was set. */
  #entryArmed = false;
  #entryPending = false;
  #step: Step | undefined;
  /** Breakpoint lines by source, for the per-statement lookup. */
  #lines = new Map<string, Map<number, SourceBreakpoint>>();
  /** The same lines as sets, made once per configuration: engines ask at every loop or call. */
  #lineSets = new Map<string, ReadonlySet<number>>();
  #hits = new Map<string, number>();
  /**
   * Where the last statement was: a line breakpoint stops once as its line is entered, and again
   * when the line starts over (a loop running a statement again, at the same column or before).
   */
  #lastSource = '';
  #lastLine = 0;
  #lastColumn = 0;
  #lastDepth = -1;
  #target: DebugTarget | undefined;
  /** Statements since the iteration's start, and since the last stop. */
  #count = 0;
  #sinceStop = 0;
  /** Whether every statement was seen: since the iteration's start, and since the last stop. */
  #exact = false;
  #exactSinceStop = false;
  #coverage: LineCoverage | undefined;
  /** Logpoint messages sent this iteration, and those over the limit. */
  #logged = 0;
  #dropped: { count: number; source: string; line: number } | undefined;
  /** Set while this engine re-executes a past iteration. */
  #travel: TravelRun | undefined;

  constructor(private readonly link: DebugLink) {}

  /**
   * Called before each run, whether an engine then attaches or not: statements are counted only
   * from an iteration's `beginIteration`.
   */
  beginRun(): void {
    this.#count = 0;
    this.#sinceStop = 0;
    this.#exact = false;
    this.#exactSinceStop = false;
    this.#logged = 0;
    this.#dropped = undefined;
  }

  /** The run ended: how many logpoint messages over the limit were dropped, said once. */
  endRun(): void {
    const dropped = this.#dropped;
    this.#dropped = undefined;
    if (!dropped) return;
    // A logpoint in the past counts its own: the host says them with the values.
    if (this.#travel) return this.#travel.droppedLogs(dropped.count);
    this.link.send({
      t: 'log-point',
      text: `${dropped.count} more logpoint message${dropped.count === 1 ? ' was' : 's were'} dropped in this iteration (at most ${LOG_POINT_LIMIT} are shown per iteration)`,
      source: dropped.source,
      line: dropped.line,
    });
  }

  /** An engine ran (or will run) statements without the hook: counts are no longer exact. */
  unhooked(): void {
    this.#exact = false;
    this.#exactSinceStop = false;
  }

  /**
   * The next run re-executes a past iteration toward `goal` (time travel); `served` tells how many
   * host calls its recording has served so far.
   */
  travel(run: TravelRun | undefined): void {
    this.#travel = run;
  }

  /**
   * While coverage is counted: the lines entered since the last take, by source (undefined when
   * none). The engine's thread hands it to the host with the command's result, in order with it.
   */
  takeCoverage(): Record<string, [line: number, hits: number][]> | undefined {
    const coverage = this.#coverage;
    return coverage && !coverage.empty ? coverage.take() : undefined;
  }

  /** Whether the engine must call `statement` (checked at the start of each iteration). */
  get attached(): boolean {
    this.#takeNotices();
    const c = this.#config;
    return (
      this.#travel !== undefined ||
      this.#coverage !== undefined ||
      c.attach ||
      this.#lines.size > 0 ||
      c.exceptions.caught ||
      c.exceptions.uncaught ||
      this.#entryArmed ||
      this.#pauseRequested ||
      this.#step !== undefined
    );
  }

  /** Whether a step is under way: engines then take no shortcut that skips statement hooks. */
  get stepping(): boolean {
    return (
      this.#step !== undefined || this.#pauseRequested || this.#travel !== undefined || this.#coverage !== undefined
    );
  }

  /** Whether an error thrown stops (an exception filter is on): engines then report errors where thrown. */
  get watchesExceptions(): boolean {
    const { caught, uncaught } = this.#config.exceptions;
    return caught || uncaught;
  }

  /** Whether the iteration's first statement stops (`stopOnEntry`): an engine must hook it. */
  get entryPending(): boolean {
    return this.#entryPending;
  }

  /** The sources that hold a breakpoint. */
  breakpointSources(): Iterable<string> {
    return this.#lineSets.keys();
  }

  /** Lines of `source` that hold a breakpoint (a compiled loop without any may skip the hooks). */
  breakpointLines(source: string): ReadonlySet<number> {
    return this.#lineSets.get(source) ?? NO_LINES;
  }

  /** The engine's view of the running brain, for requests that come while it is held in a host call. */
  setTarget(target: DebugTarget | undefined): void {
    this.#target = target;
  }

  /** Called by the engine when an iteration starts: after `stopOnEntry` was set, it stops at the first statement. */
  beginIteration(): void {
    this.#lastSource = '';
    this.#lastLine = 0;
    this.#lastColumn = 0;
    this.#lastDepth = -1;
    this.#hits.clear();
    this.#logged = 0;
    this.#count = 0;
    this.#sinceStop = 0;
    this.#exact = true;
    this.#exactSinceStop = true;
    if (this.#travel) return;
    this.#entryPending = this.#entryArmed;
    this.#entryArmed = false;
  }

  /** Before each statement; blocks while the brain is stopped there. */
  statement(source: string, line: number, column: number, depth: number, target: DebugTarget): void {
    this.#takeNotices();
    const entered =
      line !== this.#lastLine || column <= this.#lastColumn || depth !== this.#lastDepth || source !== this.#lastSource;
    this.#lastSource = source;
    this.#lastLine = line;
    this.#lastColumn = column;
    this.#lastDepth = depth;
    this.#count++;
    this.#sinceStop++;
    if (entered) this.#coverage?.enter(source, line);
    const travel = this.#travel;
    if (travel && !travel.arrived) {
      const reason = travel.statement(
        this.#count,
        line,
        column,
        depth,
        () => this.#probe(source, line, entered, target),
        () => frameValues(target),
      );
      if (reason !== undefined) this.#stop(reason, source, line, column, depth, target);
      return;
    }
    const reason = this.#stopReason(source, line, depth, entered, target);
    if (reason !== undefined) this.#stop(reason, source, line, column, depth, target);
    else if (travel && this.#count === travel.limit) this.#stop('step', source, line, column, depth, target);
  }

  /**
   * A re-execution asked for a call its recording does not serve here (its end, or another call
   * than recorded): noted, and the message the run ends with.
   */
  unserved(op: string, why: 'end' | 'other'): string {
    this.#travel?.unserved(this.#count, op, why);
    return why === 'end'
      ? `time travel: the recording ends before ${op}`
      : `time travel: the brain calls ${op} here, not what the recording holds`;
  }

  /**
   * In a re-execution's way to its goal: whether a breakpoint here would stop (its condition and
   * hit count taken as a live run takes them); a logpoint's message is noted when the run asks.
   */
  #probe(source: string, line: number, entered: boolean, target: DebugTarget): BreakpointProbe {
    const breakpoint = entered ? this.#lines.get(source)?.get(line) : undefined;
    if (!breakpoint) return NO_BREAKPOINT;
    const stops = this.#breakpointStops(source, breakpoint, target);
    return { stops, hits: this.#hits.get(`${source}:${breakpoint.line}`) ?? 0 };
  }

  /** Where an error is thrown; stops when the exception filters ask for it. */
  exception(
    message: string,
    caught: boolean,
    where: { source: string; line: number; column: number; depth: number },
    target: DebugTarget,
  ): void {
    this.#takeNotices();
    const { exceptions } = this.#config;
    if (!(caught ? exceptions.caught : exceptions.uncaught)) return;
    // On a re-execution's way to its goal nothing stops.
    if (this.#travel && !this.#travel.arrived) return;
    this.#stop('exception', where.source, where.line, where.column, where.depth, target, message);
  }

  /** Answers a request that arrived while the engine is held in a host call. */
  serveDuringCall(request: DebugRequest): DebugAnswer {
    if (request.t === 'resume') return { ok: false, error: 'the brain is held in a host call: resume the call' };
    if (request.t === 'position') return { ok: true, body: this.#position(this.#lastDepth, undefined) };
    if (!this.#target) return { ok: false, error: 'this brain runs without source debugging' };
    return this.#serve(request, this.#target);
  }

  #stopReason(
    source: string,
    line: number,
    depth: number,
    entered: boolean,
    target: DebugTarget,
  ): StopReason | undefined {
    if (this.#entryPending) {
      this.#entryPending = false;
      return 'entry';
    }
    if (this.#pauseRequested) {
      this.#pauseRequested = false;
      return 'pause';
    }
    const step = this.#step;
    if (step) {
      const done =
        step.how === 'step-in' ||
        (step.how === 'next' && depth <= step.depth) ||
        (step.how === 'step-out' && depth < step.depth);
      if (done) return 'step';
    }
    const breakpoint = entered ? this.#lines.get(source)?.get(line) : undefined;
    if (!breakpoint) return undefined;
    return this.#breakpointStops(source, breakpoint, target) ? 'breakpoint' : undefined;
  }

  #breakpointStops(source: string, breakpoint: SourceBreakpoint, target: DebugTarget): boolean {
    if (breakpoint.condition !== undefined && breakpoint.condition.trim() !== '') {
      let holds: boolean;
      try {
        holds = target.holds(breakpoint.condition);
      } catch (error) {
        // A condition that cannot be evaluated stops, as editors do, and says why (once: live).
        if (this.#travel) return true;
        this.link.send({
          t: 'log-point',
          text: `breakpoint condition \`${breakpoint.condition}\` failed: ${(error as Error).message}`,
          source,
          line: breakpoint.line,
        });
        return true;
      }
      if (!holds) return false;
    }
    const key = `${source}:${breakpoint.line}`;
    const hits = (this.#hits.get(key) ?? 0) + 1;
    this.#hits.set(key, hits);
    if (breakpoint.hitCondition !== undefined && !hitConditionHolds(breakpoint.hitCondition, hits)) return false;
    if (breakpoint.logMessage !== undefined) {
      const travel = this.#travel;
      // A re-execution says again only what a logpoint in the past asks for: the rest was said live.
      if (travel && !travel.logs) return false;
      if (this.#logged >= LOG_POINT_LIMIT) {
        this.#dropped = { count: (this.#dropped?.count ?? 0) + 1, source, line: breakpoint.line };
        return false;
      }
      this.#logged++;
      const text = logPointMessage(
        breakpoint.logMessage,
        (expression) => target.evaluate(undefined, expression).result,
      );
      if (travel) travel.logged(this.#count, source, breakpoint.line, text);
      else this.link.send({ t: 'log-point', text, source, line: breakpoint.line });
      return false;
    }
    return true;
  }

  #stop(
    reason: StopReason,
    source: string,
    line: number,
    column: number,
    depth: number,
    target: DebugTarget,
    description?: string,
  ): void {
    this.#step = undefined;
    const travel = this.#travel;
    const report = travel?.arrive();
    // Not counted: time travel finds this stop by its place, and by these values in a loop.
    const values = this.#exact ? undefined : frameValues(target);
    this.link.send({
      t: 'stopped',
      reason,
      source,
      line,
      column,
      ...(description === undefined ? {} : { description }),
      position: {
        ...this.#position(
          depth,
          this.#lines.get(source)?.has(line) ? (this.#hits.get(`${source}:${line}`) ?? 0) : undefined,
        ),
        ...(values === undefined ? {} : { values }),
      },
      ...(report === undefined ? {} : { travel: report }),
    });
    this.#sinceStop = 0;
    this.#exactSinceStop = true;
    try {
      for (;;) {
        const request = this.link.nextRequest();
        if (request.t === 'resume') {
          if (request.how !== 'continue') this.#step = { how: request.how, depth };
          return;
        }
        this.link.send({ t: 'answer', answer: this.#serve(request, target) });
      }
    } finally {
      target.release();
    }
  }

  #serve(request: Exclude<DebugRequest, { t: 'resume' }>, target: DebugTarget): DebugAnswer {
    try {
      switch (request.t) {
        case 'stack':
          return { ok: true, body: target.stack() };
        case 'scopes':
          return { ok: true, body: target.scopes(request.frameId) };
        case 'variables':
          return { ok: true, body: target.variables(request.variablesReference, request.start, request.count) };
        case 'set-variable':
          return { ok: true, body: target.setVariable(request.variablesReference, request.name, request.value) };
        case 'evaluate':
          return { ok: true, body: target.evaluate(request.frameId, request.expression) };
        case 'position':
          return { ok: true, body: this.#position(this.#lastDepth, undefined) };
      }
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  #position(depth: number, hits: number | undefined): StopPosition {
    return {
      ...(this.#exact ? { statement: this.#count } : {}),
      depth,
      ...(hits === undefined ? {} : { hits }),
      sinceStop: this.#sinceStop,
      exactSinceStop: this.#exactSinceStop,
    };
  }

  #takeNotices(): void {
    const notices = this.link.notices();
    if (!notices) return;
    for (const notice of notices) {
      if (notice.t === 'pause') this.#pauseRequested = this.#travel === undefined;
      else this.#configure(notice.config);
    }
  }

  #configure(config: DebugConfig): void {
    if (config.stopOnEntry && !this.#config.stopOnEntry) this.#entryArmed = true;
    this.#config = config;
    this.#coverage = config.coverage ? (this.#coverage ?? new LineCoverage()) : undefined;
    this.#lines = new Map();
    this.#lineSets = new Map();
    for (const [source, breakpoints] of Object.entries(config.breakpoints)) {
      if (breakpoints.length === 0) continue;
      const lines = new Map(breakpoints.map((b) => [b.line, b]));
      this.#lines.set(source, lines);
      this.#lineSets.set(source, new Set(lines.keys()));
    }
  }
}
