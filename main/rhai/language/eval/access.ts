// Property and index access on values: reads, and writes that return the updated container
// (strings and integers are immutable in JS, so a write yields a new value for the parent).

import { RhaiError, type Position } from '../types/errors.ts';
import { intAnd, intOr, intShl, intShr, toBig, normalizeBig, type Int } from '../types/int.ts';
import type { Runtime } from './runtime.ts';
import { codePoints } from '../types/text.ts';
import { matchOverload } from '../func/native-cache.ts';
import { Blob, RChar, RRange, cloneValue, typeOf, type Value } from '../types/values.ts';

/** Upstream's wording: "...: array is empty", "...: only 1 element in array", ... */
function boundsError(
  kind: 'ErrorArrayBounds' | 'ErrorStringBounds',
  what: string,
  idx: Value,
  len: number,
  unit: string,
  container: string,
  pos: Position,
): RhaiError {
  const detail = len === 0 ? `${container} is empty` : `only ${len} ${unit}${len === 1 ? '' : 's'} in ${container}`;
  return new RhaiError(kind, `${what} index ${idx} out of bounds: ${detail}`, pos);
}

function normIndex(i: Value, len: number): number {
  const n = typeof i === 'number' ? i : Number(i);
  return n < 0 ? len + n : n;
}

function callAccessor(rt: Runtime, name: string, args: Value[], pos: Position): { found: boolean; value: Value } {
  const list = rt.engine.natives.lookup(name, args.length);
  const o = list && matchOverload(list, args);
  if (!o) return { found: false, value: undefined };
  return { found: true, value: rt.callNative(o, args, pos) };
}

export function getProp(rt: Runtime, obj: Value, name: string, pos: Position): Value {
  if (obj instanceof Map) {
    const v = obj.get(name);
    if (v === undefined && !obj.has(name) && rt.engine.failOnInvalidMapProperty) {
      throw new RhaiError('ErrorPropertyNotFound', `Property not found: ${name}`, pos);
    }
    return v;
  }
  const r = callAccessor(rt, `get$${name}`, [obj], pos);
  if (r.found) return r.value;
  throw new RhaiError(
    'ErrorDotExpr',
    `Unknown property '${name}' - a getter is not registered for type '${typeOf(obj)}'`,
    pos,
  );
}

export function setProp(rt: Runtime, obj: Value, name: string, value: Value, pos: Position): Value {
  if (obj instanceof Map) {
    if (!obj.has(name) && rt.engine.failOnInvalidMapProperty) {
      throw new RhaiError('ErrorPropertyNotFound', `Property not found: ${name}`, pos);
    }
    return setMapEntry(rt, obj, name, value);
  }
  const args = [obj, value];
  const r = callAccessor(rt, `set$${name}`, args, pos);
  if (r.found) return args[0];
  throw new RhaiError(
    'ErrorDotExpr',
    `Unknown property '${name}' - a setter is not registered for type '${typeOf(obj)}'`,
    pos,
  );
}

function bitBounds(i: Value, pos: Position): number {
  const n = normIndex(i, 64);
  if (n < 0 || n >= 64)
    throw new RhaiError('ErrorBitFieldBounds', `Bit-field index ${i} out of bounds: only 64 bits in bit-field`, pos);
  return n;
}

function bitRange(r: RRange, pos: Position): [number, number] {
  const start = Number(r.start);
  const end = Number(r.end) + (r.inclusive ? 1 : 0);
  if (start < 0 || start >= 64 || end > 64 || end < start) {
    throw new RhaiError('ErrorBitFieldBounds', `Bit-field range ${r.start}..${r.end} out of bounds`, pos);
  }
  return [start, end];
}

/** Character range of a string slice; negative ends count from the end, out-of-range ends clamp. */
function stringRange(r: RRange, len: number): [number, number] {
  const clamp = (n: number): number => Math.min(len, Math.max(0, n < 0 ? len + n : n));
  const start = clamp(Number(r.start));
  const rawEnd = Number(r.end);
  if (rawEnd < 0) {
    // A negative end is resolved first; an empty or reversed slice stays empty even when inclusive.
    const end = clamp(rawEnd);
    if (end <= start) return [start, start];
    return [start, Math.min(len, r.inclusive ? end + 1 : end)];
  }
  const end = clamp(r.inclusive ? rawEnd + 1 : rawEnd);
  return [start, Math.max(start, end)];
}

function maskOf(len: number): bigint {
  return (1n << BigInt(len)) - 1n;
}

