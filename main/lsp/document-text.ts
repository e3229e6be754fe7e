// A document's lines, and the two ways of counting positions in them: Rhai's parser counts lines
// and columns from 1, a column per code point; LSP counts from 0, a character per UTF-16 unit
// (the protocol's default encoding). Every range the server sends goes through here.

import type { Position as LspPosition, Range as LspRange } from 'vscode-languageserver';
import type { Position as RhaiPosition } from '../rhai/language/types/errors.ts';

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

export interface Word {
  text: string;
  range: LspRange;
}

/** Whether `a` comes before `b` (Rhai positions). */
export const isBefore = (a: RhaiPosition, b: RhaiPosition): boolean =>
  a.line < b.line || (a.line === b.line && a.col < b.col);

export class DocumentText {
  readonly lines: string[];

  constructor(text: string) {
    this.lines = text.split('\n');
  }

  line(index: number): string {
    return this.lines[index] ?? '';
  }

  toLsp(pos: RhaiPosition): LspPosition {
    const line = Math.max(pos.line - 1, 0);
    const text = this.line(line);
    let character = 0;
    let col = 1;
    while (col < pos.col && character < text.length) {
      character += (text.codePointAt(character) ?? 0) > 0xffff ? 2 : 1;
      col++;
    }
    // Past the end of the line (an error at the end of the text): the column still counts.
    return { line, character: character + (pos.col - col) };
  }

  toRhai(pos: LspPosition): RhaiPosition {
    const text = this.line(pos.line);
    let col = 1;
    for (let character = 0; character < pos.character && character < text.length; col++) {
      character += (text.codePointAt(character) ?? 0) > 0xffff ? 2 : 1;
    }
    return { line: pos.line + 1, col };
  }

  range(start: RhaiPosition, end: RhaiPosition): LspRange {
    return { start: this.toLsp(start), end: this.toLsp(end) };
  }

  /** The range of a name that starts at `pos`: names are ASCII in Rhai. */
  nameRange(pos: RhaiPosition, name: string): LspRange {
    const start = this.toLsp(pos);
    return { start, end: { line: start.line, character: start.character + name.length } };
  }

  /** The identifier touching `pos` (under it, or just before it as a cursor after a word sits). */
  wordAt(pos: LspPosition): Word | undefined {
    for (const found of this.line(pos.line).matchAll(IDENTIFIER)) {
      const start = found.index;
      const end = start + found[0].length;
      if (pos.character >= start && pos.character <= end) {
        return {
          text: found[0],
          range: { start: { line: pos.line, character: start }, end: { line: pos.line, character: end } },
        };
      }
    }
    return undefined;
  }

  /** The line up to `pos`, what completion looks at. */
  before(pos: LspPosition): string {
    return this.line(pos.line).slice(0, pos.character);
  }
}
