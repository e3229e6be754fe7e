// State shared by the compile-* modules while turning one AST into closures.

import type { Node, VarDecl } from '../ast/ast.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import type { Compiled, Frame, Library } from '../func/functions.ts';
import type { Runtime } from './runtime.ts';
import { SharedCell, cloneValue, typeOf, type Value } from '../types/values.ts';

export interface CompileContext {
  lib: Library;
  /** Compiling the main script body (not a function): top-level constants become `global::` constants. */
  topLevel: boolean;
  /** Whether loops may be compiled to generated JavaScript. */
  generateCode: boolean;
  /**
   * Whether `node` (an `eval` call) runs at the script's own level, upstream's scope level 0: not
   * in a function, block, branch, loop or `try`. Its top-level constants become `global::` ones.
   */
  isScriptLevelEval(node: Node): boolean;
  compile(node: Node): Compiled;
  /** A function's body: generated code when loops are, closures otherwise. */
  compileFunctionBody(body: Node): Compiled;
}

/**
 * Nodes whose value may alias storage and must be cloned before being stored elsewhere:
 * accesses, and the branching forms that can yield one (`if c { x } else { y }`, `a ?? b`).
 */
export function isAccess(node: Node): boolean {
  switch (node.k) {
    case 'var':
    case 'prop':
    case 'index':
    case 'this':
    case 'global':
    case 'nsvar':
    case 'if':
    case 'switch':
    case 'block':
      return true;
    case 'bin':
      return node.op === '??';
    default:
      return false;
  }
}

export function compileOwned(cx: CompileContext, node: Node): Compiled {
  return ownedValue(node, cx.compile(node));
}

/** `compiled` (the code of `node`) yielding a value of its own, for storing elsewhere. */
export function ownedValue(node: Node, compiled: Compiled): Compiled {
  if (!isAccess(node)) return compiled;
  return (f) => cloneValue(compiled(f));
}

export function readDecl(decl: VarDecl): Compiled {
  const slot = decl.slot;
  if (decl.captured) {
    const name = decl.name;
    return (f) => {
      const cell = f.vars[slot] as SharedCell;
      if (cell.locked) throw dataRace(name);
      return cell.v;
    };
  }
  return (f) => f.vars[slot];
}

export function writeDecl(decl: VarDecl): (f: Frame, v: Value) => void {
  const slot = decl.slot;
  if (decl.captured) {
    const name = decl.name;
    return (f, v) => {
      const cell = f.vars[slot] as SharedCell;
      if (cell.locked) throw dataRace(name);
      cell.v = v;
      cell.primitiveTag = undefined;
    };
  }
  return (f, v) => {
    f.vars[slot] = v;
    if (f.tags !== undefined) f.tags[slot] = undefined;
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
    if (f.tags !== undefined) f.tags[slot] = undefined;
  };
}

/**
 * Upstream's shared values are locks: a method call holds its receiver's lock, so a closure reaching
 * the same captured variable meanwhile (`a.call(|| a + 1)`) is `ErrorDataRace`.
 */
export function dataRace(name: string): RhaiError {
  return new RhaiError('ErrorDataRace', `Data race detected on variable '${name}'`, undefined);
}

export function variableNotFound(name: string, pos: Position): RhaiError {
  return new RhaiError('ErrorVariableNotFound', `Variable not found: ${name}`, pos);
}

export function tooManyVariables(pos: Position): RhaiError {
  return new RhaiError('ErrorTooManyVariables', 'Too many variables defined', pos);
}

export function constantError(name: string, pos: Position): RhaiError {
  return new RhaiError('ErrorAssignmentToConstant', `Cannot modify constant: ${name}`, pos);
}

/** The newest `eval`-defined variable of that name still in effect, if any. */
export function evalVar(f: Frame, name: string): { value: Value; isConst: boolean } | undefined {
  const ev = f.evalVars;
  if (ev === undefined) return undefined;
  for (let i = ev.length - 1; i >= 0; i--) {
    const e = ev[i]!;
    if (e.name === name) return e.shadowed;
  }
  return undefined;
}

export function readDynamic(name: string, pos: Position): Compiled {
  return (f) => {
    const e = evalVar(f, name);
    if (e) return e.value;
    const d = f.dyn?.get(name);
    if (d) return d.value;
    throw variableNotFound(name, pos);
  };
}

/** Reads a declared variable that an earlier `eval` may have shadowed. */
export function readEvalAware(decl: VarDecl): Compiled {
  const read = readDecl(decl);
  const name = decl.name;
  return (f) => {
    if (f.evalVars !== undefined) {
      const e = evalVar(f, name);
      if (e) return e.value;
    }
    return read(f);
  };
}

/** Slow path of the per-statement operation check: limits, progress and debugger hooks. */
export function tick(f: Frame, pos: Position): void {
  const rt = f.rt as Runtime;
  rt.slowTick(pos);
  rt.statementHook(pos, f);
}

export function boolCondition(v: Value, pos: Position): boolean {
  if (typeof v === 'boolean') return v;
  throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(v)} (expecting bool)`, pos);
}
