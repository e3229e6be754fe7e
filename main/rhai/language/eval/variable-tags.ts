// Value tags of INT, bool, string and (). Those values are JS primitives and cannot carry a tag
// themselves (objects do, see types/values.ts), so the tag is kept beside the variable that holds one,
// together with the value it was set on: once the variable holds another value the tag lapses.

import { someNode } from '../ast/walk.ts';
import type { FnDef, Node, VarDecl } from '../ast/ast.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import { fnKey } from '../ast/ast.ts';
import type { Frame, Library } from '../func/functions.ts';
import { toBig } from '../types/int.ts';
import { int } from '../func/arg.ts';
import type { Runtime } from './runtime.ts';
import { SharedCell, tagOf, withTag, type PrimitiveTag, type Value } from '../types/values.ts';

const TAG_MIN = -(2 ** 31);
const TAG_MAX = 2 ** 31 - 1;

/** Upstream tags are i32; anything outside is an arithmetic error rather than a wrap-around. */
export function checkedTag(v: Value, pos?: Position): number {
  const n = toBig(int(v));
  if (n < BigInt(TAG_MIN)) {
    throw new RhaiError(
      'ErrorArithmetic',
      `${n} is too small to fit into a tag (must be between ${TAG_MIN} and ${TAG_MAX})`,
      pos,
    );
  }
  if (n > BigInt(TAG_MAX)) {
    throw new RhaiError(
      'ErrorArithmetic',
      `${n} is too large to fit into a tag (must be between ${TAG_MIN} and ${TAG_MAX})`,
      pos,
    );
  }
  return Number(n);
}

export function varTag(f: Frame, decl: VarDecl): number {
  const slot = decl.slot;
  let v: Value;
  let entry: PrimitiveTag | undefined;
  if (decl.captured) {
    const cell = f.vars[slot] as SharedCell;
    v = cell.v;
    entry = cell.primitiveTag;
  } else {
    v = f.vars[slot];
    entry = f.tags?.[slot];
  }
  if (typeof v === 'object') return tagOf(v);
  return entry !== undefined && entry.v === v ? entry.tag : 0;
}

export function setVarTag(f: Frame, decl: VarDecl, tag: number): void {
  const slot = decl.slot;
  const cell = decl.captured ? (f.vars[slot] as SharedCell) : undefined;
  const v = cell ? cell.v : f.vars[slot];
  if (typeof v === 'object') {
    const tagged = withTag(v, tag);
    if (cell) cell.v = tagged;
    else f.vars[slot] = tagged;
    return;
  }
  const entry = { v, tag };
  if (cell) cell.primitiveTag = entry;
  else (f.tags ??= [])[slot] = entry;
}

/**
 * Where the value of `node` comes from when it can carry a primitive's tag along: another
 * variable, or a script function's return value (read from the runtime right after the call).
 */
export function tagSource(node: Node | undefined, lib: Library): ((f: Frame) => number) | undefined {
  if (node === undefined) return undefined;
  if (node.k === 'var' && node.decl && !node.evalAware) {
    const decl = node.decl;
    return (f) => varTag(f, decl);
  }
  const callee = node.k === 'call' ? lib.functions.get(fnKey(node.name, node.args.length)) : undefined;
  if (callee && returnsTags(callee.def)) return (f) => (f.rt as Runtime).returnTag;
  return undefined;
}

/** Copies a primitive's tag into `decl` after `v` was stored there. */
export function keepTag(f: Frame, decl: VarDecl, v: Value, tag: number): void {
  if (tag === 0 || typeof v === 'object') return;
  const entry = { v, tag };
  if (decl.captured) (f.vars[decl.slot] as SharedCell).primitiveTag = entry;
  else (f.tags ??= [])[decl.slot] = entry;
}

const RETURNS_TAGS = new WeakMap<FnDef, boolean>();

/**
 * Whether a function can return a variable's tag: its tail value or a `return` is a bare
 * variable. Only those functions report tags, so that ordinary calls pay nothing for them.
 */
export function returnsTags(def: FnDef): boolean {
  let known = RETURNS_TAGS.get(def);
  if (known === undefined) {
    known = isVariable(tailOf(def.body)) || hasReturnOfVariable(def.body);
    RETURNS_TAGS.set(def, known);
  }
  return known;
}

function isVariable(node: Node | undefined): boolean {
  return node?.k === 'var' && node.decl !== undefined;
}

function tailOf(body: Node): Node | undefined {
  if (body.k !== 'block') return body;
  const last = body.body[body.body.length - 1];
  return last && tailOf(last);
}

function hasReturnOfVariable(body: Node): boolean {
  return someNode(body, (node) => node.k === 'return' && isVariable(node.value));
}
