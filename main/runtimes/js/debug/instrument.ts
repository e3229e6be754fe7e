// Instruments a JavaScript brain for the debugger (acorn parses it). Before each statement goes a
// hook that calls the host only while the debugger wants statements (a breakpoint in the file, a
// step, a pause): one read of a global lexical binding otherwise (QuickJS reads those much faster
// than an array's element, which halves what an attached debugger costs call-heavy code).
// Function bodies count an entry serial, which orders frames for steps, and catch what they
// throw, to report it before the stack unwinds; `try` blocks count themselves, so a thrown error
// is known caught or not where it is thrown. An arrow's expression body becomes a block that
// returns it, so a step or a breakpoint stops there and the arrow is a frame like any other.
//
// A function that runs straight through (no loop, no `try`, no function inside) also gets a fast
// copy of its body, taken at entry while the debugger wants nothing of it: with none of the
// above, a call costs the count of its entry, whose sign says to take the copy. The copy is written on one
// line (comments dropped, the semicolons automatic insertion would add written out), so no
// newline is added; positions in it map back token by token. A call that began in the fast copy
// finishes there: it cannot stop, but having no loop it cannot run long on its own, and what it
// calls after a pause is instrumented. Every entry counts once, fast or not, so a stop's serials
// do not depend on when the debugger wanted what: re-running the iteration with every hook on
// finds the stop again by them (rerun.ts), and there the frames entered before it show locals.
// The accessor answers `this` only in functions that read it: reading it costs every call.
//
// Nothing else changes: no newline is added (lines stay exact, columns map back through the
// ColumnMap), hook statements are lexical declarations at the top level (which keep the
// completion value), and hidden names start with a prefix the source does not contain.

import { parse, type Node, type Token } from 'acorn';
import { base, recursive, type RecursiveVisitors } from 'acorn-walk';
import { ColumnMap, type CopiedToken, type Insertion } from './column-map.ts';

/** A place the host hears from: a statement, a function's catch, a try's catch, a throw. */
export interface DebugSite {
  kind: 'statement' | 'function' | 'try' | 'throw';
  line: number;
  /** 1-based, in code points, as QuickJS counts. */
  column: number;
  /** Index into `functions`; 0 is the top level. */
  fn: number;
  /** Names the site's accessor reads and writes by index, innermost scope first. */
  names: string[];
  /** Whether the accessor answers `this` at index -1. */
  hasThis: boolean;
}

export interface DebugFunction {
  /** Source offsets of the function, for telling which function a stack position is in. */
  start: number;
  end: number;
}

export interface InstrumentedBrain {
  code: string;
  prefix: string;
  sites: DebugSite[];
  functions: DebugFunction[];
  /** Names declared at the top level, the Globals scope. */
  globals: string[];
  columns: ColumnMap;
  /** Offsets of the original source's lines, to place a stack position in a function. */
  lineStarts: number[];
}

export type Instrumentation = { ok: true; brain: InstrumentedBrain } | { ok: false; reason: string };

/**
 * The text of the hooks the instrumentation inserts where they differ between the live brain and
 * a re-run of its iteration (rerun-hooks.ts); names are the prelude's, made by `name`.
 */
export interface HookShape {
  /** Before statement `id` (whose variables are `names`), up to its accessor: the hook's call. */
  statement(id: number, names: readonly string[]): string;
  /**
   * Begins a function body: declares `d`, its entry serial; `counted` when the fast copy's test
   * counted the entry already.
   */
  entry(counted: boolean): string;
  /** In the `finally` of a function body. */
  exit: string;
}

/** The live brain's hooks: they call the host while `on`. */
export function liveHooks(name: (suffix: string) => string): HookShape {
  const [on, serial, depth] = [name(SHARED.on), name(SHARED.serial), name('d')];
  return {
    statement: (id) => `${on}&&${name('S')}(${id},${depth},`,
    entry: (counted) => `var ${depth}=${counted ? '' : '++'}${serial}+${name(SHARED.offset)};`,
    exit: `${on}&&${name('R')}(${depth})`,
  };
}

