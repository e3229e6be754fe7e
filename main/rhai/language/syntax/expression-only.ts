// What `compileExpression` accepts: a single expression with no statements anywhere inside.
// `if`/`switch` branches and closure bodies may be blocks holding exactly one expression.

import type { Node } from '../ast/ast.ts';

/** Returns the first node that makes `node` more than an expression, or undefined. */
export function firstNonExpression(node: Node): Node | undefined {
  switch (node.k) {
    case 'lit':
    case 'var':
    case 'this':
    case 'global':
    case 'nsvar':
      return undefined;
    case 'interp':
      return firstOf(node.parts);
    case 'array':
      return firstOf(node.items);
    case 'map':
      return firstOf(node.entries.map((e) => e[1]));
    case 'unary':
      return firstNonExpression(node.e);
    case 'bin':
      return firstNonExpression(node.l) ?? firstNonExpression(node.r);
    case 'prop':
      return firstNonExpression(node.obj);
    case 'index':
      return firstNonExpression(node.obj) ?? firstNonExpression(node.idx);
    case 'call':
    case 'nscall':
      return firstOf(node.args);
    case 'method':
      return firstNonExpression(node.obj) ?? firstOf(node.args);
    case 'closure':
      return branch(node.fn.body);
    case 'if':
      return firstNonExpression(node.cond) ?? branch(node.then) ?? (node.else ? branch(node.else) : undefined);
    case 'switch': {
      const arms = [...node.cases.values()].flat();
      const bodies = [...arms, ...node.ranges].flatMap((a) => (a.condition ? [a.condition, a.body] : [a.body]));
      if (node.default) bodies.push(node.default);
      return firstNonExpression(node.subject) ?? bodies.map(branch).find((n) => n !== undefined);
    }
    default:
      return node;
  }
}

/** A branch is an expression, or a block containing exactly one expression. */
function branch(node: Node): Node | undefined {
  if (node.k === 'if') return firstNonExpression(node);
  if (node.k !== 'block') return firstNonExpression(node);
  if (node.body.length !== 1) return node;
  return firstNonExpression(node.body[0]!);
}

function firstOf(nodes: Node[]): Node | undefined {
  for (const n of nodes) {
    const bad = firstNonExpression(n);
    if (bad) return bad;
  }
  return undefined;
}
