// Two questions about a JSON text answered token by token with jsonc-parser's scanner, without
// its parser, which recurses: how deep the text nests before it is known to be valid or shallow,
// and where one key path starts, skipping every value off the path, so that an error in a large
// file costs one pass over the text before the key and no table of positions.

import { createScanner, type JSONScanner } from 'jsonc-parser';

import type { KeyPath } from './key-path.ts';
import { NESTING_LIMIT } from './nesting-limit.ts';

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const STRING = 10;
const EOF = 17;

/**
 * The offset of the first bracket that opens a level past the limit. It never counts fewer
 * levels than jsonc-parser's parser would descend: a closing bracket only counts when it matches
 * the innermost opening one, and the parser only leaves a level at such a bracket.
 */
export function offsetNestedTooDeep(text: string): number | undefined {
  const scanner = createScanner(text, true);
  const closers: number[] = [];
  for (let token: number = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      const closer = token === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (closers.push(closer) > NESTING_LIMIT) return scanner.getTokenOffset();
    } else if (token === closers[closers.length - 1]) {
      closers.pop();
    }
  }
  return undefined;
}

/** Where the key (or list element) at `path` starts in a valid JSON text; the first of duplicate keys. */
export function jsonKeyOffset(text: string, path: KeyPath): number | undefined {
  const scanner = createScanner(text, true);
  scanner.scan();
  let offset: number | undefined;
  for (const segment of path) {
    offset = typeof segment === 'number' ? enterElement(scanner, segment) : enterProperty(scanner, segment);
    if (offset === undefined) return undefined;
  }
  return offset;
}

/** From a list's opening bracket to the start of its element `index`, which is returned. */
function enterElement(scanner: JSONScanner, index: number): number | undefined {
  if (scanner.getToken() !== OPEN_BRACKET) return undefined;
  scanner.scan();
  for (let skipped = 0; skipped < index; skipped++) {
    if (scanner.getToken() === CLOSE_BRACKET) return undefined;
    skipValue(scanner);
    if (scanner.getToken() !== COMMA) return undefined;
    scanner.scan();
  }
  return scanner.getToken() === CLOSE_BRACKET ? undefined : scanner.getTokenOffset();
}

/** From a table's opening brace to the start of the value of `key`; returns where the key starts. */
function enterProperty(scanner: JSONScanner, key: string): number | undefined {
  if (scanner.getToken() !== OPEN_BRACE) return undefined;
  scanner.scan();
  while (scanner.getToken() === STRING) {
    const offset = scanner.getTokenOffset();
    const name = scanner.getTokenValue();
    scanner.scan(); // the colon
    scanner.scan();
    if (name === key) return offset;
    skipValue(scanner);
    if (scanner.getToken() !== COMMA) return undefined;
    scanner.scan();
  }
  return undefined;
}

/** Moves past one value by counting brackets. */
function skipValue(scanner: JSONScanner): void {
  let depth = 0;
  do {
    const token: number = scanner.getToken();
    if (token === OPEN_BRACE || token === OPEN_BRACKET) depth++;
    else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) depth--;
    scanner.scan();
  } while (depth > 0 && scanner.getToken() !== EOF);
}
