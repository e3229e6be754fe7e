// Ranges and iterators: `range(...)`, range properties and `bits(...)`.

import { NO_POS, RhaiError } from '../types/errors.ts';
import { IterValue } from '../eval/iteration.ts';
import { intAdd, intShr, intAnd, type Int } from '../types/int.ts';
import { RFloat, RRange, type Value } from '../types/values.ts';
import { count, float, int } from '../func/arg.ts';
import type { Define } from './define.ts';

/** As upstream's `StepRange::new`: the error is its own call's, wrapped as one. */
function zeroStep(): RhaiError {
  const inner = new RhaiError('ErrorArithmetic', 'step value cannot be zero');
  return new RhaiError(
    'ErrorInFunctionCall',
    `Error in call to function 'range': ${inner.message}`,
    NO_POS,
    undefined,
    inner,
  );
}

function stepped(from: Int, to: Int, step: Int): IterValue {
  if (step == 0) throw zeroStep();
  return new IterValue('StepRange', function* () {
    let i: Int | undefined = from;
    while (i !== undefined && (step > 0 ? i < to : i > to)) {
      yield i;
      i = stepOrStop(i, step);
    }
  });
}

/** The next value, or undefined once stepping would leave the INT range (which ends the range). */
function stepOrStop(i: Int, step: Int): Int | undefined {
  try {
    return intAdd(i, step);
  } catch {
    return undefined;
  }
}

function steppedFloat(from: number, to: number, step: number): IterValue {
  // As upstream: a step too small to move `from` is no step at all.
  if (from + step === from) throw zeroStep();
  return new IterValue('StepRange', function* () {
    for (let i = from; step > 0 ? i < to : i > to; i += step) yield new RFloat(i);
  });
}

function bits(x: Int, from: number, len: number): IterValue {
  const start = from < 0 ? 64 + from : from;
  if (start < 0 || start >= 64) throw new RhaiError('ErrorBitFieldBounds', `Bit-field index ${from} out of bounds`);
  const end = Math.min(64, start + Math.max(0, len));
  return new IterValue('BitRange', function* () {
    for (let b = start; b < end; b++) yield intAnd(intShr(x, b), 1) !== 0;
  });
}

export function registerIteration(def: Define): void {
  def('range', ['i64', 'i64'], ([a, b]) => new RRange(int(a), int(b), false));
  def('range', ['i64', 'i64', 'i64'], ([a, b, s]) => stepped(int(a), int(b), int(s)));
  def('range', ['range', 'i64'], ([r, s]) => stepped((r as RRange).start, (r as RRange).end, int(s)));
  def('range', ['f64', 'f64', 'f64'], ([a, b, s]) => steppedFloat(float(a), float(b), float(s)));
  for (const t of ['range', 'range=']) {
    const start = ([r]: Value[]): Value => (r as RRange).start;
    const end = ([r]: Value[]): Value => (r as RRange).end;
    def('start', [t], start);
    def('get$start', [t], start);
    def('end', [t], end);
    def('get$end', [t], end);
    def('is_inclusive', [t], ([r]) => (r as RRange).inclusive);
    def('get$is_inclusive', [t], ([r]) => (r as RRange).inclusive);
    def('is_exclusive', [t], ([r]) => !(r as RRange).inclusive);
    def('get$is_exclusive', [t], ([r]) => !(r as RRange).inclusive);
    // Upstream has no `len` of a range, only whether it is empty.
    def('is_empty', [t], ([r]) => {
      const { start: s, end: e, inclusive } = r as RRange;
      return inclusive ? s > e : s >= e;
    });
    def('contains', [t, 'i64'], ([r, x]) => {
      const { start: s, end: e, inclusive } = r as RRange;
      const v = int(x);
      return v >= s && (inclusive ? v <= e : v < e);
    });
  }
  def('bits', ['i64'], ([x]) => bits(int(x), 0, 64));
  def('bits', ['i64', 'i64'], ([x, f]) => bits(int(x), count(f), 64));
  def('bits', ['i64', 'i64', 'i64'], ([x, f, n]) => bits(int(x), count(f), count(n)));
  for (const t of ['range', 'range=']) {
    def('bits', ['i64', t], ([x, r]) => {
      const { start, end, inclusive } = r as RRange;
      return bits(int(x), Number(start), Number(end) - Number(start) + (inclusive ? 1 : 0));
    });
  }
}