/** The hook kinds `$X` is told about: a function's catch, a try's catch, a throw statement. */
export const THROWN_AT = { function: 0, tryBlock: 1, throwStatement: 2 } as const;

/** Suffixes of the prelude's global lexical bindings the instrumented brain reads and writes. */
export const SHARED = {
  /** Whether statement hooks call the host. */
  on: 'on',
  /**
   * Counts function entries: each frame's serial (the count plus `offset`), which orders frames.
   * While functions take their fast copies (the debugger wants nothing of them), the count is the
   * serial itself; otherwise it is below 0, so that a fast copy's test is the entry's count.
   */
  serial: 'n',
  offset: 'o',
  /** Counted `try` blocks the brain is in: a throw inside one is caught. */
  tryDepth: 't',
} as const;

/** `offset` while functions take no fast copy: the count stays below 0 for 2^40 entries. */
export const SLOW_OFFSET = 2 ** 40;

// ESTree nodes differ per type and the walk reads a few fields of many: one loose type serves.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyNode = Node & Record<string, any>;
/** acorn-walk's callback; its optional third argument names the node's role (`Expression`, ...). */
type Callback = (node: Node, st: WalkState, override?: string) => void;
type Visitor = (node: AnyNode, st: WalkState, c: Callback) => void;

class Scope {
  readonly names = new Set<string>();
  constructor(
    readonly kind: 'global' | 'function' | 'block',
    readonly parent: Scope | undefined,
    readonly fn: FunctionState,
  ) {}
}

interface FunctionState {
  id: number;
  parent: FunctionState | undefined;
  /** Identifiers referenced in the function or functions inside it. */
  used: Set<string>;
  /** Params and `var`s: what the function's own catch still sees. */
  scope: Scope | undefined;
  /** Whether the function's own `this` is there (not an arrow, not the top level). */
  hasThis: boolean;
  /** Generators and async functions suspend inside their `try` blocks, so those are not counted. */
  suspends: boolean;
}

interface WalkState {
  scope: Scope;
  fn: FunctionState;
}

interface PendingInsertion {
  at: number;
  text: string | (() => string);
  copied?: CopiedToken[];
}

/** A function body written again on one line, with where each of its tokens came from. */
interface FastCopy {
  text: string;
  copied: CopiedToken[];
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
/** What keeps a function from a fast copy: code that can run long, nest a frame, or count a `try`. */
const NOT_STRAIGHT = new Set([
  ...FUNCTION_TYPES,
  'ClassDeclaration',
  'ClassExpression',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
  'TryStatement',
  'WithStatement',
]);
/** Nodes inside which `this` is not the enclosing function's. */
const THIS_OF_ITS_OWN = new Set(['FunctionDeclaration', 'FunctionExpression', 'PropertyDefinition', 'StaticBlock']);
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** Statements that run nothing of their own, so a stop there would mean nothing. */
const NOT_STOPPABLE = new Set(['FunctionDeclaration', 'EmptyStatement', 'BlockStatement']);

function patternNames(pattern: AnyNode | null | undefined, out: string[] = []): string[] {
  if (!pattern) return out;
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties as AnyNode[]) {
        patternNames((property.type === 'RestElement' ? property.argument : property.value) as AnyNode, out);
      }
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as (AnyNode | null)[]) patternNames(element, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument as AnyNode, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left as AnyNode, out);
      break;
  }
  return out;
}

/** A prefix no identifier or string of the source contains, so hidden names cannot collide. */
function hiddenPrefix(source: string): string {
  for (let n = 0; ; n++) {
    const prefix = `$bb${n === 0 ? '' : n}_`;
    if (!source.includes(prefix)) return prefix;
  }
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Code points between two offsets (QuickJS counts columns in code points). */
function codePoints(source: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const unit = source.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= to) count++;
    else if (source.charCodeAt(i + 1) >= 0xdc00 && source.charCodeAt(i + 1) <= 0xdfff) {
      count++;
      i++;
    } else count++;
  }
  return count;
}

class Instrumenter {
  readonly prefix: string;
  readonly sites: DebugSite[] = [];
  readonly functions: DebugFunction[] = [];
  readonly #insertions: PendingInsertion[] = [];
  readonly #siteScopes: Scope[] = [];
  readonly #lineStarts: number[];
  readonly global: Scope;

