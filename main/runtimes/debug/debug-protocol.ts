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

/** What the host asks of a stopped engine (or of one held in a host call). */
export type DebugRequest =
  | { t: 'stack' }
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
    }
  /** The answer to the last request. */
  | { t: 'answer'; answer: DebugAnswer }
  /** A logpoint's message, for the brain's output. */
  | { t: 'log-point'; text: string; source: string; line: number };

/** What the host tells the engine outside a stop: new settings, or a request to pause. */
export type DebugNotice = { t: 'config'; config: DebugConfig } | { t: 'pause' };
