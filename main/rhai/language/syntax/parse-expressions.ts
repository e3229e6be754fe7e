// Expression parsing: precedence climbing for binary operators, unary and postfix forms,
// literals, closures and identifiers. Statement forms usable as expressions (if, switch, loops,
// blocks) are provided by the statement parser.

import { utf8Length } from '../types/data-size.ts';
import type { FnDef, Node, VarDecl } from '../ast/ast.ts';
import { ParserBase } from './parser-base.ts';
import { ParseError } from '../types/errors.ts';
import { FnScope } from './scope-resolver.ts';
import { KEYWORDS, RESERVED, type Token } from './token.ts';
import { RChar, RFloat, type Value } from '../types/values.ts';

export const BINARY_PRECEDENCE: Record<string, number> = {
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

const INT_MAX = 2n ** 63n - 1n;

/** Marks the safe links of a chain that have links after them, and the chain's last link. */
function markShortChain(top: Node): void {
  let shorts = false;
  for (let n = top; n.k === 'prop' || n.k === 'index' || n.k === 'method'; n = n.obj) {
    if (n !== top && n.safe) {
      n.shortsChain = true;
      shorts = true;
    }
  }
  if (shorts && (top.k === 'prop' || top.k === 'index' || top.k === 'method')) top.endsShortChain = true;
}

/** Statements that may stand as the right operand of `??`. */
const JUMP_KEYWORDS = new Set(['break', 'continue', 'return', 'throw']);

/** How upstream names a literal that no `for` can iterate; undefined for one it can. */
function literalKind(v: Value): string | undefined {
  if (v === undefined) return '()';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'number' || typeof v === 'bigint') return 'a number';
  if (v instanceof RFloat) return 'a floating-point number';
  if (v instanceof RChar) return 'a character';
  return undefined;
}

export abstract class ExpressionParser extends ParserBase {
  protected abstract block(depthErrorAt: Token): Node;
  protected abstract standaloneBlock(open: Token): Node;
  protected abstract statement(topLevel: boolean): Node;
  protected abstract statementWithTerminator(topLevel: boolean): Node;
  protected abstract ifExpr(elseOf?: Token): Node;
  protected abstract switchExpr(): Node;
  protected abstract loopExpr(): Node;
  protected abstract tryCatch(): Node;

  /** An expression: one level, then its operand and any operators following it. */
  protected expr(statementStart = false): Node {
    const level = this.depth;
    const first = this.peek();
    this.levelUp(first);
    const e = this.binaryChain(this.unary(statementStart), first, 0);
    this.depth = level;
    return e;
  }

  /** Precedence of `t` as a binary operator; undefined when it is none. */
  protected precedenceOf(t: Token): number | undefined {
    const op = this.kindOf(t);
    return t.kind === 'ident' && op !== 'in' ? undefined : BINARY_PRECEDENCE[op];
  }

  /**
   * The operators following `lhs` that bind tighter than `parentPrec`, by upstream's algorithm
   * (parse_binary_op), so each operator of a chain takes it one level deeper, and so does a right
   * operand that binds tighter than its operator. A depth error for the first operator is reported
   * at `lhsStart`, later ones at the operator before.
   */
  protected binaryChain(lhs: Node, lhsStart: Token, parentPrec: number): Node {
    const level = this.depth;
    let root = lhs;
    let errorAt = lhsStart;
    for (;;) {
      const t = this.peek();
      this.rejectReservedOperator(t);
      const op = this.kindOf(t);
      const prec = t.kind === 'ident' && op !== 'in' ? undefined : BINARY_PRECEDENCE[op];
      if (prec === undefined || prec < parentPrec || (prec === parentPrec && op !== '**')) break;
      this.advance();
      const rhsStart = this.peek();
      if (op === '??' && JUMP_KEYWORDS.has(this.kindOf(rhsStart))) {
        // As upstream, `x ?? break 42` (or continue, return, throw) takes the whole statement.
        this.levelUp(errorAt);
        errorAt = t;
        root = { k: 'bin', op, l: root, r: this.statement(false), pos: t.pos };
        continue;
      }
      let rhs: Node =
        (op === '..' || op === '..=') && this.atRangeEnd() ? { k: 'lit', value: INT_MAX, pos: t.pos } : this.unary();
      this.rejectReservedOperator(this.peek());
      const next = this.precedenceOf(this.peek());
      // `**` binds to the right, every other operator to the left.
      if (next !== undefined && (prec < next || (prec === next && op === '**'))) {
        const outer = this.depth;
        this.levelUp(errorAt);
        rhs = this.binaryChain(rhs, rhsStart, prec);
        this.depth = outer;
      }
      this.levelUp(errorAt);
      errorAt = t;
      root = { k: 'bin', op, l: root, r: rhs, pos: t.pos };
    }
    this.depth = level;
    return root;
  }

