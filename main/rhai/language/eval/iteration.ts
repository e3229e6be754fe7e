// What a `for` loop can iterate over: arrays, strings, ranges, BLOBs and lazy iterators such as
// `range(from, to, step)` or `bits()`.

import { RhaiError, type Position } from '../types/errors.ts';
import { Blob, RChar, RRange, typeOf, type CustomValue, type Value } from '../types/values.ts';

/** A lazily produced sequence; `for` loops consume it. */
export class IterValue implements CustomValue {
  constructor(
    readonly rhaiTypeName: string,
    readonly iterate: () => Iterator<Value>,
  ) {}
}

function* rangeIter(r: RRange): Iterator<Value> {
  if (typeof r.start === 'number' && typeof r.end === 'number') {
    const end = r.inclusive ? r.end : r.end - 1;
    for (let i = r.start; i <= end; i++) yield i;
    return;
  }
  const end = r.inclusive ? BigInt(r.end) : BigInt(r.end) - 1n;
  for (let i = BigInt(r.start); i <= end; i++) {
    yield i >= -9007199254740991n && i <= 9007199254740991n ? Number(i) : i;
  }
}

function* charsIter(s: string): Iterator<Value> {
  for (const c of s) yield new RChar(c);
}

function* arrayIter(a: Value[]): Iterator<Value> {
  // A snapshot, so mutating the array inside the loop does not change what is visited.
  const copy = a.slice();
  for (let i = 0; i < copy.length; i++) yield copy[i];
}

export function iteratorOf(v: Value, pos: Position): Iterator<Value> {
  if (Array.isArray(v)) return arrayIter(v);
  if (v instanceof RRange) return rangeIter(v);
  if (typeof v === 'string') return charsIter(v);
  if (v instanceof Blob) return arrayIter(v.bytes);
  if (v instanceof IterValue) return v.iterate();
  throw new RhaiError('ErrorFor', `For loop expects an iterable type, but gets ${typeOf(v)}`, pos);
}
