// FLOAT arithmetic and comparisons without the general operator path: a FLOAT with a FLOAT or a
// plain-number INT, as operators.ts computes them (binaryOp's floatOp, comparisonOp's
// floatCompare). These never call back into script, so generated loops call them without
// leaving their registers. Anything else is undefined, for the caller's general path.

import { floatCompare } from './float-compare.ts';
import { RFloat, type Value } from '../types/values.ts';

/** `x op y` on two FLOAT values; undefined for an operator that is not arithmetic. */
function arithmetic(op: string, x: number, y: number): RFloat | undefined {
  switch (op) {
    case '+':
      return new RFloat(x + y);
    case '-':
      return new RFloat(x - y);
    case '*':
      return new RFloat(x * y);
    case '/':
      return new RFloat(x / y);
    case '%':
      return new RFloat(x % y);
    case '**':
      return new RFloat(x ** y);
    default:
      return undefined;
  }
}

/** `a op b` for `+ - * / % **` when a FLOAT takes part with a FLOAT or a number; undefined otherwise. */
export function floatArithmetic(op: string, a: Value, b: Value): RFloat | undefined {
  if (a instanceof RFloat) {
    if (b instanceof RFloat) return arithmetic(op, a.v, b.v);
    return typeof b === 'number' ? arithmetic(op, a.v, b) : undefined;
  }
  return b instanceof RFloat && typeof a === 'number' ? arithmetic(op, a, b.v) : undefined;
}

/** A comparison (`< <= > >= == !=`) when a FLOAT takes part with a FLOAT or a number; undefined otherwise. */
export function floatComparison(op: string, a: Value, b: Value): boolean | undefined {
  if (a instanceof RFloat) {
    if (b instanceof RFloat) return floatCompare(op, a.v, b.v);
    return typeof b === 'number' ? floatCompare(op, a.v, b) : undefined;
  }
  return b instanceof RFloat && typeof a === 'number' ? floatCompare(op, a, b.v) : undefined;
}
