// Searches a function's syntax tree. Children sit in node fields, arrays, switch-case maps and
// switch arms. Literal values are data, not syntax, and closure bodies are functions of their
// own: neither is searched.

import type { Node } from './ast.ts';

/** Whether `test` holds for `root` or any node below it. */
export function someNode(root: unknown, test: (node: Node) => boolean): boolean {
  if (Array.isArray(root)) return root.some((child) => someNode(child, test));
  if (root instanceof Map) return [...root.values()].some((child) => someNode(child, test));
  if (typeof root !== 'object' || root === null) return false;
  if ('k' in root) {
    const node = root as Node;
    if (test(node)) return true;
    if (node.k === 'lit' || node.k === 'closure') return false;
  }
  return Object.values(root).some((child) => typeof child === 'object' && someNode(child, test));
}

/**
 * Calls `visit` for `root` and every node below it that it reaches: a node's children are
 * visited only when `visit` returns true for it. Literal values are never visited into.
 */
export function visitNodes(root: unknown, visit: (node: Node) => boolean): void {
  if (Array.isArray(root)) {
    for (const child of root) visitNodes(child, visit);
    return;
  }
  if (root instanceof Map) {
    for (const child of root.values()) visitNodes(child, visit);
    return;
  }
  if (typeof root !== 'object' || root === null) return;
  if ('k' in root) {
    const node = root as Node;
    if (!visit(node) || node.k === 'lit') return;
  }
  for (const child of Object.values(root)) if (typeof child === 'object') visitNodes(child, visit);
}

/** The variable (or `this`) at the bottom of an index/property chain. */
export function rootOf(node: Node): Node {
  let n = node;
  while (n.k === 'prop' || n.k === 'index') n = n.obj;
  return n;
}
