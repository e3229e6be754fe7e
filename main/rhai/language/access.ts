// Property and index access on values: reads, and writes that return the updated container
// (strings and integers are immutable in JS, so a write yields a new value for the parent).

import { RhaiError, type Position } from './errors.ts';
import { intAnd, intOr, intShl, intShr, toBig, normalizeBig, type Int } from './int.ts';
import type { Runtime } from './runtime.ts';
import { matchOverload } from './runtime.ts';
import { Blob, RChar, RRange, cloneValue, typeOf, type Value } from './values.ts';

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
    if (!obj.has(name)) {
      if (rt.engine.failOnInvalidMapProperty) {
        throw new RhaiError('ErrorPropertyNotFound', `Property not found: ${name}`, pos);
      }
      rt.checkMapSize(obj.size + 1);
    }
    obj.set(name, value);
    return obj;
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
  if (n < 0 || n >= 64) throw new RhaiError('ErrorBitFieldBounds', `Bit-field index ${i} out of bounds: only 64 bits`, pos);
  return n;
}

function bitRange(r: RRange, pos: Position): [number, number] {
  const start = bitBounds(r.start, pos);
  let end = Number(r.end) + (r.inclusive ? 1 : 0);
  if (end > 64) end = 64;
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
      throw new RhaiError('ErrorArrayBounds', `Array index ${idx} out of bounds: only ${obj.length} elements`, pos);
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
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    const chars = [...obj];
    const n = normIndex(idx, chars.length);
    if (n < 0 || n >= chars.length) {
      throw new RhaiError('ErrorStringBounds', `String index ${idx} out of bounds: only ${chars.length} characters`, pos);
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
      throw new RhaiError('ErrorArrayBounds', `Blob index ${idx} out of bounds: only ${obj.bytes.length} bytes`, pos);
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
      throw new RhaiError('ErrorArrayBounds', `Array index ${idx} out of bounds: only ${obj.length} elements`, pos);
    }
    obj[n] = value;
    return obj;
  }
  if (obj instanceof Map) {
    const key = typeof idx === 'string' ? idx : idx instanceof RChar ? idx.c : undefined;
    if (key === undefined) throw indexTypeError(obj, idx, pos);
    if (!obj.has(key)) rt.checkMapSize(obj.size + 1);
    obj.set(key, value);
    return obj;
  }
  if (typeof obj === 'string') {
    if (typeof idx !== 'number' && typeof idx !== 'bigint') throw indexTypeError(obj, idx, pos);
    if (!(value instanceof RChar)) {
      throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(value)} (expecting char)`, pos);
    }
    const chars = [...obj];
    const n = normIndex(idx, chars.length);
    if (n < 0 || n >= chars.length) {
      throw new RhaiError('ErrorStringBounds', `String index ${idx} out of bounds: only ${chars.length} characters`, pos);
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
      throw new RhaiError('ErrorArrayBounds', `Blob index ${idx} out of bounds: only ${obj.bytes.length} bytes`, pos);
    }
    obj.bytes[n] = Number(BigInt.asUintN(8, toBig(value)));
    return obj;
  }
  const args = [obj, idx, cloneValue(value)];
  const r = callAccessor(rt, 'index$set$', args, pos);
  if (r.found) return args[0];
  throw indexTypeError(obj, idx, pos);
}
