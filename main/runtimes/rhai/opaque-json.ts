// Some WIT fields carry JSON as text (tool-call arguments, schemas, tool results, params). A Rhai
// brain sees them parsed into maps and arrays, as JavaScript and Python brains do, and may hand
// them back as Rhai values (docs/rhai-runtime.md, omw-compat 17.1).

import { displayValue, formatFloat } from '../../rhai/language/types/format.ts';
import { fromPlain, type PlainValue } from '../../rhai/language/types/interop.ts';
import { Blob, RChar, RFloat, sortedKeys, type Value } from '../../rhai/language/types/values.ts';

/** The parsed value of `text`, or `text` itself when it is not valid JSON. */
export function parseOpaqueJson(text: string): Value {
  let parsed: PlainValue;
  try {
    parsed = JSON.parse(text) as PlainValue;
  } catch {
    return text;
  }
  return fromPlain(parsed);
}

/**
 * JSON text of any Rhai value: unit is null, maps are objects (keys sorted, as Rhai prints them),
 * BLOBs are arrays of bytes, non-finite floats null, and anything else its display string.
 */
export function toJsonText(value: Value): string {
  if (value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  // Rhai's float text (`2.0`, `1e20`) is valid JSON and keeps a whole float a float on the way back.
  if (value instanceof RFloat) return Number.isFinite(value.v) ? formatFloat(value.v) : 'null';
  if (value instanceof RChar) return JSON.stringify(value.c);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value instanceof Map) {
    return `{${sortedKeys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value.get(key))}`)
      .join(',')}}`;
  }
  if (value instanceof Blob) return `[${value.bytes.join(',')}]`;
  return JSON.stringify(displayValue(value));
}

/**
 * JSON text for a value the brain passes where the WIT wants JSON text. A string is taken as
 * already-JSON text, so the raw string of an unparseable field travels back unchanged.
 */
export const opaqueJsonFromRhai = (value: Value): string => (typeof value === 'string' ? value : toJsonText(value));
