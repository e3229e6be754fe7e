// Instrumentation inserts text but never a newline, so lines stay as they were and only columns
// shift. This maps a column of the instrumented source (as QuickJS reports it: 1-based, counted in
// code points) back to the column of the same character in the brain's own source.

export interface Insertion {
  /** 1-based line of the original source. */
  line: number;
  /** 0-based column in code points of the original line where the text goes in. */
  column: number;
  /** Length of the inserted text (ASCII, so code points and UTF-16 units agree). */
  length: number;
}

export class ColumnMap {
  /** Per line, the insertions in source order. */
  readonly #lines = new Map<number, Insertion[]>();

  constructor(insertions: readonly Insertion[]) {
    for (const insertion of insertions) {
      const line = this.#lines.get(insertion.line);
      if (line) line.push(insertion);
      else this.#lines.set(insertion.line, [insertion]);
    }
  }

  /** The original 1-based column of instrumented `column` on `line`; inside inserted text, where it was inserted. */
  original(line: number, column: number): number {
    const insertions = this.#lines.get(line);
    if (!insertions) return column;
    const at = column - 1;
    let shift = 0;
    for (const { column: originalColumn, length } of insertions) {
      const start = originalColumn + shift;
      if (at < start) break;
      if (at < start + length) return originalColumn + 1;
      shift += length;
    }
    return at - shift + 1;
  }

  /** `file:line:column` positions of `filename` in a QuickJS stack trace, mapped back. */
  mapStack(stack: string, filename: string): string {
    const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return stack.replace(
      new RegExp(`(${escaped}):(\\d+):(\\d+)`, 'g'),
      (_all, file: string, line: string, column: string) =>
        `${file}:${line}:${this.original(Number(line), Number(column))}`,
    );
  }
}