  constructor(
    readonly source: string,
    /** The source's tokens in order, and the offsets after which a semicolon was inserted. */
    private readonly tokens: Token[],
    private readonly insertedSemicolons: Set<number>,
  ) {
    this.prefix = hiddenPrefix(source);
    this.#lineStarts = lineStartsOf(source);
    const top: FunctionState = {
      id: 0,
      parent: undefined,
      used: new Set(),
      scope: undefined,
      hasThis: false,
      suspends: false,
    };
    this.global = new Scope('global', undefined, top);
    top.scope = this.global;
    this.functions.push({ start: 0, end: source.length });
  }

  name(suffix: string): string {
    return this.prefix + suffix;
  }

  insert(at: number, text: string | (() => string), copied?: CopiedToken[]): void {
    this.#insertions.push({ at, text, ...(copied ? { copied } : {}) });
  }

  /** The index of the first token starting at or after `offset` (by index: an empty template chunk has no length). */
  tokenIndex(offset: number): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.tokens[mid]!.start < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The end of an arrow's `=>`, and the start of its expression body with its parentheses. */
  arrowBody(node: AnyNode, body: AnyNode): { arrow: number; start: number } {
    let arrow = node.start as number;
    for (let i = this.tokenIndex(arrow); i < this.tokens.length; i++) {
      const token = this.tokens[i]!;
      if (token.start >= (body.start as number)) break;
      if (token.type.label === '=>') arrow = token.end;
    }
    return { arrow, start: this.tokens[this.tokenIndex(arrow)]?.start ?? (body.start as number) };
  }

  /**
   * The tokens between two offsets on one line: gaps (spaces, newlines, comments) become one
   * space, inserted semicolons are written. None when a token itself spans lines (a template).
   */
  fastCopy(from: number, to: number, prefix: string): FastCopy | undefined {
    let text = prefix;
    let at = prefix.length;
    let end = from;
    const copied: CopiedToken[] = [];
    for (let i = this.tokenIndex(from); i < this.tokens.length; i++) {
      const token = this.tokens[i]!;
      if (token.end > to || token.type.label === 'eof') break;
      const slice = this.source.slice(token.start, token.end);
      if (LINE_BREAK.test(slice)) return undefined;
      if (token.start > end) {
        text += ' ';
        at++;
      }
      const { line, column } = this.#position(token.start);
      copied.push({ at, line, column: column + 1 });
      text += slice;
      at += codePoints(slice, 0, slice.length);
      if (this.insertedSemicolons.has(token.end)) {
        text += ';';
        at++;
      }
      end = token.end;
    }
    return { text, copied };
  }

