// Compiles unary and binary operators. Integer operands that are plain numbers take inline fast
// paths; everything else goes through operators.ts.

import type { Node } from '../ast/ast.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import type { Compiled } from '../func/functions.ts';
import { intNeg, IntOverflow } from '../types/int.ts';
import { binaryOp, comparisonOp, containsOp, arithmeticError } from './operators.ts';
import { floatArithmetic } from './float-ops.ts';
import type { Runtime } from './runtime.ts';
import { Blob, RFloat, RRange, typeOf, type Value } from '../types/values.ts';

const SAFE = Number.MAX_SAFE_INTEGER;

function boolOperand(v: Value, pos: Position): boolean {
  if (typeof v === 'boolean') return v;
  throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(v)} (expecting bool)`, pos);
}

export function compileUnary(op: string, e: Compiled, pos: Position): Compiled {
  switch (op) {
    case '!':
      return (f) => {
        const v = e(f);
        return typeof v === 'boolean' ? !v : (f.rt as Runtime).callOperator('!', [v], pos);
      };
    case '-':
      return (f) => negate(e(f), f.rt as Runtime, pos);
    default:
      return (f) => {
        const v = e(f);
        if (typeof v === 'number' || typeof v === 'bigint' || v instanceof RFloat) return v;
        return (f.rt as Runtime).callOperator('+', [v], pos);
      };
  }
}

/** Unary minus: INT (checked), FLOAT, or a host operator. */
export function negate(v: Value, rt: Runtime, pos: Position): Value {
  if (typeof v === 'number' || typeof v === 'bigint') {
    try {
      return intNeg(v);
    } catch (err) {
      throw arithmeticError(err, pos);
    }
  }
  if (v instanceof RFloat) return new RFloat(-v.v);
  return rt.callOperator('-', [v], pos);
}

function intLiteral(n: Node): number | undefined {
  return n.k === 'lit' && typeof n.value === 'number' ? n.value : undefined;
}

export function compileBinary(node: Node & { k: 'bin' }, l: Compiled, r: Compiled): Compiled {
  const { op, pos } = node;
  const lit = intLiteral(node.r);
  switch (op) {
    case '&&':
      return (f) => boolOperand(l(f), pos) && boolOperand(r(f), pos);
    case '||':
      return (f) => boolOperand(l(f), pos) || boolOperand(r(f), pos);
    case '??':
      return (f) => {
        const a = l(f);
        return a === undefined ? r(f) : a;
      };
    case '..':
    case '..=': {
      const inclusive = op === '..=';
      return (f) => {
        const a = l(f);
        const b = r(f);
        if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
          return new RRange(a, b, inclusive);
        }
        return (f.rt as Runtime).callOperator(op, [a, b], pos);
      };
    }
    case 'in':
      return (f) => {
        const a = l(f);
        return containsOp(r(f), a, f.rt as Runtime, pos);
      };
    case '!in':
      return (f) => {
        const a = l(f);
        return !containsOp(r(f), a, f.rt as Runtime, pos);
      };
    case '+':
      if (lit !== undefined) {
        return (f) => {
          const a = l(f);
          if (typeof a === 'number') {
            const s = a + lit;
            if (s <= SAFE && s >= -SAFE) return s;
          }
          return binaryOp('+', a, lit, f.rt as Runtime, pos);
        };
      }
      return (f) => {
        const a = l(f);
        const b = r(f);
        if (typeof a === 'number' && typeof b === 'number') {
          const s = a + b;
          if (s <= SAFE && s >= -SAFE) return s;
        }
        return floatArithmetic('+', a, b) ?? binaryOp('+', a, b, f.rt as Runtime, pos);
      };
    case '-':
      if (lit !== undefined) {
        return (f) => {
          const a = l(f);
          if (typeof a === 'number') {
            const s = a - lit;
            if (s <= SAFE && s >= -SAFE) return s;
          }
          return binaryOp('-', a, lit, f.rt as Runtime, pos);
        };
      }
      return (f) => {
        const a = l(f);
        const b = r(f);
        if (typeof a === 'number' && typeof b === 'number') {
          const s = a - b;
          if (s <= SAFE && s >= -SAFE) return s;
        }
        return floatArithmetic('-', a, b) ?? binaryOp('-', a, b, f.rt as Runtime, pos);
      };
    case '*':
      return (f) => {
        const a = l(f);
        const b = r(f);
        if (typeof a === 'number' && typeof b === 'number') {
          const s = a * b;
          if (s <= SAFE && s >= -SAFE) return s === 0 ? 0 : s;
        }
        return floatArithmetic('*', a, b) ?? binaryOp('*', a, b, f.rt as Runtime, pos);
      };
    case '/':
    case '%':
      return (f) => {
        const a = l(f);
        const b = r(f);
        if (typeof a === 'number' && typeof b === 'number' && b !== 0) {
          if (op === '%') {
            const m = a % b;
            return m === 0 ? 0 : m;
          }
          const q = (a - (a % b)) / b;
          return q === 0 ? 0 : q;
        }
        return floatArithmetic(op, a, b) ?? binaryOp(op, a, b, f.rt as Runtime, pos);
      };
    case '<':
    case '<=':
    case '>':
    case '>=':
    case '==':
    case '!=':
      return compileComparison(op, l, r, lit, pos);
    default:
      return (f) => {
        const a = l(f);
        return binaryOp(op, a, r(f), f.rt as Runtime, pos);
      };
  }
}

function compileComparison(op: string, l: Compiled, r: Compiled, lit: number | undefined, pos: Position): Compiled {
  const slow = (a: Value, b: Value, rt: Runtime): Value => comparisonOp(op, a, b, rt, pos);
  if (lit !== undefined) {
    switch (op) {
      case '<':
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a < lit : slow(a, lit, f.rt as Runtime);
        };
      case '<=':
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a <= lit : slow(a, lit, f.rt as Runtime);
        };
      case '>':
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a > lit : slow(a, lit, f.rt as Runtime);
        };
      case '>=':
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a >= lit : slow(a, lit, f.rt as Runtime);
        };
      case '==':
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a === lit : slow(a, lit, f.rt as Runtime);
        };
      default:
        return (f) => {
          const a = l(f);
          return typeof a === 'number' ? a !== lit : slow(a, lit, f.rt as Runtime);
        };
    }
  }
  switch (op) {
    case '<':
      return (f) => {
        const a = l(f);
        const b = r(f);
        return typeof a === 'number' && typeof b === 'number' ? a < b : slow(a, b, f.rt as Runtime);
      };
    case '<=':
      return (f) => {
        const a = l(f);
        const b = r(f);
        return typeof a === 'number' && typeof b === 'number' ? a <= b : slow(a, b, f.rt as Runtime);
      };
    case '>':
      return (f) => {
        const a = l(f);
        const b = r(f);
        return typeof a === 'number' && typeof b === 'number' ? a > b : slow(a, b, f.rt as Runtime);
      };
    case '>=':
      return (f) => {
        const a = l(f);
        const b = r(f);
        return typeof a === 'number' && typeof b === 'number' ? a >= b : slow(a, b, f.rt as Runtime);
      };
    case '==':
      return (f) => {
        const a = l(f);
        const b = r(f);
        return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
          ? a === b
          : slow(a, b, f.rt as Runtime);
      };
    default:
      return (f) => {
        const a = l(f);
        const b = r(f);
        return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
          ? a !== b
          : slow(a, b, f.rt as Runtime);
      };
  }
}

/** The arithmetic of the compound assignments that floatArithmetic computes. */
const COMPOUND_ARITHMETIC: Record<string, string | undefined> = {
  '+=': '+',
  '-=': '-',
  '*=': '*',
  '/=': '/',
  '%=': '%',
  '**=': '**',
};

/**
 * Compound assignment: arrays, maps and BLOBs grow in place, checked afterwards as upstream checks
 * the receiver of its `+=` functions; everything else recomputes.
 */
export function compoundValue(op: string, cur: Value, rhs: Value, rt: Runtime, pos: Position): Value {
  const arithmetic = COMPOUND_ARITHMETIC[op];
  if (arithmetic !== undefined) {
    const fl = floatArithmetic(arithmetic, cur, rhs);
    if (fl !== undefined) return fl;
  }
  if (op === '+=') {
    if (typeof cur === 'number' && typeof rhs === 'number') {
      const s = cur + rhs;
      if (s <= SAFE && s >= -SAFE) return s;
    }
    if (Array.isArray(cur)) {
      if (Array.isArray(rhs)) {
        rt.checkArraySize(cur.length + rhs.length);
        for (const x of rhs.slice()) {
          cur.push(x);
          if (rt.sizeLimited) rt.sizes.added(cur, x);
        }
      } else {
        rt.checkArraySize(cur.length + 1);
        cur.push(rhs);
        if (rt.sizeLimited) rt.sizes.added(cur, rhs);
      }
      rt.checkGrowing(cur, pos);
      return cur;
    }
    if (cur instanceof Blob) {
      if (typeof rhs === 'number' || typeof rhs === 'bigint') {
        rt.checkArraySize(cur.bytes.length + 1);
        cur.bytes.push(Number(BigInt.asUintN(8, BigInt(rhs))));
        rt.recount(cur);
        return cur;
      }
      if (rhs instanceof Blob) {
        rt.checkArraySize(cur.bytes.length + rhs.bytes.length);
        for (const x of rhs.bytes.slice()) cur.bytes.push(x);
        rt.recount(cur);
        return cur;
      }
    }
    if (cur instanceof Map && rhs instanceof Map) {
      for (const [k, v] of rhs) {
        if (rt.sizeLimited) {
          if (cur.has(k)) rt.sizes.replaced(cur, cur.get(k), v);
          else rt.sizes.added(cur, v);
        }
        cur.set(k, v);
      }
      rt.checkMapSize(cur.size);
      rt.checkGrowing(cur, pos);
      return cur;
    }
  }
  try {
    return binaryOp(op.slice(0, -1), cur, rhs, rt, pos);
  } catch (e) {
    if (e instanceof IntOverflow) throw arithmeticError(e, pos);
    throw e;
  }
}
