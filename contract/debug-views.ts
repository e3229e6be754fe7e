// The debugger as the workbench sees it: the workspace's breakpoints (kept in the workspace's
// local settings folder, not in omw.toml) and what a stopped agent shows. Shapes follow the Debug
// Adapter Protocol, as `brainbench dap` serves the same engine.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type {
  EvaluationResult,
  ScopeInfo,
  SourceBreakpoint,
  StackFrameInfo,
  StopReason,
  VariableInfo,
} from '../main/runtimes/debug/debug-protocol.ts';

export type { EvaluationResult, ScopeInfo, SourceBreakpoint, StackFrameInfo, StopReason, VariableInfo };

/** A line breakpoint as the debugger placed it: on a statement line, or unverified with why. */
export interface PlacedSourceBreakpoint extends SourceBreakpoint {
  verified: boolean;
  /** Why it moved or is unverified. */
  message?: string;
}

export interface CallBreakpoint {
  op: HostOp;
  /** A Rhai expression over the call (`model == "gpt-4o"`); docs/debugging.md lists its names. */
  condition?: string;
}

export interface CallBreakpointResult extends CallBreakpoint {
  verified: boolean;
  message?: string;
}

export interface DebugSettingsView {
  /** By brain file, relative to the workspace root. */
  sourceBreakpoints: Record<string, PlacedSourceBreakpoint[]>;
  exceptions: { caught: boolean; uncaught: boolean };
  /** By agent, `*` for every agent. */
  callBreakpoints: Record<string, CallBreakpointResult[]>;
}

export type ResumeHow = 'continue' | 'next' | 'step-in' | 'step-out';

/**
 * Where a host call's arguments came from (docs/debugging.md#why-this-call): the earlier answers
 * that held them, as a chain. `seq`: the call's event in the trace, when it was traced.
 */
export interface WhyView {
  op: string;
  seq?: number;
  links: {
    iteration: number;
    /** Its index among the iteration's host calls. */
    call: number;
    op: string;
    seq?: number;
    /** The link whose call this answer fed (-1: the asked call), and which of its arguments. */
    for: number;
    argument: string;
    value: string;
  }[];
  /** Arguments of the asked call that no earlier answer holds: the brain made them. */
  made: string[];
}

/** Pushed as a stopped agent goes on, and for a logpoint's message or a failing condition. */
export type DebugNotification =
  | {
      type: 'stopped';
      agent: string;
      reason: StopReason;
      description?: string;
      source?: string;
      line?: number;
      op?: HostOp;
      /** The view is in the agent's past (time travel): which iteration, at which statement of it. */
      past?: { iteration: number; statement: number };
    }
  | { type: 'continued'; agent: string }
  /** `iteration`: said by a logpoint in the past, in that iteration's re-execution. */
  | { type: 'output'; agent: string; text: string; iteration?: number }
  /**
   * A logpoint added to a brain (`source`, as the workspace names it) was run over the agent's
   * past: what it said in each iteration, for the timeline.
   */
  | { type: 'past-logs'; agent: string; source: string; lines: { iteration: number; line: number; text: string }[] };

/** A watch expression's values in the past (docs/debugging.md#watches-in-the-past). */
export interface PastWatchView {
  /** The statement line it was placed on (the first at or after the asked one). */
  line: number;
  /** Its value at each hit, in order, with the iteration it was in. */
  values: { iteration: number; line: number; value: string }[];
  /** Iterations re-executed, and those that did not run as recorded. */
  iterations: number;
  diverged: number[];
  /** Values over the limit of 100 an iteration, counted and not said (a recording's watch or logpoint). */
  dropped?: number;
}

/**
 * Where a debug session over an opened recording is stopped (docs/debugging.md#time-travel-in-a-recording):
 * the recorded iteration and statement, the brain line (`source` as the workspace names it), the
 * call stack, and the top frame's variables one level deep (with the agent's memory there). Each
 * frame's scopes and variables, to any depth, are read by reference at this stop (`stop`).
 */
export interface RecordingDebugView {
  agent: string;
  reason: StopReason;
  description?: string;
  iteration: number;
  statement: number;
  source: string;
  line: number;
  /** The text of that line of the brain that runs (the Recording view has no editor beside it). */
  code: string;
  /** The recorded iterations of the agent, oldest first. */
  iterations: number[];
  /** Innermost first; `id` names the frame to `recordingDebugScopes` and `recordingDebugEvaluateIn`. */
  frames: { id: number; name: string; source: string; line: number }[];
  variables: { scope: string; name: string; value: string }[];
  /**
   * Counts the stops of every recording's debug session in the workbench: frame ids and variable
   * references are good at this stop only, and a request naming another is refused.
   */
  stop: number;
  /** The top frame's scopes as the runtime gives them (Locals, Globals, …), and Memory. */
  scopes: ScopeInfo[];
  /** Names the brain text the iteration runs: the same name, the same text (`recordingDebugSource`). */
  brain: string;
  /** What logpoints said on the way here (each with its iteration), and other notes of the move. */
  output: { text: string; iteration?: number }[];
}

/**
 * The brain text a recording's debug session runs in an iteration, read-only: all of it, or, for a
 * text too long to show whole, the lines around the one asked for.
 */
export interface RecordingSourceView {
  /** The brain file as the workspace names it (the breakpoints are on it). */
  source: string;
  /** As the session's views name it (`RecordingDebugView.brain`). */
  brain: string;
  text: string;
  /** The number of the text's first line in the brain. */
  firstLine: number;
  /** Lines of the whole brain text. */
  lines: number;
  /** Why only part of it is shown. */
  cut?: string;
  /** It holds control characters text does not (NUL and the like): shown as symbols. */
  binary: boolean;
}

/** How a recording's debug session moves: the forward ways, and back. */
export type RecordingDebugMove = ResumeHow | 'step-back' | 'reverse-continue';
