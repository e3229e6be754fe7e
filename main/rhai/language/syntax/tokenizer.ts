// Converts source text into tokens with 1-based line/column positions. Lexical errors become
// `lexerror` tokens so the parser can report them and keep going.

import type { Position } from '../types/errors.ts';
import { SYMBOLS, type Token } from './token.ts';

const SYMBOL_BY_FIRST = new Map<string, string[]>();
for (const s of SYMBOLS) {
  const list = SYMBOL_BY_FIRST.get(s[0]!) ?? [];
  list.push(s);
  SYMBOL_BY_FIRST.set(s[0]!, list);
}

const I64_LIMIT = 2n ** 63n;

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * Where upstream's tokenizer starts a word: an ASCII letter or `_`. Upstream is built without
 * `unicode-xid-ident`, so any other character is no part of a name.
 */
function isIdentStart(c: number): boolean {
  return isAsciiLetter(c) || c === 95;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

/**
 * As upstream 1.26's is_valid_identifier: a name starts with a letter, so `_x` is no name (1.25
 * still allowed leading underscores). A lone `_` is a token of its own.
 */
function isValidIdentifier(name: string): boolean {
  return isAsciiLetter(name.charCodeAt(0));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A backtick string being read: its parts so far and the tokens of its open `${...}`. */
interface OpenTemplate {
  pos: Position;
  parts: (string | Token[])[];
  tokens: Token[];
  /** Braces opened inside the current `${...}` and not closed yet. */
  braces: number;
}

/** What reading the text of a backtick string stopped at. */
type TemplateStop = 'closed' | 'interpolation' | Token;

/** Kind of the internal token for an opening backtick; the string's parts follow it. */
const TEMPLATE_START = '`';

export class Tokenizer {
  private i = 0;
  private line = 1;
  private col = 1;
  private pendingDoc: string | undefined;

  constructor(private readonly src: string) {}

  static tokenize(src: string): Token[] {
    return new Tokenizer(src).all();
  }

  private all(): Token[] {
    const out: Token[] = [];
    for (;;) {
      const t = this.next();
      out.push(t.kind === TEMPLATE_START ? this.template(t) : t);
      if (t.kind === 'eof') return out;
    }
  }

  /**
   * A backtick string with everything nested in it. Backtick strings nest through `${...}`, so
   * the ones being read are kept on a stack rather than the JavaScript call stack: nesting is
   * only limited by the parser's depth limit. A lexical error inside any of them abandons them
   * all and is the token returned.
   */
  private template(start: Token): Token {
    const open: OpenTemplate[] = [];
    let stop = this.openTemplate(start, open);
    for (;;) {
      if (stop === 'closed') {
        const done = open.pop()!;
        const t = this.make('interp', '', done.pos);
        t.parts = done.parts;
        if (open.length === 0) return t;
        open[open.length - 1]!.tokens.push(t);
      } else if (stop !== 'interpolation') return stop;
      const template = open[open.length - 1]!;
      const t = this.next();
      if (t.kind === TEMPLATE_START) stop = this.openTemplate(t, open);
      else if (t.kind === 'eof') return this.error('Unterminated string interpolation', template.pos);
      else if (t.kind === 'lexerror') return t;
      else if (t.kind === '}' && template.braces === 0) {
        template.tokens.push({ kind: 'eof', text: '', pos: t.pos, end: t.end });
        template.parts.push(template.tokens);
        template.tokens = [];
        stop = this.templateText(template);
      } else {
        if (t.kind === '{' || t.kind === '#{') template.braces++;
        else if (t.kind === '}') template.braces--;
        template.tokens.push(t);
        stop = 'interpolation';
      }
    }
  }

  private openTemplate(start: Token, open: OpenTemplate[]): TemplateStop {
    const template: OpenTemplate = { pos: start.pos, parts: [], tokens: [], braces: 0 };
    open.push(template);
    return this.templateText(template);
  }

  private pos(): Position {
    return { line: this.line, col: this.col };
  }

  private peek(o = 0): number {
    return this.src.charCodeAt(this.i + o);
  }

  private advance(): number {
    const c = this.src.charCodeAt(this.i++);
    if (c === 10) {
      this.line++;
      this.col = 1;
    } else if (c < 0xdc00 || c > 0xdfff) {
      this.col++;
    }
    return c;
  }

  private make(kind: string, text: string, pos: Position): Token {
    const t: Token = { kind, text, pos, end: this.pos() };
    if (this.pendingDoc !== undefined) {
      t.doc = this.pendingDoc;
      this.pendingDoc = undefined;
    }
    return t;
  }

  private error(message: string, pos: Position): Token {
    return { kind: 'lexerror', text: message, pos, end: this.pos() };
  }

  next(): Token {
    const err = this.skipTrivia();
    if (err) return err;
    const pos = this.pos();
    if (this.i >= this.src.length) return this.make('eof', '', pos);
    const c = this.peek();
    if (isDigit(c)) return this.number(pos);
    if (isIdentStart(c)) {
      const start = this.i;
      while (this.i < this.src.length && isIdentPart(this.peek())) this.advance();
      const name = this.src.slice(start, this.i);
      if (name !== '_' && !isValidIdentifier(name)) return this.error(`Variable name is not proper: '${name}'`, pos);
      return this.make('ident', name, pos);
    }
    if (c === 34) return this.quoted(pos);
    if (c === 39) return this.charLiteral(pos);
    if (c === 96) return this.templateStart(pos);
    if (c === 35 && (this.peek(1) === 34 || (this.peek(1) === 35 && this.rawAhead()))) return this.raw(pos);
    if (c === 33 && this.src.startsWith('in', this.i + 1) && !isIdentPart(this.peek(3))) {
      this.advance();
      this.advance();
      this.advance();
      return this.make('!in', '!in', pos);
    }
    if (c === 35 && this.peek(1) !== 123) {
      this.advance();
      const t = this.error("Unknown operator: '#'", pos);
      t.lexKind = 'UnknownOperator';
      return t;
    }
    const candidates = SYMBOL_BY_FIRST.get(this.src[this.i]!);
    if (candidates) {
      for (const s of candidates) {
        if (this.src.startsWith(s, this.i)) {
          for (let k = 0; k < s.length; k++) this.advance();
          return this.make(s, s, pos);
        }
      }
    }
    const ch = String.fromCodePoint(this.src.codePointAt(this.i)!);
    for (let k = 0; k < ch.length; k++) this.advance();
    return this.error(`Unexpected '${ch}'`, pos);
  }

  private rawAhead(): boolean {
    let k = this.i;
    while (this.src.charCodeAt(k) === 35) k++;
    return this.src.charCodeAt(k) === 34;
  }

  private skipTrivia(): Token | undefined {
    for (;;) {
      const c = this.peek();
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) {
        this.advance();
      } else if (c === 47 && this.peek(1) === 47) {
        const start = this.i;
        while (this.i < this.src.length && this.peek() !== 10) this.advance();
        const text = this.src.slice(start, this.i);
        if (text.startsWith('///') && !text.startsWith('////')) {
          this.pendingDoc = (this.pendingDoc === undefined ? '' : this.pendingDoc + '\n') + text;
        }
      } else if (c === 47 && this.peek(1) === 42) {
        const pos = this.pos();
        const start = this.i;
        this.advance();
        this.advance();
        let depth = 1;
        while (depth > 0) {
          if (this.i >= this.src.length) return this.error('Unterminated block comment', pos);
          if (this.peek() === 47 && this.peek(1) === 42) {
            this.advance();
            this.advance();
            depth++;
          } else if (this.peek() === 42 && this.peek(1) === 47) {
            this.advance();
            this.advance();
            depth--;
          } else this.advance();
        }
        const text = this.src.slice(start, this.i);
        if (text.startsWith('/**') && !text.startsWith('/***') && text !== '/**/') this.pendingDoc = text;
      } else return undefined;
    }
  }

  private number(pos: Position): Token {
    const start = this.i;
    const c1 = this.peek(1);
    const lower = c1 | 0x20;
    if (this.peek() === 48 && (lower === 120 || lower === 111 || lower === 98)) {
      const radix = lower === 120 ? 16 : lower === 111 ? 8 : 2;
      this.advance();
      this.advance();
      const digitsStart = this.i;
      while (this.i < this.src.length && (isIdentPart(this.peek()) || this.peek() === 95)) this.advance();
      const digits = this.src.slice(digitsStart, this.i).replace(/_/g, '');
      const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[01]+$/;
      if (!valid.test(digits)) return this.error(`Invalid number: ${this.src.slice(start, this.i)}`, pos);
      const prefix = radix === 16 ? '0x' : radix === 8 ? '0o' : '0b';
      const big = BigInt(prefix + digits);
      // Non-decimal literals denote a 64-bit pattern, so 0xffff_ffff_ffff_ffff is -1.
      if (big >= 2n ** 64n) return this.error(`Invalid number: ${this.src.slice(start, this.i)}`, pos);
      const v = BigInt.asIntN(64, big);
      const t = this.make('int', this.src.slice(start, this.i), pos);
      t.num = v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
      return t;
    }
    while (isDigit(this.peek()) || this.peek() === 95) this.advance();
    let isFloat = false;
    if (this.peek() === 46 && isDigit(this.peek(1))) {
      isFloat = true;
      this.advance();
      while (isDigit(this.peek()) || this.peek() === 95) this.advance();
    } else if (this.peek() === 46 && this.peek(1) !== 46 && !isIdentStart(this.peek(1))) {
      // `1.` is a float; `1..2` is a range and `1.abs()` a method call.
      isFloat = true;
      this.advance();
    }
    const e = this.peek();
    if (e === 101 || e === 69) {
      const n1 = this.peek(1);
      if (isDigit(n1) || ((n1 === 43 || n1 === 45) && isDigit(this.peek(2)))) {
        isFloat = true;
        this.advance();
        this.advance();
        while (isDigit(this.peek())) this.advance();
      }
    }
    const raw = this.src.slice(start, this.i);
    if (isIdentPart(this.peek())) {
      while (isIdentPart(this.peek())) this.advance();
      return this.error(`Invalid number: ${this.src.slice(start, this.i)}`, pos);
    }
    const clean = raw.includes('_') ? raw.replace(/_/g, '') : raw;
    const t = this.make(isFloat ? 'float' : 'int', raw, pos);
    if (isFloat) {
      t.num = Number(clean);
    } else {
      if (clean.length <= 15) {
        t.num = Number(clean);
      } else {
        const big = BigInt(clean);
        // As upstream, a decimal literal beyond INT is a FLOAT; 2^63 stays an INT for `-` to
        // make i64::MIN of it (the parser turns a bare 2^63 into a FLOAT too).
        if (big > I64_LIMIT) {
          t.kind = 'float';
          t.num = Number(clean);
          return t;
        }
        t.num = big <= 9007199254740991n ? Number(big) : big;
      }
    }
    return t;
  }

  /**
   * Reads one escape sequence after the backslash; returns undefined for a line continuation,
   * which skips the next line's indentation up to the column where the literal started.
   */
  private escape(pos: Position, literalCol = Infinity): string | Token | undefined {
    const c = this.advance();
    switch (c) {
      case 110:
        return '\n';
      case 116:
        return '\t';
      case 114:
        return '\r';
      case 48:
        return '\0';
      case 92:
        return '\\';
      case 34:
        return '"';
      case 39:
        return "'";
      case 10: {
        while ((this.peek() === 32 || this.peek() === 9) && this.col <= literalCol) this.advance();
        return undefined;
      }
      case 13:
        if (this.peek() === 10) this.advance();
        while ((this.peek() === 32 || this.peek() === 9) && this.col <= literalCol) this.advance();
        return undefined;
      case 120:
      case 117:
      case 85: {
        const len = c === 120 ? 2 : c === 117 ? 4 : 8;
        const hex = this.src.slice(this.i, this.i + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) {
          return this.error(`Invalid escape sequence: \\${String.fromCharCode(c)}${hex}`, pos);
        }
        for (let k = 0; k < len; k++) this.advance();
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
          return this.error(`Invalid escape sequence: \\${String.fromCharCode(c)}${hex}`, pos);
        }
        return String.fromCodePoint(cp);
      }
      default:
        return this.error(`Invalid escape sequence: \\${Number.isNaN(c) ? '' : String.fromCharCode(c)}`, pos);
    }
  }

  private quoted(pos: Position): Token {
    this.advance();
    let out = '';
    for (;;) {
      if (this.i >= this.src.length) return this.error('Unterminated string literal', pos);
      const c = this.peek();
      if (c === 34) {
        this.advance();
        // As upstream, a doubled quote inside the literal stands for one quote.
        if (this.peek() === 34) {
          this.advance();
          out += '"';
          continue;
        }
        return this.make('string', out, pos);
      }
      if (c === 10) return this.error('Unterminated string literal', pos);
      if (c === 92) {
        const escPos = this.pos();
        this.advance();
        const r = this.escape(escPos, pos.col);
        if (typeof r === 'object') return r;
        if (r !== undefined) out += r;
      } else {
        out += this.src[this.i];
        this.advance();
      }
    }
  }

  private raw(pos: Position): Token {
    let hashes = 0;
    while (this.peek() === 35) {
      this.advance();
      hashes++;
    }
    this.advance();
    const closing = '"' + '#'.repeat(hashes);
    const endIdx = this.src.indexOf(closing, this.i);
    if (endIdx < 0) {
      while (this.i < this.src.length) this.advance();
      return this.error('Unterminated string literal', pos);
    }
    const text = this.src.slice(this.i, endIdx);
    while (this.i < endIdx + closing.length) this.advance();
    return this.make('string', text, pos);
  }

  private charLiteral(pos: Position): Token {
    this.advance();
    let value: string;
    if (this.peek() === 92) {
      this.advance();
      const r = this.escape(pos);
      if (typeof r === 'object') return r;
      if (r === undefined) return this.error('Invalid character literal', pos);
      value = r;
    } else {
      if (this.i >= this.src.length || this.peek() === 39 || this.peek() === 10) {
        return this.error('Invalid character literal', pos);
      }
      value = String.fromCodePoint(this.src.codePointAt(this.i)!);
      for (let k = 0; k < value.length; k++) this.advance();
    }
    if (this.peek() !== 39) {
      while (this.i < this.src.length && this.peek() !== 39 && this.peek() !== 10) this.advance();
      if (this.peek() === 39) this.advance();
      return this.error('Invalid character literal', pos);
    }
    this.advance();
    return this.make('char', value, pos);
  }

  /** Backtick strings are multi-line, escape-free, and may embed `${expr}` interpolations. */
  private templateStart(pos: Position): Token {
    this.advance();
    // A line break right after the opening backtick is not part of the string.
    if (this.peek() === 13 && this.peek(1) === 10) this.advance();
    if (this.peek() === 10) this.advance();
    return { kind: TEMPLATE_START, text: '', pos, end: this.pos() };
  }

  /** Reads a backtick string's text up to its end or its next `${`. */
  private templateText(template: OpenTemplate): TemplateStop {
    let text = '';
    for (;;) {
      if (this.i >= this.src.length) return this.error('Unterminated string literal', template.pos);
      const c = this.peek();
      if (c === 96) {
        this.advance();
        if (this.peek() === 96) {
          this.advance();
          text += '`';
          continue;
        }
        if (text || template.parts.length === 0) template.parts.push(text);
        return 'closed';
      }
      if (c === 36 && this.peek(1) === 36) {
        // `$$` is a literal dollar, so `$${x}` is not an interpolation.
        this.advance();
        this.advance();
        text += '$';
        continue;
      }
      if (c === 36 && this.peek(1) === 123) {
        this.advance();
        this.advance();
        if (text) template.parts.push(text);
        return 'interpolation';
      }
      text += this.src[this.i];
      this.advance();
    }
  }
}
