// Numeric functions: arithmetic helpers, rounding, trigonometry, conversions and radix parsing.

import { RhaiError } from '../types/errors.ts';
import { formatFloat } from '../types/format.ts';
import { intAbs, intFromFloat, IntOverflow, normalizeBig, toBig, type Int } from '../types/int.ts';
import { RChar, RFloat, type RRange, type Value } from '../types/values.ts';
import { count, float, int, str } from '../func/arg.ts';
import type { Define } from './define.ts';

function arithmetic(fn: () => Value): Value {
  try {
    return fn();
  } catch (e) {
    if (e instanceof IntOverflow) throw new RhaiError('ErrorArithmetic', e.description);
    throw e;
  }
}

function parseIntRadix(s: string, radix: number): Int {
  if (radix < 2 || radix > 36) throw new RhaiError('ErrorArithmetic', `Invalid radix: '${radix}'`);
  const t = s.trim();
  const neg = t.startsWith('-');
  const digits = neg || t.startsWith('+') ? t.slice(1) : t;
  const valid = /^[0-9a-z]+$/i.test(digits) && [...digits.toLowerCase()].every((c) => parseInt(c, 36) < radix);
  if (!valid)
    throw new RhaiError('ErrorArithmetic', `Error parsing integer number '${s}': invalid digit found in string`);
  let v = 0n;
  const r = BigInt(radix);
  for (const c of digits.toLowerCase()) v = v * r + BigInt(parseInt(c, 36));
  try {
    return normalizeBig(neg ? -v : v);
  } catch {
    throw new RhaiError(
      'ErrorArithmetic',
      `Error parsing integer number '${s}': number too large to fit in target type`,
    );
  }
}

function parseFloatStrict(s: string): number {
  const t = s.trim();
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  if (!/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/.test(t)) {
    throw new RhaiError('ErrorArithmetic', `Error parsing floating-point number '${s}': invalid float literal`);
  }
  return Number(t);
}

/** Start and length of a bit field; a negative start counts from the top bit, the length clamps. */
function bitSpan(from: number, len: number): [number, number] {
  const start = from < 0 ? 64 + from : from;
  if (start < 0 || start >= 64) throw new RhaiError('ErrorBitFieldBounds', `Bit-field index ${from} out of bounds`);
  return [start, Math.max(0, Math.min(len, 64 - start))];
}

function getBits(x: Int, from: number, len: number): Int {
  const [start, n] = bitSpan(from, len);
  return normalizeBig((BigInt.asUintN(64, toBig(x)) >> BigInt(start)) & ((1n << BigInt(n)) - 1n));
}

function setBits(x: Int, from: number, len: number, value: Int): Int {
  const [start, n] = bitSpan(from, len);
  const mask = ((1n << BigInt(n)) - 1n) << BigInt(start);
  const cleared = BigInt.asUintN(64, toBig(x)) & ~mask;
  return normalizeBig(BigInt.asIntN(64, cleared | ((toBig(value) << BigInt(start)) & mask)));
}

function radixString(v: Int, radix: number): string {
  return BigInt.asUintN(64, toBig(v)).toString(radix);
}

