// What the host's debugger and an engine thread's DebugController say to each other. All of it is
// structured-clone data; shapes follow the Debug Adapter Protocol so `brainbench dap` passes most
// of them through. Lines and columns are 1-based; `source` is the brain's file name as the engine
// runs it (an absolute path).

export interface SourceBreakpoint {
  line: number;
  column?: number;
  /** An expression in the brain's language; the breakpoint stops only where it is truthy. */
  condition?: string;
  /** `N`, `>= N`, `> N`, `== N`, `% N`: how many hits (counted from 1) stop. */
  hitCondition?: string;
  /** A logpoint: prints this message, `{expression}` parts evaluated, and never stops. */
  logMessage?: string;
}

/** What the engine needs to know to decide where to stop. */
export interface DebugConfig {
  /** Source breakpoints by brain file. */
  breakpoints: Record<string, SourceBreakpoint[]>;
  /** Stop where an error is thrown that a `try` will catch, or that nothing catches. */
  exceptions: { caught: boolean; uncaught: boolean };
  /** Stop at the first statement of the next iteration. */
  stopOnEntry: boolean;
  /**
   * Keep the hooks on without any breakpoint (a debugger client is attached, or host-op
   * breakpoints are set), so that a pause or a held call shows the brain's frames.
   */
  attach: boolean;
  /** Count how often each line is entered, reported at each iteration's end (`coverage` events). */
  coverage?: boolean;
}

export const NO_DEBUG_CONFIG: DebugConfig = {
  breakpoints: {},
  exceptions: { caught: false, uncaught: false },
  stopOnEntry: false,
  attach: false,
};

export type StopReason = 'breakpoint' | 'step' | 'exception' | 'pause' | 'entry' | 'function breakpoint';

export interface StackFrameInfo {
  /** Unique while the engine stays stopped. */
  id: number;
  /** The script function's name; `<brain>` for top-level code. */
  name: string;
  source: string;
  line: number;
  column: number;
  /**
   * The code's text when it has no file (Rhai `eval` code, whose `source` is a name such as
   * `<eval>`): clients show it read-only (DAP: a Source with a sourceReference).
   */
  text?: string;
}

export interface ScopeInfo {
  /** `Locals`, `Globals` or `This` on the engine side; the host adds `Memory` and `Inbox`. */
  name: string;
  variablesReference: number;
  /** Whether reading it is costly (the client then fetches it only on demand). */
  expensive: boolean;
}

export interface VariableInfo {
  name: string;
  /** How the brain's language would show the value. */
  value: string;
  /** The brain language's type name. */
  type?: string;
  /** Non-zero when the value has children (an array, map or object), read with `variables`. */
  variablesReference: number;
  indexedVariables?: number;
  namedVariables?: number;
}

export interface EvaluationResult {
  result: string;
  type?: string;
  variablesReference: number;
}

/**
 * Where a stop is, for time travel (docs/debugging.md#time-travel): statements are counted from
 * the iteration's start, so that a re-execution of the iteration can find the same one again.
 */
export interface StopPosition {
  /** The statement's count since the iteration's start, when every statement was seen. */
  statement?: number;
  /** The call depth (the top level is the engine's least). */
  depth: number;
  /** For a line breakpoint: how often it was hit (its condition held) so far this iteration. */
  hits?: number;
  /** Statements since the iteration's previous stop (or its start). */
  sinceStop: number;
  /** Whether every statement since the previous stop (or the start) was seen: steps see all. */
  exactSinceStop: boolean;
  /**
   * Without `statement`: what the frames hold (frame-values.ts), which tells the turns of a loop
   * apart where the place alone cannot.
   */
  values?: string;
}

/**
 * A run of a past iteration for time travel: every host call is served from the recording, and the
 * run goes to a statement (or to its end) without stopping on the way.
 */
export interface TravelGoal {
  /** Stop at this statement (a count from the iteration's start), with `reason`. */
  to?: number;
  reason?: StopReason;
  /**
   * Find a statement by where it is when its count is not known: the first at this line, column and
   * depth after `calls` served host calls; with `hits`, where a breakpoint on the line is hit the
   * `hits`th time; with `values`, where the frames hold these values (frame-values.ts), the
   * first such place when none does. The run stops there.
   */
  locate?: { calls: number; line: number; column: number; depth: number; hits?: number; values?: string };
  /** Past the stop, reaching this statement (the present) stops again. */
  limit?: number;
  /** No goal to reach: the run is debugged from its start as a live one is (going forward in the past). */
  free?: boolean;
  /** Said back in the run's reports, so that a stop of a run given up on is known for one. */
  run?: number;
  /** Note each statement's depth and where a breakpoint would stop, before the stop. */
  record?: boolean;
  /** Logpoints speak (a logpoint in the past); otherwise they are silent in a re-execution. */
  logs?: boolean;
}

/** What a past run saw on its way, with its stop or at its end. */
export interface TravelReport {
  /** The goal's `run`. */
  run?: number;
  /** Statements run. */
  statements: number;
  /** Host calls served from the recording. */
  served: number;
  /** With `record`: the depth of statements 1, 2, … before the stop. */
  depths?: number[];
  /** With `record`: the statements where a line breakpoint would have stopped, in order. */
  hits?: number[];
  /** With `logs`: each logpoint message, where it was said. */
  logs?: { statement: number; source: string; line: number; text: string }[];
  /** With `logs`: messages over the limit an iteration, counted and not said. */
  dropped?: number;
  /** The run asked for a call the recording does not have here (its end, or another call). */
  unserved?: { statement: number; op: string; why: 'end' | 'other' };
  /** A `locate` goal with `values` it never came to: the first statement at its place. */
  located?: number;
}

/** What the host asks of a stopped engine (or of one held in a host call). */
export type DebugRequest =
  | { t: 'stack' }
  /** Where the brain is (held in a host call, or stopped), for time travel. */
  | { t: 'position' }
  | { t: 'scopes'; frameId: number }
  | { t: 'variables'; variablesReference: number; start?: number; count?: number }
  | { t: 'set-variable'; variablesReference: number; name: string; value: string }
  /** Without a frame: the top frame. */
  | { t: 'evaluate'; frameId?: number; expression: string }
  /** Ends the stop; only while stopped at a statement, not while held in a host call. */
  | { t: 'resume'; how: ResumeHow };

export type ResumeHow = 'continue' | 'next' | 'step-in' | 'step-out';

export type DebugAnswer = { ok: true; body: unknown } | { ok: false; error: string };

/** What the engine tells the host. */
export type EngineDebugEvent =
  | {
      t: 'stopped';
      reason: StopReason;
      source: string;
      line: number;
      column: number;
      /** For `exception`: the error's message. */
      description?: string;
      position?: StopPosition;
      /** In a re-execution (time travel): what it saw on its way here. */
      travel?: TravelReport;
    }
  /** The answer to the last request. */
  | { t: 'answer'; answer: DebugAnswer }
  /** A logpoint's message, for the brain's output. */
  | { t: 'log-point'; text: string; source: string; line: number }
  /** With `coverage` on: how often each line was entered in the iteration that ended, by source. */
  | { t: 'coverage'; lines: Record<string, [line: number, hits: number][]> };

/** What the host tells the engine outside a stop: new settings, or a request to pause. */
export type DebugNotice = { t: 'config'; config: DebugConfig } | { t: 'pause' };
