// Statement parsing and the parser entry point. Errors are collected; after one, the parser
// resynchronises at the next statement boundary (see ParserBase.recover) and carries on.

import type { FnDef, Node, ScriptAst, SwitchArm, SwitchRangeArm, VarDecl } from '../ast/ast.ts';
import { fnKey, typedMethodKey } from '../ast/ast.ts';
import { ParseError, isStackExhaustion } from '../types/errors.ts';
import { debugValue } from '../types/format.ts';
import { BINARY_PRECEDENCE, ExpressionParser } from './parse-expressions.ts';
import type { ParseOptions } from './parse-options.ts';
import { FnScope } from './scope-resolver.ts';
import { KEYWORDS, RESERVED, type Token } from './token.ts';
import { RChar, RFloat, RRange, typeOf, type Value } from '../types/values.ts';

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '&=', '|=', '^=', '??=']);

/** Names handled by the evaluator itself; scripts may not define functions with them. */
const INTRINSICS = new Set([
  'Fn',
  'call',
  'curry',
  'eval',
  'type_of',
  'print',
  'debug',
  'is_def_var',
  'is_def_fn',
  'is_shared',
]);

const BLOCK_LIKE = new Set(['if', 'switch', 'while', 'do', 'for', 'block', 'try', 'nop']);

export interface ParseResult {
  ast: ScriptAst;
  errors: ParseError[];
  /** The script's tokens as the parser read them, for editors (an interpolation's are inside its token). */
  tokens: readonly Token[];
}

export function parseScript(source: string, options: ParseOptions): ParseResult {
  return new Parser(source, options).parseScript();
}

/** Key under which a switch case value is stored, so INT 1, FLOAT 1.0 and "1" stay distinct. */
export function switchKey(v: Value): unknown {
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return `b${v}`;
  if (typeof v === 'string') return `s${v}`;
  if (v instanceof RChar) return `c${v.c}`;
  if (v instanceof RFloat) return `f${v.v}`;
  if (v === undefined) return '()';
  // Arrays, maps and ranges match structurally; their debug form is a faithful key.
  return `d${typeOf(v)}:${debugValue(v)}`;
}

class Parser extends ExpressionParser {
  parseScript(): ParseResult {
    const body: Node[] = [];
    while (this.peek().kind !== 'eof') {
      const start = this.i;
      try {
        const s = this.topLevelStatement();
        if (s) body.push(s);
      } catch (e) {
        if (isStackExhaustion(e)) {
          // Nesting beyond the JS stack (only possible with depth limits disabled) ends parsing.
          const t = this.peek();
          this.errors.push(new ParseError('ExprTooDeep', 'Expression exceeds maximum complexity', t.pos, t.end));
          break;
        }
        if (!(e instanceof ParseError)) throw e;
        this.errors.push(e);
        this.depth = 0;
        this.recover(false, start);
      }
    }
    for (const t of this.strictPending) {
      if (![...this.functions.values()].some((f) => f.name === t.text)) {
        this.errors.push(new ParseError('VariableUndefined', `Undefined variable: ${t.text}`, t.pos, t.end));
      }
    }
    this.errors.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
    const ast: ScriptAst = {
      body,
      functions: [...this.functions.values()],
      slots: this.scope.slots,
      topLevel: this.scope.visible().reverse(),
      exports: this.exports,
      source: this.source,
    };
    return { ast, errors: this.errors, tokens: this.tokens };
  }

  protected topLevelStatement(): Node | undefined {
    if (this.is('fn') || (this.is('private') && this.kindOf(this.peek(1)) === 'fn')) {
      this.functionDefinition();
      return undefined;
    }
    return this.statementWithTerminator(true);
  }

  protected statementWithTerminator(topLevel: boolean): Node {
    const s = this.statement(topLevel);
    if (this.is(';')) {
      this.advance();
    } else if (!BLOCK_LIKE.has(s.k) && !this.is('}') && this.peek().kind !== 'eof') {
      const t = this.peek();
      if (t.kind === 'lexerror') this.failLex(t);
      this.fail('MissingToken', "Expecting ';' to terminate this statement");
    }
    return s;
  }

