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

/** A string holding JSON text (a bus message, a tool's arguments) is shown as the value it holds. */
export function parsedValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** The value as text: a string as it is, anything else as indented JSON. */
export function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(nothing)';
  return JSON.stringify(value, null, 2) ?? String(value);
}
