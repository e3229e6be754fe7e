// The lines of a Python brain where a statement starts that runs code, which a breakpoint may stop
// on: the start of each logical line, found with a scanner that knows Python's strings (triple,
// prefixed, f-strings with nested fields), comments, brackets and backslash continuations. The
// host places breakpoints on these lines and the engine reports only these lines, so both agree
// by construction; test/python/debugger.test.ts checks them against CPython's own line events.
//
// Not statements: blank and comment lines, continuation lines, decorators (the `def` line is the
// statement), the clauses `else`, `except`, `finally` and `case` (a soft keyword: followed by a
// space and not an assignment) and `global`/`nonlocal`, which compile to no code.

const CLAUSES = new Set(['else', 'except', 'finally', 'global', 'nonlocal']);
const WORD = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;
const STRING_PREFIX = /(?<![\p{ID_Continue}])[rRbBfFuUtT]{1,2}$/u;
const CASE_CLAUSE = /^case[ \t]+(?![=.]|[-+*/%&|^@]=|:)/;

class Scanner {
  i = 0;
  line = 1;
  readonly lines: number[] = [];

  constructor(readonly s: string) {}

  /** The whole source: records logical lines at bracket depth 0. */
  source(): void {
    const { s } = this;
    let depth = 0;
    let lineStart = true;
    while (this.i < s.length) {
      if (lineStart && depth === 0) {
        while (' \t\f'.includes(s[this.i] ?? '\n')) this.i++;
        const c = s[this.i];
        if (c === undefined) return;
        if (c === '#') this.#comment();
        else if (c === '\r' || c === '\n') this.#newline();
        else {
          this.#logicalLine();
          lineStart = false;
        }
        continue;
      }
      const c = s[this.i]!;
      if (c === '\n' || c === '\r') {
        this.#newline();
        lineStart = depth === 0;
      } else if ('([{'.includes(c)) {
        depth++;
        this.i++;
      } else if (')]}'.includes(c)) {
        depth = Math.max(0, depth - 1);
        this.i++;
      } else this.#token(c);
    }
  }

  /** Comments, continuations, strings and anything else that is neither a newline nor a bracket. */
  #token(c: string): void {
    if (c === '#') this.#comment();
    else if (c === '\\') {
      this.i++;
      if (this.s[this.i] === '\r' || this.s[this.i] === '\n') this.#newline();
    } else if (c === '"' || c === "'") this.#string();
    else this.i++;
  }

  #logicalLine(): void {
    const rest = this.s.slice(this.i, this.s.indexOf('\n', this.i) >>> 0);
    WORD.lastIndex = this.i;
    const word = WORD.exec(this.s)?.[0];
    const clause =
      rest.startsWith('@') || (word !== undefined && CLAUSES.has(word)) || (word === 'case' && CASE_CLAUSE.test(rest));
    if (!clause) this.lines.push(this.line);
  }

  #comment(): void {
    while (this.i < this.s.length && this.s[this.i] !== '\n' && this.s[this.i] !== '\r') this.i++;
  }

  #newline(): void {
    if (this.s[this.i] === '\r' && this.s[this.i + 1] === '\n') this.i++;
    this.i++;
    this.line++;
  }

  #string(): void {
    const { s } = this;
    const quote = s[this.i]!;
    const prefix = STRING_PREFIX.exec(s.slice(Math.max(0, this.i - 2), this.i))?.[0] ?? '';
    const formatted = /[fFtT]/.test(prefix);
    const close = s.startsWith(quote.repeat(3), this.i) ? quote.repeat(3) : quote;
    this.i += close.length;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === '\\') {
        this.i++;
        if (s[this.i] === '\r' || s[this.i] === '\n') this.#newline();
        else this.i++;
      } else if (c === '\n' || c === '\r') {
        this.#newline();
        if (close.length === 1) return; // unterminated: the compiler reports it
      } else if (formatted && (c === '{' || c === '}')) {
        if (s[this.i + 1] === c) this.i += 2;
        else if (c === '{') {
          this.i++;
          this.#field();
        } else this.i++;
      } else if (s.startsWith(close, this.i)) {
        this.i += close.length;
        return;
      } else this.i++;
    }
  }

  /** An f-string's replacement field, after its `{`: code, then maybe a format spec with fields. */
  #field(): void {
    const { s } = this;
    let depth = 0;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === '}' && depth === 0) {
        this.i++;
        return;
      }
      if (c === ':' && depth === 0) {
        this.i++;
        this.#formatSpec();
        return;
      }
      if (c === '\n' || c === '\r') this.#newline();
      else if ('([{'.includes(c)) {
        depth++;
        this.i++;
      } else if (')]}'.includes(c)) {
        depth--;
        this.i++;
      } else this.#token(c);
    }
  }

  #formatSpec(): void {
    const { s } = this;
    while (this.i < s.length) {
      const c = s[this.i]!;
      this.i++;
      if (c === '}') return;
      if (c === '{') this.#field();
      else if (c === '\n') this.line++;
    }
  }
}

export function statementLines(source: string): number[] {
  const scanner = new Scanner(source);
  scanner.source();
  return scanner.lines;
}
