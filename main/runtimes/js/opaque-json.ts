// Some WIT fields carry JSON as text (tool-call arguments, schemas, tool results, params). A
// JavaScript brain sees them parsed and may hand them back parsed (omw-compat 11).

/** The parsed value of `text`, or `text` itself when it is not valid JSON. */
export function parseOpaqueJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * JSON text for a value the brain passes back. Strings are taken as already-JSON text, so the raw
 * string of an unparseable field travels back unchanged; `undefined` becomes `null`.
 */
export function serializeOpaqueJson(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? 'null';
}
