// Runtime representation of Rhai values. INT is number|bigint (see int.ts); FLOAT, char, ranges,
// function pointers, BLOBs and timestamps are small classes so every type stays distinguishable.

import type { Int } from './int.ts';

export class RFloat {
  constructor(readonly v: number) {}
}

export class RChar {
  constructor(readonly c: string) {}
}

export class RRange {
  constructor(
    readonly start: Int,
    readonly end: Int,
    readonly inclusive: boolean,
  ) {}
}

export class Blob {
  constructor(public bytes: number[] = []) {}
}

export class Timestamp {
  constructor(readonly ms: number) {}
}

/** A shared cell for a variable captured by a closure: Rhai closures share captures by reference. */
export class SharedCell implements CustomValue {
  readonly rhaiTypeName = 'shared';
  primitiveTag: PrimitiveTag | undefined = undefined;
  /** Set while a method call borrows the variable as its receiver: any other access is a data race. */
  locked = false;
  constructor(public v: Value) {}
}

/** The tag of a primitive held in a variable, valid while it still holds `v` (eval/variable-tags.ts). */
export interface PrimitiveTag {
  v: Value;
  tag: number;
}

/**
 * Name-based variables: the host scope (Scope, scope.ts), or the caller's variables inside `eval`.
 * A closure keeps the one it was created in.
 */
export interface DynamicScope {
  get(name: string): { value: Value } | undefined;
  set(name: string, value: Value): boolean;
  isConst(name: string): boolean;
  names(): string[];
}

/**
 * The compiled function of an anonymous function, as far as a value knows it, so that values do
 * not depend on how functions are compiled. It is always a ScriptFunction (func/functions.ts).
 */
export interface ClosureFunction {
  readonly def: { readonly params: readonly unknown[] };
}

export class FnPtr {
  constructor(
    readonly name: string,
    readonly curry: Value[] = [],
    /** Set for anonymous functions: the compiled body plus its captured cells. */
    readonly closure?: { fn: ClosureFunction; captures: SharedCell[]; dyn: DynamicScope | undefined },
  ) {}
}

/** Host-defined values pass through the engine untouched and report their own type name. */
export interface CustomValue {
  readonly rhaiTypeName: string;
}

export type RMap = Map<string, Value>;

export type Value =
  | undefined
  | boolean
  | Int
  | RFloat
  | string
  | RChar
  | Value[]
  | RMap
  | RRange
  | Blob
  | Timestamp
  | FnPtr
  | CustomValue;

export function typeOf(v: Value): string {
  switch (typeof v) {
    case 'undefined':
      return '()';
    case 'number':
    case 'bigint':
      return 'i64';
    case 'boolean':
      return 'bool';
    case 'string':
      return 'string';
  }
  // Containers first: they are the usual receivers of method calls.
  if (Array.isArray(v)) return 'array';
  if (v instanceof Map) return 'map';
  if (v instanceof RFloat) return 'f64';
  if (v instanceof RChar) return 'char';
  if (v instanceof RRange) return v.inclusive ? 'range=' : 'range';
  if (v instanceof FnPtr) return 'Fn';
  if (v instanceof Blob) return 'blob';
  if (v instanceof Timestamp) return 'timestamp';
  return (v as CustomValue).rhaiTypeName ?? 'unknown';
}

/** A value of a host-defined type (not one of the built-in representations above). */
export function isHostValue(v: Value): v is CustomValue {
  return (
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v instanceof Map) &&
    !(v instanceof RFloat) &&
    !(v instanceof RChar) &&
    !(v instanceof RRange) &&
    !(v instanceof Blob) &&
    !(v instanceof Timestamp) &&
    !(v instanceof FnPtr)
  );
}

/**
 * Value tags (upstream's `Dynamic` tag) of object-represented values. INT, bool, string and `()` are
 * plain JS primitives; variables keep their tags (eval/variable-tags.ts).
 */
const TAGS = new WeakMap<object, number>();

export function tagOf(v: Value): number {
  return typeof v === 'object' ? (TAGS.get(v) ?? 0) : 0;
}

/** Returns the value carrying `tag`; immutable wrappers are copied so aliases keep their own tag. */
export function withTag(v: Value, tag: number): Value | undefined {
  if (typeof v !== 'object') return undefined;
  const target = v instanceof RFloat ? new RFloat(v.v) : v instanceof RChar ? new RChar(v.c) : v;
  TAGS.set(target, tag);
  return target;
}

/** Rhai arrays, maps and BLOBs are values: copying a binding must not alias the original. */
export function cloneValue(v: Value): Value {
  // FLOATs are the commonest object values, and immutable.
  if (typeof v !== 'object' || v instanceof RFloat) return v;
  let out: Value;
  if (Array.isArray(v)) {
    const list = new Array<Value>(v.length);
    for (let i = 0; i < v.length; i++) list[i] = cloneValue(v[i]);
    out = list;
  } else if (v instanceof Map) {
    const m: RMap = new Map();
    for (const [k, x] of v) m.set(k, cloneValue(x));
    out = m;
  } else if (v instanceof Blob) {
    out = new Blob(v.bytes.slice());
  } else {
    return v;
  }
  const tag = TAGS.get(v);
  if (tag !== undefined) TAGS.set(out, tag);
  return out;
}

/** Equivalent to `typeOf(v) === t`, without computing the full name for the common types. */
export function hasType(v: Value, t: string): boolean {
  switch (t) {
    case 'i64':
      return typeof v === 'number' || typeof v === 'bigint';
    case 'string':
      return typeof v === 'string';
    case 'array':
      return Array.isArray(v);
    case 'map':
      return v instanceof Map;
    case 'bool':
      return typeof v === 'boolean';
    case 'f64':
      return v instanceof RFloat;
    case 'char':
      return v instanceof RChar;
    case 'Fn':
      return v instanceof FnPtr;
    default:
      return typeOf(v) === t;
  }
}

export function sortedKeys(m: RMap): string[] {
  return [...m.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  const ta = typeof a;
  if (ta === 'number' || ta === 'bigint') {
    if (typeof b === 'number' || typeof b === 'bigint') return a == b;
    return b instanceof RFloat && Number(a) === b.v;
  }
  if (a instanceof RFloat) {
    if (b instanceof RFloat) return a.v === b.v;
    return (typeof b === 'number' || typeof b === 'bigint') && a.v === Number(b);
  }
  // A char equals the one-character string holding it, as upstream compares them.
  if (a instanceof RChar) return (b instanceof RChar && a.c === b.c) || b === a.c;
  if (typeof a === 'string' && b instanceof RChar) return a === b.c;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, x] of a) if (!b.has(k) || !valuesEqual(x, b.get(k))) return false;
    return true;
  }
  if (a instanceof RRange)
    return b instanceof RRange && a.inclusive === b.inclusive && a.start == b.start && a.end == b.end;
  if (a instanceof Blob) {
    if (!(b instanceof Blob) || a.bytes.length !== b.bytes.length) return false;
    return a.bytes.every((x, i) => x === b.bytes[i]);
  }
  if (a instanceof FnPtr) return b instanceof FnPtr && a.name === b.name && !a.closure && !b.closure;
  if (a instanceof Timestamp) return b instanceof Timestamp && a.ms === b.ms;
  return false;
}