  #position(offset: number): { line: number; column: number } {
    const starts = this.#lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: codePoints(this.source, starts[low]!, offset) };
  }

  /** A new site at `offset`; a function's own catch sees only its params and `var`s. */
  site(kind: DebugSite['kind'], offset: number, state: WalkState): number {
    const { line, column } = this.#position(offset);
    const id = this.sites.length;
    this.sites.push({ kind, line, column: column + 1, fn: state.fn.id, names: [], hasThis: state.fn.hasThis });
    this.#siteScopes.push(kind === 'function' && state.fn.scope ? state.fn.scope : state.scope);
    return id;
  }

  /** The names a site's accessor reads, once the whole source is walked. */
  names(id: number): string[] {
    return this.#resolveNames(id);
  }

  /** Names resolve once the whole source is walked, when every declaration is known. */
  #resolveNames(id: number): string[] {
    const site = this.sites[id]!;
    if (site.names.length > 0) return site.names;
    const scope = this.#siteScopes[id]!;
    const names = new Set<string>();
    const fn = scope.fn;
    for (let s: Scope | undefined = scope; s && s.kind !== 'global'; s = s.parent) {
      const inOwnFunction = s.fn === fn;
      for (const name of s.names) if (inOwnFunction || fn.used.has(name)) names.add(name);
    }
    site.names = [...names];
    return site.names;
  }

  /** The accessor arrow of a site: `(k, v, w)` reads name number k, or writes v to it when w. */
  accessor(id: number): () => string {
    return () => {
      const [k, v, w] = [this.name('k'), this.name('v'), this.name('w')];
      const names = this.#resolveNames(id);
      const cases = names.map((name, i) => `case ${i}:return ${w}?(${name}=${v}):${name};`);
      if (this.sites[id]!.hasThis) cases.push('case -1:return this;');
      return cases.length === 0 ? '0' : `(${k},${v},${w})=>{switch(${k}){${cases.join('')}}}`;
    };
  }

  result(): InstrumentedBrain {
    const ordered = this.#insertions.map((insertion, seq) => ({ ...insertion, seq }));
    ordered.sort((a, b) => a.at - b.at || a.seq - b.seq);
    let code = '';
    let from = 0;
    const placed: Insertion[] = [];
    for (const { at, text, copied } of ordered) {
      const inserted = typeof text === 'string' ? text : text();
      code += this.source.slice(from, at) + inserted;
      from = at;
      const { line, column } = this.#position(at);
      placed.push({ line, column, length: codePoints(inserted, 0, inserted.length), ...(copied ? { copied } : {}) });
    }
    code += this.source.slice(from);
    for (let id = 0; id < this.sites.length; id++) this.#resolveNames(id);
    return {
      code,
      prefix: this.prefix,
      sites: this.sites,
      functions: this.functions,
      globals: [...this.global.names],
      columns: new ColumnMap(placed),
      lineStarts: this.#lineStarts,
    };
  }
}

function declare(state: WalkState, kind: string, names: string[]): void {
  let scope: Scope | undefined = state.scope;
  if (kind === 'var') while (scope && scope.kind === 'block') scope = scope.parent;
  for (const name of names) scope?.names.add(name);
}

/** Names a block declares lexically (hoisted to its start, so known before its statements run). */
function declareLexical(statements: AnyNode[], state: WalkState, blockLevel: boolean): void {
  for (const statement of statements) {
    if (statement.type === 'VariableDeclaration' && statement.kind !== 'var') {
      for (const d of statement.declarations as AnyNode[]) declare(state, 'let', patternNames(d.id as AnyNode));
    } else if (statement.type === 'ClassDeclaration' || (statement.type === 'FunctionDeclaration' && blockLevel)) {
      declare(state, 'let', [(statement.id as AnyNode).name as string]);
    } else if (statement.type === 'FunctionDeclaration') {
      declare(state, 'var', [(statement.id as AnyNode).name as string]);
    }
  }
}

/** The nodes directly under a node. */
function childNodes(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof (item as AnyNode).type === 'string') out.push(item as AnyNode);
    } else if (value && typeof value === 'object' && typeof (value as AnyNode).type === 'string') {
      out.push(value as AnyNode);
    }
  }
  return out;
}

/** Whether a node under `root` passes `found`, not looking inside the nodes `skip` passes. */
function someNode(root: AnyNode, found: (node: AnyNode) => boolean, skip: (node: AnyNode) => boolean): boolean {
  const visit = (node: AnyNode): boolean => found(node) || (!skip(node) && childNodes(node).some(visit));
  return childNodes(root).some(visit);
}

/** `var` names anywhere in a function body, not inside nested functions. */
function varNames(body: AnyNode): string[] {
  const names: string[] = [];
  const visit = (node: AnyNode): void => {
    if (FUNCTION_TYPES.has(node.type) || node.type === 'ClassExpression' || node.type === 'ClassDeclaration') return;
    if (node.type === 'VariableDeclaration' && node.kind === 'var') {
      for (const d of node.declarations as AnyNode[]) patternNames(d.id as AnyNode, names);
    }
    childNodes(node).forEach(visit);
  };
  for (const statement of body.body as AnyNode[]) visit(statement);
  return names;
}

/** Whether the function runs straight through: no loop, `try`, class or function inside. */
function straight(node: AnyNode): boolean {
  if (node.generator === true || node.async === true) return false;
  return !someNode(
    node,
    (child) => NOT_STRAIGHT.has(child.type),
    () => false,
  );
}

