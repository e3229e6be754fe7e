// Static operation weights. Upstream counts one operation per statement and per evaluated
// expression; summing a statement's expression nodes at compile time approximates that count
// without any per-node cost at run time. Nested blocks count themselves when they run.

import type { Node } from '../ast/ast.ts';

export function weightOf(n: Node | undefined): number {
  if (!n) return 0;
  switch (n.k) {
    case 'lit':
    case 'var':
    case 'this':
    case 'global':
    case 'nsvar':
    case 'closure':
    case 'continue':
    case 'nop':
    case 'export':
      return 1;
    case 'interp':
      return 1 + sum(n.parts);
    case 'array':
      return 1 + sum(n.items);
    case 'map':
      return 1 + sum(n.entries.map((e) => e[1]));
    case 'unary':
      return 1 + weightOf(n.e);
    case 'bin':
      return 1 + weightOf(n.l) + weightOf(n.r);
    case 'prop':
      return 1 + weightOf(n.obj);
    case 'index':
      return 1 + weightOf(n.obj) + weightOf(n.idx);
    case 'call':
    case 'nscall':
      return 1 + sum(n.args);
    case 'method':
      return 1 + weightOf(n.obj) + sum(n.args);
    case 'block':
    case 'try':
      return 1;
    case 'if':
      return 1 + weightOf(n.cond);
    case 'switch':
      return 1 + weightOf(n.subject);
    case 'while':
    case 'do':
      return 1;
    case 'for':
      return 1 + weightOf(n.iter);
    case 'let':
      return 1 + weightOf(n.init);
    case 'assign':
      return 1 + weightOf(n.target) + weightOf(n.value);
    case 'break':
    case 'return':
    case 'throw':
      return 1 + weightOf(n.value);
    case 'import':
      return 1 + weightOf(n.path);
  }
}

const STATEMENT_KINDS = new Set<Node['k']>([
  'let',
  'assign',
  'break',
  'continue',
  'return',
  'throw',
  'try',
  'import',
  'export',
  'nop',
  'if',
  'switch',
  'while',
  'do',
  'for',
  'block',
]);

/** Weight of a statement: an expression statement costs one more for the statement itself. */
export function statementWeight(n: Node): number {
  return weightOf(n) + (STATEMENT_KINDS.has(n.k) ? 0 : 1);
}

function sum(nodes: Node[]): number {
  let w = 0;
  for (const n of nodes) w += weightOf(n);
  return w;
}
