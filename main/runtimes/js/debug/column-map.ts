// Instrumentation inserts text but never a newline, so lines stay as they were and only columns
// shift. This maps a position of the instrumented source (as QuickJS reports it: 1-based, counted
// in code points) back to the position of the same character in the brain's own source. Inserted
// text maps to where it was inserted, except a fast copy of a function body: its tokens map back
// one by one to the lines and columns they were copied from.

/** A token of a fast copy: where it starts in the inserted text, and where it came from. */
export interface CopiedToken {
  /** Code points from the start of the inserted text. */
  at: number;
  /** 1-based line and column of the original source. */
  line: number;
  column: number;
}

export interface Insertion {
  /** 1-based line of the original source. */
  line: number;
  /** 0-based column in code points of the original line where the text goes in. */
  column: number;
  /** Length of the inserted text in code points. */
  length: number;
  /** The tokens of a fast copy the text holds, in order. */
  copied?: CopiedToken[];
}

export interface Position {
  line: number;
  column: number;
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

  /** The original position of instrumented `column` on `line`; inside inserted text, where it was inserted. */
  original(line: number, column: number): Position {
    const insertions = this.#lines.get(line);
    if (!insertions) return { line, column };
    const at = column - 1;
    let shift = 0;
    for (const { column: originalColumn, length, copied } of insertions) {
      const start = originalColumn + shift;
      if (at < start) break;
      if (at < start + length)
        return (copied && copiedPosition(copied, at - start)) || { line, column: originalColumn + 1 };
      shift += length;
    }
    return { line, column: at - shift + 1 };
  }

  /** `file:line:column` positions of `filename` in a QuickJS stack trace, mapped back. */
  mapStack(stack: string, filename: string): string {
    const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return stack.replace(
      new RegExp(`(${escaped}):(\\d+):(\\d+)`, 'g'),
      (_all, file: string, line: string, column: string) => {
        const position = this.original(Number(line), Number(column));
        return `${file}:${position.line}:${position.column}`;
      },
    );
  }
}

/** The source position of the copied token at or before `offset` (its column moved within the token). */
function copiedPosition(copied: CopiedToken[], offset: number): Position | undefined {
  let found: CopiedToken | undefined;
  for (const token of copied) {
    if (token.at > offset) break;
    found = token;
  }
  return found && { line: found.line, column: found.column + offset - found.at };
}