  /** Where an operator may follow, upstream rejects a reserved or disabled symbol as unknown. */
  protected rejectReservedOperator(t: Token): void {
    const reserved = t.kind === '--' || t.kind === '++' || (t.kind === 'disabled' && !KEYWORDS.has(t.text));
    if (reserved) this.fail('UnknownOperator', `Unknown operator: '${t.text}'`, t);
  }

  /** Open range ends: `..x`, `x..`, `..` stand for 0 and INT's maximum. */
  protected atRangeEnd(): boolean {
    const k = this.peek().kind;
    return k === ']' || k === ')' || k === ',' || k === ';' || k === '}' || k === 'eof';
  }

  protected unary(statementStart = false): Node {
    const t = this.peek();
    if (t.kind !== '-' && t.kind !== '+' && t.kind !== '!') return this.postfix(this.primary(statementStart));
    this.advance();
    const level = this.depth;
    this.levelUp(t);
    const next = this.peek();
    let e: Node;
    if (t.kind === '-' && (next.kind === 'int' || next.kind === 'float')) {
      this.advance();
      // As upstream's folded literal, a negative number stands where its `-` does.
      e = this.postfix({ ...this.numberLiteral(next, true), pos: t.pos });
    } else {
      e = { k: 'unary', op: t.kind, e: this.unary(), pos: t.pos };
    }
    this.depth = level;
    return e;
  }

  /** Upstream's tokenizer rejects a string literal, or a text part of one, longer than the limit. */
  private checkStringLiteral(text: string, t: Token): void {
    const max = this.opts.maxStringSize;
    if (max > 0 && text.length * 3 > max && utf8Length(text) > max) {
      this.fail('LiteralTooLarge', `Length of string exceeds the maximum limit (${max})`, t);
    }
  }

  /** As upstream's `ensure_iterable`: a `for` over a literal that can never be iterated. */
  protected iterable(node: Node): Node {
    const what = node.k === 'map' ? 'an object map' : node.k === 'lit' ? literalKind(node.value) : undefined;
    if (what) throw new ParseError('MismatchedType', `Expecting an iterable value, not ${what}`, node.pos);
    return node;
  }

  protected numberLiteral(t: Token, negate: boolean): Node {
    if (t.kind === 'float')
      return { k: 'lit', value: new RFloat(negate ? -(t.num as number) : (t.num as number)), pos: t.pos };
    let v = t.num as number | bigint;
    if (negate) v = typeof v === 'bigint' ? -v : v === 0 ? 0 : -v;
    if (typeof v === 'bigint') {
      if (v > 2n ** 63n - 1n) return { k: 'lit', value: new RFloat(Number(v)), pos: t.pos };
      if (v >= -9007199254740991n && v <= 9007199254740991n) v = Number(v);
    }
    return { k: 'lit', value: v, pos: t.pos };
  }

