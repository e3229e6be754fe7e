// The python engine's DebugTarget: each request is answered by python-debug-prelude.ts's
// `debug_*` functions from the frames on the interpreter's stack, as JSON text; an answer that
// failed throws with Python's message. Every request runs Python (a value's repr is the brain's
// code), so each runs as an evaluation: host calls refused, and cut off when it runs too long.

import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from '../debug/debug-protocol.ts';
import type { DebugTarget } from '../debug/debug-target.ts';

type PythonFunction = (...args: unknown[]) => unknown;

/** python-debug-prelude.ts's functions, as the binding module has them. */
export interface PythonDebugFunctions {
  debug_stack: PythonFunction;
  debug_scopes: PythonFunction;
  debug_variables: PythonFunction;
  debug_set_variable: PythonFunction;
  debug_evaluate: PythonFunction;
  debug_holds: PythonFunction;
  debug_release: PythonFunction;
}

export class PythonDebugTarget implements DebugTarget {
  constructor(
    private readonly python: PythonDebugFunctions,
    private readonly evaluating: <T>(work: () => T) => T,
    private readonly released: () => void,
  ) {}

  stack(): StackFrameInfo[] {
    return this.#ask(this.python.debug_stack);
  }

  scopes(frameId: number): ScopeInfo[] {
    return this.#ask(this.python.debug_scopes, frameId);
  }

  variables(variablesReference: number, start?: number, count?: number): VariableInfo[] {
    return this.#ask(this.python.debug_variables, variablesReference, start, count);
  }

  setVariable(variablesReference: number, name: string, value: string): VariableInfo {
    return this.#ask(this.python.debug_set_variable, variablesReference, name, value);
  }

  evaluate(frameId: number | undefined, expression: string): EvaluationResult {
    return this.#ask(this.python.debug_evaluate, frameId ?? 1, expression);
  }

  holds(expression: string): boolean {
    return this.#ask(this.python.debug_holds, expression);
  }

  release(): void {
    this.python.debug_release();
    this.released();
  }

  #ask<T>(fn: PythonFunction, ...args: unknown[]): T {
    const text = this.evaluating(() => fn(...args) as string);
    const answer = JSON.parse(text) as { ok: true; body: T } | { ok: false; error: string };
    if (!answer.ok) throw new Error(answer.error);
    return answer.body;
  }
}
