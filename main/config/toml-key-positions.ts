// smol-toml parses values but reports no positions, so this scanner walks a document that
// smol-toml has already accepted and records where each key and list element starts. Because
// the text is known to be valid it only has to follow structure (headers, keys, strings, inline
// tables and arrays, including TOML 1.1's multi-line inline tables), never to reject anything.

import type { KeyPath } from './key-path.ts';
import { KeyPositions } from './key-positions.ts';
import { lineColumnsOf, type OffsetToLineColumn } from './line-columns.ts';

interface KeySegment {
  name: string;
  offset: number;
}

const BARE_KEY_END = /[\s.=\]"',#}]/;
const SCALAR_END = /[,\]}#\r\n]/;
const SIMPLE_ESCAPES: Record<string, string> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  e: '\x1b',
  '"': '"',
  '\\': '\\',
};

export function tomlKeyPositions(text: string, file: string): KeyPositions {
  return new TomlKeyScanner(text, file).scan();
}

class TomlKeyScanner {
  private offset = 0;
  private readonly positions = new KeyPositions();
  private readonly lineColumn: OffsetToLineColumn;
  /** Elements seen so far per array of tables, keyed by its resolved path. */
  private readonly arrayTableLengths = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.lineColumn = lineColumnsOf(text);
  }

  scan(): KeyPositions {
    let table: KeyPath = [];
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.atEnd()) return this.positions;
      if (this.peek() === '[') table = this.header();
      else this.keyValue(table);
    }
  }

  private header(): KeyPath {
    const start = this.offset;
    const isArrayTable = this.text.startsWith('[[', this.offset);
    this.offset += isArrayTable ? 2 : 1;
    const segments = this.key();
    this.offset += isArrayTable ? 2 : 1;

    const path: (string | number)[] = [];
    segments.forEach((segment, index) => {
      path.push(segment.name);
      this.record(path, segment.offset);
      const isLast = index === segments.length - 1;
      const length = this.arrayTableLengths.get(JSON.stringify(path));
      if (isLast && isArrayTable) {
        this.arrayTableLengths.set(JSON.stringify(path), (length ?? 0) + 1);
        path.push(length ?? 0);
        this.record(path, start);
      } else if (length !== undefined) {
        // A header naming an array of tables continues inside its latest element.
        path.push(length - 1);
      }
    });
    return path;
  }

  private keyValue(table: KeyPath): void {
    const path = [...table];
    for (const segment of this.key()) {
      path.push(segment.name);
      this.record(path, segment.offset);
    }
    this.skipBlanks();
    this.offset++; // '='
    this.skipBlanks();
    this.value(path);
  }

  private value(path: KeyPath): void {
    const char = this.peek();
    if (char === '{') this.inlineTable(path);
    else if (char === '[') this.array(path);
    else if (char === '"' || char === "'") this.string();
    else while (!this.atEnd() && !SCALAR_END.test(this.peek())) this.offset++;
  }

  private inlineTable(path: KeyPath): void {
    this.offset++;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.peek() === '}' || this.atEnd()) break;
      this.keyValue(path);
      this.skipWhitespaceAndComments();
      if (this.peek() === ',') this.offset++;
    }
    this.offset++;
  }

  private array(path: KeyPath): void {
    this.offset++;
    for (let index = 0; ; index++) {
      this.skipWhitespaceAndComments();
      if (this.peek() === ']' || this.atEnd()) break;
      this.record([...path, index], this.offset);
      this.value([...path, index]);
      this.skipWhitespaceAndComments();
      if (this.peek() === ',') this.offset++;
    }
    this.offset++;
  }

  /** A dotted key; leaves the offset after its last segment. */
  private key(): KeySegment[] {
    const segments: KeySegment[] = [];
    for (;;) {
      this.skipBlanks();
      const offset = this.offset;
      segments.push({ name: this.keySegment(), offset });
      this.skipBlanks();
      if (this.peek() !== '.') return segments;
      this.offset++;
    }
  }

  private keySegment(): string {
    if (this.peek() === '"' || this.peek() === "'") return this.string();
    const start = this.offset;
    while (!this.atEnd() && !BARE_KEY_END.test(this.peek())) this.offset++;
    return this.text.slice(start, this.offset);
  }

  /** Consumes any of the four string forms and returns its value. */
  private string(): string {
    const quote = this.peek();
    const isMultiLine = this.text.startsWith(quote.repeat(3), this.offset);
    this.offset += isMultiLine ? 3 : 1;
    let value = '';
    while (!this.atEnd()) {
      const char = this.peek();
      if (char === quote && (!isMultiLine || this.text.startsWith(quote.repeat(3), this.offset))) {
        return value + this.closingQuotes(quote, isMultiLine);
      }
      if (char === '\\' && quote === '"') value += this.escape();
      else {
        value += char;
        this.offset++;
      }
    }
    return value;
  }

  /** A multi-line string may end with up to two quotes of content right before its closing three. */
  private closingQuotes(quote: string, isMultiLine: boolean): string {
    if (!isMultiLine) {
      this.offset++;
      return '';
    }
    let run = 0;
    while (this.text[this.offset + run] === quote) run++;
    this.offset += run;
    return quote.repeat(Math.min(run, 5) - 3);
  }

  private escape(): string {
    const code = this.text[this.offset + 1] ?? '';
    const hexLength = { x: 2, u: 4, U: 8 }[code];
    if (hexLength !== undefined) {
      const hex = this.text.slice(this.offset + 2, this.offset + 2 + hexLength);
      this.offset += 2 + hexLength;
      return String.fromCodePoint(parseInt(hex, 16));
    }
    const simple = SIMPLE_ESCAPES[code];
    if (simple !== undefined) {
      this.offset += 2;
      return simple;
    }
    // A line-ending backslash trims the following whitespace; keys never contain it.
    this.offset++;
    while (/\s/.test(this.peek())) this.offset++;
    return '';
  }

  private skipBlanks(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.offset++;
  }

  private skipWhitespaceAndComments(): void {
    for (;;) {
      while (/\s/.test(this.peek())) this.offset++;
      if (this.peek() !== '#') return;
      while (!this.atEnd() && this.peek() !== '\n') this.offset++;
    }
  }

  // Every loop also stops at the end of the text, so a scan can never run past it.
  private atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  private peek(): string {
    return this.text[this.offset] ?? '';
  }

  private record(path: KeyPath, offset: number): void {
    this.positions.record(path, { file: this.file, ...this.lineColumn(offset) });
  }
}
