// The engine thread's half of the debugger, the same for every engine with source-level
// debugging: it decides where to stop (breakpoints with conditions, hit counts and logpoints,
// steps, pauses, errors) and, while stopped, answers the host's requests through the engine's
// DebugTarget. Engines call `statement` before each statement only while `attached`; otherwise
// they run as they would without a debugger.

import type { DebugLink } from './debug-link.ts';
import {
  NO_DEBUG_CONFIG,
  type DebugAnswer,
  type DebugConfig,
  type DebugRequest,
  type ResumeHow,
  type SourceBreakpoint,
  type StopReason,
} from './debug-protocol.ts';
import type { DebugTarget } from './debug-target.ts';
import { hitConditionHolds } from './hit-condition.ts';
import { logPointMessage } from './log-point-message.ts';

const NO_LINES: ReadonlySet<number> = new Set();

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
  /** Where the last statement was: a line breakpoint stops once as its line is entered. */
  #lastSource = '';
  #lastLine = 0;
  #lastDepth = -1;
  #target: DebugTarget | undefined;

  constructor(private readonly link: DebugLink) {}

  /** Whether the engine must call `statement` (checked at the start of each iteration). */
  get attached(): boolean {
    this.#takeNotices();
    const c = this.#config;
    return (
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
    return this.#step !== undefined || this.#pauseRequested;
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
    this.#lastDepth = -1;
    this.#hits.clear();
    this.#entryPending = this.#entryArmed;
    this.#entryArmed = false;
  }

  /** Before each statement; blocks while the brain is stopped there. */
  statement(source: string, line: number, column: number, depth: number, target: DebugTarget): void {
    this.#takeNotices();
    const entered = line !== this.#lastLine || depth !== this.#lastDepth || source !== this.#lastSource;
    this.#lastSource = source;
    this.#lastLine = line;
    this.#lastDepth = depth;
    const reason = this.#stopReason(source, line, depth, entered, target);
    if (reason !== undefined) this.#stop(reason, source, line, column, depth, target);
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
    this.#stop('exception', where.source, where.line, where.column, where.depth, target, message);
  }

  /** Answers a request that arrived while the engine is held in a host call. */
  serveDuringCall(request: DebugRequest): DebugAnswer {
    if (request.t === 'resume') return { ok: false, error: 'the brain is held in a host call: resume the call' };
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
        // A condition that cannot be evaluated stops, as editors do, and says why.
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
      const text = logPointMessage(
        breakpoint.logMessage,
        (expression) => target.evaluate(undefined, expression).result,
      );
      this.link.send({ t: 'log-point', text, source, line: breakpoint.line });
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
    this.link.send({
      t: 'stopped',
      reason,
      source,
      line,
      column,
      ...(description === undefined ? {} : { description }),
    });
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
      }
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  #takeNotices(): void {
    const notices = this.link.notices();
    if (!notices) return;
    for (const notice of notices) {
      if (notice.t === 'pause') this.#pauseRequested = true;
      else this.#configure(notice.config);
    }
  }

  #configure(config: DebugConfig): void {
    if (config.stopOnEntry && !this.#config.stopOnEntry) this.#entryArmed = true;
    this.#config = config;
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