export function registerMath(def: Define): void {
  const f1 = (name: string, fn: (x: number) => number, getter = false): void => {
    def(name, ['f64'], ([x]) => new RFloat(fn(float(x))));
    def(name, ['i64'], ([x]) => new RFloat(fn(float(x))));
    if (getter) def(`get$${name}`, ['f64'], ([x]) => new RFloat(fn(float(x))));
  };
  f1('sin', Math.sin);
  f1('cos', Math.cos);
  f1('tan', Math.tan);
  f1('sinh', Math.sinh);
  f1('cosh', Math.cosh);
  f1('tanh', Math.tanh);
  f1('asin', Math.asin);
  f1('acos', Math.acos);
  f1('atan', Math.atan);
  f1('asinh', Math.asinh);
  f1('acosh', Math.acosh);
  f1('atanh', Math.atanh);
  f1('sqrt', Math.sqrt);
  f1('exp', Math.exp);
  f1('ln', Math.log);
  f1('log', Math.log10);
  f1('to_degrees', (x) => (x * 180) / Math.PI);
  f1('to_radians', (x) => (x * Math.PI) / 180);
  f1('floor', Math.floor, true);
  f1('ceiling', Math.ceil, true);
  f1('round', (x) => (x < 0 ? -Math.round(-x) : Math.round(x)), true);
  f1('int', Math.trunc, true);
  f1('fraction', (x) => x - Math.trunc(x), true);
  def('atan', ['f64', 'f64'], ([y, x]) => new RFloat(Math.atan2(float(y), float(x))));
  def('hypot', ['f64', 'f64'], ([x, y]) => new RFloat(Math.hypot(float(x), float(y))));
  def('log', ['f64', 'f64'], ([x, b]) => new RFloat(Math.log(float(x)) / Math.log(float(b))));
  def('PI', [], () => new RFloat(Math.PI));
  def('E', [], () => new RFloat(Math.E));
  for (const [name, test] of [
    ['is_nan', Number.isNaN],
    ['is_finite', Number.isFinite],
    ['is_infinite', (x: number) => x === Infinity || x === -Infinity],
  ] as const) {
    def(name, ['f64'], ([x]) => test(float(x)));
    def(`get$${name}`, ['f64'], ([x]) => test(float(x)));
  }

  def('abs', ['i64'], ([x]) => arithmetic(() => intAbs(int(x))));
  def('abs', ['f64'], ([x]) => new RFloat(Math.abs(float(x))));
  def('sign', ['i64'], ([x]) => (int(x) > 0 ? 1 : int(x) < 0 ? -1 : 0));
  def('sign', ['f64'], ([x]) => {
    const v = float(x);
    if (Number.isNaN(v)) throw new RhaiError('ErrorArithmetic', 'Sign of NaN is undefined');
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  });
  def('is_zero', ['i64'], ([x]) => int(x) == 0);
  def('is_zero', ['f64'], ([x]) => float(x) === 0);
  def('is_odd', ['i64'], ([x]) => toBig(int(x)) % 2n !== 0n);
  def('is_even', ['i64'], ([x]) => toBig(int(x)) % 2n === 0n);
  def('get$is_odd', ['i64'], ([x]) => toBig(int(x)) % 2n !== 0n);
  def('get$is_even', ['i64'], ([x]) => toBig(int(x)) % 2n === 0n);
  def('get$is_zero', ['i64'], ([x]) => int(x) == 0);
  for (const name of ['min', 'max'] as const) {
    const pick = (a: number | bigint, b: number | bigint): boolean => (name === 'min' ? a <= b : a >= b);
    def(name, ['i64', 'i64'], ([a, b]) => (pick(int(a), int(b)) ? a : b));
    def(name, ['f64', 'f64'], ([a, b]) => (pick(float(a), float(b)) ? a : b));
    def(name, ['i64', 'f64'], ([a, b]) => (pick(float(a), float(b)) ? new RFloat(float(a)) : b));
    def(name, ['f64', 'i64'], ([a, b]) => (pick(float(a), float(b)) ? a : new RFloat(float(b))));
  }
  def('round', ['f64', 'i64'], ([x, d]) => {
    const p = 10 ** Number(int(d));
    return new RFloat(Math.round(float(x) * p) / p);
  });

  def('get_bit', ['i64', 'i64'], ([x, bit]) => getBits(int(x), count(bit), 1) === 1);
  def(
    'set_bit',
    ['i64', 'i64', 'bool'],
    (args) => {
      args[0] = setBits(int(args[0]), count(args[1]), 1, args[2] === true ? 1 : 0);
      return undefined;
    },
    true,
  );
  def('get_bits', ['i64', 'i64', 'i64'], ([x, from, len]) => getBits(int(x), count(from), count(len)));
  def(
    'set_bits',
    ['i64', 'i64', 'i64', 'i64'],
    (args) => {
      args[0] = setBits(int(args[0]), count(args[1]), count(args[2]), int(args[3]));
      return undefined;
    },
    true,
  );
  for (const t of ['range', 'range=']) {
    const span = (r: Value): [number, number] => {
      const { start, end, inclusive } = r as RRange;
      return [Number(start), Number(end) - Number(start) + (inclusive ? 1 : 0)];
    };
    def('get_bits', ['i64', t], ([x, r]) => getBits(int(x), ...span(r)));
    def(
      'set_bits',
      ['i64', t, 'i64'],
      (args) => {
        args[0] = setBits(int(args[0]), ...span(args[1]), int(args[2]));
        return undefined;
      },
      true,
    );
  }
  def('to_int', ['i64'], ([x]) => x);
  def('to_int', ['f64'], ([x]) => arithmetic(() => intFromFloat(float(x))));
  def('to_int', ['char'], ([c]) => (c as RChar).c.codePointAt(0)!);
  def('to_float', ['i64'], ([x]) => new RFloat(float(x)));
  def('to_float', ['f64'], ([x]) => x);
  def('parse_int', ['string'], ([s]) => parseIntRadix(str(s), 10));
  def('parse_int', ['string', 'i64'], ([s, r]) => parseIntRadix(str(s), Number(int(r))));
  def('parse_float', ['string'], ([s]) => new RFloat(parseFloatStrict(str(s))));
  def('to_binary', ['i64'], ([x]) => radixString(int(x), 2));
  def('to_octal', ['i64'], ([x]) => radixString(int(x), 8));
  def('to_hex', ['i64'], ([x]) => radixString(int(x), 16));
  def('to_string', ['f64'], ([x]) => formatFloat(float(x)));
}
