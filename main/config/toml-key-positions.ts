// smol-toml parses values but reports no positions, so this scanner walks a document that
// smol-toml has already accepted and notes where each key and list element starts. Because
// the text is known to be valid it only has to follow structure (headers, keys, strings, inline
// tables and arrays, including TOML 1.1's multi-line inline tables), never to reject anything.
// It moves over text with sticky regular expressions, so a long string costs a match, not a loop.

import { KeyPositions, PositionNode } from './key-positions.ts';

interface KeySegment {
  name: string;
  offset: number;
}

const BARE_KEY = /[^\s.=\]"',#}]*/y;
const SCALAR = /[^,\]}#\r\n]*/y;
const BLANKS = /[ \t]*/y;
const WHITESPACE = /\s*/y;
const BASIC_STRING_RUN = /[^"\\]*/y;
const LITERAL_STRING_RUN = /[^']*/y;
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
  const positions = new KeyPositions(text, file);
  new TomlKeyScanner(text, positions.root).scan();
  return positions;
}

class TomlKeyScanner {
  private offset = 0;
  /** Elements seen so far per array of tables. */
  private readonly arrayTableLengths = new Map<PositionNode, number>();

  constructor(
    private readonly text: string,
    private readonly root: PositionNode,
  ) {}

  scan(): void {
    let table = this.root;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.atEnd()) return;
      if (this.peek() === '[') table = this.header();
      else this.keyValue(table);
    }
  }

  private header(): PositionNode {
    const start = this.offset;
    const isArrayTable = this.text.startsWith('[[', this.offset);
    this.offset += isArrayTable ? 2 : 1;
    const segments = this.key();
    this.offset += isArrayTable ? 2 : 1;

    let node = this.root;
    segments.forEach((segment, index) => {
      node = node.child(segment.name, segment.offset);
      const length = this.arrayTableLengths.get(node);
      if (index === segments.length - 1 && isArrayTable) {
        this.arrayTableLengths.set(node, (length ?? 0) + 1);
        node = node.child(length ?? 0, start);
      } else if (length !== undefined) {
        // A header naming an array of tables continues inside its latest element, noted when its header came.
        node = node.child(length - 1, start);
      }
    });
    return node;
  }

  private keyValue(table: PositionNode): void {
    let node = table;
    for (const segment of this.key()) node = node.child(segment.name, segment.offset);
    this.skip(BLANKS);
    this.offset++; // '='
    this.skip(BLANKS);
    this.value(node);
  }

  private value(node: PositionNode): void {
    const char = this.peek();
    if (char === '{') this.inlineTable(node);
    else if (char === '[') this.array(node);
    else if (char === '"' || char === "'") this.string();
    else this.skip(SCALAR);
  }

  private inlineTable(node: PositionNode): void {
    this.offset++;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.peek() === '}' || this.atEnd()) break;
      this.keyValue(node);
      this.skipWhitespaceAndComments();
      if (this.peek() === ',') this.offset++;
    }
    this.offset++;
  }

  private array(node: PositionNode): void {
    this.offset++;
    for (let index = 0; ; index++) {
      this.skipWhitespaceAndComments();
      if (this.peek() === ']' || this.atEnd()) break;
      this.value(node.child(index, this.offset));
      this.skipWhitespaceAndComments();
      if (this.peek() === ',') this.offset++;
    }
    this.offset++;
  }

  /** A dotted key; leaves the offset after its last segment. */
  private key(): KeySegment[] {
    const segments: KeySegment[] = [];
    for (;;) {
      this.skip(BLANKS);
      const offset = this.offset;
      segments.push({ name: this.keySegment(), offset });
      this.skip(BLANKS);
      if (this.peek() !== '.') return segments;
      this.offset++;
    }
  }

  private keySegment(): string {
    if (this.peek() === '"' || this.peek() === "'") return this.string();
    const start = this.offset;
    this.skip(BARE_KEY);
    return this.text.slice(start, this.offset);
  }

  /** Consumes any of the four string forms and returns its value, taking the text between escapes in one slice. */
  private string(): string {
    const quote = this.peek();
    const closing = quote.repeat(3);
    const isMultiLine = this.text.startsWith(closing, this.offset);
    this.offset += isMultiLine ? 3 : 1;
    let value = '';
    let runStart = this.offset;
    while (!this.atEnd()) {
      this.skip(quote === '"' ? BASIC_STRING_RUN : LITERAL_STRING_RUN);
      if (this.atEnd()) break;
      if (this.peek() === '\\') {
        value += this.text.slice(runStart, this.offset) + this.escape();
        runStart = this.offset;
      } else if (!isMultiLine || this.text.startsWith(closing, this.offset)) {
        return value + this.text.slice(runStart, this.offset) + this.closingQuotes(quote, isMultiLine);
      } else {
        this.offset++;
      }
    }
    return value + this.text.slice(runStart);
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
    this.skip(WHITESPACE);
    return '';
  }

  private skipWhitespaceAndComments(): void {
    for (;;) {
      this.skip(WHITESPACE);
      if (this.peek() !== '#') return;
      const lineEnd = this.text.indexOf('\n', this.offset);
      this.offset = lineEnd === -1 ? this.text.length : lineEnd;
    }
  }

  /** Moves past what a sticky pattern matches here. */
  private skip(pattern: RegExp): void {
    pattern.lastIndex = this.offset;
    pattern.test(this.text);
    this.offset = pattern.lastIndex;
  }

  // Every loop also stops at the end of the text, so a scan can never run past it.
  private atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  private peek(): string {
    return this.text[this.offset] ?? '';
  }
}
