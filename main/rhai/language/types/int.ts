// Rhai INT is a checked i64. Values inside the JS safe-integer range stay plain numbers so the
// hot paths never touch BigInt; only results outside that range are promoted to bigint.

export type Int = number | bigint;

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

export class IntOverflow extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

/** Returns the canonical representation: a number when it fits the safe range, else a bigint. */
export function normalizeBig(v: bigint): Int {
  if (v > I64_MAX || v < I64_MIN) throw new IntOverflow('Arithmetic overflow');
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

function wrapBig(v: bigint): Int {
  return normalizeBig(BigInt.asIntN(64, v));
}

function checked(v: bigint, message: string): Int {
  if (v > I64_MAX || v < I64_MIN) throw new IntOverflow(message);
  return normalizeBig(v);
}

export function toBig(v: Int): bigint {
  return typeof v === 'bigint' ? v : BigInt(v);
}

export function isInt(v: unknown): v is Int {
  return typeof v === 'number' || typeof v === 'bigint';
}

export function intAdd(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (r <= SAFE_MAX && r >= -SAFE_MAX) return r;
  }
  return checked(toBig(a) + toBig(b), `Addition overflow: ${a} + ${b}`);
}

export function intSub(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (r <= SAFE_MAX && r >= -SAFE_MAX) return r;
  }
  return checked(toBig(a) - toBig(b), `Subtraction overflow: ${a} - ${b}`);
}

export function intMul(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    // A true product beyond 2^53 always rounds to a float beyond 2^53, so this test is exact.
    const r = a * b;
    if (r <= SAFE_MAX && r >= -SAFE_MAX) return r === 0 ? 0 : r;
  }
  return checked(toBig(a) * toBig(b), `Multiplication overflow: ${a} * ${b}`);
}

export function intDiv(a: Int, b: Int): Int {
  if (b === 0 || b === 0n) throw new IntOverflow(`Division by zero: ${a} / ${b}`);
  if (typeof a === 'number' && typeof b === 'number') {
    const r = (a - (a % b)) / b;
    return r === 0 ? 0 : r;
  }
  const ba = toBig(a);
  const bb = toBig(b);
  if (ba === I64_MIN && bb === -1n) throw new IntOverflow(`Division overflow: ${a} / ${b}`);
  return normalizeBig(ba / bb);
}

export function intRem(a: Int, b: Int): Int {
  if (b === 0 || b === 0n) throw new IntOverflow(`Modulo division by zero: ${a} % ${b}`);
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  const ba = toBig(a);
  const bb = toBig(b);
  if (ba === I64_MIN && bb === -1n) throw new IntOverflow(`Modulo division overflow: ${a} % ${b}`);
  return normalizeBig(ba % bb);
}

export function intPow(a: Int, b: Int): Int {
  if (b < 0) throw new IntOverflow(`Integer raised to a negative power: ${a} ** ${b}`);
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a ** b;
    if (r <= SAFE_MAX && r >= -SAFE_MAX) return r;
  }
  const ba = toBig(a);
  if (ba === 0n || ba === 1n) return Number(ba);
  if (ba === -1n) return toBig(b) % 2n === 0n ? 1 : -1;
  if (toBig(b) > 64n) throw new IntOverflow(`Exponential overflow: ${a} ** ${b}`);
  const r = ba ** toBig(b);
  if (r > I64_MAX || r < I64_MIN) throw new IntOverflow(`Exponential overflow: ${a} ** ${b}`);
  return normalizeBig(r);
}

export function intNeg(a: Int): Int {
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  return checked(-a, `Negation overflow: -(${a})`);
}

export function intAbs(a: Int): Int {
  return a < 0 ? intNeg(a) : a;
}

const SMALL = 0x3fffffff;

function isSmall(a: Int): a is number {
  return typeof a === 'number' && a <= SMALL && a >= -SMALL;
}

export function intAnd(a: Int, b: Int): Int {
  if (isSmall(a) && isSmall(b)) return a & b;
  return wrapBig(toBig(a) & toBig(b));
}

export function intOr(a: Int, b: Int): Int {
  if (isSmall(a) && isSmall(b)) return a | b;
  return wrapBig(toBig(a) | toBig(b));
}

export function intXor(a: Int, b: Int): Int {
  if (isSmall(a) && isSmall(b)) return a ^ b;
  return wrapBig(toBig(a) ^ toBig(b));
}

export function intShl(a: Int, b: Int): Int {
  if (b < 0) return intShr(a, intNeg(b));
  if (b >= 64) throw new IntOverflow(`Left-shift by too many bits: ${a} << ${b}`);
  return wrapBig(toBig(a) << toBig(b));
}

export function intShr(a: Int, b: Int): Int {
  if (b < 0) return intShl(a, intNeg(b));
  if (b >= 64) throw new IntOverflow(`Right-shift by too many bits: ${a} >> ${b}`);
  if (isSmall(a) && typeof b === 'number' && b < 31) return a >> b;
  return wrapBig(toBig(a) >> toBig(b));
}

export function intToNumber(a: Int): number {
  return typeof a === 'number' ? a : Number(a);
}

/** Converts a float to INT the way `to_int` does: truncation, failing outside i64. */
export function intFromFloat(f: number): Int {
  if (!Number.isFinite(f)) throw new IntOverflow(`Integer overflow: ${f}`);
  const t = Math.trunc(f);
  if (t <= SAFE_MAX && t >= -SAFE_MAX) return t === 0 ? 0 : t;
  return normalizeBig(BigInt(t));
}
