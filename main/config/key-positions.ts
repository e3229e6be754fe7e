// Each reader records where every key and list element starts, so validation errors found
// long after parsing can still point at a line and column.

import type { SourceLocation } from './config-types.ts';
import type { KeyPath } from './key-path.ts';

export class KeyPositions {
  private readonly byPath = new Map<string, SourceLocation>();

  /** Keeps the first position recorded for a path: where a table was first opened. */
  record(path: KeyPath, location: SourceLocation): void {
    const id = JSON.stringify(path);
    if (!this.byPath.has(id)) this.byPath.set(id, location);
  }

  locate(path: KeyPath): SourceLocation | undefined {
    return this.byPath.get(JSON.stringify(path));
  }
}
