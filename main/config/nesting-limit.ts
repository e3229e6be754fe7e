// Tables and lists nest at most NESTING_LIMIT deep, the document's own table being the first
// level: the bound serde_json, omw's JSON reader, sets as well. No config comes close, and what
// runs after parsing (validation, layering, the back ends reading their params) recurses, so a
// deeper input would end in a stack overflow rather than an error. Each reader refuses it before
// anything recursive sees it.

import { ConfigError } from './config-error.ts';
import type { KeyPath } from './key-path.ts';
import type { Locate } from './key-positions.ts';

export const NESTING_LIMIT = 128;

export function nestingError(file: string, position?: { line: number; column: number }): ConfigError {
  return new ConfigError({
    file,
    ...(position ? { line: position.line, column: position.column } : {}),
    problem: `expected tables and lists nested at most ${NESTING_LIMIT} deep`,
  });
}

/** Refuses parsed data that nests too deep, at the first table or list past the limit. */
export function rejectDeepNesting(data: unknown, locate: Locate, file: string): void {
  const path = pathNestedTooDeep(data);
  if (!path) return;
  // A list reached through a YAML alias has no position of its own; the alias, an ancestor, has.
  let location;
  for (let length = path.length; length > 0 && !location; length--) location = locate(path.slice(0, length));
  throw nestingError(file, location);
}

interface Container {
  value: object;
  depth: number;
  parent?: Container;
  key?: string | number;
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The path of the first table or list past the limit, in document order. Walked without
 * recursion, since the data may nest arbitrarily deep: children are pushed last to first, so
 * they come off the stack first to last.
 */
export function pathNestedTooDeep(root: unknown): KeyPath | undefined {
  if (!isContainer(root)) return undefined;
  const pending: Container[] = [{ value: root, depth: 1 }];
  for (let container = pending.pop(); container; container = pending.pop()) {
    if (container.depth > NESTING_LIMIT) return pathTo(container);
    const { value } = container;
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    for (let index = (keys ?? (value as unknown[])).length - 1; index >= 0; index--) {
      const key = keys ? (keys[index] as string) : index;
      const item = (value as Record<string | number, unknown>)[key];
      if (isContainer(item)) pending.push({ value: item, depth: container.depth + 1, parent: container, key });
    }
  }
  return undefined;
}

function pathTo(container: Container): KeyPath {
  const path: (string | number)[] = [];
  for (let at: Container | undefined = container; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