/**
 * Whether a function reads `this` (its arrows included). Only then does the accessor answer
 * `this`: a `this` the accessor alone reads costs every call of the function, fast copy or not.
 */
function readsThis(node: AnyNode): boolean {
  return someNode(
    node,
    (child) => child.type === 'ThisExpression' || child.type === 'Super',
    (child) => THIS_OF_ITS_OWN.has(child.type),
  );
}

function directiveEnd(body: AnyNode): number {
  let end = (body.start as number) + 1;
  for (const statement of body.body as AnyNode[]) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') break;
    end = statement.end as number;
  }
  return end;
}

/**
 * Whether the body can go inside a `try` block: there its function declarations become
 * block-scoped, which is an error beside a `var` of the same name or a second declaration.
 */
function wrappable(body: AnyNode): boolean {
  const declared = new Set<string>();
  for (const statement of body.body as AnyNode[]) {
    if (statement.type !== 'FunctionDeclaration') continue;
    const name = (statement.id as AnyNode).name as string;
    if (declared.has(name)) return false;
    declared.add(name);
  }
  return !varNames(body).some((name) => declared.has(name));
}

/** A name the function (and so each function around it) refers to. */
function use(st: WalkState, name: string): void {
  for (let f: FunctionState | undefined = st.fn; f; f = f.parent) f.used.add(name);
}

