// Some WIT fields carry JSON as text (tool-call arguments, schemas, tool results, params). A Rhai
// brain sees them parsed into maps and arrays, as JavaScript and Python brains do, and may hand
// them back as Rhai values (docs/rhai-runtime.md, omw-compat 17.1).

import { displayValue, formatFloat } from '../../rhai/language/types/format.ts';
import { fromPlain, type PlainValue } from '../../rhai/language/types/interop.ts';
import { isStackExhaustion, runtimeError } from '../../rhai/language/types/errors.ts';
import { Blob, FnPtr, RChar, RFloat, sortedKeys, type Value } from '../../rhai/language/types/values.ts';
import { MAX_VALUE_DEPTH, noJsonFormMessage, tooDeepMessage } from '../binding/value-limits.ts';

/**
 * The parsed value of `text`, or `text` itself when it is not valid JSON, or is nested too deep to
 * convert on the engine thread's stack.
 */
export function parseOpaqueJson(text: string): Value {
  try {
    return fromPlain(JSON.parse(text) as PlainValue);
  } catch (error) {
    if (error instanceof SyntaxError || isStackExhaustion(error)) return text;
    throw error;
  }
}

/**
 * JSON text of a Rhai value the brain hands the host: unit is null, maps are objects (keys sorted,
 * as Rhai prints them), BLOBs are arrays of bytes, non-finite floats null, and anything else its
 * display string. A function (a handle's methods are functions too) or nesting past
 * MAX_VALUE_DEPTH is a runtime error the brain may catch, found as the text is written.
 */
export function toJsonText(value: Value, depth = 0): string {
  if (value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  // Rhai's float text (`2.0`, `1e20`) is valid JSON and keeps a whole float a float on the way back.
  if (value instanceof RFloat) return Number.isFinite(value.v) ? formatFloat(value.v) : 'null';
  if (value instanceof RChar) return JSON.stringify(value.c);
  if (value instanceof FnPtr) throw runtimeError(noJsonFormMessage('value', 'a function'));
  if (Array.isArray(value) || value instanceof Map) {
    if (depth >= MAX_VALUE_DEPTH) throw runtimeError(tooDeepMessage('value'));
    const inner = depth + 1;
    if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item, inner)).join(',')}]`;
    return `{${sortedKeys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value.get(key), inner)}`)
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
