// The Rhai engine's DebugTarget: the stopped brain's frames, scopes and values through the
// language's RunInspector, with variable references that last until the brain goes on.

import {
  childCount,
  childNamed,
  childrenOf,
  isStructured,
  type Binding,
  type Structured,
} from '../../rhai/language/debug/bindings.ts';
import type { InspectedFrame, RunInspector } from '../../rhai/language/debug/run-inspector.ts';
import type { Position } from '../../rhai/language/types/errors.ts';
import { typeOf, type Value } from '../../rhai/language/types/values.ts';
import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from '../debug/debug-protocol.ts';
import type { DebugTarget } from '../debug/debug-target.ts';

/** What a variables reference stands for; `frame` is an index into the stack, innermost 0. */
type Reference =
  { kind: 'Locals' | 'Globals' | 'This'; frame: number } | { kind: 'value'; frame: number; value: Structured };

export class RhaiDebugTarget implements DebugTarget {
  readonly #run: RunInspector;
  readonly #source: string;
  /** Runs an evaluation with host calls refused, and goes on when the brain does. */
  readonly #evaluating: <T>(work: () => T) => T;
  readonly #released: () => void;
  readonly #references = new Map<number, Reference>();
  /** Where the brain is held: a statement, or where an error was raised; otherwise in a host call. */
  #at: Position | undefined;

  constructor(run: RunInspector, source: string, hooks: { evaluating: <T>(work: () => T) => T; released: () => void }) {
    this.#run = run;
    this.#source = source;
    this.#evaluating = hooks.evaluating;
    this.#released = hooks.released;
  }

  get run(): RunInspector {
    return this.#run;
  }

  /** Runs `work` (the debugger deciding, maybe stopping) with the brain held at `pos`. */
  heldAt<T>(pos: Position, work: () => T): T {
    const outer = this.#at;
    this.#at = pos;
    try {
      return work();
    } finally {
      this.#at = outer;
    }
  }

  stack(): StackFrameInfo[] {
    return this.#frames().map((f, i) => {
      const text = f.origin?.text;
      return {
        id: i + 1,
        name: f.name,
        source: f.origin?.source ?? this.#source,
        line: f.pos.line,
        column: f.pos.col,
        ...(text === undefined ? {} : { text }),
      };
    });
  }

  scopes(frameId: number): ScopeInfo[] {
    const index = frameId - 1;
    const frame = this.#frame(index);
    const scopes: ScopeInfo[] = [this.#scope('Locals', index)];
    if (frame.depth > 0) scopes.push(this.#scope('Globals', index));
    if (this.#run.thisBinding(frame) !== undefined) scopes.push(this.#scope('This', index));
    return scopes;
  }

  variables(variablesReference: number, start?: number, count?: number): VariableInfo[] {
    const reference = this.#reference(variablesReference);
    const bindings =
      reference.kind === 'value'
        ? childrenOf(reference.value, this.#run.changed, start, count)
        : this.#scopeBindings(reference.kind, reference.frame);
    return bindings.map((b) => this.#describe(b.name, b.value, reference.frame));
  }

  setVariable(variablesReference: number, name: string, value: string): VariableInfo {
    const reference = this.#reference(variablesReference);
    const binding =
      reference.kind === 'value'
        ? childNamed(reference.value, name, this.#run.changed)
        : this.#scopeBindings(reference.kind, reference.frame).find((b) => b.name === name);
    if (binding === undefined) throw new Error(`no variable ${name} in this scope`);
    const assigned = this.#evaluate(reference.frame, value);
    binding.assign(assigned);
    return this.#describe(name, assigned, reference.frame);
  }

  evaluate(frameId: number | undefined, expression: string): EvaluationResult {
    const index = frameId === undefined ? 0 : frameId - 1;
    const v = this.#evaluate(index, expression);
    const { value, type, variablesReference } = this.#describe('', v, index);
    return { result: value, ...(type === undefined ? {} : { type }), variablesReference };
  }

  holds(expression: string): boolean {
    const v = this.#evaluate(0, expression);
    if (typeof v !== 'boolean') throw new Error(`the condition is ${typeOf(v)}, not bool`);
    return v;
  }

  release(): void {
    this.#references.clear();
    this.#released();
  }

  #frames(): InspectedFrame[] {
    return this.#run.stack(this.#at ?? this.#run.callPosition);
  }

  #frame(index: number): InspectedFrame {
    const frame = this.#frames()[index];
    if (frame === undefined) throw new Error(`no frame ${index + 1}`);
    return frame;
  }

  #evaluate(index: number, expression: string): Value {
    const frame = this.#frame(index);
    return this.#evaluating(() => this.#run.evaluate(frame, expression));
  }

  #scopeBindings(kind: 'Locals' | 'Globals' | 'This', index: number): Binding[] {
    const frame = this.#frame(index);
    if (kind === 'Locals') return this.#run.variables(frame);
    if (kind === 'Globals') {
      const frames = this.#frames();
      return this.#run.variables(frames[frames.length - 1]!);
    }
    const binding = this.#run.thisBinding(frame);
    return binding === undefined ? [] : [binding];
  }

  #scope(name: 'Locals' | 'Globals' | 'This', frame: number): ScopeInfo {
    return { name, variablesReference: this.#refer({ kind: name, frame }), expensive: false };
  }

  #describe(name: string, value: Value, frame: number): VariableInfo {
    const info: VariableInfo = { name, value: this.#run.describe(value), type: typeOf(value), variablesReference: 0 };
    if (!isStructured(value)) return info;
    info.variablesReference = this.#refer({ kind: 'value', frame, value });
    const count = childCount(value);
    if ('indexed' in count) info.indexedVariables = count.indexed;
    else info.namedVariables = count.named;
    return info;
  }

  #refer(reference: Reference): number {
    const id = this.#references.size + 1;
    this.#references.set(id, reference);
    return id;
  }

  #reference(id: number): Reference {
    const reference = this.#references.get(id);
    if (reference === undefined) throw new Error(`no variables reference ${id} (the brain has gone on since)`);
    return reference;
  }
}
