// Function representations: compiled script functions and host/native overloads.

import type { ScriptOrigin } from './library.ts';
import type { FnDef } from '../ast/ast.ts';
import type { Position } from '../types/errors.ts';
import type { CustomFormatter } from '../types/format.ts';
import type { DynamicScope, FnPtr, PrimitiveTag, Value } from '../types/values.ts';

/** A compiled node: evaluates against a frame and yields a value. */
export type Compiled = (f: Frame) => Value;

export interface Frame {
  vars: Value[];
  thisV: Value;
  /** `this` is a constant's value (the method was called on a constant): it may not change. */
  thisConst: boolean;
  /** Control-flow signal set by break/continue/return (see Signal). */
  signal: number;
  sigVal: Value;
  rt: NativeContext & RuntimeHandle;
  /** Name-based variables: the host scope at top level, or the caller's variables inside `eval`. */
  dyn: DynamicScope | undefined;
  /** The error being handled by the innermost running `catch` block, for a bare `throw;`. */
  caught: unknown;
  /**
   * Variables defined by `eval` in this frame, newest last. An entry without `value` is a later
   * `let` of the same name taking precedence again (its slot holds the value).
   */
  evalVars: EvalVar[] | undefined;
  /**
   * Tags of primitive values held in slots, and of the value a `return` returned (see
   * eval/variable-tags.ts). Rarely used, so only the frames that use them get them.
   */
  tags?: (PrimitiveTag | undefined)[];
  retTag?: number;
}

export interface EvalVar {
  name: string;
  shadowed?: { value: Value; isConst: boolean };
}

export const Signal = { None: 0, Break: 1, Continue: 2, Return: 3 } as const;

/** Everything inside the runtime a compiled node may need; implemented by Runtime. */
export interface RuntimeHandle {
  ops: number;
  checkpoint: number;
  slowTick(pos: Position): void;
}

export interface ScriptFunction {
  def: FnDef;
  body: Compiled;
  lib: Library;
  /** Frame slots receiving a closure's captured cells, in capture order. */
  captureSlots?: number[];
}

export interface Library {
  functions: Map<string, ScriptFunction>;
  /** Where the script came from when it is not the run's own (a module, `eval` code). */
  readonly origin?: ScriptOrigin;
  /** Names defined with any arity, for `is_def_fn` and function-pointer lookups. */
  hasName(name: string): boolean;
  /** Whether any function is a typed method (`fn int.calc(x)`), looked up by receiver type. */
  typedMethods: boolean;
}

/**
 * How a native that reports its sizes tells the runtime what it changed in its first argument
 * (see eval/size-ledger.ts): each element or entry it adds, removes or replaces, after the change.
 */
export interface SizeChanges {
  added(container: Value, item: Value): void;
  removed(container: Value, item: Value): void;
  replaced(container: Value, old: Value, now: Value): void;
}

/** What a native function may use: calling back into script and checking data-size limits. */
export interface NativeContext {
  callFnPtr(fp: FnPtr, args: Value[], pos?: Position): Value;
  /** Calls with `this` bound; returns the result and the (possibly modified) `this`. */
  callWithThis(fp: FnPtr, thisV: Value, args: Value[]): [Value, Value];
  checkStringSize(s: string): string;
  /** `a + b`, checked against the string limit at the cost of `b` only. */
  checkedConcat(a: string, b: string): string;
  /** Checks a string length before building the string. */
  checkStringLength(n: number): void;
  checkArraySize(n: number): void;
  checkMapSize(n: number): void;
  readonly sizes: SizeChanges;
  print(text: string): void;
  debug(text: string, pos: Position): void;
  /** Text of a host value from its registered `to_string` / `to_debug`, if any. */
  formatCustom: CustomFormatter;
  readonly callPos: Position;
}

export type NativeFn = (args: Value[], ctx: NativeContext) => Value;

export interface NativeOverload {
  arity: number;
  /** `type_of` names per parameter; undefined or '?' accepts anything. */
  types?: readonly (string | undefined)[];
  fn: NativeFn;
  /** Mutates its first argument: forbidden on constants, and the mutation is written back. */
  mutates: boolean;
  /**
   * A mutating native that reports every size change through `ctx.sizes`; the first argument of
   * any other is counted again after the call.
   */
  reportsSizes?: boolean;
}

function wildcards(o: NativeOverload): number {
  if (!o.types) return 100;
  return o.types.filter((t) => t === undefined || t === '?').length;
}

export class FunctionTable {
  private readonly byName = new Map<string, NativeOverload[]>();
  /** Bumped on every registration so call sites can invalidate cached lookups. */
  version = 0;

  add(name: string, overload: NativeOverload): void {
    const list = this.byName.get(name) ?? [];
    // Later registrations with the same signature replace earlier ones, as upstream does.
    const sameIdx = list.findIndex(
      (o) => o.arity === overload.arity && (o.types ?? []).join(',') === (overload.types ?? []).join(','),
    );
    if (sameIdx >= 0) list.splice(sameIdx, 1);
    list.unshift(overload);
    // Exact types beat wildcards, as upstream's Dynamic parameters are only a fallback.
    list.sort((a, b) => wildcards(a) - wildcards(b));
    this.byName.set(name, list);
    this.version++;
  }

  lookup(name: string, arity: number): NativeOverload[] | undefined {
    const list = this.byName.get(name);
    if (!list) return undefined;
    const out = list.filter((o) => o.arity === arity || o.arity < 0);
    return out.length > 0 ? out : undefined;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  entries(): IterableIterator<[string, NativeOverload[]]> {
    return this.byName.entries();
  }
}
