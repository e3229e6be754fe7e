// State shared by the compile-* modules while turning one AST into closures.

import type { Node, VarDecl } from './ast.ts';
import { RhaiError, type Position } from './errors.ts';
import type { Compiled, Frame, Library } from './functions.ts';
import { SharedCell, cloneValue, type Value } from './values.ts';

export interface CompileContext {
  lib: Library;
  /** Compiling the main script body (not a function): top-level constants become `global::` constants. */
  topLevel: boolean;
  compile(node: Node): Compiled;
}

/** Nodes whose value may alias storage and must be cloned before being stored elsewhere. */
export function isAccess(node: Node): boolean {
  return (
    node.k === 'var' || node.k === 'prop' || node.k === 'index' || node.k === 'this' || node.k === 'global' || node.k === 'nsvar'
  );
}

export function compileOwned(cx: CompileContext, node: Node): Compiled {
  const c = cx.compile(node);
  if (!isAccess(node)) return c;
  return (f) => cloneValue(c(f));
}

export function readDecl(decl: VarDecl): Compiled {
  const slot = decl.slot;
  if (decl.captured) return (f) => (f.vars[slot] as SharedCell).v;
  return (f) => f.vars[slot];
}

export function writeDecl(decl: VarDecl): (f: Frame, v: Value) => void {
  const slot = decl.slot;
  if (decl.captured) {
    return (f, v) => {
      (f.vars[slot] as SharedCell).v = v;
    };
  }
  return (f, v) => {
    f.vars[slot] = v;
  };
}

/** Binding a fresh declaration: captured variables get a new shared cell each time. */
export function bindDecl(decl: VarDecl): (f: Frame, v: Value) => void {
  const slot = decl.slot;
  if (decl.captured) {
    return (f, v) => {
      f.vars[slot] = new SharedCell(v);
    };
  }
  return (f, v) => {
    f.vars[slot] = v;
  };
}

export function variableNotFound(name: string, pos: Position): RhaiError {
  return new RhaiError('ErrorVariableNotFound', `Variable not found: ${name}`, pos);
}

export function constantError(name: string, pos: Position): RhaiError {
  return new RhaiError('ErrorAssignmentToConstant', `Cannot modify constant: ${name}`, pos);
}

export function readDynamic(name: string, pos: Position): Compiled {
  return (f) => {
    const d = f.dyn?.get(name);
    if (d) return d.value;
    throw variableNotFound(name, pos);
  };
}
