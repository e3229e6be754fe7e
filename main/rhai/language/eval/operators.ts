// Built-in operator semantics for the standard types. Compiled nodes try their own fast paths
// first and fall back to these; unknown type combinations go to host-registered operator functions.

import { floatCompare } from './float-compare.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import { scriptDisplay, type CustomFormatter } from '../types/format.ts';
import {
  IntOverflow,
  intAdd,
  intAnd,
  intDiv,
  intMul,
  intOr,
  intPow,
  intRem,
  intShl,
  intShr,
  intSub,
  intXor,
  intToNumber,
  type Int,
} from '../types/int.ts';
import {
  Blob,
  RChar,
  RFloat,
  RRange,
  Timestamp,
  cloneValue,
  typeOf,
  valuesEqual,
  type RMap,
  type Value,
} from '../types/values.ts';

export interface OperatorFallback {
  /** Calls a registered function named after the operator, or throws ErrorFunctionNotFound. */
  callOperator(op: string, args: Value[], pos: Position): Value;
  checkStringSize(s: string): string;
  /** `a + b`, checked against the string limit at the cost of `b` only. */
  checkedConcat(a: string, b: string): string;
  checkArraySize(n: number): void;
  checkMapSize(n: number): void;
  /** The nested-size check of a new container (see eval/size-ledger.ts). */
  checkDataSize(v: Value): void;
  formatCustom: CustomFormatter;
}

export function arithmeticError(e: unknown, pos: Position): unknown {
  if (e instanceof IntOverflow) return new RhaiError('ErrorArithmetic', e.description, pos);
  return e;
}

function isIntValue(v: Value): v is Int {
  return typeof v === 'number' || typeof v === 'bigint';
}

function floatOf(v: Value): number | undefined {
  if (v instanceof RFloat) return v.v;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}

function intOp(op: string, a: Int, b: Int): Value {
  switch (op) {
    case '+':
      return intAdd(a, b);
    case '-':
      return intSub(a, b);
    case '*':
      return intMul(a, b);
    case '/':
      return intDiv(a, b);
    case '%':
      return intRem(a, b);
    case '**':
      return intPow(a, b);
    case '<<':
      return intShl(a, b);
    case '>>':
      return intShr(a, b);
    case '&':
      return intAnd(a, b);
    case '|':
      return intOr(a, b);
    case '^':
      return intXor(a, b);
  }
  return NO_BUILTIN;
}

function floatOp(op: string, a: number, b: number): Value {
  switch (op) {
    case '+':
      return new RFloat(a + b);
    case '-':
      return new RFloat(a - b);
    case '*':
      return new RFloat(a * b);
    case '/':
      return new RFloat(a / b);
    case '%':
      return new RFloat(a % b);
    case '**':
      return new RFloat(a ** b);
  }
  return NO_BUILTIN;
}

/** Marker returned when no built-in handles the operand types. */
const NO_BUILTIN = Symbol('no-builtin') as unknown as Value;

function removeAll(s: string, part: string): string {
  return part === '' ? s : s.split(part).join('');
}

function builtinBinary(op: string, a: Value, b: Value, fb: OperatorFallback): Value {
  if (isIntValue(a) && isIntValue(b)) return intOp(op, a, b);
  if ((a instanceof RFloat || isIntValue(a)) && (b instanceof RFloat || isIntValue(b))) {
    return floatOp(op, floatOf(a)!, floatOf(b)!);
  }
  if (op === '+') {
    if (typeof a === 'string') return fb.checkedConcat(a, scriptDisplay(b, fb.formatCustom));
    if (typeof b === 'string') return fb.checkedConcat(scriptDisplay(a, fb.formatCustom), b);
    if (a instanceof RChar && b instanceof RChar) return fb.checkStringSize(a.c + b.c);
    // The result is a new value: elements are copied, not shared with the operands.
    if (Array.isArray(a) && Array.isArray(b)) {
      fb.checkArraySize(a.length + b.length);
      const out = cloneValue(a.concat(b));
      fb.checkDataSize(out);
      return out;
    }
    if (a instanceof Map && b instanceof Map) {
      const out = cloneValue(a) as RMap;
      for (const [k, v] of b) out.set(k, cloneValue(v));
      fb.checkMapSize(out.size);
      fb.checkDataSize(out);
      return out;
    }
    if (a instanceof Blob && b instanceof Blob) {
      fb.checkArraySize(a.bytes.length + b.bytes.length);
      return new Blob(a.bytes.concat(b.bytes));
    }
    if (a instanceof Timestamp && (isIntValue(b) || b instanceof RFloat)) {
      return new Timestamp(a.ms + floatOf(b)! * 1000);
    }
  }
  if (op === '-') {
    if (typeof a === 'string' && typeof b === 'string') return removeAll(a, b);
    if (typeof a === 'string' && b instanceof RChar) return removeAll(a, b.c);
    if (a instanceof Timestamp && b instanceof Timestamp) return new RFloat((a.ms - b.ms) / 1000);
    if (a instanceof Timestamp && (isIntValue(b) || b instanceof RFloat)) {
      return new Timestamp(a.ms - floatOf(b)! * 1000);
    }
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    if (op === '&') return a && b;
    if (op === '|') return a || b;
    if (op === '^') return a !== b;
  }
  return NO_BUILTIN;
}