export function getIndex(rt: Runtime, obj: Value, idx: Value, pos: Position): Value {
  if (Array.isArray(obj)) {
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    const n = normIndex(idx, obj.length);
    if (n < 0 || n >= obj.length) {
      throw boundsError('ErrorArrayBounds', 'Array', idx, obj.length, 'element', 'array', pos);
    }
    return obj[n];
  }
  if (obj instanceof Map) {
    const key = typeof idx === 'string' ? idx : idx instanceof RChar ? idx.c : undefined;
    if (key === undefined) throw indexTypeError(obj, idx, pos);
    const v = obj.get(key);
    if (v === undefined && !obj.has(key) && rt.engine.failOnInvalidMapProperty) {
      throw new RhaiError('ErrorPropertyNotFound', `Property not found: ${key}`, pos);
    }
    return v;
  }
  if (typeof obj === 'string') {
    if (idx instanceof RRange) {
      const chars = codePoints(obj);
      return chars.slice(...stringRange(idx, chars.length)).join('');
    }
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    const chars = codePoints(obj);
    const n = normIndex(idx, chars.length);
    if (n < 0 || n >= chars.length) {
      throw boundsError('ErrorStringBounds', 'String', idx, chars.length, 'character', 'string', pos);
    }
    return new RChar(chars[n]!);
  }
  if (typeof obj === 'number' || typeof obj === 'bigint') {
    if (idx instanceof RRange) {
      const [start, end] = bitRange(idx, pos);
      return normalizeBig((BigInt.asUintN(64, toBig(obj)) >> BigInt(start)) & maskOf(end - start));
    }
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    const bit = bitBounds(idx, pos);
    return intAnd(intShr(obj, bit), 1) !== 0;
  }
  if (obj instanceof Blob) {
    if (typeof idx !== 'number') throw indexTypeError(obj, idx, pos);
    const n = normIndex(idx, obj.bytes.length);
    if (n < 0 || n >= obj.bytes.length) {
      throw boundsError('ErrorArrayBounds', 'Blob', idx, obj.bytes.length, 'byte', 'BLOB', pos);
    }
    return obj.bytes[n];
  }
  const r = callAccessor(rt, 'index$get$', [obj, idx], pos);
  if (r.found) return r.value;
  throw indexTypeError(obj, idx, pos);
}

function indexTypeError(obj: Value, idx: Value, pos: Position): RhaiError {
  if (Array.isArray(obj) || typeof obj === 'string' || obj instanceof Blob || typeof obj === 'number') {
    return new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(idx)} (expecting i64)`, pos);
  }
  if (obj instanceof Map) {
    return new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(idx)} (expecting string)`, pos);
  }
  return new RhaiError('ErrorIndexingType', `Indexer unavailable: ${typeOf(obj)}[${typeOf(idx)}]`, pos);
}

export function setIndex(rt: Runtime, obj: Value, idx: Value, value: Value, pos: Position): Value {
  if (Array.isArray(obj)) {
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    const n = normIndex(idx, obj.length);
    if (n < 0 || n >= obj.length) {
      throw boundsError('ErrorArrayBounds', 'Array', idx, obj.length, 'element', 'array', pos);
    }
    if (rt.sizeLimited) rt.sizes.replaced(obj, obj[n], value);
    obj[n] = value;
    return obj;
  }
  if (obj instanceof Map) {
    const key = typeof idx === 'string' ? idx : idx instanceof RChar ? idx.c : undefined;
    if (key === undefined) throw indexTypeError(obj, idx, pos);
    return setMapEntry(rt, obj, key, value);
  }
  if (typeof obj === 'string') {
    if (idx instanceof RRange) {
      if (typeof value !== 'string') {
        throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting string)`, pos);
      }
      const chars = codePoints(obj);
      const [start, end] = stringRange(idx, chars.length);
      chars.splice(start, end - start, value);
      return rt.checkStringSize(chars.join(''));
    }
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    if (!(value instanceof RChar)) {
      throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting char)`, pos);
    }
    const chars = codePoints(obj);
    const n = normIndex(idx, chars.length);
    if (n < 0 || n >= chars.length) {
      throw boundsError('ErrorStringBounds', 'String', idx, chars.length, 'character', 'string', pos);
    }
    chars[n] = value.c;
    return chars.join('');
  }
  if (typeof obj === 'number' || typeof obj === 'bigint') {
    if (idx instanceof RRange) {
      if (typeof value !== 'number' && typeof value !== 'bigint') {
        throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting i64)`, pos);
      }
      const [start, end] = bitRange(idx, pos);
      const mask = maskOf(end - start) << BigInt(start);
      const cleared = BigInt.asUintN(64, toBig(obj)) & ~mask;
      return normalizeBig(BigInt.asIntN(64, cleared | ((toBig(value) << BigInt(start)) & mask)));
    }
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    if (typeof value !== 'boolean') {
      throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting bool)`, pos);
    }
    const bit = bitBounds(idx, pos);
    const mask: Int = intShl(1, bit);
    return value ? intOr(obj, mask) : intAnd(obj, normalizeBig(BigInt.asIntN(64, ~toBig(mask))));
  }
  if (obj instanceof Blob) {
    if (typeof idx !== 'number' || (typeof value !== 'number' && typeof value !== 'bigint')) {
      throw indexTypeError(obj, idx, pos);
    }
    const n = normIndex(idx, obj.bytes.length);
    if (n < 0 || n >= obj.bytes.length) {
      throw boundsError('ErrorArrayBounds', 'Blob', idx, obj.bytes.length, 'byte', 'BLOB', pos);
    }
    obj.bytes[n] = Number(BigInt.asUintN(8, toBig(value)));
    return obj;
  }
  const args = [obj, idx, cloneValue(value)];
  const r = callAccessor(rt, 'index$set$', args, pos);
  if (r.found) return args[0];
  throw indexTypeError(obj, idx, pos);
}

/** Sets a map entry as a property or index assignment does: a new key counts against the limits. */
function setMapEntry(rt: Runtime, map: Map<string, Value>, key: string, value: Value): Map<string, Value> {
  if (map.has(key)) {
    if (rt.sizeLimited) rt.sizes.replaced(map, map.get(key), value);
    map.set(key, value);
    return map;
  }
  rt.checkMapSize(map.size + 1);
  map.set(key, value);
  if (rt.sizeLimited) rt.sizes.added(map, value);
  return map;
}
