// Runtime representation of Rhai values. INT is number|bigint (see int.ts); FLOAT, char, ranges,
// function pointers, BLOBs and timestamps are small classes so every type stays distinguishable.

import type { Int } from './int.ts';
import type { ScriptFunction } from './functions.ts';

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
export class SharedCell {
  constructor(public v: Value) {}
}

export class FnPtr {
  constructor(
    readonly name: string,
    readonly curry: Value[] = [],
    /** Set for anonymous functions: the compiled body plus its captured cells. */
    readonly closure?: { fn: ScriptFunction; captures: SharedCell[] },
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

export const UNIT: Value = undefined;

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
  if (v instanceof RFloat) return 'f64';
  if (v instanceof RChar) return 'char';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Map) return 'map';
  if (v instanceof RRange) return v.inclusive ? 'range=' : 'range';
  if (v instanceof FnPtr) return 'Fn';
  if (v instanceof Blob) return 'blob';
  if (v instanceof Timestamp) return 'timestamp';
  return (v as CustomValue).rhaiTypeName ?? 'unknown';
}

/** Rhai arrays, maps and BLOBs are values: copying a binding must not alias the original. */
export function cloneValue(v: Value): Value {
  if (typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array<Value>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = cloneValue(v[i]);
    return out;
  }
  if (v instanceof Map) {
    const out: RMap = new Map();
    for (const [k, x] of v) out.set(k, cloneValue(x));
    return out;
  }
  if (v instanceof Blob) return new Blob(v.bytes.slice());
  return v;
}

export function sortedKeys(m: RMap): string[] {
  return [...m.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function isNumeric(v: Value): boolean {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof RFloat;
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
  if (a instanceof RChar) return b instanceof RChar && a.c === b.c;
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