export function binaryOp(op: string, a: Value, b: Value, fb: OperatorFallback, pos: Position): Value {
  let r: Value;
  try {
    r = builtinBinary(op, a, b, fb);
  } catch (e) {
    throw arithmeticError(e, pos);
  }
  if (r !== NO_BUILTIN) return r;
  return fb.callOperator(op, [a, b], pos);
}

/** Three-way comparison for the built-in ordered types; undefined when not comparable. */
export function compareValues(a: Value, b: Value): number | undefined {
  if (isIntValue(a) && isIntValue(b)) return a < b ? -1 : a > b ? 1 : 0;
  const fa = floatOf(a);
  const fbv = floatOf(b);
  if (fa !== undefined && fbv !== undefined) {
    if (Number.isNaN(fa) || Number.isNaN(fbv)) return NaN;
    return fa < fbv ? -1 : fa > fbv ? 1 : 0;
  }
  const sa = typeof a === 'string' ? a : a instanceof RChar ? a.c : undefined;
  const sb = typeof b === 'string' ? b : b instanceof RChar ? b.c : undefined;
  if (sa !== undefined && sb !== undefined) return sa < sb ? -1 : sa > sb ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Timestamp && b instanceof Timestamp) return a.ms - b.ms;
  return undefined;
}

/** Types whose equality is built in; host types need a registered `==`. */
const BUILTIN_EQUALITY = new Set([
  'i64',
  'f64',
  'string',
  'char',
  'bool',
  'timestamp',
  '()',
  'array',
  'map',
  'range',
  'range=',
  'blob',
  'Fn',
]);

export function comparisonOp(op: string, a: Value, b: Value, fb: OperatorFallback, pos: Position): Value {
  if (a instanceof RFloat || b instanceof RFloat) {
    const x = floatOf(a);
    const y = floatOf(b);
    if (x !== undefined && y !== undefined) return floatCompare(op, x, y);
  }
  if (op === '==' || op === '!=') {
    const ta = typeOf(a);
    const tb = typeOf(b);
    if (BUILTIN_EQUALITY.has(ta) && BUILTIN_EQUALITY.has(tb)) {
      const eq = valuesEqual(a, b);
      return op === '==' ? eq : !eq;
    }
    // Same host type: the host must define equality; different types are simply unequal.
    if (ta === tb) return fb.callOperator(op, [a, b], pos);
    return fallbackCompare(op, a, b, fb, pos);
  }
  const c = compareValues(a, b);
  if (c === undefined) return fallbackCompare(op, a, b, fb, pos);
  if (Number.isNaN(c)) return false;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    default:
      return c >= 0;
  }
}

/** Different or unknown types compare as false (true for `!=`) unless the host defined the operator. */
function fallbackCompare(op: string, a: Value, b: Value, fb: OperatorFallback, pos: Position): Value {
  try {
    return fb.callOperator(op, [a, b], pos);
  } catch (e) {
    if (e instanceof RhaiError && e.kind === 'ErrorFunctionNotFound' && e.message.includes(`${op} (`)) {
      return op === '!=';
    }
    throw e;
  }
}

export function containsOp(container: Value, item: Value, fb: OperatorFallback, pos: Position): boolean {
  if (Array.isArray(container)) {
    for (const x of container) if (valuesEqual(x, item)) return true;
    return false;
  }
  if (typeof container === 'string') {
    if (typeof item === 'string') return container.includes(item);
    if (item instanceof RChar) return container.includes(item.c);
  }
  if (container instanceof Map) {
    if (typeof item === 'string') return container.has(item);
    if (item instanceof RChar) return container.has(item.c);
  }
  if (container instanceof RRange && isIntValue(item)) {
    return item >= container.start && (container.inclusive ? item <= container.end : item < container.end);
  }
  if (container instanceof Blob && isIntValue(item)) return container.bytes.includes(intToNumber(item) & 0xff);
  const r = fb.callOperator('contains', [container, item], pos);
  if (typeof r !== 'boolean') {
    throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(r)} (expecting bool)`, pos);
  }
  return r;
}
