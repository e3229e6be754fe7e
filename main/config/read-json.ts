import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

import { ConfigError } from './config-error.ts';
import type { KeyPath } from './key-path.ts';
import { KeyPositions } from './key-positions.ts';
import { lineColumnsOf, type OffsetToLineColumn } from './line-columns.ts';
import type { ParsedText } from './config-document.ts';

// Strict JSON, as omw reads it: comments and trailing commas are syntax errors.
const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

export function readJson(text: string, file: string): ParsedText {
  const lineColumn = lineColumnsOf(text);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, STRICT_JSON);
  const [error] = errors;
  if (error || !tree) {
    const position = lineColumn(error?.offset ?? 0);
    throw new ConfigError({ file, ...position, problem: jsonComplaint(error) });
  }
  const positions = new KeyPositions();
  recordPositions(tree, [], positions, (offset) => ({ file, ...lineColumn(offset) }));
  // The tree's own values are null-prototype objects; the text is strict JSON, so JSON.parse agrees.
  return { data: JSON.parse(text), positions };
}

/** `ValueExpected` -> `value expected`. */
function jsonComplaint(error: ParseError | undefined): string {
  if (!error) return 'no JSON value';
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function recordPositions(
  node: Node,
  path: KeyPath,
  positions: KeyPositions,
  locationAt: (offset: number) => ReturnType<OffsetToLineColumn> & { file: string },
): void {
  if (node.type === 'object') {
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key) continue;
      const keyPath = [...path, String(key.value)];
      positions.record(keyPath, locationAt(key.offset));
      if (value) recordPositions(value, keyPath, positions, locationAt);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((item, index) => {
      const itemPath = [...path, index];
      positions.record(itemPath, locationAt(item.offset));
      recordPositions(item, itemPath, positions, locationAt);
    });
  }
}