function makeVisitors(ins: Instrumenter, shape: HookShape): Record<string, Visitor> {
  const serial = ins.name(SHARED.serial);
  const tryDepth = ins.name(SHARED.tryDepth);
  const depth = ins.name('d');
  const thrown = ins.name('X');
  const caught = ins.name('x');
  let topLevelHooks = 0;

  const hook = (statement: AnyNode, st: WalkState): (() => string) => {
    const id = ins.site('statement', statement.start as number, st);
    const accessor = ins.accessor(id);
    const call = () => `${shape.statement(id, ins.names(id))}${accessor()});`;
    // Global code: a hook that is an expression statement would become the completion value.
    if (st.fn.id === 0) {
      const name = ins.name(`z${topLevelHooks++}`);
      return () => `const ${name}=${call()}`;
    }
    return call;
  };

  const statementList = (statements: AnyNode[], st: WalkState, c: Callback): void => {
    for (const statement of statements) {
      const directive = statement.type === 'ExpressionStatement' && typeof statement.directive === 'string';
      if (!directive && !NOT_STOPPABLE.has(statement.type)) ins.insert(statement.start as number, hook(statement, st));
      c(statement, st);
    }
  };

  /** A lone statement as a loop's or an `if`'s body gets braces, to hold its hook. */
  const body = (statement: AnyNode, st: WalkState, c: Callback): void => {
    if (statement.type === 'BlockStatement' || statement.type === 'EmptyStatement') {
      c(statement, st);
      return;
    }
    const open = hook(statement, st);
    ins.insert(statement.start as number, () => `{${open()}`);
    c(statement, st);
    ins.insert(statement.end as number, '}');
  };

  const blockScope = (st: WalkState): WalkState => ({ scope: new Scope('block', st.scope, st.fn), fn: st.fn });

  const fn = (node: AnyNode, st: WalkState, c: Callback): void => {
    const id = ins.functions.length;
    ins.functions.push({ start: node.start as number, end: node.end as number });
    const arrow = node.type === 'ArrowFunctionExpression';
    const fnState: FunctionState = {
      id,
      parent: st.fn,
      used: new Set(),
      scope: undefined,
      hasThis: arrow ? st.fn.hasThis : readsThis(node),
      suspends: node.generator === true || node.async === true,
    };
    const scope = new Scope('function', st.scope, fnState);
    fnState.scope = scope;
    const inner: WalkState = { scope, fn: fnState };
    if (node.type === 'FunctionExpression' && node.id) scope.names.add((node.id as AnyNode).name as string);
    for (const param of node.params as AnyNode[]) {
      declare(inner, 'var', patternNames(param));
      c(param, inner);
    }
    const bodyNode = node.body as AnyNode;
    const catchAll = (): (() => string) => {
      const site = ins.site('function', bodyNode.start as number, inner);
      const accessor = ins.accessor(site);
      return () =>
        `}catch(${caught}){throw ${thrown}(${caught},${THROWN_AT.function},${depth},${accessor()},${site})}` +
        `finally{${shape.exit}}`;
    };
    const isStraight = straight(node);
    if (bodyNode.type !== 'BlockStatement') {
      // `x => e` becomes `x => {...try{hook;return e}catch...}`; `return` goes right before the
      // expression's first token (a parenthesis maybe), never before a newline.
      const { arrow, start } = ins.arrowBody(node, bodyNode);
      const copy = isStraight ? ins.fastCopy(start, node.end as number, `{if(++${serial}>0)return `) : undefined;
      ins.insert(arrow, copy ? `${copy.text};` : '{', copy?.copied);
      ins.insert(arrow, `${shape.entry(copy !== undefined)}try{`);
      const open = hook({ start } as AnyNode, inner);
      ins.insert(start, () => `${open()}return `);
      c(bodyNode, inner);
      ins.insert(node.end as number, catchAll());
      ins.insert(node.end as number, '}');
      return;
    }
    declare(inner, 'var', varNames(bodyNode));
    declareLexical(bodyNode.body as AnyNode[], inner, false);
    const wrap = wrappable(bodyNode);
    const bodyStart = directiveEnd(bodyNode);
    const copy = isStraight ? ins.fastCopy(bodyStart, (bodyNode.end as number) - 1, `if(++${serial}>0){`) : undefined;
    if (copy) ins.insert(bodyStart, `${copy.text};return}`, copy.copied);
    if (wrap) ins.insert(bodyStart, `${shape.entry(copy !== undefined)}try{`);
    statementList(bodyNode.body as AnyNode[], inner, c);
    if (wrap) ins.insert((bodyNode.end as number) - 1, catchAll());
  };

  return {
    Program: (node, st, c) => {
      declareLexical(node.body as AnyNode[], st, false);
      statementList(node.body as AnyNode[], st, c);
    },
    BlockStatement: (node, st, c) => {
      const inner = blockScope(st);
      declareLexical(node.body as AnyNode[], inner, true);
      statementList(node.body as AnyNode[], inner, c);
    },
    StaticBlock: (node, st, c) => {
      const inner = blockScope(st);
      declareLexical(node.body as AnyNode[], inner, true);
      statementList(node.body as AnyNode[], inner, c);
    },
    SwitchStatement: (node, st, c) => {
      c(node.discriminant, st, 'Expression');
      const inner = blockScope(st);
      for (const clause of node.cases) declareLexical(clause.consequent as AnyNode[], inner, true);
      for (const clause of node.cases) {
        if (clause.test) c(clause.test, inner, 'Expression');
        statementList(clause.consequent as AnyNode[], inner, c);
      }
    },
    IfStatement: (node, st, c) => {
      c(node.test, st, 'Expression');
      body(node.consequent as AnyNode, st, c);
      if (node.alternate) body(node.alternate as AnyNode, st, c);
    },
    WhileStatement: (node, st, c) => {
      c(node.test, st, 'Expression');
      body(node.body as AnyNode, st, c);
    },
    DoWhileStatement: (node, st, c) => {
      body(node.body as AnyNode, st, c);
      c(node.test, st, 'Expression');
    },
    ForStatement: (node, st, c) => {
      const inner = blockScope(st);
      if (node.init) {
        const init = node.init as AnyNode;
        if (init.type === 'VariableDeclaration') {
          for (const d of init.declarations as AnyNode[])
            declare(inner, init.kind as string, patternNames(d.id as AnyNode));
        }
        c(node.init, inner, 'ForInit');
      }
      if (node.test) c(node.test, inner, 'Expression');
      if (node.update) c(node.update, inner, 'Expression');
      body(node.body as AnyNode, inner, c);
    },
    ForInStatement: (node, st, c) => forInOf(node as AnyNode, st, c),
    ForOfStatement: (node, st, c) => forInOf(node as AnyNode, st, c),
    WithStatement: (node, st, c) => {
      c(node.object, st, 'Expression');
      body(node.body as AnyNode, st, c);
    },
    LabeledStatement: (node, st, c) => {
      // The label's statement is hooked before the label: a declaration there would be an error.
      c(node.body, st, 'Statement');
    },
    TryStatement: (node, st, c) => {
      const block = node.block as AnyNode;
      if (node.handler) {
        const counted = !st.fn.suspends;
        const site = ins.site('try', block.start as number, st);
        const accessor = ins.accessor(site);
        ins.insert(block.start as number, counted ? `{${tryDepth}++;try` : '{try');
        c(block, st);
        ins.insert(
          block.end as number,
          () =>
            `catch(${caught}){throw ${thrown}(${caught},${THROWN_AT.tryBlock},${depth},${accessor()},${site})}` +
            `${counted ? `finally{${tryDepth}--}` : ''}}`,
        );
        const handler = node.handler as AnyNode;
        const inner = blockScope(st);
        if (handler.param) declare(inner, 'let', patternNames(handler.param as AnyNode));
        if (handler.param) c(handler.param as Node, inner, 'Pattern');
        c(handler.body as Node, inner);
      } else c(block, st);
      if (node.finalizer) c(node.finalizer, st);
    },
    ThrowStatement: (node, st, c) => {
      const argument = node.argument as AnyNode;
      const site = ins.site('throw', node.start as number, st);
      const accessor = ins.accessor(site);
      ins.insert(argument.start as number, `${thrown}((`);
      c(node.argument, st, 'Expression');
      ins.insert(argument.end as number, () => `),${THROWN_AT.throwStatement},${depth},${accessor()},${site})`);
    },
    VariableDeclaration: (node, st, c) => {
      if (node.kind === 'var') {
        for (const d of node.declarations) declare(st, 'var', patternNames(d.id as AnyNode));
      }
      (base as unknown as Record<string, Visitor>).VariableDeclaration!(node, st, c);
    },
    Function: (node, st, c) => fn(node as AnyNode, st, c),
    AssignmentExpression: (node, st, c) => {
      // acorn-walk does not visit a pattern's names as identifiers: assigned names are used too.
      for (const name of patternNames(node.left as AnyNode)) use(st, name);
      (base as unknown as Record<string, Visitor>).AssignmentExpression!(node, st, c);
    },
    Identifier: (node, st) => use(st, node.name as string),
  };

  function forInOf(node: AnyNode, st: WalkState, c: Callback): void {
    const inner = blockScope(st);
    const left = node.left as AnyNode;
    if (left.type === 'VariableDeclaration') {
      for (const d of left.declarations as AnyNode[])
        declare(inner, left.kind as string, patternNames(d.id as AnyNode));
    }
    c(left, inner, 'ForInit');
    c(node.right as Node, st, 'Expression');
    body(node.body as AnyNode, inner, c);
  }
}

