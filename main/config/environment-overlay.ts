// omw-compat 1.5: variables such as OMW__PROVIDERS__OPENAI__API_KEY overlay the configuration.
// The overlay is a document like any file, so layering, locating and script resolution treat it
// the same way; its values stay strings until validation coerces them for typed fields.

import { isConfigTable, type ConfigDocument, type ConfigTable } from './config-document.ts';
import type { SourceLocation } from './config-types.ts';
import type { KeyPath } from './key-path.ts';

const ENVIRONMENT_LABEL = '<environment>';

const SEGMENT_SEPARATOR = '__';

/** Paths whose keys are user data, so the segments after them keep the user's case (`*` = any one name). */
const FREE_FORM_PATHS = [
  ['providers', '*', 'params'],
  ['tooling', '*', 'env'],
  ['runtime', '*', 'env'],
  ['memory', '*'],
];

export function environmentOverlay(env: Record<string, string | undefined>, prefix: string): ConfigDocument {
  const data: ConfigTable = {};
  // By the JSON text of a key path; the first variable to reach a table is where it is located.
  const locations = new Map<string, SourceLocation>();
  // Sorted, so a deeper variable (OMW__A__B) always comes after, and wins over, a shallower one (OMW__A).
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value === undefined || name.slice(0, prefix.length).toUpperCase() !== prefix.toUpperCase()) continue;
    const path = keyPathOf(name.slice(prefix.length));
    if (!path) continue;
    // A variable is a one-line source; naming it is what lets an error message point at it.
    const location = { file: `$${name}`, line: 1, column: 1 };
    for (let length = 1; length <= path.length; length++) {
      const id = JSON.stringify(path.slice(0, length));
      if (!locations.has(id)) locations.set(id, location);
    }
    setAt(data, path, value);
  }
  return {
    file: ENVIRONMENT_LABEL,
    scriptBase: process.cwd(),
    data,
    locate: (path) => locations.get(JSON.stringify(path)),
  };
}

/** Undefined when the name has an empty segment (`OMW__`, `OMW__A____B`), which addresses nothing. */
function keyPathOf(rest: string): string[] | undefined {
  const segments = rest.split(SEGMENT_SEPARATOR);
  if (segments.some((segment) => segment === '')) return undefined;
  const path: string[] = [];
  for (const segment of segments) {
    path.push(isFreeForm(path) ? segment : segment.toLowerCase());
  }
  return path;
}

function isFreeForm(path: KeyPath): boolean {
  return FREE_FORM_PATHS.some(
    (pattern) =>
      path.length >= pattern.length && pattern.every((segment, index) => segment === '*' || segment === path[index]),
  );
}

function setAt(data: ConfigTable, path: readonly string[], value: string): void {
  let table = data;
  for (const key of path.slice(0, -1)) {
    const next = table[key];
    table = isConfigTable(next) ? next : (table[key] = {});
  }
  table[path[path.length - 1] ?? ''] = value;
}
