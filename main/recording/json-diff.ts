// JSON-aware comparison for replay divergences and recording diffs: objects by key (order does
// not matter), arrays by position, everything else by value.

import type { JsonChange } from '../../contract/recording-views.ts';
import type { Json } from '../trace/trace-event.ts';
import { isJsonObject as isObject, jsonEqual } from '../agent-protocol/json-equal.ts';

const keyPath = (key: string): string => (/^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** Every difference between `before` and `after`, outermost first; [] when they are equal. */
export function jsonDiff(before: Json | undefined, after: Json | undefined, path = ''): JsonChange[] {
  if (jsonEqual(before, after)) return [];
  if (before === undefined) return [{ path, kind: 'added', after: after! }];
  if (after === undefined) return [{ path, kind: 'removed', before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      changes.push(...jsonDiff(before[i], after[i], `${path}[${i}]`));
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => jsonDiff(before[key], after[key], path + keyPath(key)));
  }
  return [{ path, kind: 'changed', before, after }];
}

const SHOWN_CHARACTERS = 160;

/** A value in a diff line: JSON, long text cut in the middle. */
export function shownJson(value: Json | undefined): string {
  if (value === undefined) return '(nothing)';
  const text = JSON.stringify(value);
  if (text.length <= SHOWN_CHARACTERS) return text;
  const half = SHOWN_CHARACTERS / 2;
  return `${text.slice(0, half)}…(${text.length - SHOWN_CHARACTERS} more)…${text.slice(-half)}`;
}

/** One line per change: `  [1].content: "hi" -> "hello"`. */
export function describeChanges(changes: readonly JsonChange[], root: string, indent = '  '): string[] {
  return changes.map((change) => {
    const where = root + change.path;
    if (change.kind === 'added') return `${indent}${where}: added ${shownJson(change.after)}`;
    if (change.kind === 'removed') return `${indent}${where}: removed (was ${shownJson(change.before)})`;
    return `${indent}${where}: ${shownJson(change.before)} -> ${shownJson(change.after)}`;
  });
}
