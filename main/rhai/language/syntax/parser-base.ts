// Shared parser state: the token cursor, error reporting, depth limits and error recovery.
//
// Expression depth is counted as upstream's parser counts it: a level for each construct that
// upstream's ParseSettings::level_up adds (a statement, an expression, an operator of a chain,
// a call's arguments, a block, ...), checked before the level is entered. Parsing a function
// definition starts again at level 0 with the function limit; closures keep counting.

import type { FnDef, VarDecl } from '../ast/ast.ts';
import { ParseError, type ParseErrorKind } from '../types/errors.ts';
import type { ParseOptions } from './parse-options.ts';
import { FnScope } from './scope-resolver.ts';
import { CALLABLE_KEYWORDS, KEYWORDS, RESERVED, type Token } from './token.ts';
import { Tokenizer } from './tokenizer.ts';

/** Keywords that begin a statement: safe places to resume after a syntax error. */
const STATEMENT_STARTS = new Set([
  'let',
  'const',
  'if',
  'switch',
  'while',
  'loop',
  'do',
  'for',
  'return',
  'throw',
  'try',
  'fn',
  'private',
  'import',
  'export',
  'break',
  'continue',
]);

/**
 * Upstream's reserved words and symbols that are no token of their own: the keywords called like
 * functions, the words kept for the future and the reserved symbols. Its tokenizer turns one of
 * them disabled into a lexer error (`BadInput`), where a disabled keyword or operator with a token
 * of its own becomes `Reserved`/`UnknownOperator`.
 */
const RESERVED_ONLY = new Set([...RESERVED, ...CALLABLE_KEYWORDS, '--', '++', '...']);

function disable(t: Token, disabled: ReadonlySet<string>): void {
  const word = t.kind === 'ident';
  const sym = word ? t.text : t.kind;
  if (!disabled.has(sym)) return;
  if (!RESERVED_ONLY.has(sym)) {
    t.kind = 'disabled';
    return;
  }
  t.kind = 'lexerror';
  t.text = `reserved ${word ? 'keyword' : 'symbol'} '${sym}' is disabled`;
}

function bracketDelta(kind: string): number {
  if (kind === '(' || kind === '[' || kind === '{' || kind === '#{' || kind === '?[') return 1;
  if (kind === ')' || kind === ']' || kind === '}') return -1;
  return 0;
}

export abstract class ParserBase {
  protected tokens: Token[];
  protected i = 0;
  protected readonly errors: ParseError[] = [];
  protected scope: FnScope;
  protected readonly functions = new Map<string, FnDef>();
  protected readonly exports = new Map<string, VarDecl>();
  /** The expression nesting level, as upstream counts it. */
  protected depth = 0;
  /** The depth limit in effect: the global one, or the function one inside a function definition. */
  protected maxDepth: number;
  protected blockDepth = 0;
  protected inFunction = false;
  /** The innermost block being parsed contains an `eval` call. */
  protected blockHasEval = false;
  /** Strict mode: unresolved names, reported at the end unless they name a script function. */
  protected readonly strictPending: Token[] = [];
  /** Aliases of top-level imports, which functions may use as namespace roots. */
  protected readonly globalImports = new Set<string>();

  constructor(
    protected readonly source: string,
    protected readonly opts: ParseOptions,
  ) {
    this.tokens = Tokenizer.tokenize(source);
    if (opts.disabledSymbols.size > 0) for (const t of this.tokens) disable(t, opts.disabledSymbols);
    this.scope = new FnScope(undefined, false);
    this.maxDepth = opts.maxExprDepth;
  }

  // ---- token helpers ----

  protected peek(o = 0): Token {
    return this.tokens[Math.min(this.i + o, this.tokens.length - 1)]!;
  }

  protected is(kind: string): boolean {
    const t = this.peek();
    return t.kind === kind || (t.kind === 'ident' && t.text === kind && KEYWORDS.has(kind));
  }

