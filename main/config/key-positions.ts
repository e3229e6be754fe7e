// Where each key and list element of one file starts, so validation errors found long after
// parsing can still point at a line and column. Readers note character offsets in a tree that
// follows the document; only a position someone asks for becomes a line and column.

import type { SourceLocation } from './config-types.ts';
import type { KeyPath } from './key-path.ts';
import { lineColumnsOf, type OffsetToLineColumn } from './line-columns.ts';

export class PositionNode {
  private children: Map<string | number, PositionNode> | undefined;

  constructor(readonly offset: number) {}

  /**
   * The node for `segment`, noted at `offset` the first time: a table that is opened again
   * (`[a.b]` after `[a]`) keeps the position where it was first opened.
   */
  child(segment: string | number, offset: number): PositionNode {
    this.children ??= new Map();
    let child = this.children.get(segment);
    if (!child) {
      child = new PositionNode(offset);
      this.children.set(segment, child);
    }
    return child;
  }

  find(segment: string | number): PositionNode | undefined {
    return this.children?.get(segment);
  }
}

export class KeyPositions {
  /** The document itself; it has no position of its own, so an error about it names only the file. */
  readonly root = new PositionNode(0);
  private lineColumn: OffsetToLineColumn | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  locate(path: KeyPath): SourceLocation | undefined {
    if (path.length === 0) return undefined;
    let node: PositionNode | undefined = this.root;
    for (const segment of path) {
      node = node.find(segment);
      if (!node) return undefined;
    }
    this.lineColumn ??= lineColumnsOf(this.text);
    return { file: this.file, ...this.lineColumn(node.offset) };
  }
}

export type Locate = (path: KeyPath) => SourceLocation | undefined;

/**
 * Builds the positions the first time one is asked for: a config that loads without an error
 * never needs them, and noting them all costs about as much as parsing the file.
 */
export function locateLazily(build: () => KeyPositions): Locate {
  let positions: KeyPositions | undefined;
  return (path) => (positions ??= build()).locate(path);
}
