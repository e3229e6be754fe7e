import { parse, TomlDate, TomlError } from 'smol-toml';

import { ConfigError } from './config-error.ts';
import type { ParsedText } from './config-document.ts';
import { locateLazily } from './key-positions.ts';
import { NESTING_LIMIT, nestingError, rejectDeepNesting } from './nesting-limit.ts';
import { tomlKeyPositions } from './toml-key-positions.ts';

// smol-toml's own bound covers arrays and inline tables below a key, which itself sits at least
// one level down, in the document's table. Deeper dotted keys and headers it does not count.
const SMOL_TOML_MAX_DEPTH = NESTING_LIMIT - 1;
const SMOL_TOML_NESTING = 'document contains excessively nested structures';

export function readToml(text: string, file: string): ParsedText {
  let data: unknown;
  try {
    data = parse(text, { maxDepth: SMOL_TOML_MAX_DEPTH });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    if (error.message.includes(SMOL_TOML_NESTING)) throw nestingError(file, error);
    throw new ConfigError({ file, line: error.line, column: error.column, problem: tomlComplaint(error) });
  }
  const locate = locateLazily(() => tomlKeyPositions(text, file));
  rejectDeepNesting(data, locate, file);
  return { data: plainData(data), locate };
}

/** smol-toml's message carries a code frame after the first line; the position is reported separately. */
function tomlComplaint(error: TomlError): string {
  const firstLine = error.message.split('\n')[0] ?? '';
  return firstLine.replace(/^Invalid TOML document: /, '');
}

// The rest of the model is JSON-shaped (memory seeds become JSON text, params travel as JSON):
// TOML date-times become their TOML text, and smol-toml's tables, which have no prototype,
// become plain objects that back ends can treat like any other.
function plainData(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainData);
  if (typeof value !== 'object' || value === null) return value;
  const table: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = plainData((value as Record<string, unknown>)[key]);
    // Assigning `__proto__` would set the table's prototype instead of adding the key.
    if (key === '__proto__') Object.defineProperty(table, key, { value: item, enumerable: true, writable: true });
    else table[key] = item;
  }
  return table;
}