/** `shape`: the hooks' text, the live brain's unless a re-run's (rerun-hooks.ts). */
export function instrumentBrain(
  source: string,
  shape: (name: (suffix: string) => string) => HookShape = liveHooks,
): Instrumentation {
  let program: Node;
  const tokens: Token[] = [];
  const insertedSemicolons = new Set<number>();
  try {
    program = parse(source, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      locations: false,
      onToken: tokens,
      onInsertedSemicolon: (end) => insertedSemicolons.add(end),
    });
  } catch (error) {
    return { ok: false, reason: `the brain does not parse: ${(error as Error).message}` };
  }
  const ins = new Instrumenter(source, tokens, insertedSemicolons);
  const start: WalkState = { scope: ins.global, fn: ins.global.fn };
  const visitors = makeVisitors(
    ins,
    shape((suffix) => ins.name(suffix)),
  );
  recursive(program, start, visitors as unknown as RecursiveVisitors<WalkState>);
  return { ok: true, brain: ins.result() };
}

/** The 1-based lines where a statement starts: where a breakpoint can stop. */
export function breakableLines(source: string): number[] {
  const instrumentation = instrumentBrain(source);
  if (!instrumentation.ok) return [];
  const lines = instrumentation.brain.sites.filter((site) => site.kind === 'statement').map((site) => site.line);
  return [...new Set(lines)].sort((a, b) => a - b);
}
