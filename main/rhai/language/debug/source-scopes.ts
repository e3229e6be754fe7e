// What the syntax tree says about a position inside a running function: the variables in scope
// there and whether a `try` around it catches errors. Nodes carry only where they start, so the
// node holding a position is the last child starting at or before it (children are in source
// order); the search ends at the statement starting exactly there.

import type { FnDef, Node, ScriptAst, VarDecl } from '../ast/ast.ts';
import type { Position } from '../types/errors.ts';

export interface ScopeAt {
  /** In declaration order; of several with one name only the innermost (the one a read finds). */
  visible: VarDecl[];
  /** Whether `pos` is inside the body of a `try` of this function. */
  inTry: boolean;
}

const atOrBefore = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.col <= b.col);

/** The scope at `pos` in `body` (a function's body or the script's statements); `outer` is in scope throughout. */
export function scopeAt(body: Node | Node[], pos: Position, outer: readonly VarDecl[]): ScopeAt {
  const found: VarDecl[] = [...outer];
  let inTry = false;

  const inList = (statements: Node[]): void => {
    let k = -1;
    while (k + 1 < statements.length && atOrBefore(statements[k + 1]!.pos, pos)) k++;
    for (let i = 0; i < k; i++) {
      const s = statements[i]!;
      if (s.k === 'let') found.push(s.decl);
      else if (s.k === 'import' && s.alias) found.push(s.alias);
    }
    const at = statements[k];
    if (at !== undefined && !(at.pos.line === pos.line && at.pos.col === pos.col)) inNode(at);
  };

  const inNode = (node: Node): void => {
    switch (node.k) {
      case 'lit':
      case 'closure':
        return;
      case 'block':
        return inList(node.body);
      case 'for':
        if (!atOrBefore(node.body.pos, pos)) return inNode(node.iter);
        found.push(node.item);
        if (node.counter) found.push(node.counter);
        return inNode(node.body);
      case 'try':
        if (atOrBefore(node.handler.pos, pos)) {
          if (node.err) found.push(node.err);
          return inNode(node.handler);
        }
        inTry = true;
        return inNode(node.body);
      default: {
        const holder = childNodes(node)
          .filter((c) => atOrBefore(c.pos, pos))
          .reduce<Node | undefined>((best, c) => (best === undefined || atOrBefore(best.pos, c.pos) ? c : best), undefined);
        if (holder !== undefined) inNode(holder);
      }
    }
  };

  if (Array.isArray(body)) inList(body);
  else inNode(body);
  return { visible: innermostByName(found), inTry };
}

function innermostByName(decls: VarDecl[]): VarDecl[] {
  const seen = new Set<string>();
  const out: VarDecl[] = [];
  for (let i = decls.length - 1; i >= 0; i--) {
    const d = decls[i]!;
    if (seen.has(d.name)) continue;
    seen.add(d.name);
    out.push(d);
  }
  return out.reverse();
}

/** The nodes directly below `node`, through arrays, switch-case maps and arms. */
function childNodes(node: Node): Node[] {
  const out: Node[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x instanceof Map) [...x.values()].forEach(visit);
    else if (typeof x === 'object' && x !== null) {
      if ('k' in x) out.push(x as Node);
      else Object.values(x).forEach(visit);
    }
  };
  for (const [key, value] of Object.entries(node)) if (key !== 'pos') visit(value);
  return out;
}

/** The variables each closure of a script captures (inside it), by the closure's function. */
export function closureCaptures(ast: ScriptAst): Map<FnDef, VarDecl[]> {
  const captures = new Map<FnDef, VarDecl[]>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x instanceof Map) [...x.values()].forEach(visit);
    else if (typeof x === 'object' && x !== null) {
      if ('k' in x && (x as Node).k === 'lit') return;
      if ('k' in x && (x as Node).k === 'closure') {
        const closure = x as Node & { k: 'closure' };
        captures.set(
          closure.fn,
          closure.captures.map((c) => c.inner),
        );
      }
      for (const [key, value] of Object.entries(x)) if (key !== 'pos' && typeof value === 'object') visit(value);
    }
  };
  visit(ast.body);
  visit(ast.functions);
  return captures;
}
