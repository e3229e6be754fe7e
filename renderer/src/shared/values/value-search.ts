// Search inside a JSON value: which nodes match (by key or by value text), and which nodes must
// be open for every match to show.

import { pathKey, type PathStep } from './json-path.ts';

export interface SearchResult {
  /** Matching nodes, in document order. */
  matches: PathStep[][];
  /** Every ancestor of a match. */
  open: Set<string>;
}

/** The most matches listed; a search for `e` in a large payload must not stall the viewer. */
const MAX_MATCHES = 1000;

export function searchValue(value: unknown, query: string): SearchResult {
  const result: SearchResult = { matches: [], open: new Set() };
  const needle = query.trim().toLowerCase();
  if (!needle) return result;
  const visit = (node: unknown, path: PathStep[]): void => {
    if (result.matches.length >= MAX_MATCHES) return;
    const key = path.at(-1);
    const keyHit = typeof key === 'string' && key.toLowerCase().includes(needle);
    const leaf = node === null || typeof node !== 'object';
    const valueHit = leaf && String(node).toLowerCase().includes(needle);
    if (keyHit || valueHit) {
      result.matches.push(path);
      for (let i = 0; i < path.length; i++) result.open.add(pathKey(path.slice(0, i)));
    }
    if (leaf) return;
    if (Array.isArray(node)) node.forEach((child, i) => visit(child, [...path, i]));
    else for (const [k, child] of Object.entries(node as object)) visit(child, [...path, k]);
  };
  visit(value, []);
  return result;
}

/** How deep JSON text inside JSON text is opened (a hostile value cannot make it recurse for ever). */
const NESTING_OPENED = 8;

/**
 * A string holding JSON text of an object or a list (a bus message, a tool's arguments, a tool's
 * `input_schema`, an MCP result's `content`) is shown as the value it holds, at any depth, so a
 * value inside a value reads as JSON, not as escaped text. Other strings stay as they are.
 */
export function parsedValue(value: unknown, depth = 0): unknown {
  if (depth > NESTING_OPENED) return value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!(text.startsWith('{') || text.startsWith('['))) return value;
    try {
      const parsed = JSON.parse(text) as unknown;
      return parsed !== null && typeof parsed === 'object' ? parsedValue(parsed, depth + 1) : value;
    } catch {
      return value;
    }
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => parsedValue(item, depth + 1));
  // Built key by key on a null prototype: a `__proto__` key stays a key.
  const table = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) table[key] = parsedValue(item, depth + 1);
  return table;
}

/** The value as text: a string as it is, anything else as indented JSON. */
export function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(nothing)';
  return JSON.stringify(value, null, 2) ?? String(value);
}