  protected kindOf(t: Token): string {
    return t.kind === 'ident' && KEYWORDS.has(t.text) ? t.text : t.kind;
  }

  protected advance(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }

  protected fail(kind: ParseErrorKind, message: string, t: Token = this.peek()): never {
    throw new ParseError(kind, message, t.pos, t.end);
  }

  protected failLex(t: Token): never {
    throw new ParseError(t.lexKind ?? 'BadInput', t.text, t.pos, t.end);
  }

  protected unexpected(context: string): never {
    const t = this.peek();
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    if (t.kind === 'lexerror') this.failLex(t);
    if (t.kind === 'disabled') this.failDisabled(t);
    this.fail('MissingToken', `Expecting ${context}`);
  }

  /** As upstream's tokenizer, a disabled keyword or symbol is a reserved one. */
  protected failDisabled(t: Token): never {
    this.fail('Reserved', `'${t.text}' is a reserved ${KEYWORDS.has(t.text) ? 'keyword' : 'symbol'}`, t);
  }

  protected expect(kind: string, desc: string): Token {
    if (this.is(kind)) return this.advance();
    const t = this.peek();
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    if (t.kind === 'lexerror') this.failLex(t);
    this.fail('MissingToken', `Expecting '${kind}' ${desc}`);
  }

  protected ident(kind: ParseErrorKind, message: string): Token {
    const t = this.peek();
    // A lone `_` is upstream's underscore token, not a name (the Rhai book: a name needs a letter).
    if (t.kind === 'ident' && !KEYWORDS.has(t.text) && t.text !== '_') {
      if (RESERVED.has(t.text)) this.fail('Reserved', `'${t.text}' is a reserved keyword`);
      return this.advance();
    }
    if (t.kind === 'lexerror') this.failLex(t);
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    if (t.kind === 'disabled' && KEYWORDS.has(t.text)) this.failDisabled(t);
    this.fail(kind, message);
  }

  /**
   * Skips to the next statement boundary after an error; inside a block it stops before the
   * block's closing brace. Brackets opened between the statement start and the error are
   * counted first, so the close of a half-parsed literal is not mistaken for the block end.
   */
  protected recover(inBlock: boolean, statementStart: number): void {
    let depth = 0;
    for (let k = statementStart; k < this.i; k++) depth += bracketDelta(this.kindOf(this.tokens[k]!));
    if (depth < 0) depth = 0;
    const start = this.i;
    const indent = this.tokens[statementStart]!.pos.col;
    while (this.peek().kind !== 'eof') {
      const t = this.peek();
      const k = this.kindOf(t);
      const startsLine = this.i > start && t.pos.line > this.tokens[this.i - 1]!.end.line;
      // Unbalanced brackets: a statement keyword starting a line at the statement's own
      // indentation is still a safe place to resume.
      if (depth > 0 && startsLine && t.pos.col <= indent && STATEMENT_STARTS.has(k)) return;
      if (depth === 0) {
        if (k === '}') {
          if (!inBlock && this.i === start) this.advance();
          return;
        }
        if (this.i > start && STATEMENT_STARTS.has(k) && t.pos.line > this.tokens[this.i - 1]!.end.line) return;
      }
      this.advance();
      const delta = bracketDelta(k);
      depth = Math.max(0, depth + delta);
      if (delta < 0 && depth === 0 && k === '}' && this.peek().pos.line > t.pos.line) return;
      if (k === ';' && depth === 0) return;
    }
  }

  /**
   * Enters one more level of nesting, failing first if the limit is reached. `at` is where
   * upstream reports it: the position its parse settings hold at that point, often the token
   * that opened the enclosing construct rather than the current one.
   */
  protected levelUp(at: Token): void {
    if (this.maxDepth > 0 && this.depth >= this.maxDepth) {
      this.fail('ExprTooDeep', 'Expression exceeds maximum complexity', at);
    }
    this.depth++;
  }
}
