// The python engine's DebugTarget: each request is answered by python-debug-prelude.ts's
// `debug_*` functions from the frames on the interpreter's stack, as JSON text, through the realm
// (python-realm.ts); an answer that failed throws with Python's message. Every request runs Python
// (a value's repr is the brain's code), so each runs as an evaluation: host calls refused, and cut
// off when it runs too long.

import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from '../debug/debug-protocol.ts';
import type { DebugTarget } from '../debug/debug-target.ts';
import type { PythonRealm } from './python-realm.ts';
import type { RealmPrimitive } from './realm/realm-api.ts';

export class PythonDebugTarget implements DebugTarget {
  constructor(
    private readonly realm: PythonRealm,
    private readonly evaluating: <T>(work: () => T) => T,
    private readonly released: () => void,
  ) {}

  stack(): StackFrameInfo[] {
    return this.#ask('debug_stack');
  }

  scopes(frameId: number): ScopeInfo[] {
    return this.#ask('debug_scopes', frameId);
  }

  variables(variablesReference: number, start?: number, count?: number): VariableInfo[] {
    return this.#ask('debug_variables', variablesReference, start, count);
  }

  setVariable(variablesReference: number, name: string, value: string): VariableInfo {
    return this.#ask('debug_set_variable', variablesReference, name, value);
  }

  evaluate(frameId: number | undefined, expression: string): EvaluationResult {
    return this.#ask('debug_evaluate', frameId ?? 1, expression);
  }

  holds(expression: string): boolean {
    return this.#ask('debug_holds', expression);
  }

  release(): void {
    this.realm.debug('debug_release');
    this.released();
  }

  #ask<T>(name: string, ...args: RealmPrimitive[]): T {
    const text = this.evaluating(() => this.realm.debug(name, ...args));
    const answer = JSON.parse(text) as { ok: true; body: T } | { ok: false; error: string };
    if (!answer.ok) throw new Error(answer.error);
    return answer.body;
  }
}
