// The names a Rhai script declares and where each can be seen, from the parser's syntax tree:
// `let`/`const` to the end of their block, parameters to the end of their function or closure,
// loop variables and a `catch` variable to the end of the block they guard. Blocks in the tree
// record only where they open, so their ends come from the tokens (the matching `}`).

import type { FnDef, Node, ScriptAst, VarDecl } from '../rhai/language/ast/ast.ts';
import type { Token } from '../rhai/language/syntax/token.ts';
import type { Position } from '../rhai/language/types/errors.ts';
import { isBefore } from './document-text.ts';

export const DECLARATION_KINDS = ['variable', 'constant', 'parameter', 'module'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];
export const HANDLE_KINDS = ['provider', 'tooling'] as const;

export interface Declaration {
  name: string;
  kind: DeclarationKind;
  pos: Position;
  /** The last position the name can be seen at. */
  visibleUntil: Position;
  /** The index of the script function it belongs to (in the order of `ScriptAst.functions`); undefined for the top level. */
  owner?: number;
  /** A `let` of `omw::provider::get(...)` / `omw::tooling::get(...)`: the handle it holds. */
  handle?: (typeof HANDLE_KINDS)[number];
}

/** A script function's index, or undefined for the script's top level. */
type Owner = number | undefined;

/** Where a script function's definition starts and ends. */
interface Span {
  pos: Position;
  end: Position;
}

/** Past every line: the largest 32-bit line number, which packed facts can hold. */
const END_OF_TEXT: Position = { line: 2 ** 31 - 1, col: 0 };
const key = (pos: Position) => `${pos.line}:${pos.col}`;

/** Where each `{` (and `#{`) closes, keyed by its position; an unclosed one runs to the end of the text. */
function blockEnds(tokens: readonly Token[]): Map<string, Position> {
  const ends = new Map<string, Position>();
  const open: Token[] = [];
  for (const token of tokens) {
    if (token.kind === '{' || token.kind === '#{') open.push(token);
    else if (token.kind === '}') {
      const opener = open.pop();
      if (opener) ends.set(key(opener.pos), token.end);
    }
  }
  return ends;
}

function handleOf(init: Node): 'provider' | 'tooling' | undefined {
  if (init.k !== 'nscall' || init.root !== 'omw' || init.name !== 'get' || init.path.length !== 1) return undefined;
  const kind = init.path[0];
  return kind === 'provider' || kind === 'tooling' ? kind : undefined;
}

class Collector {
  readonly found: Declaration[] = [];

  constructor(private readonly ends: Map<string, Position>) {}

  private endOf(node: Node, outer: Position): Position {
    return node.k === 'block' ? (this.ends.get(key(node.pos)) ?? END_OF_TEXT) : outer;
  }

  private add(decl: VarDecl, kind: DeclarationKind, until: Position, owner: Owner): Declaration {
    const declaration: Declaration = { name: decl.name, kind, pos: decl.pos, visibleUntil: until };
    if (owner !== undefined) declaration.owner = owner;
    this.found.push(declaration);
    return declaration;
  }

  function(def: FnDef, index: number): void {
    for (const param of def.params) this.add(param, 'parameter', def.end, index);
    this.visit(def.body, def.end, index);
  }

  visit(value: unknown, until: Position, owner: Owner): void {
    if (Array.isArray(value)) {
      for (const child of value) this.visit(child, until, owner);
      return;
    }
    if (value instanceof Map) {
      for (const child of value.values()) this.visit(child, until, owner);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (!('k' in value)) {
      // Switch arms are plain objects holding nodes.
      for (const field in value) this.visit((value as Record<string, unknown>)[field], until, owner);
      return;
    }
    const node = value as Node;
    switch (node.k) {
      case 'lit':
      case 'var':
        return;
      case 'block':
        this.visit(node.body, this.endOf(node, until), owner);
        return;
      case 'let': {
        this.visit(node.init, until, owner);
        const declaration = this.add(node.decl, node.decl.isConst ? 'constant' : 'variable', until, owner);
        const handle = handleOf(node.init);
        if (handle) declaration.handle = handle;
        return;
      }
      case 'for': {
        this.visit(node.iter, until, owner);
        const bodyEnd = this.endOf(node.body, until);
        this.add(node.item, 'variable', bodyEnd, owner);
        if (node.counter) this.add(node.counter, 'variable', bodyEnd, owner);
        this.visit(node.body, until, owner);
        return;
      }
      case 'try':
        this.visit(node.body, until, owner);
        if (node.err) this.add(node.err, 'variable', this.endOf(node.handler, until), owner);
        this.visit(node.handler, until, owner);
        return;
      case 'closure':
        for (const param of node.fn.params) this.add(param, 'parameter', node.fn.end, owner);
        this.visit(node.fn.body, node.fn.end, owner);
        return;
      case 'import':
        this.visit(node.path, until, owner);
        if (node.alias) this.add(node.alias, 'module', until, owner);
        return;
      default:
        // Fields by name, not Object.entries: a long script has millions of nodes.
        for (const field in node) {
          // Variables a call site can see are references, not declarations.
          if (field !== 'visible' && field !== 'pos')
            this.visit((node as Record<string, unknown>)[field], until, owner);
        }
    }
  }
}

/** Every declaration of the script, in the order of the text. */
export function declarationsOf(ast: ScriptAst, tokens: readonly Token[]): Declaration[] {
  const collector = new Collector(blockEnds(tokens));
  collector.visit(ast.body, END_OF_TEXT, undefined);
  ast.functions.forEach((def, index) => collector.function(def, index));
  return collector.found.sort((a, b) => (isBefore(a.pos, b.pos) ? -1 : isBefore(b.pos, a.pos) ? 1 : 0));
}

/** The index of the script function whose definition holds `pos`, if any. */
function functionAt(functions: readonly Span[], pos: Position): Owner {
  const index = functions.findIndex((fn) => !isBefore(pos, fn.pos) && !isBefore(fn.end, pos));
  return index < 0 ? undefined : index;
}

/**
 * The names visible at `pos`, the innermost one of each name. A name is visible once it is
 * declared (not while it is being typed), and a script function sees only its own names: Rhai
 * functions do not see the script's top-level variables.
 */
export function visibleAt(declarations: readonly Declaration[], functions: readonly Span[], pos: Position) {
  const owner = functionAt(functions, pos);
  const visible = new Map<string, Declaration>();
  for (const declaration of declarations) {
    const nameEnd = { line: declaration.pos.line, col: declaration.pos.col + declaration.name.length };
    if (declaration.owner !== owner || !isBefore(nameEnd, pos) || isBefore(declaration.visibleUntil, pos)) continue;
    visible.set(declaration.name, declaration);
  }
  return [...visible.values()];
}
