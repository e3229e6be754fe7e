// Typed views of native-function arguments. Overload dispatch has already checked the types,
// so these only narrow for the compiler; they still verify to keep a mis-registration loud.

import { RhaiError } from '../types/errors.ts';
import type { Int } from '../types/int.ts';
import { Blob, FnPtr, RChar, RFloat, typeOf, type RMap, type Value } from '../types/values.ts';

function mismatch(v: Value, expected: string): RhaiError {
  return new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(v)} (expecting ${expected})`);
}

export function int(v: Value): Int {
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  throw mismatch(v, 'i64');
}

/** An INT argument used as a size or index: clamped to the JS number range. */
export function count(v: Value): number {
  const n = int(v);
  return typeof n === 'number' ? n : n > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
}

export function float(v: Value): number {
  if (v instanceof RFloat) return v.v;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  throw mismatch(v, 'f64');
}

export function str(v: Value): string {
  if (typeof v === 'string') return v;
  throw mismatch(v, 'string');
}

export function chr(v: Value): string {
  if (v instanceof RChar) return v.c;
  throw mismatch(v, 'char');
}

/** A string or char argument as text. */
export function text(v: Value): string {
  if (typeof v === 'string') return v;
  if (v instanceof RChar) return v.c;
  throw mismatch(v, 'string');
}

export function arr(v: Value): Value[] {
  if (Array.isArray(v)) return v;
  throw mismatch(v, 'array');
}

export function map(v: Value): RMap {
  if (v instanceof Map) return v;
  throw mismatch(v, 'map');
}

export function fnptr(v: Value): FnPtr {
  if (v instanceof FnPtr) return v;
  throw mismatch(v, 'Fn');
}

export function blob(v: Value): Blob {
  if (v instanceof Blob) return v;
  throw mismatch(v, 'blob');
}
