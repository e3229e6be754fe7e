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

/** The variable (or `this`) at the bottom of an index/property chain. */
export function rootOf(node: Node): Node {
  let n = node;
  while (n.k === 'prop' || n.k === 'index') n = n.obj;
  return n;
}
