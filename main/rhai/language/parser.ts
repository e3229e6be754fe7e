// Recursive-descent parser with precedence climbing for binary operators. Errors are collected;
// after one, the parser resynchronises at the next statement boundary and carries on.

import type { FnDef, Node, ScriptAst, SwitchArm, SwitchRangeArm, VarDecl } from './ast.ts';
import { fnKey } from './ast.ts';
import { ParseError, type ParseErrorKind, type Position } from './errors.ts';
import type { ParseOptions } from './parse-options.ts';
import { FnScope } from './scope-resolver.ts';
import { KEYWORDS, RESERVED, type Token } from './token.ts';
import { Tokenizer } from './tokenizer.ts';
import { RChar, RFloat, type Value } from './values.ts';

const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 30,
  '|': 30,
  '^': 30,
  '&&': 60,
  '&': 60,
  '==': 90,
  '!=': 90,
  in: 110,
  '!in': 110,
  '<': 130,
  '<=': 130,
  '>': 130,
  '>=': 130,
  '??': 135,
  '..': 140,
  '..=': 140,
  '+': 150,
  '-': 150,
  '*': 180,
  '/': 180,
  '%': 180,
  '**': 190,
  '<<': 210,
  '>>': 210,
};

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '&=', '|=', '^=', '??=']);

/** Names handled by the evaluator itself; scripts may not define functions with them. */
const INTRINSICS = new Set(['Fn', 'call', 'curry', 'eval', 'type_of', 'print', 'debug', 'is_def_var', 'is_def_fn', 'is_shared']);

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

const BLOCK_LIKE = new Set(['if', 'switch', 'while', 'do', 'for', 'block', 'try', 'nop']);

export interface ParseResult {
  ast: ScriptAst;
  errors: ParseError[];
}

export function parseScript(source: string, options: ParseOptions, outer?: FnScope): ParseResult {
  return new Parser(source, options, outer).parseScript();
}

/** Key under which a switch case value is stored, so INT 1, FLOAT 1.0 and "1" stay distinct. */
export function switchKey(v: Value): unknown {
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return `b${v}`;
  if (typeof v === 'string') return `s${v}`;
  if (v instanceof RChar) return `c${v.c}`;
  if (v instanceof RFloat) return `f${v.v}`;
  if (v === undefined) return '()';
  return undefined;
}

class Parser {
  private tokens: Token[];
  private i = 0;
  private readonly errors: ParseError[] = [];
  private scope: FnScope;
  private readonly functions = new Map<string, FnDef>();
  private readonly exports = new Map<string, VarDecl>();
  private depth = 0;
  private inFunction = false;

  constructor(
    private readonly source: string,
    private readonly opts: ParseOptions,
    outer?: FnScope,
  ) {
    this.tokens = Tokenizer.tokenize(source);
    if (opts.disabledSymbols.size > 0) {
      for (const t of this.tokens) {
        const sym = t.kind === 'ident' ? t.text : t.kind;
        if (opts.disabledSymbols.has(sym)) t.kind = 'disabled';
      }
    }
    this.scope = outer ?? new FnScope(undefined, false);
  }

  // ---- token helpers ----

  private peek(o = 0): Token {
    return this.tokens[Math.min(this.i + o, this.tokens.length - 1)]!;
  }

  private is(kind: string): boolean {
    const t = this.peek();
    return t.kind === kind || (t.kind === 'ident' && t.text === kind && KEYWORDS.has(kind));
  }

  private kindOf(t: Token): string {
    return t.kind === 'ident' && KEYWORDS.has(t.text) ? t.text : t.kind;
  }

  private advance(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }

  private fail(kind: ParseErrorKind, message: string, t: Token = this.peek()): never {
    throw new ParseError(kind, message, t.pos, t.end);
  }

  private unexpected(context: string): never {
    const t = this.peek();
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    if (t.kind === 'lexerror') this.fail('BadInput', t.text);
    if (t.kind === 'disabled') this.fail('Reserved', `'${t.text}' is a reserved keyword`);
    this.fail('MissingToken', `Expecting ${context}`);
  }

