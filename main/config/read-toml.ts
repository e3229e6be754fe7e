import { parse, TomlDate, TomlError } from 'smol-toml';

import { ConfigError } from './config-error.ts';
import type { ConfigTable, ParsedText } from './config-document.ts';
import { tomlKeyPositions } from './toml-key-positions.ts';

export function readToml(text: string, file: string): ParsedText {
  let data: ConfigTable;
  try {
    data = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new ConfigError({ file, line: error.line, column: error.column, problem: tomlComplaint(error) });
  }
  return { data: withoutDates(data), positions: tomlKeyPositions(text, file) };
}

/** smol-toml's message carries a code frame after the first line; the position is reported separately. */
function tomlComplaint(error: TomlError): string {
  const firstLine = error.message.split('\n')[0] ?? '';
  return firstLine.replace(/^Invalid TOML document: /, '');
}

// The rest of the model is JSON-shaped (memory seeds become JSON text, params travel as JSON),
// so TOML date-times become their TOML text.
function withoutDates(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutDates);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutDates(item)]));
  }
  return value;
}
