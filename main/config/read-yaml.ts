import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

import { ConfigError } from './config-error.ts';
import type { KeyPath } from './key-path.ts';
import { KeyPositions } from './key-positions.ts';
import type { ParsedText } from './config-document.ts';

export function readYaml(text: string, file: string): ParsedText {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0];
    throw new ConfigError({ file, line: position?.line, column: position?.col, problem: yamlComplaint(error.message) });
  }
  const positions = new KeyPositions();
  recordPositions(document.contents, [], positions, (offset) => ({
    file,
    ...lineCounterPosition(lineCounter, offset),
  }));
  return { data: document.toJS(), positions };
}

/** The message repeats the position and adds a code frame; both are reported separately. */
function yamlComplaint(message: string): string {
  const firstLine = message.split('\n')[0] ?? '';
  return firstLine.replace(/ at line \d+, column \d+:?$/, '');
}

function lineCounterPosition(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function recordPositions(
  node: Node | null,
  path: KeyPath,
  positions: KeyPositions,
  locationAt: (offset: number) => { file: string; line: number; column: number },
): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      // Only scalar keys become object keys; complex keys cannot be addressed by a key path.
      if (!isScalar(pair.key)) continue;
      const keyPath = [...path, String(pair.key.value)];
      if (pair.key.range) positions.record(keyPath, locationAt(pair.key.range[0]));
      recordPositions(pair.value as Node | null, keyPath, positions, locationAt);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      const itemPath = [...path, index];
      const itemNode = item as Node | null;
      if (itemNode?.range) positions.record(itemPath, locationAt(itemNode.range[0]));
      recordPositions(itemNode, itemPath, positions, locationAt);
    });
  }
}
