// What an engine shows of its stopped brain. Each engine with source-level debugging implements
// it over its own frames; the DebugController calls it only while the engine thread is stopped
// (at a statement, or held in a host call), so the state it reads cannot move.

import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from './debug-protocol.ts';

export interface DebugTarget {
  /** Script frames, innermost first. */
  stack(): StackFrameInfo[];
  scopes(frameId: number): ScopeInfo[];
  /** Children of a scope or of a structured value; `start`/`count` page through an array's items. */
  variables(variablesReference: number, start?: number, count?: number): VariableInfo[];
  /** Assigns `value`, an expression of the brain's language, to a variable or a child; answers its new look. */
  setVariable(variablesReference: number, name: string, value: string): VariableInfo;
  /** Evaluates in a frame (the innermost without one). Throws with the language's message. */
  evaluate(frameId: number | undefined, expression: string): EvaluationResult;
  /** A breakpoint condition in the innermost frame: whether it holds. Throws when it fails. */
  holds(expression: string): boolean;
  /** Forgets the variable references handed out; called when the engine goes on. */
  release(): void;
  /**
   * How many innermost frames show their variables without cost (frame-values.ts); all when
   * undefined. A JS brain reads its outer frames in a re-run of the iteration.
   */
  readonly valueFrames?: number;
}