  /**
   * Properties, method calls and indexing after `e`. As upstream, each `.` takes the rest of the
   * chain one level deeper, and an index chain (`a[i][j]`) adds a level per index, for its
   * duration only.
   */
  protected postfix(e: Node): Node {
    const start = this.depth;
    let level = start;
    let afterIndex = false;
    for (;;) {
      const t = this.peek();
      if (t.kind === '.' || t.kind === '?.') {
        this.depth = level;
        this.advance();
        this.levelUp(t);
        level = this.depth;
        afterIndex = false;
        const nameTok = this.peek();
        if (nameTok.kind !== 'ident') {
          if (nameTok.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
          this.fail('PropertyExpected', 'Expecting name of a property');
        }
        this.advance();
        if (this.peek().kind === '!' && this.peek(1).kind === '(') {
          this.fail('MalformedCapture', 'Capturing calls cannot be method calls', this.peek());
        }
        if (this.is('(')) {
          const args = this.callArgs(nameTok);
          e = { k: 'method', obj: e, name: nameTok.text, args, safe: t.kind === '?.', pos: nameTok.pos };
        } else {
          e = { k: 'prop', obj: e, name: nameTok.text, safe: t.kind === '?.', pos: nameTok.pos };
        }
      } else if (t.kind === '[' || t.kind === '?[') {
        if (!afterIndex) this.depth = level;
        this.advance();
        this.levelUp(t);
        const chainLevel = this.depth;
        this.levelUp(t);
        const idxTok = this.peek();
        const idx = this.expr();
        this.checkIndexType(e, idx, idxTok);
        this.expect(']', 'to close the index expression');
        this.depth = chainLevel;
        afterIndex = true;
        e = { k: 'index', obj: e, idx, safe: t.kind === '?[', pos: t.pos };
      } else break;
    }
    this.depth = start;
    markShortChain(e);
    return e;
  }

  /** Literal containers indexed by an obviously wrong type are rejected at parse time, as upstream does. */
  protected checkIndexType(obj: Node, idx: Node, at: Token): void {
    if (obj.k !== 'map' && obj.k !== 'array') return;
    const boolean = idx.k === 'bin' && ['&&', '||', '==', '!=', '<', '<=', '>', '>=', 'in', '!in'].includes(idx.op);
    const lit = idx.k === 'lit' ? idx.value : undefined;
    const wrongLiteral =
      idx.k === 'lit' &&
      (obj.k === 'map' ? typeof lit !== 'string' : typeof lit !== 'number' && typeof lit !== 'bigint');
    if (boolean || wrongLiteral) {
      const expected = obj.k === 'map' ? 'a string' : 'an integer';
      this.fail('MalformedIndexExpr', `Index must be ${expected}`, at);
    }
  }

  /** The arguments of a call to `nameTok`, one level deeper unless there are none. */
  protected callArgs(nameTok: Token): Node[] {
    this.advance();
    const args: Node[] = [];
    if (this.is(')')) {
      this.advance();
      return args;
    }
    const level = this.depth;
    this.levelUp(nameTok);
    while (!this.is(')')) {
      args.push(this.expr());
      if (this.is(',')) this.advance();
      else if (!this.is(')')) {
        this.unexpected(`')' to close the arguments list of this function call '${nameTok.text}'`);
      }
    }
    this.advance();
    this.depth = level;
    return args;
  }

  /** An operand; as upstream, it adds no level of its own, only the constructs nested in it do. */
  protected primary(statementStart: boolean): Node {
    const t = this.peek();
    const pos = t.pos;
    switch (this.kindOf(t)) {
      case 'int':
      case 'float':
        this.advance();
        return this.numberLiteral(t, false);
      case 'string':
        this.advance();
        this.checkStringLiteral(t.text, t);
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
      case '..':
      case '..=':
        // `..x` is `0..x`: the 0 is the operand, the operator is left to the binary chain.
        return { k: 'lit', value: 0, pos };
      case '(': {
        this.advance();
        if (this.is(')')) {
          // The unit literal is exactly `()`; `( )` is an empty parenthesised expression.
          const close = this.peek();
          if (close.pos.line !== t.end.line || close.pos.col !== t.end.col) {
            this.fail('ExprExpected', 'Expecting an expression', close);
          }
          this.advance();
          return { k: 'lit', value: undefined, pos };
        }
        const level = this.depth;
        this.levelUp(t);
        const e = this.expr();
        this.expect(')', 'for a matching ( in this expression');
        this.depth = level;
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
        return this.standaloneBlock(t);
      case 'ident':
        // A lone `_` is upstream's underscore token, which is no variable.
        if (t.text === '_') this.fail('BadInput', "Unexpected '_'");
        return this.identifierExpr();
      case '--':
      case '++':
        this.fail('Reserved', `'${t.text}' is a reserved symbol`);
      // falls through (fail never returns)
      case 'fn':
        this.fail('WrongFnDefinition', 'Function definitions must be at global level');
      // falls through (fail never returns)
      default:
        if (t.kind === 'ident' && KEYWORDS.has(t.text)) this.fail('ExprExpected', `Expecting an expression`);
        if (t.kind !== 'eof' && t.kind !== 'lexerror' && t.kind !== 'disabled')
          this.fail('BadInput', `Unexpected '${t.text}'`);
        this.unexpected('an expression');
    }
  }

  /**
   * A template literal with interpolations is one level deeper, and each `${...}` in it is a
   * block one level deeper again; depth errors of both are reported at the literal. One without
   * interpolations is a plain string, as upstream's tokenizer makes it.
   */
  protected interpolation(t: Token): Node {
    const parts: Node[] = [];
    const level = this.depth;
    if (t.parts?.some((p) => typeof p !== 'string')) this.levelUp(t);
    const segmentLevel = this.depth;
    for (const p of t.parts ?? []) {
      if (typeof p === 'string') {
        this.checkStringLiteral(p, t);
        parts.push({ k: 'lit', value: p, pos: t.pos });
        continue;
      }
      const savedTokens = this.tokens;
      const savedI = this.i;
      this.tokens = p;
      this.i = 0;
      this.levelUp(t);
      try {
        const stmts: Node[] = [];
        while (this.peek().kind !== 'eof') stmts.push(this.statementWithTerminator(false));
        parts.push(stmts.length === 1 ? stmts[0]! : { k: 'block', body: stmts, pos: p[0]?.pos ?? t.pos });
      } finally {
        this.tokens = savedTokens;
        this.i = savedI;
        this.depth = segmentLevel;
      }
    }
    this.depth = level;
    return { k: 'interp', parts, pos: t.pos };
  }

  /** As upstream: the literal is one level deeper, and each item one more. */
  protected arrayLiteral(): Node {
    const open = this.advance();
    const items: Node[] = [];
    const level = this.depth;
    this.levelUp(open);
    const itemLevel = this.depth;
    for (;;) {
      // As upstream, the size limit is checked before each item and before the closing bracket.
      const max = this.opts.maxArraySize;
      if (max > 0 && items.length >= max) {
        this.fail('LiteralTooLarge', `Size of array literal exceeds the maximum limit (${max})`);
      }
      if (this.is(']')) break;
      this.levelUp(open);
      items.push(this.expr());
      this.depth = itemLevel;
      if (this.is(',')) this.advance();
      else if (!this.is(']')) this.unexpected("',' to separate the items of this array literal");
    }
    this.advance();
    this.depth = level;
    return { k: 'array', items, pos: open.pos };
  }

  /** As upstream: the literal is one level deeper, and each value one more. */
  protected mapLiteral(): Node {
    const open = this.advance();
    const entries: [string, Node][] = [];
    const seen = new Set<string>();
    const level = this.depth;
    this.levelUp(open);
    const valueLevel = this.depth;
    while (!this.is('}')) {
      const keyTok = this.peek();
      const plainBacktick =
        keyTok.kind === 'interp' && keyTok.parts?.length === 1 && typeof keyTok.parts[0] === 'string';
      if (plainBacktick) keyTok.text = keyTok.parts![0] as string;
      if (keyTok.kind !== 'ident' && keyTok.kind !== 'string' && !plainBacktick) {
        if (keyTok.kind === 'eof') this.fail('UnexpectedEOF', 'Script is incomplete');
        if (keyTok.kind === 'lexerror') this.failLex(keyTok);
        this.fail('PropertyExpected', 'Expecting name of a property');
      }
      this.advance();
      if (seen.has(keyTok.text)) {
        this.fail('DuplicatedProperty', `Duplicated property '${keyTok.text}' for object map literal`, keyTok);
      }
      seen.add(keyTok.text);
      this.expect(':', `to follow the property '${keyTok.text}' in this object map literal`);
      const max = this.opts.maxMapSize;
      if (max > 0 && entries.length >= max) {
        this.fail('LiteralTooLarge', `Number of properties in object map literal exceeds the maximum limit (${max})`);
      }
      this.levelUp(open);
      entries.push([keyTok.text, this.expr()]);
      this.depth = valueLevel;
      if (this.is(',')) this.advance();
      else if (!this.is('}')) this.unexpected("',' to separate the items of this object map literal");
    }
    this.advance();
    this.depth = level;
    return { k: 'map', entries, pos: open.pos };
  }

  protected closure(): Node {
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
    const level = this.depth;
    this.scope = fnScope;
    this.inFunction = true;
    try {
      // Upstream parses a closure body as a statement one level deeper, so `|x| total += x` is
      // allowed; unlike a function definition it keeps counting levels against the same limit.
      this.levelUp(open);
      const body = this.statement(false);
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
      this.depth = level;
    }
  }

  protected identifierExpr(): Node {
    const t = this.advance();
    const pos = t.pos;
    if (RESERVED.has(t.text)) this.fail('Reserved', `'${t.text}' is a reserved keyword`, t);
    if (this.is('::')) {
      const path: string[] = [];
      let nameTok = t;
      while (this.is('::')) {
        this.advance();
        path.push(nameTok.text);
        nameTok = this.ident('VariableExpected', 'Expecting name after ::');
      }
      const name = nameTok.text;
      const [root, ...rest] = path as [string, ...string[]];
      const rootDecl = this.scope.resolve(root);
      const knownRoot = rootDecl || this.globalImports.has(root) || this.opts.moduleNames.has(root);
      if (this.opts.strictVariables && !knownRoot) this.fail('ModuleUndefined', `Undefined module: ${root}`, t);
      if (this.is('(')) {
        const args = this.callArgs(nameTok);
        return { k: 'nscall', root, rootDecl, path: rest, name, args, pos };
      }
      return { k: 'nsvar', root, rootDecl, path: rest, name, pos };
    }
    if (this.is('(')) {
      const args = this.callArgs(t);
      const node: Node = { k: 'call', name: t.text, args, pos };
      const local = this.scope.findLocal(t.text) ?? (this.scope.parent ? this.scope.resolve(t.text) : undefined);
      if (local) node.local = local;
      if (t.text === 'eval' || t.text === 'is_def_var') node.visible = this.scope.visible();
      if (t.text === 'eval') {
        this.scope.evalSeen = true;
        this.blockHasEval = true;
      }
      return node;
    }
    if (this.peek().kind === '!' && this.peek(1).kind === '(' && this.peek().pos.col === t.end.col) {
      // `f!(...)` runs the function with the caller's variables visible by name.
      this.advance();
      const args = this.callArgs(t);
      return { k: 'call', name: t.text, args, capture: true, visible: this.scope.visible(), pos };
    }
    const decl = this.scope.resolve(t.text);
    if (!decl && this.opts.strictVariables && !this.opts.externalNames.has(t.text)) this.strictPending.push(t);
    const node: Node = { k: 'var', name: t.text, decl, pos };
    if (decl && this.scope.evalSeen) node.evalAware = true;
    return node;
  }
}
