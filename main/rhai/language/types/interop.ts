// Converting between plain JavaScript data and Rhai values, for hosts binding native APIs.

import { normalizeBig } from './int.ts';
import { Blob, RChar, RFloat, type RMap, type Value } from './values.ts';

export type PlainValue =
  null | undefined | boolean | number | bigint | string | PlainValue[] | { [key: string]: PlainValue } | Uint8Array;

/**
 * JS → Rhai: integral numbers become INT and other numbers FLOAT, null/undefined become `()`,
 * plain objects become object maps and Uint8Array becomes a BLOB.
 */
export function fromPlain(v: PlainValue): Value {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return normalizeNumber(v);
  if (typeof v === 'bigint') return normalizeBig(v);
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  if (v instanceof Uint8Array) return new Blob([...v]);
  const m: RMap = new Map();
  for (const [k, x] of Object.entries(v)) m.set(k, fromPlain(x));
  return m;
}

/** Rhai → JS: INT becomes number (bigint beyond 2^53), chars become strings, maps plain objects. */
export function toPlain(v: Value): PlainValue {
  if (v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (v instanceof RFloat) return v.v;
  if (v instanceof RChar) return v.c;
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof Map) {
    const o: { [key: string]: PlainValue } = {};
    for (const [k, x] of v) o[k] = toPlain(x);
    return o;
  }
  if (v instanceof Blob) return Uint8Array.from(v.bytes);
  return String(v);
}

/** A JS number as a Rhai value: safe integers are INT, everything else FLOAT. */
export function normalizeNumber(n: number): Value {
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n;
  return new RFloat(n);
}
