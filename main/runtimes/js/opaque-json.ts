// Some WIT fields carry JSON as text (tool-call arguments, schemas, tool results, params). A
// JavaScript brain sees them parsed and may hand them back parsed (omw-compat 11).

import { noJsonFormMessage } from '../binding/value-limits.ts';
import { GuestArgumentError } from './guest-argument-error.ts';

/** The parsed value of `text`, or `text` itself when it is not valid JSON. */
export function parseOpaqueJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * JSON text for a value the brain passes back (read and checked by VmValues). Strings are taken as
 * already-JSON text, so the raw string of an unparseable field travels back unchanged;
 * `undefined` becomes `null`; a BigInt has no JSON text.
 */
export function serializeOpaqueJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') throw new GuestArgumentError(noJsonFormMessage('value', 'a BigInt'));
  return JSON.stringify(value) ?? 'null';
}