  private expect(kind: string, desc: string): Token {
    if (this.is(kind)) return this.advance();
    const t = this.peek();
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    if (t.kind === 'lexerror') this.fail('BadInput', t.text);
    this.fail('MissingToken', `Expecting '${kind}' ${desc}`);
  }

  private ident(kind: ParseErrorKind, message: string): Token {
    const t = this.peek();
    if (t.kind === 'ident' && !KEYWORDS.has(t.text)) {
      if (RESERVED.has(t.text)) this.fail('Reserved', `'${t.text}' is a reserved keyword`);
      return this.advance();
    }
    if (t.kind === 'lexerror') this.fail('BadInput', t.text);
    if (t.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    this.fail(kind, message);
  }

  // ---- script level ----

  parseScript(): ParseResult {
    const body: Node[] = [];
    while (this.peek().kind !== 'eof') {
      try {
        const s = this.topLevelStatement();
        if (s) body.push(s);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.errors.push(e);
        this.recover(false);
      }
    }
    const ast: ScriptAst = {
      body,
      functions: [...this.functions.values()],
      slots: this.scope.slots,
      topLevel: this.scope.visible().reverse(),
      exports: this.exports,
      source: this.source,
    };
    return { ast, errors: this.errors };
  }

  /** Skips to the next statement boundary after an error; inside a block it stops before the closing brace. */
  private recover(inBlock: boolean): void {
    const start = this.i;
    let depth = 0;
    while (this.peek().kind !== 'eof') {
      const t = this.peek();
      const k = this.kindOf(t);
      if (depth === 0) {
        if (k === '}') {
          if (!inBlock && this.i === start) this.advance();
          return;
        }
        if (this.i > start && STATEMENT_STARTS.has(k) && t.pos.line > this.tokens[this.i - 1]!.end.line) return;
      }
      this.advance();
      if (k === '{' || k === '#{') depth++;
      else if (k === '}') {
        depth--;
        if (depth === 0 && this.peek().pos.line > t.pos.line) return;
      } else if (k === ';' && depth === 0) return;
    }
  }

  private topLevelStatement(): Node | undefined {
    if (this.is('fn') || (this.is('private') && this.kindOf(this.peek(1)) === 'fn')) {
      this.functionDefinition();
      return undefined;
    }
    return this.statementWithTerminator(true);
  }

  private statementWithTerminator(topLevel: boolean): Node {
    const s = this.statement(topLevel);
    if (this.is(';')) {
      this.advance();
    } else if (!BLOCK_LIKE.has(s.k) && !this.is('}') && this.peek().kind !== 'eof') {
      const t = this.peek();
      if (t.kind === 'lexerror') this.fail('BadInput', t.text);
      this.fail('MissingToken', "Expecting ';' to terminate this statement");
    }
    return s;
  }

  private functionDefinition(): void {
    const doc = this.peek().doc;
    const start = this.peek();
    const isPrivate = this.is('private');
    if (isPrivate) this.advance();
    this.advance();
    if (this.inFunction || this.scope.parent || this.depth > 0) {
      this.fail('WrongFnDefinition', 'Function definitions must be at global level', start);
    }
    const nameTok = this.peek();
    if (nameTok.kind !== 'ident' || KEYWORDS.has(nameTok.text)) {
      this.fail('FnMissingName', 'Expecting function name in function declaration');
    }
    if (RESERVED.has(nameTok.text) || INTRINSICS.has(nameTok.text)) {
      this.fail('Reserved', `'${nameTok.text}' is a reserved keyword`);
    }
    this.advance();
    const name = nameTok.text;
    if (!this.is('(')) this.fail('FnMissingParams', `Expecting parameters for function '${name}'`);
    this.advance();
    const outerScope = this.scope;
    const fnScope = new FnScope(undefined, true);
    const params: VarDecl[] = [];
    const seen = new Set<string>();
    while (!this.is(')')) {
      const p = this.ident('VariableExpected', 'Expecting name of a parameter');
      if (seen.has(p.text)) this.fail('FnDuplicatedParam', `Duplicated parameter '${p.text}' for function '${name}'`, p);
      seen.add(p.text);
      params.push(fnScope.declare(p.text, false, p.pos));
      if (this.is(',')) this.advance();
      else if (!this.is(')')) this.unexpected(`')' to close the parameters list of function '${name}'`);
    }
    this.advance();
    if (!this.is('{')) this.fail('FnMissingBody', `Expecting body statement block for function '${name}'`);
    const key = fnKey(name, params.length);
    if (this.functions.has(key)) {
      this.fail('FnDuplicatedDefinition', `Function '${name}' with ${params.length} parameters already exists`, nameTok);
    }
    if (this.opts.maxFunctions > 0 && this.functions.size >= this.opts.maxFunctions) {
      this.fail('TooManyFunctions', 'Number of functions defined exceeds maximum limit', nameTok);
    }
    this.scope = fnScope;
    this.inFunction = true;
    const savedDepth = this.depth;
    this.depth = 0;
    try {
      const body = this.block();
      const def: FnDef = { name, params, body, slots: fnScope.slots, isPrivate, pos: start.pos, end: body.pos };
      def.end = this.tokens[this.i - 1]!.end;
      def.slots = fnScope.slots;
      if (doc !== undefined) def.doc = doc;
      this.functions.set(key, def);
    } finally {
      this.scope = outerScope;
      this.inFunction = false;
      this.depth = savedDepth;
    }
  }

  // ---- statements ----

  private enter(t: Token): void {
    this.depth++;
    const max = this.inFunction ? this.opts.maxFnExprDepth : this.opts.maxExprDepth;
    if (max > 0 && this.depth > max) this.fail('ExprTooDeep', 'Expression exceeds maximum complexity', t);
  }

  private statement(topLevel: boolean): Node {
    const t = this.peek();
    this.enter(t);
    try {
      return this.statementInner(topLevel, t);
    } finally {
      this.depth--;
    }
  }

  private statementInner(topLevel: boolean, t: Token): Node {
    const pos = t.pos;
    switch (this.kindOf(t)) {
      case ';':
        return { k: 'nop', pos };
      case '{':
        return this.block();
      case 'let':
      case 'const':
        return this.letStatement();
      case 'fn':
      case 'private':
        this.fail('WrongFnDefinition', 'Function definitions must be at global level');
      // falls through (fail never returns)
      case 'break':
      case 'continue': {
        this.advance();
        if (this.scope.loopDepth === 0) this.fail('LoopBreak', `'${t.text}' not inside a loop`, t);
        if (t.text === 'continue') return { k: 'continue', pos };
        if (this.atStatementEnd()) return { k: 'break', pos };
        return { k: 'break', value: this.expr(), pos };
      }
      case 'return':
      case 'throw': {
        this.advance();
        const value = this.atStatementEnd() ? undefined : this.expr();
        return t.text === 'return' ? { k: 'return', value, pos } : { k: 'throw', value, pos };
      }
      case 'import':
        return this.importStatement();
      case 'export':
        if (!topLevel || this.inFunction) this.fail('WrongExport', 'Export statement can only appear at global level');
        return this.exportStatement();
      default: {
        const e = this.expr(true);
        const op = this.peek().kind;
        if (ASSIGN_OPS.has(op)) {
          const opTok = this.advance();
          this.checkAssignable(e, opTok);
          const value = this.expr();
          return { k: 'assign', op, target: e, value, pos: opTok.pos };
        }
        return e;
      }
    }
  }

  private atStatementEnd(): boolean {
    const k = this.peek().kind;
    return k === ';' || k === '}' || k === 'eof';
  }

  private checkAssignable(e: Node, opTok: Token): void {
    let root = e;
    while (root.k === 'prop' || root.k === 'index') {
      if (root.safe) this.fail('AssignmentToInvalidLHS', 'Cannot assign to an optional access', opTok);
      root = root.obj;
    }
    if (root.k === 'var') {
      if (root.decl?.isConst && e === root) {
        this.fail('AssignmentToConstant', `Cannot assign to constant '${root.name}'`, opTok);
      }
      return;
    }
    if (root.k === 'this') return;
    if (e === root) this.fail('AssignmentToInvalidLHS', "Assignment's left-hand side must be a variable or property", opTok);
    if (root.k === 'nsvar' || root.k === 'global') return;
    this.fail('AssignmentToInvalidLHS', "Assignment's left-hand side must be a variable or property", opTok);
  }

  private block(): Node {
    const open = this.expect('{', 'to start a statement block');
    const mark = this.scope.mark();
    const body: Node[] = [];
    this.depth++;
    try {
      while (!this.is('}')) {
        if (this.peek().kind === 'eof') this.fail('MissingToken', "Expecting '}' to end this statement block");
        try {
          body.push(this.statementWithTerminator(false));
        } catch (e) {
          if (!(e instanceof ParseError) || e.kind === 'ExprTooDeep') throw e;
          this.errors.push(e);
          this.recover(true);
          if (this.peek().kind === 'eof') this.fail('MissingToken', "Expecting '}' to end this statement block");
        }
      }
      this.advance();
    } finally {
      this.depth--;
      this.scope.release(mark);
    }
    return { k: 'block', body, pos: open.pos };
  }

  private declareChecked(nameTok: Token, isConst: boolean): VarDecl {
    if (!this.opts.allowShadowing && this.scope.findLocal(nameTok.text)) {
      this.fail('VariableExists', `Variable already defined: ${nameTok.text}`, nameTok);
    }
    return this.scope.declare(nameTok.text, isConst, nameTok.pos);
  }

  private letStatement(): Node {
    const kw = this.advance();
    const isConst = kw.text === 'const';
    const nameTok = this.ident('VariableExpected', 'Expecting name of a variable');
    let init: Node = { k: 'lit', value: undefined, pos: nameTok.pos };
    if (this.is('=')) {
      this.advance();
      init = this.expr();
    }
    // The initialiser cannot see the variable it defines, so declare afterwards.
    const decl = this.declareChecked(nameTok, isConst);
    return { k: 'let', decl, init, pos: kw.pos };
  }

  private importStatement(): Node {
    const kw = this.advance();
    const path = this.expr();
    let alias: VarDecl | undefined;
    if (this.is('as')) {
      this.advance();
      const nameTok = this.ident('VariableExpected', 'Expecting name of a module alias');
      alias = this.scope.declare(nameTok.text, true, nameTok.pos);
    }
    return { k: 'import', path, alias, pos: kw.pos };
  }

  private exportStatement(): Node {
    const kw = this.advance();
    if (this.is('let') || this.is('const')) {
      const s = this.letStatement();
      if (s.k === 'let') this.exports.set(s.decl.name, s.decl);
      return s;
    }
    const nameTok = this.ident('VariableExpected', 'Expecting name of a variable to export');
    const decl = this.scope.findLocal(nameTok.text);
    if (!decl) this.fail('VariableUndefined', `Undefined variable: ${nameTok.text}`, nameTok);
    let as = nameTok.text;
    if (this.is('as')) {
      this.advance();
      as = this.ident('VariableExpected', 'Expecting name of the exported alias').text;
    }
    this.exports.set(as, decl);
    return { k: 'export', decl, as, pos: kw.pos };
  }

  // ---- expressions ----

  private expr(statementStart = false): Node {
    return this.binary(0, statementStart);
  }

  private binary(minPrec: number, statementStart = false): Node {
    let left = this.unary(statementStart);
    for (;;) {
      const t = this.peek();
      const op = this.kindOf(t);
      const prec = BINARY_PRECEDENCE[op];
      if (prec === undefined || prec < minPrec || (t.kind === 'ident' && op !== 'in')) break;
      this.advance();
      const right = this.binary(op === '**' ? prec : prec + 1);
      left = { k: 'bin', op, l: left, r: right, pos: t.pos };
    }
    return left;
  }

  private unary(statementStart = false): Node {
    const t = this.peek();
    if (t.kind === '-' || t.kind === '+' || t.kind === '!') {
      this.advance();
      this.enter(t);
      try {
        const next = this.peek();
        if (t.kind === '-' && (next.kind === 'int' || next.kind === 'float')) {
          this.advance();
          const lit = this.numberLiteral(next, true);
          return this.postfix(lit);
        }
        return { k: 'unary', op: t.kind, e: this.unary(), pos: t.pos };
      } finally {
        this.depth--;
      }
    }
    return this.postfix(this.primary(statementStart));
  }

  private numberLiteral(t: Token, negate: boolean): Node {
    if (t.kind === 'float') return { k: 'lit', value: new RFloat(negate ? -(t.num as number) : (t.num as number)), pos: t.pos };
    let v = t.num as number | bigint;
    if (negate) v = typeof v === 'bigint' ? -v : v === 0 ? 0 : -v;
    if (typeof v === 'bigint') {
      if (v > 2n ** 63n - 1n) this.fail('LiteralTooLarge', `Integer literal is too large: ${t.text}`, t);
      if (v >= -9007199254740991n && v <= 9007199254740991n) v = Number(v);
    }
    return { k: 'lit', value: v, pos: t.pos };
  }

  private postfix(e: Node): Node {
    for (;;) {
      const t = this.peek();
      if (t.kind === '.' || t.kind === '?.') {
        this.advance();
        const nameTok = this.peek();
        if (nameTok.kind !== 'ident') {
          if (nameTok.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
          this.fail('PropertyExpected', 'Expecting name of a property');
        }
        this.advance();
        if (this.is('(')) {
          const args = this.callArgs(nameTok.text);
          e = { k: 'method', obj: e, name: nameTok.text, args, safe: t.kind === '?.', pos: nameTok.pos };
        } else {
          e = { k: 'prop', obj: e, name: nameTok.text, safe: t.kind === '?.', pos: nameTok.pos };
        }
      } else if (t.kind === '[' || t.kind === '?[') {
        this.advance();
        this.enter(t);
        try {
          const idx = this.expr();
          this.expect(']', 'to close the index expression');
          e = { k: 'index', obj: e, idx, safe: t.kind === '?[', pos: t.pos };
        } finally {
          this.depth--;
        }
      } else return e;
    }
  }

  private callArgs(name: string): Node[] {
    this.advance();
    const args: Node[] = [];
    while (!this.is(')')) {
      args.push(this.expr());
      if (this.is(',')) this.advance();
      else if (!this.is(')')) this.unexpected(`')' to close the arguments list of this function call '${name}'`);
    }
    this.advance();
    return args;
  }

  private primary(statementStart: boolean): Node {
    const t = this.peek();
    const pos = t.pos;
    this.enter(t);
    try {
      switch (this.kindOf(t)) {
        case 'int':
        case 'float':
          this.advance();
          return this.numberLiteral(t, false);
        case 'string':
          this.advance();
          return { k: 'lit', value: t.text, pos };
        case 'char':
          this.advance();
          return { k: 'lit', value: new RChar(t.text), pos };
        case 'interp':
          this.advance();
          return this.interpolation(t);
        case 'true':
        case 'false':
          this.advance();
          return { k: 'lit', value: t.text === 'true', pos };
        case '(': {
          this.advance();
          if (this.is(')')) {
            this.advance();
            return { k: 'lit', value: undefined, pos };
          }
          const e = this.expr();
          this.expect(')', 'for a matching ( in this expression');
          return e;
        }
        case '[':
          return this.arrayLiteral();
        case '#{':
          return this.mapLiteral();
        case 'this':
          this.advance();
          return { k: 'this', pos };
        case 'global':
          this.advance();
          this.expect('::', 'after global');
          return { k: 'global', name: this.ident('VariableExpected', 'Expecting name of a global constant').text, pos };
        case '|':
        case '||':
          return this.closure();
        case 'if':
          if (!statementStart && !this.opts.allowIfExpression) this.fail('BadInput', 'if-expressions are not allowed');
          return this.ifExpr();
        case 'switch':
          if (!statementStart && !this.opts.allowSwitchExpression)
            this.fail('BadInput', 'switch-expressions are not allowed');
          return this.switchExpr();
        case 'while':
        case 'loop':
        case 'do':
        case 'for':
          if (!this.opts.allowLooping) this.fail('Reserved', `'${t.text}' is a reserved keyword`);
          if (!statementStart && !this.opts.allowLoopExpressions)
            this.fail('BadInput', 'Loop expressions are not allowed');
          return this.loopExpr();
        case 'try':
          if (!statementStart) this.fail('BadInput', 'try-catch is a statement');
          return this.tryCatch();
        case '{':
          if (!statementStart && !this.opts.allowStatementExpression)
            this.fail('BadInput', 'Statement blocks are not allowed as expressions');
          return this.block();
        case 'ident':
          return this.identifierExpr();
        case 'fn':
          this.fail('WrongFnDefinition', 'Function definitions must be at global level');
        // falls through (fail never returns)
        default:
          if (t.kind === 'ident' && KEYWORDS.has(t.text)) this.fail('ExprExpected', `Expecting an expression`);
          this.unexpected('an expression');
      }
    } finally {
      this.depth--;
    }
  }

  private interpolation(t: Token): Node {
    const parts: Node[] = [];
    for (const p of t.parts ?? []) {
      if (typeof p === 'string') {
        parts.push({ k: 'lit', value: p, pos: t.pos });
        continue;
      }
      const savedTokens = this.tokens;
      const savedI = this.i;
      this.tokens = p;
      this.i = 0;
      try {
        const stmts: Node[] = [];
        while (this.peek().kind !== 'eof') stmts.push(this.statementWithTerminator(false));
        parts.push(stmts.length === 1 ? stmts[0]! : { k: 'block', body: stmts, pos: p[0]?.pos ?? t.pos });
      } finally {
        this.tokens = savedTokens;
        this.i = savedI;
      }
    }
    return { k: 'interp', parts, pos: t.pos };
  }

  private arrayLiteral(): Node {
    const open = this.advance();
    const items: Node[] = [];
    while (!this.is(']')) {
      items.push(this.expr());
      if (this.is(',')) this.advance();
      else if (!this.is(']')) this.unexpected("',' to separate the items of this array literal");
    }
    this.advance();
    return { k: 'array', items, pos: open.pos };
  }

  private mapLiteral(): Node {
    const open = this.advance();
    const entries: [string, Node][] = [];
    const seen = new Set<string>();
    while (!this.is('}')) {
      const keyTok = this.peek();
      if (keyTok.kind !== 'ident' && keyTok.kind !== 'string') {
        if (keyTok.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
        if (keyTok.kind === 'lexerror') this.fail('BadInput', keyTok.text);
        this.fail('PropertyExpected', 'Expecting name of a property');
      }
      this.advance();
      if (seen.has(keyTok.text)) {
        this.fail('DuplicatedProperty', `Duplicated property '${keyTok.text}' for object map literal`, keyTok);
      }
      seen.add(keyTok.text);
      this.expect(':', `to follow the property '${keyTok.text}' in this object map literal`);
      entries.push([keyTok.text, this.expr()]);
      if (this.is(',')) this.advance();
      else if (!this.is('}')) this.unexpected("',' to separate the items of this object map literal");
    }
    this.advance();
    return { k: 'map', entries, pos: open.pos };
  }

  private closure(): Node {
    const open = this.advance();
    if (!this.opts.allowAnonymousFn) this.fail('BadInput', 'Anonymous functions are not allowed', open);
    const fnScope = new FnScope(this.scope, true);
    const params: VarDecl[] = [];
    if (open.kind === '|') {
      const seen = new Set<string>();
      while (!this.is('|')) {
        const p = this.ident('VariableExpected', 'Expecting name of a parameter');
        if (seen.has(p.text)) this.fail('FnDuplicatedParam', `Duplicated parameter '${p.text}' for closure`, p);
        seen.add(p.text);
        params.push(fnScope.declare(p.text, false, p.pos));
        if (this.is(',')) this.advance();
        else if (!this.is('|')) this.unexpected("'|' to close the parameters list of an anonymous function");
      }
      this.advance();
    }
    const outer = this.scope;
    const wasInFunction = this.inFunction;
    this.scope = fnScope;
    this.inFunction = true;
    try {
      const body = this.expr();
      const fn: FnDef = {
        name: `anon$${open.pos.line}_${open.pos.col}`,
        params,
        body,
        slots: fnScope.slots,
        isPrivate: true,
        pos: open.pos,
        end: this.tokens[this.i - 1]!.end,
      };
      return { k: 'closure', fn, captures: fnScope.captures, pos: open.pos };
    } finally {
      this.scope = outer;
      this.inFunction = wasInFunction;
    }
  }

  private identifierExpr(): Node {
    const t = this.advance();
    const pos = t.pos;
    if (RESERVED.has(t.text)) this.fail('Reserved', `'${t.text}' is a reserved keyword`, t);
    if (this.is('::')) {
      const path: string[] = [];
      let name = t.text;
      while (this.is('::')) {
        this.advance();
        path.push(name);
        name = this.ident('VariableExpected', 'Expecting name after ::').text;
      }
      const [root, ...rest] = path as [string, ...string[]];
      const rootDecl = this.scope.resolve(root);
      if (this.is('(')) {
        const args = this.callArgs(name);
        return { k: 'nscall', root, rootDecl, path: rest, name, args, pos };
      }
      return { k: 'nsvar', root, rootDecl, path: rest, name, pos };
    }
    if (this.is('(')) {
      const args = this.callArgs(t.text);
      const node: Node = { k: 'call', name: t.text, args, pos };
      const local = this.scope.findLocal(t.text) ?? (this.scope.parent ? this.scope.resolve(t.text) : undefined);
      if (local) node.local = local;
      if (t.text === 'eval' || t.text === 'is_def_var') node.visible = this.scope.visible();
      return node;
    }
    if (this.peek().kind === '!' && this.peek(1).kind === '(' && this.peek().pos.col === t.end.col) {
      this.fail('BadInput', 'Capturing calls (f!()) are not supported');
    }
    const decl = this.scope.resolve(t.text);
    if (!decl && this.opts.strictVariables && !this.opts.externalNames.has(t.text)) {
      this.fail('VariableUndefined', `Undefined variable: ${t.text}`, t);
    }
    return { k: 'var', name: t.text, decl, pos };
  }

  private ifExpr(): Node {
    const kw = this.advance();
    const cond = this.expr();
    if (this.is('=')) this.fail('BadInput', "Possibly a typo of '=='?");
    const then = this.block();
    let elseNode: Node | undefined;
    if (this.is('else')) {
      this.advance();
      elseNode = this.is('if') ? this.ifExpr() : this.block();
    }
    return { k: 'if', cond, then, else: elseNode, pos: kw.pos };
  }

  private loopBody(): Node {
    this.scope.loopDepth++;
    try {
      return this.block();
    } finally {
      this.scope.loopDepth--;
    }
  }

  private loopExpr(): Node {
    const kw = this.advance();
    const pos = kw.pos;
    switch (kw.text) {
      case 'loop':
        return { k: 'while', body: this.loopBody(), pos };
      case 'while': {
        const cond = this.expr();
        return { k: 'while', cond, body: this.loopBody(), pos };
      }
      case 'do': {
        const body = this.loopBody();
        if (!this.is('while') && !this.is('until')) this.fail('MissingToken', "Expecting 'while' or 'until' after do");
        const until = this.advance().text === 'until';
        return { k: 'do', cond: this.expr(), until, body, pos };
      }
      default:
        return this.forLoop(kw);
    }
  }

  private forLoop(kw: Token): Node {
    const paren = this.is('(');
    if (paren) this.advance();
    const itemTok = this.ident('VariableExpected', 'Expecting name of the loop variable');
    let counterTok: Token | undefined;
    if (paren) {
      this.expect(',', 'after the iteration variable name');
      counterTok = this.ident('VariableExpected', 'Expecting name of the counter variable');
      this.expect(')', 'to close the iteration variables');
    }
    if (!this.is('in')) this.fail('MissingToken', "Expecting 'in' after the iteration variable");
    this.advance();
    const iter = this.expr();
    const mark = this.scope.mark();
    try {
      const item = this.scope.declare(itemTok.text, false, itemTok.pos);
      const counter = counterTok ? this.scope.declare(counterTok.text, false, counterTok.pos) : undefined;
      const body = this.loopBody();
      return { k: 'for', item, counter, iter, body, pos: kw.pos };
    } finally {
      this.scope.release(mark);
    }
  }

  private tryCatch(): Node {
    const kw = this.advance();
    const body = this.block();
    this.expect('catch', 'for the try statement');
    const mark = this.scope.mark();
    try {
      let err: VarDecl | undefined;
      if (this.is('(')) {
        this.advance();
        const nameTok = this.ident('VariableExpected', 'Expecting name of the error variable');
        err = this.scope.declare(nameTok.text, false, nameTok.pos);
        this.expect(')', 'to close the catch variable');
      }
      const handler = this.block();
      return { k: 'try', body, err, handler, pos: kw.pos };
    } finally {
      this.scope.release(mark);
    }
  }

  private switchCaseValue(): Value {
    const t = this.peek();
    let negate = false;
    if (t.kind === '-') {
      negate = true;
      this.advance();
    }
    const v = this.advance();
    switch (this.kindOf(v)) {
      case 'int':
      case 'float': {
        const lit = this.numberLiteral(v, negate);
        return lit.k === 'lit' ? lit.value : undefined;
      }
      case 'string':
        if (!negate) return v.text;
        break;
      case 'char':
        if (!negate) return new RChar(v.text);
        break;
      case 'true':
      case 'false':
        if (!negate) return v.text === 'true';
        break;
      case '(':
        if (this.is(')')) {
          this.advance();
          return undefined;
        }
    }
    this.i--;
    if (v.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
    this.fail('ExprExpected', 'Expecting a literal constant as switch case', v);
  }

  private switchExpr(): Node {
    const kw = this.advance();
    const subject = this.expr();
    this.expect('{', 'to start a switch block');
    const cases = new Map<unknown, SwitchArm[]>();
    const ranges: SwitchRangeArm[] = [];
    let defaultArm: Node | undefined;
    while (!this.is('}')) {
      const caseTok = this.peek();
      if (caseTok.kind === 'eof') this.fail('MissingToken', "Expecting '}' to end this switch block");
      if (defaultArm) this.fail('WrongSwitchDefaultCase', 'Default switch case must be the last', caseTok);
      let isDefault = false;
      const keys: Value[] = [];
      let range: { start: Value; end: Value; inclusive: boolean } | undefined;
      if (caseTok.kind === 'ident' && caseTok.text === '_') {
        this.advance();
        isDefault = true;
      } else {
        for (;;) {
          const v = this.switchCaseValue();
          if (this.is('..') || this.is('..=')) {
            const inclusive = this.advance().kind === '..=';
            range = { start: v, end: this.switchCaseValue(), inclusive };
            if (typeof range.start !== 'number' && typeof range.start !== 'bigint') {
              this.fail('WrongSwitchIntegerCase', 'Switch ranges must be integers', caseTok);
            }
          } else keys.push(v);
          if (!this.is('|')) break;
          this.advance();
        }
      }
      let condition: Node | undefined;
      if (this.is('if')) {
        if (isDefault) this.fail('WrongSwitchCaseCondition', 'Default switch case cannot have a condition');
        this.advance();
        condition = this.expr();
      }
      this.expect('=>', 'in this switch case');
      const body = this.statement(false);
      if (isDefault) defaultArm = body;
      else if (range) ranges.push({ ...range, condition, body });
      for (const key of keys) {
        const k = switchKey(key);
        const list = cases.get(k) ?? [];
        if (list.length > 0 && !list[list.length - 1]!.condition) {
          this.fail('DuplicatedSwitchCase', 'Duplicated switch case', caseTok);
        }
        list.push({ condition, body });
        cases.set(k, list);
      }
      if (this.is(',')) this.advance();
      else if (!this.is('}') && !BLOCK_LIKE.has(body.k)) this.unexpected("',' to separate the items of this switch block");
    }
    this.advance();
    return { k: 'switch', subject, cases, ranges, default: defaultArm, pos: kw.pos };
  }
}
