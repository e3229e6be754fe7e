// Which statement gives a `try` block its value. Upstream's optimizer (level Simple, its
// default) rewrites a `try` block as a block whose result nobody keeps (src/optimizer.rs), so it
// drops every trailing statement that has no effect: a literal, a constant expression it folds,
// a variable read on its own, a `let` of such a value. The `try` is then worth what the last
// statement left yields: `try { 5 } catch {}` is `()`, `try { f() } catch {}` is `f()`'s value,
// `try { f(); 5 } catch {}` too, and `try { if x > 1 { 7 } else { 8 } } catch {}` is `x > 1`.

import type { Node } from '../ast/ast.ts';
import { RChar, RFloat, type Value } from '../types/values.ts';

type Primitive = 'number' | 'text' | 'bool' | 'unit';

function primitiveKind(v: Value): Primitive | undefined {
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof RFloat) return 'number';
  if (typeof v === 'string' || v instanceof RChar) return 'text';
  if (typeof v === 'boolean') return 'bool';
  return v === undefined ? 'unit' : undefined;
}

/**
 * The kind of primitive constant `node` folds to, as upstream's optimizer folds a built-in
 * operator on two constants of one kind; undefined when it is no such constant.
 */
function constantKind(node: Node): Primitive | undefined {
  if (node.k === 'lit') return primitiveKind(node.value);
  if (node.k !== 'bin' || node.op === '&&' || node.op === '||' || node.op === '??') return undefined;
  const l = constantKind(node.l);
  const r = constantKind(node.r);
  if (l === undefined || l !== r || l === 'unit') return undefined;
  return ['==', '!=', '<', '<=', '>', '>='].includes(node.op) ? 'bool' : l;
}

/** Upstream's `Expr::is_pure`: evaluating it can change nothing (a variable read is not pure). */
function isPure(node: Node): boolean {
  switch (node.k) {
    case 'interp':
      return node.parts.every(isPure);
    case 'array':
      return node.items.every(isPure);
    case 'map':
      return node.entries.every(([, v]) => isPure(v));
    case 'bin':
      if (node.op === '&&' || node.op === '||' || node.op === '??') return isPure(node.l) && isPure(node.r);
      return constantKind(node) !== undefined;
    case 'block':
      return node.body.every(isPure);
    case 'nop':
      return true;
    default:
      return constantKind(node) !== undefined;
  }
}

/** Whether every statement of `branch` (a block, or one statement) is removed. */
function emptied(branch: Node | undefined): boolean {
  if (branch === undefined) return true;
  return branch.k === 'block' ? !branch.hasEval && branch.body.every(dropped) : dropped(branch);
}

/** Whether the optimizer removes the statement `node` from a block whose result is not kept. */
function dropped(node: Node): boolean {
  switch (node.k) {
    case 'var':
      return true;
    case 'let':
      return isPure(node.init);
    case 'block':
      return !node.hasEval && node.body.every(dropped);
    case 'if':
      // Emptied branches leave the condition, removed too when it is pure.
      return isPure(node.cond) && emptied(node.then) && emptied(node.else);
    default:
      return isPure(node);
  }
}

/** Blocks the optimizer flattens into the statements around them: those declaring nothing. */
function flattened(body: Node[]): Node[] {
  return body.flatMap((n) =>
    n.k === 'block' && !n.hasEval && !n.body.some((s) => s.k === 'let' || s.k === 'import') ? flattened(n.body) : [n],
  );
}

/**
 * The statements of a `try` block as upstream's optimizer leaves their values, and which one gives
 * the `try` its value (-1 for `()`). Nothing is removed from `statements`: a dropped statement has
 * no effect, and a debugger still stops at it. An `if` whose branches are emptied is worth its
 * condition, which then stands for it.
 */
export function tryValueStatement(body: Node[]): { statements: Node[]; at: number } {
  const statements = flattened(body);
  let at = statements.length - 1;
  while (at >= 0 && dropped(statements[at]!)) at--;
  const kept = statements[at];
  if (kept?.k === 'if' && emptied(kept.then) && emptied(kept.else)) statements[at] = kept.cond;
  return { statements, at };
}