  protected functionDefinition(): void {
    const doc = this.peek().doc;
    const start = this.peek();
    const isPrivate = this.is('private');
    if (isPrivate) this.advance();
    const fnTok = this.advance();
    if (this.inFunction || this.scope.parent || this.depth > 0) {
      this.fail('WrongFnDefinition', 'Function definitions must be at global level', start);
    }
    const thisType = this.methodType();
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
      if (seen.has(p.text))
        this.fail('FnDuplicatedParam', `Duplicated parameter '${p.text}' for function '${name}'`, p);
      seen.add(p.text);
      params.push(fnScope.declare(p.text, false, p.pos));
      if (this.is(',')) this.advance();
      else if (!this.is(')')) this.unexpected(`')' to close the parameters list of function '${name}'`);
    }
    this.advance();
    if (!this.is('{')) this.fail('FnMissingBody', `Expecting body statement block for function '${name}'`);
    const key = thisType === undefined ? fnKey(name, params.length) : typedMethodKey(thisType, name, params.length);
    if (this.functions.has(key)) {
      this.fail(
        'FnDuplicatedDefinition',
        `Function '${name}' with ${params.length} parameters already exists`,
        nameTok,
      );
    }
    if (this.opts.maxFunctions > 0 && this.functions.size >= this.opts.maxFunctions) {
      this.fail('TooManyFunctions', 'Number of functions defined exceeds maximum limit', nameTok);
    }
    this.scope = fnScope;
    this.inFunction = true;
    const savedDepth = this.depth;
    const savedMaxDepth = this.maxDepth;
    const savedBlockDepth = this.blockDepth;
    // As upstream, a function body counts from level 0 against the function limit.
    this.depth = 0;
    this.maxDepth = this.opts.maxFnExprDepth;
    this.blockDepth = 0;
    try {
      this.levelUp(fnTok);
      const body = this.block(fnTok);
      const def: FnDef = { name, params, body, slots: fnScope.slots, isPrivate, pos: start.pos, end: body.pos };
      def.end = this.tokens[this.i - 1]!.end;
      def.slots = fnScope.slots;
      if (doc !== undefined) def.doc = doc;
      if (thisType !== undefined) def.thisType = thisType;
      this.functions.set(key, def);
    } finally {
      this.scope = outerScope;
      this.inFunction = false;
      this.depth = savedDepth;
      this.maxDepth = savedMaxDepth;
      this.blockDepth = savedBlockDepth;
    }
  }

  /**
   * The `int.` of `fn int.calc(x)`: as upstream, a name or string and a period before the function
   * name make a method for that type only; `int` and `float` stand for INT and FLOAT.
   */
  protected methodType(): string | undefined {
    const t = this.peek();
    if ((t.kind !== 'ident' && t.kind !== 'string') || this.peek(1).kind !== '.') {
      if (t.kind === 'string') this.fail('MissingToken', "Expecting '.' after the type name for 'this'", this.peek(1));
      return undefined;
    }
    this.advance();
    this.advance();
    return t.text === 'int' ? 'i64' : t.text === 'float' ? 'f64' : t.text;
  }

  protected statement(topLevel: boolean): Node {
    const level = this.depth;
    const s = this.statementInner(topLevel, this.peek());
    this.depth = level;
    return s;
  }

  /** A statement; all but `;` and `continue` are one level deeper, at their first token. */
  protected statementInner(topLevel: boolean, t: Token): Node {
    const pos = t.pos;
    switch (this.kindOf(t)) {
      case ';':
        return { k: 'nop', pos };
      case '{':
        return this.standaloneBlock(t);
      case 'let':
      case 'const':
        this.levelUp(t);
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
        this.levelUp(t);
        const value = this.optionalExpr();
        return value ? { k: 'break', value, pos } : { k: 'break', pos };
      }
      case 'return':
      case 'throw': {
        this.advance();
        this.levelUp(t);
        const value = this.optionalExpr();
        return t.text === 'return' ? { k: 'return', value, pos } : { k: 'throw', value, pos };
      }
      case 'if':
      case 'switch':
      case 'while':
      case 'loop':
      case 'do':
      case 'for':
      case 'try':
        // As upstream, these are statements where a statement starts: `if c { return 1 } -1` is
        // two statements, not a subtraction. Parenthesised, they are expressions.
        return this.primary(true);
      case 'import':
        this.levelUp(t);
        return this.importStatement();
      case 'export':
        if (!topLevel || this.inFunction) this.fail('WrongExport', 'Export statement can only appear at global level');
        this.levelUp(t);
        return this.exportStatement();
      default: {
        this.levelUp(t);
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

  /**
   * The value of `break`, `return` or `throw`: as upstream, whatever does not start an
   * expression (`;`, `}`, the `,` after a switch arm, ...) leaves the statement without one.
   */
  protected optionalExpr(): Node | undefined {
    const start = this.i;
    const level = this.depth;
    try {
      return this.expr();
    } catch (e) {
      if (!(e instanceof ParseError) || this.i !== start) throw e;
      this.depth = level;
      return undefined;
    }
  }

  protected checkAssignable(e: Node, opTok: Token): void {
    let root = e;
    while (root.k === 'prop' || root.k === 'index') root = root.obj;
    if (root.k === 'var') {
      if (root.decl?.isConst && e === root) {
        this.fail('AssignmentToConstant', `Cannot assign to constant '${root.name}'`, opTok);
      }
      return;
    }
    if (root.k === 'this') return;
    if (e.k === 'lit') this.fail('AssignmentToConstant', 'Cannot assign to a constant value', opTok);
    if (e === root)
      this.fail('AssignmentToInvalidLHS', "Assignment's left-hand side must be a variable or property", opTok);
    if (root.k === 'nsvar' || root.k === 'global') return;
    this.fail('AssignmentToInvalidLHS', "Assignment's left-hand side must be a variable or property", opTok);
  }

  /**
   * A block is one level deeper than its statement; a depth error is reported at
   * `depthErrorAt`, the token upstream's parse settings hold there (the `if` of an if block,
   * the `fn` of a function body, the brace itself for a plain block).
   */
  protected block(depthErrorAt: Token): Node {
    const open = this.expect('{', 'to start a statement block');
    const level = this.depth;
    this.levelUp(depthErrorAt);
    const inner = this.depth;
    const mark = this.scope.mark();
    const body: Node[] = [];
    const outerHasEval = this.blockHasEval;
    this.blockHasEval = false;
    this.blockDepth++;
    let hasEval: boolean;
    try {
      while (!this.is('}')) {
        if (this.peek().kind === 'eof') this.fail('MissingToken', "Expecting '}' to end this statement block");
        const start = this.i;
        try {
          body.push(this.statementWithTerminator(false));
        } catch (e) {
          if (!(e instanceof ParseError) || e.kind === 'ExprTooDeep') throw e;
          this.errors.push(e);
          this.depth = inner;
          this.recover(true, start);
          if (this.peek().kind === 'eof') this.fail('MissingToken', "Expecting '}' to end this statement block");
        }
      }
      this.advance();
      hasEval = this.blockHasEval;
    } finally {
      this.depth = level;
      this.blockDepth--;
      this.blockHasEval = outerHasEval;
      this.scope.release(mark);
    }
    const node: Node = { k: 'block', body, pos: open.pos };
    if (hasEval) node.hasEval = true;
    return node;
  }

  /** A block where a statement or an operand starts: a level for that, and one for the block. */
  protected standaloneBlock(open: Token): Node {
    const level = this.depth;
    this.levelUp(open);
    const node = this.block(open);
    this.depth = level;
    return node;
  }

  protected declareChecked(nameTok: Token, isConst: boolean): VarDecl {
    const external = !this.inFunction && this.opts.externalNames.has(nameTok.text);
    if (!this.opts.allowShadowing && (this.scope.findLocal(nameTok.text) || external)) {
      this.fail('VariableExists', `Variable already defined: ${nameTok.text}`, nameTok);
    }
    return this.scope.declare(nameTok.text, isConst, nameTok.pos);
  }

  protected letStatement(): Node {
    const kw = this.advance();
    const isConst = kw.text === 'const';
    const nameTok = this.ident('VariableExpected', 'Expecting name of a variable');
    let init: Node = { k: 'lit', value: undefined, pos: nameTok.pos };
    if (this.is('=')) {
      this.advance();
      const level = this.depth;
      this.levelUp(kw);
      init = this.expr();
      this.depth = level;
    }
    // The initialiser cannot see the variable it defines, so declare afterwards.
    const decl = this.declareChecked(nameTok, isConst);
    const global = this.opts.globalConstants && isConst && !this.inFunction && this.blockDepth === 0;
    const node: Node = { k: 'let', decl, init, global, pos: kw.pos };
    if (this.scope.evalSeen) node.evalAware = true;
    return node;
  }

  protected importStatement(): Node {
    const kw = this.advance();
    this.levelUp(kw);
    const path = this.expr();
    let alias: VarDecl | undefined;
    if (this.is('as')) {
      this.advance();
      const nameTok = this.ident('VariableExpected', 'Expecting name of a module alias');
      alias = this.scope.declare(nameTok.text, true, nameTok.pos);
      if (!this.inFunction && this.blockDepth === 0) this.globalImports.add(nameTok.text);
    }
    return { k: 'import', path, alias, pos: kw.pos };
  }

  protected exportStatement(): Node {
    const kw = this.advance();
    if (this.is('let') || this.is('const')) {
      this.levelUp(kw);
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

  /**
   * Two levels deeper, as upstream: one where it stands, one for the `if` itself; an `else if`
   * (`elseOf` being the `if` before it) nests one more, reported at the `if` before it.
   */
  protected ifExpr(elseOf?: Token): Node {
    const kw = this.advance();
    const level = this.depth;
    if (elseOf) this.levelUp(elseOf);
    else {
      this.levelUp(kw);
      this.levelUp(kw);
    }
    const cond = this.expr();
    if (this.is('=')) this.fail('BadInput', "Possibly a typo of '=='?");
    const then = this.block(kw);
    let elseNode: Node | undefined;
    if (this.is('else')) {
      this.advance();
      elseNode = this.is('if') ? this.ifExpr(kw) : this.block(kw);
    }
    this.depth = level;
    return { k: 'if', cond, then, else: elseNode, pos: kw.pos };
  }

  protected loopBody(kw: Token): Node {
    this.scope.loopDepth++;
    try {
      return this.block(kw);
    } finally {
      this.scope.loopDepth--;
    }
  }

  /**
   * Two levels deeper (where it stands, and the loop itself); its body's depth errors are
   * reported at its keyword.
   */
  protected loopExpr(): Node {
    const kw = this.advance();
    const level = this.depth;
    this.levelUp(kw);
    this.levelUp(kw);
    const node = this.loopAfterKeyword(kw);
    this.depth = level;
    return node;
  }

  private loopAfterKeyword(kw: Token): Node {
    const pos = kw.pos;
    switch (kw.text) {
      case 'loop':
        return { k: 'while', body: this.loopBody(kw), pos };
      case 'while': {
        const cond = this.expr();
        return { k: 'while', cond, body: this.loopBody(kw), pos };
      }
      case 'do': {
        const body = this.loopBody(kw);
        if (!this.is('while') && !this.is('until')) this.fail('MissingToken', "Expecting 'while' or 'until' after do");
        const until = this.advance().text === 'until';
        return { k: 'do', cond: this.expr(), until, body, pos };
      }
      default:
        return this.forLoop(kw);
    }
  }

  protected forLoop(kw: Token): Node {
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
    const iter = this.iterable(this.expr());
    const mark = this.scope.mark();
    try {
      const item = this.scope.declare(itemTok.text, false, itemTok.pos);
      const counter = counterTok ? this.scope.declare(counterTok.text, false, counterTok.pos) : undefined;
      const body = this.loopBody(kw);
      return { k: 'for', item, counter, iter, body, pos: kw.pos };
    } finally {
      this.scope.release(mark);
    }
  }

  /** Two levels deeper (where it stands, and the `try` itself). */
  protected tryCatch(): Node {
    const kw = this.advance();
    const level = this.depth;
    this.levelUp(kw);
    this.levelUp(kw);
    const body = this.block(kw);
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
      const handler = this.block(kw);
      return { k: 'try', body, err, handler, pos: kw.pos };
    } finally {
      this.scope.release(mark);
      this.depth = level;
    }
  }

  /** Folds a switch case expression to its constant value; undefined when it is not constant. */
  protected constantOf(n: Node): { value: Value } | undefined {
    switch (n.k) {
      case 'lit':
        return { value: n.value };
      case 'array': {
        const items: Value[] = [];
        for (const item of n.items) {
          const c = this.constantOf(item);
          if (!c) return undefined;
          items.push(c.value);
        }
        return { value: items };
      }
      case 'map': {
        const m = new Map<string, Value>();
        for (const [k, item] of n.entries) {
          const c = this.constantOf(item);
          if (!c) return undefined;
          m.set(k, c.value);
        }
        return { value: m };
      }
      case 'bin': {
        if (n.op !== '..' && n.op !== '..=') return undefined;
        const a = this.constantOf(n.l)?.value;
        const b = this.constantOf(n.r)?.value;
        const isInt = (v: Value): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';
        return isInt(a) && isInt(b) ? { value: new RRange(a, b, n.op === '..=') } : undefined;
      }
      default:
        return undefined;
    }
  }

  /**
   * Two levels deeper (where it stands, and the `switch` itself); case values are parsed as
   * expressions, so a level more again.
   */
  protected switchExpr(): Node {
    const kw = this.advance();
    const level = this.depth;
    this.levelUp(kw);
    this.levelUp(kw);
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
      const caseRanges: RRange[] = [];
      if (caseTok.kind === 'ident' && caseTok.text === '_') {
        this.advance();
        isDefault = true;
      } else {
        for (;;) {
          const valueTok = this.peek();
          const caseLevel = this.depth;
          this.levelUp(valueTok);
          // Above `|` precedence, so `|` separates alternatives instead of meaning bitwise-or.
          const c = this.constantOf(this.binaryChain(this.unary(), valueTok, BINARY_PRECEDENCE['|']! + 1));
          this.depth = caseLevel;
          if (!c) this.fail('ExprExpected', 'Expecting a constant as switch case', valueTok);
          if (c.value instanceof RRange) caseRanges.push(c.value);
          else {
            const numeric = typeof c.value === 'number' || typeof c.value === 'bigint' || c.value instanceof RFloat;
            if (numeric && ranges.length > 0) {
              this.fail('WrongSwitchIntegerCase', 'Numeric switch cases must come before range cases', valueTok);
            }
            keys.push(c.value);
          }
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
      for (const r of caseRanges) {
        ranges.push({ start: r.start, end: r.end, inclusive: r.inclusive, condition, body });
        keys.push(r);
      }
      for (const key of keys) {
        const k = switchKey(key);
        const list = cases.get(k) ?? [];
        list.push({ condition, body });
        cases.set(k, list);
      }
      if (this.is(',')) this.advance();
      else if (!this.is('}') && !BLOCK_LIKE.has(body.k))
        this.unexpected("',' to separate the items of this switch block");
    }
    this.advance();
    this.depth = level;
    return { k: 'switch', subject, cases, ranges, default: defaultArm, pos: kw.pos };
  }
}
