import { printParseErrorCode, visit, type ParseError } from 'jsonc-parser';

import { ConfigError } from './config-error.ts';
import type { ParsedText } from './config-document.ts';
import { jsonKeyOffset, offsetNestedTooDeep } from './json-scanning.ts';
import type { Locate } from './key-positions.ts';
import { lineColumnsOf, type OffsetToLineColumn } from './line-columns.ts';
import { nestingError, pathNestedTooDeep } from './nesting-limit.ts';

// Strict JSON, as omw reads it: comments and trailing commas are syntax errors.
const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

// The engine's JSON.parse is many times faster than any parser written in JavaScript and copes
// with any depth. jsonc-parser words the syntax errors, once the text is known to be shallow
// enough for its recursive parser, and its scanner finds positions when they are asked for.
export function readJson(text: string, file: string): ParsedText {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw syntaxError(text, file, error);
  }
  // The parsed data tells cheaply whether the text nests too deep; only then is the text scanned for where.
  if (pathNestedTooDeep(data)) throw nestingError(file, positionOf(text, offsetNestedTooDeep(text)));
  let lineColumn: OffsetToLineColumn | undefined;
  const locate: Locate = (path) => {
    const offset = path.length > 0 ? jsonKeyOffset(text, path) : undefined;
    if (offset === undefined) return undefined;
    lineColumn ??= lineColumnsOf(text);
    return { file, ...lineColumn(offset) };
  };
  return { data, locate };
}

function syntaxError(text: string, file: string, parseError: unknown): ConfigError {
  const tooDeep = offsetNestedTooDeep(text);
  if (tooDeep !== undefined) return nestingError(file, positionOf(text, tooDeep));
  let first: ParseError | undefined;
  visit(text, { onError: (error, offset, length) => void (first ??= { error, offset, length }) }, STRICT_JSON);
  // Should jsonc-parser find no fault where the engine did, the engine's own message still explains it.
  if (!first)
    return new ConfigError({ file, problem: parseError instanceof Error ? parseError.message : 'invalid JSON' });
  return new ConfigError({ file, ...positionOf(text, first.offset), problem: jsonComplaint(first) });
}

function positionOf(text: string, offset: number | undefined): { line: number; column: number } | undefined {
  return offset === undefined ? undefined : lineColumnsOf(text)(offset);
}

/** `ValueExpected` -> `value expected`. */
function jsonComplaint(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
