// `x ?? break 42`: a loop-control statement as the right operand of `??`. Control flow is a
// signal on the frame, but such a statement sits inside an expression whose evaluation must stop
// where it is; so it sets the signal and throws JUMP_ESCAPE, and the statement around it catches
// that and returns with the signal set, as a `break` statement would.

import type { Node } from '../ast/ast.ts';
import { someNode } from '../ast/walk.ts';
import type { Compiled } from '../func/functions.ts';

export const JUMP_ESCAPE: unique symbol = Symbol('jump escape');

/** A `??` whose right operand is `break`, `continue` or `return` (a `throw` needs no escape). */
export function isJumpOperand(node: Node): boolean {
  return (
    node.k === 'bin' && node.op === '??' && (node.r.k === 'break' || node.r.k === 'continue' || node.r.k === 'return')
  );
}

export function hasJumpOperand(node: Node): boolean {
  return someNode(node, isJumpOperand);
}

/** The statement `node`, compiled as `stmt`, ending quietly where a jump operand escapes. */
export function guardJumps(node: Node, stmt: Compiled): Compiled {
  if (!hasJumpOperand(node)) return stmt;
  return (f) => {
    try {
      return stmt(f);
    } catch (e) {
      if (e === JUMP_ESCAPE) return undefined;
      throw e;
    }
  };
}

/** `l ?? <jump>`: the jump runs (setting the frame's signal) only when `l` is `()`. */
export function compileJumpOperand(l: Compiled, jump: Compiled): Compiled {
  return (f) => {
    const a = l(f);
    if (a !== undefined) return a;
    jump(f);
    throw JUMP_ESCAPE;
  };
}
