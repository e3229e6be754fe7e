// What a debugger lists and changes: a named place holding a value (a variable, `this`, an array
// item, a map entry, a BLOB byte). Values with children are arrays, object maps and BLOBs.

import { RhaiError } from '../types/errors.ts';
import { Blob, sortedKeys, typeOf, type Value } from '../types/values.ts';

export interface Binding {
  name: string;
  value: Value;
  /** Puts `value` there (a value of its own, not shared with another place); throws when it cannot. */
  assign(value: Value): void;
}

export type Structured = Value[] | Map<string, Value> | Blob;

export function isStructured(v: Value): v is Structured {
  return Array.isArray(v) || v instanceof Map || v instanceof Blob;
}

/** How many children `v` has: items (arrays, BLOBs) are indexed, map entries named. */
export function childCount(v: Structured): { indexed: number } | { named: number } {
  if (v instanceof Map) return { named: v.size };
  return { indexed: Array.isArray(v) ? v.length : v.bytes.length };
}

/**
 * The children of `v`: map entries in key order (as Rhai prints them), items from `start`, at
 * most `count` of them. `changed` is told of each assignment (the run's size limits count it).
 */
export function childrenOf(v: Structured, changed: (container: Structured) => void, start = 0, count = Infinity): Binding[] {
  if (v instanceof Map) {
    return sortedKeys(v).map((key) => ({
      name: key,
      value: v.get(key),
      assign(value) {
        v.set(key, value);
        changed(v);
      },
    }));
  }
  const length = Array.isArray(v) ? v.length : v.bytes.length;
  const first = Math.max(0, Math.min(start, length));
  const end = Math.min(length, first + Math.max(0, count));
  const out: Binding[] = [];
  for (let i = first; i < end; i++) {
    out.push(
      Array.isArray(v)
        ? { name: String(i), value: v[i], assign: (value) => void ((v[i] = value), changed(v)) }
        : { name: String(i), value: v.bytes[i], assign: (value) => void (v.bytes[i] = byteOf(value)) },
    );
  }
  return out;
}

/** The child called `name`, to assign: an existing item, or a map entry (new or not). */
export function childNamed(v: Structured, name: string, changed: (container: Structured) => void): Binding {
  if (v instanceof Map) {
    return {
      name,
      value: v.get(name),
      assign(value) {
        v.set(name, value);
        changed(v);
      },
    };
  }
  const index = /^\d+$/.test(name) ? Number(name) : -1;
  const [child] = index >= 0 ? childrenOf(v, changed, index, 1) : [];
  if (child === undefined) {
    const length = Array.isArray(v) ? v.length : v.bytes.length;
    throw new RhaiError('ErrorArrayBounds', `Index ${name} out of bounds: ${typeOf(v)} of ${length} items`);
  }
  return child;
}

/** As Rhai's BLOB index assignment: an INT, of which the low byte is kept. */
function byteOf(value: Value): number {
  if (typeof value === 'number') return value & 0xff;
  if (typeof value === 'bigint') return Number(BigInt.asUintN(8, value));
  throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting i64)`);
}
