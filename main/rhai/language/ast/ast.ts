// Abstract syntax tree. Statements and expressions share one node type because Rhai lets most
// statements (if, switch, loops, blocks) appear as expressions. Variables are resolved to frame
// slots by the parser so the evaluator never looks names up at run time.

import type { Position } from '../types/errors.ts';
import type { Value } from '../types/values.ts';

export interface VarDecl {
  name: string;
  slot: number;
  isConst: boolean;
  /** Captured by a closure: the slot then holds a SharedCell instead of the value. */
  captured: boolean;
  /** Variables visible once this one is declared, for the max-variables limit. */
  live: number;
  pos: Position;
}

export interface SwitchArm {
  condition?: Node;
  body: Node;
}

export interface SwitchRangeArm extends SwitchArm {
  start: Value;
  end: Value;
  inclusive: boolean;
}

export type Node =
  | { k: 'lit'; value: Value; pos: Position }
  /** `evalAware`: read after an `eval` in the same function, which may have shadowed it. */
  | { k: 'var'; name: string; decl?: VarDecl; evalAware?: boolean; pos: Position }
  | { k: 'this'; pos: Position }
  | { k: 'global'; name: string; pos: Position }
  | { k: 'nsvar'; root: string; rootDecl?: VarDecl; path: string[]; name: string; pos: Position }
  | { k: 'interp'; parts: Node[]; pos: Position }
  | { k: 'array'; items: Node[]; pos: Position }
  | { k: 'map'; entries: [string, Node][]; pos: Position }
  | { k: 'unary'; op: string; e: Node; pos: Position }
  | { k: 'bin'; op: string; l: Node; r: Node; pos: Position }
  | ({ k: 'prop'; obj: Node; name: string; safe: boolean; pos: Position } & ChainLink)
  | ({ k: 'index'; obj: Node; idx: Node; safe: boolean; pos: Position } & ChainLink)
  | {
      k: 'call';
      name: string;
      args: Node[];
      /** A local variable of the same name, called as a function pointer if no function matches. */
      local?: VarDecl;
      /** Variables visible at the call site, kept for `eval`, `is_def_var` and capturing calls. */
      visible?: VarDecl[];
      /** `f!(...)`: the function sees the caller's variables by name. */
      capture?: boolean;
      pos: Position;
    }
  | { k: 'nscall'; root: string; rootDecl?: VarDecl; path: string[]; name: string; args: Node[]; pos: Position }
  | ({ k: 'method'; obj: Node; name: string; args: Node[]; safe: boolean; pos: Position } & ChainLink)
  | { k: 'closure'; fn: FnDef; captures: { outer: VarDecl; inner: VarDecl }[]; pos: Position }
  /** `hasEval`: variables that an `eval` in this block defines vanish when the block ends. */
  | { k: 'block'; body: Node[]; hasEval?: boolean; pos: Position }
  | { k: 'if'; cond: Node; then: Node; else?: Node; pos: Position }
  | {
      k: 'switch';
      subject: Node;
      cases: Map<unknown, SwitchArm[]>;
      ranges: SwitchRangeArm[];
      default?: Node;
      pos: Position;
    }
  | { k: 'while'; cond?: Node; body: Node; pos: Position }
  | { k: 'do'; cond: Node; until: boolean; body: Node; pos: Position }
  | { k: 'for'; item: VarDecl; counter?: VarDecl; iter: Node; body: Node; pos: Position }
  /** `global`: a top-level constant, also visible as `global::name` inside functions. */
  | { k: 'let'; decl: VarDecl; init: Node; global: boolean; evalAware?: boolean; pos: Position }
  | { k: 'assign'; op: string; target: Node; value: Node; pos: Position }
  | { k: 'break'; value?: Node; pos: Position }
  | { k: 'continue'; pos: Position }
  | { k: 'return'; value?: Node; pos: Position }
  | { k: 'throw'; value?: Node; pos: Position }
  | { k: 'try'; body: Node; err?: VarDecl; handler: Node; pos: Position }
  | { k: 'import'; path: Node; alias?: VarDecl; pos: Position }
  | { k: 'export'; decl: VarDecl; as: string; pos: Position }
  | { k: 'nop'; pos: Position };

/** A property, index or method link of a chain; see eval/chain-short.ts. */
export interface ChainLink {
  /** A `?.`/`?[` link with more links after it: meeting `()` ends the whole chain. */
  shortsChain?: boolean;
  /** The last link of a chain holding a `shortsChain` link. */
  endsShortChain?: boolean;
}

export interface FnDef {
  name: string;
  params: VarDecl[];
  body: Node;
  /** Number of frame slots needed: parameters, locals and closure captures. */
  slots: number;
  isPrivate: boolean;
  /** `fn int.calc(x)`: a method callable only on values of this type (a `type_of` name). */
  thisType?: string;
  doc?: string;
  pos: Position;
  end: Position;
}

/** A parsed script: top-level statements plus function definitions. */
export interface ScriptAst {
  body: Node[];
  functions: FnDef[];
  slots: number;
  /** Top-level declarations, for outline and host scope interaction. */
  topLevel: VarDecl[];
  /** Module-style exports: exported name → declaration. */
  exports: Map<string, VarDecl>;
  source: string;
}

export function fnKey(name: string, arity: number): string {
  return `${name}/${arity}`;
}

/** The key of a method defined for values of one type only. */
export function typedMethodKey(type: string, name: string, arity: number): string {
  return `${type}.${name}/${arity}`;
}

export function defKey(def: FnDef): string {
  const arity = def.params.length;
  return def.thisType === undefined ? fnKey(def.name, arity) : typedMethodKey(def.thisType, def.name, arity);
}
