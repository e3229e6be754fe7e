// Assignment targets. An updater applies a function to the value stored at a place and writes
// the result back through every level, which is how `s[0] = 'x'` or `x[3] = true` (on immutable
// strings and integers) reach the variable that holds them.

import type { Node } from '../ast/ast.ts';
import { getIndex, getProp, setIndex, setProp } from './access.ts';
import { safeMiss } from './chain-short.ts';
import {
  constantError,
  evalVar,
  readDecl,
  variableNotFound,
  writeDecl,
  type CompileContext,
} from './compile-context.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import type { Compiled, Frame } from '../func/functions.ts';
import type { Runtime } from './runtime.ts';
import { compoundValue } from './compile-operators.ts';
import type { Value } from '../types/values.ts';

/** `readOnly` tells the update it is looking into a constant: its result will not be stored. */
export type Updater = (f: Frame, up: (cur: Value, readOnly: boolean) => Value) => void;
export type Setter = (f: Frame, v: Value) => void;

export function unboundThis(pos: Position): RhaiError {
  return new RhaiError('ErrorUnboundThis', "'this' is not bound", pos);
}

/** `this` of a method called on a constant, as upstream words it: the constant has no name there. */
function constantThis(pos: Position): RhaiError {
  return new RhaiError('ErrorAssignmentToConstant', 'Cannot modify constant ', pos);
}

export function isLvalue(node: Node): boolean {
  let n = node;
  while (n.k === 'prop' || n.k === 'index') n = n.obj;
  return n.k === 'var' || n.k === 'this';
}

/**
 * With `allowReadOnly` (method calls), a constant at the root is passed through read-only instead
 * of failing, so pure methods still work on constants; assignments keep failing.
 */
export function compileUpdater(cx: CompileContext, node: Node, allowReadOnly = false): Updater {
  switch (node.k) {
    case 'var': {
      const { decl, name, pos } = node;
      const constant = (f: Frame, up: (cur: Value, readOnly: boolean) => Value, value: Value): void => {
        if (!allowReadOnly) throw constantError(name, pos);
        up(value, true);
      };
      if (decl) {
        const read = readDecl(decl);
        const write = writeDecl(decl);
        if (decl.isConst) return (f, up) => constant(f, up, read(f));
        if (!node.evalAware) return (f, up) => write(f, up(read(f), false));
        return (f, up) => {
          const e = evalVar(f, name);
          if (!e) return write(f, up(read(f), false));
          if (e.isConst) return constant(f, up, e.value);
          e.value = up(e.value, false);
        };
      }
      return (f, up) => {
        const e = evalVar(f, name);
        if (e) {
          if (e.isConst) return constant(f, up, e.value);
          e.value = up(e.value, false);
          return;
        }
        const d = f.dyn?.get(name);
        if (!d) throw variableNotFound(name, pos);
        if (f.dyn!.isConst(name)) return constant(f, up, d.value);
        f.dyn!.set(name, up(d.value, false));
      };
    }
    case 'this':
      return (f, up) => {
        if (f.thisV === undefined) throw unboundThis(node.pos);
        if (!f.thisConst) f.thisV = up(f.thisV, false);
        else if (allowReadOnly) up(f.thisV, true);
        else throw constantThis(node.pos);
      };
    case 'prop': {
      const parent = compileUpdater(cx, node.obj, allowReadOnly);
      const { name, pos, safe } = node;
      const miss = safeMiss(node);
      return (f, up) =>
        parent(f, (c, readOnly) => {
          if (safe && c === undefined) return miss();
          const rt = f.rt as Runtime;
          const inner = up(getProp(rt, c, name, pos), readOnly);
          return readOnly ? c : setProp(rt, c, name, inner, pos);
        });
    }
    case 'index': {
      const parent = compileUpdater(cx, node.obj, allowReadOnly);
      const idx = cx.compile(node.idx);
      const { pos, safe } = node;
      const miss = safeMiss(node);
      return (f, up) => {
        const i = idx(f);
        parent(f, (c, readOnly) => {
          if (safe && c === undefined) return miss();
          const rt = f.rt as Runtime;
          const inner = up(getIndex(rt, c, i, pos), readOnly);
          return readOnly ? c : setIndex(rt, c, i, inner, pos);
        });
      };
    }
    default:
      return () => {
        throw new RhaiError('ErrorAssignmentToConstant', 'Cannot assign to an expression', node.pos);
      };
  }
}

export function compileSetter(cx: CompileContext, node: Node): Setter {
  switch (node.k) {
    case 'var': {
      const { decl, name, pos } = node;
      if (decl) {
        const write = writeDecl(decl);
        if (decl.isConst) {
          return () => {
            throw constantError(name, pos);
          };
        }
        if (!node.evalAware) return write;
        return (f, v) => {
          const e = evalVar(f, name);
          if (!e) return write(f, v);
          if (e.isConst) throw constantError(name, pos);
          e.value = v;
        };
      }
      return (f, v) => {
        const e = evalVar(f, name);
        if (e) {
          if (e.isConst) throw constantError(name, pos);
          e.value = v;
          return;
        }
        if (!f.dyn?.get(name)) throw variableNotFound(name, pos);
        if (f.dyn.isConst(name)) throw constantError(name, pos);
        f.dyn.set(name, v);
      };
    }
    case 'this':
      return (f, v) => {
        if (f.thisV === undefined) throw unboundThis(node.pos);
        if (f.thisConst) throw constantThis(node.pos);
        f.thisV = v;
      };
    case 'prop': {
      const parent = compileUpdater(cx, node.obj);
      const { name, pos, safe } = node;
      // `x?.p = v` on a unit `x` does nothing.
      return (f, v) => parent(f, (c) => (safe && c === undefined ? c : setProp(f.rt as Runtime, c, name, v, pos)));
    }
    case 'index': {
      const idx = cx.compile(node.idx);
      const pos = node.pos;
      const obj = node.obj;
      if (obj.k === 'var' && obj.decl && !obj.decl.captured && !obj.decl.isConst && !node.safe) {
        // Fast path for `arr[i] = v` on a plain local array.
        const slot = obj.decl.slot;
        return (f, v) => {
          const c = f.vars[slot];
          const i = idx(f);
          if (Array.isArray(c) && typeof i === 'number' && i >= 0 && i < c.length) {
            const rt = f.rt as Runtime;
            if (rt.sizeLimited) rt.sizes.replaced(c, c[i], v);
            c[i] = v;
          } else f.vars[slot] = setIndex(f.rt as Runtime, c, i, v, pos);
        };
      }
      const parent = compileUpdater(cx, obj);
      const safe = node.safe;
      return (f, v) => {
        const i = idx(f);
        parent(f, (c) => (safe && c === undefined ? c : setIndex(f.rt as Runtime, c, i, v, pos)));
      };
    }
    case 'global':
    case 'nsvar':
      return () => {
        throw new RhaiError('ErrorAssignmentToConstant', `Cannot modify constant: ${node.name}`, node.pos);
      };
    default:
      return () => {
        throw new RhaiError('ErrorAssignmentToConstant', 'Cannot assign to an expression', node.pos);
      };
  }
}

/** A plain local holding the container at the bottom of an element chain: its slot. */
function plainLocalSlot(node: Node): number | undefined {
  if (node.k !== 'var' || !node.decl || node.evalAware) return undefined;
  const { captured, isConst, slot } = node.decl;
  return captured || isConst ? undefined : slot;
}

/**
 * `a[i] op= v`, `a[i][j] op= v` (matrix code's `c[i][j] += x`) and `a.p op= v` on a plain local
 * `a`, and `this.p op= v` (a map method's `this.count += 1`), as the updater chain runs them (the
 * value, then the indexes from the outside in, then each level read, updated and written back),
 * but without building a closure per level at every run.
 */
export function compileShallowCompound(
  cx: CompileContext,
  node: Node & { k: 'assign' },
  value: Compiled,
): Compiled | undefined {
  const { target, op, pos } = node;
  if (target.k === 'prop' && !target.safe) return propertyCompound(target, op, pos, value);
  if (target.k !== 'index' || target.safe) return undefined;
  const outerIdx = cx.compile(target.idx);
  const outerPos = target.pos;
  const update = (rt: Runtime, cur: Value, rhs: Value): Value => compoundValue(op, cur, rhs, rt, pos);
  const slot1 = plainLocalSlot(target.obj);
  if (slot1 !== undefined) {
    return (f) => {
      const rhs = value(f);
      const i = outerIdx(f);
      const rt = f.rt as Runtime;
      const c = f.vars[slot1];
      f.vars[slot1] = setIndex(rt, c, i, update(rt, getIndex(rt, c, i, outerPos), rhs), outerPos);
      return undefined;
    };
  }
  const inner = target.obj;
  if (inner.k !== 'index' || inner.safe) return undefined;
  const slot2 = plainLocalSlot(inner.obj);
  if (slot2 === undefined) return undefined;
  const innerIdx = cx.compile(inner.idx);
  const innerPos = inner.pos;
  return (f) => {
    const rhs = value(f);
    const j = outerIdx(f);
    const i = innerIdx(f);
    const rt = f.rt as Runtime;
    const m = f.vars[slot2];
    if (Array.isArray(m) && typeof i === 'number' && i >= 0 && i < m.length) {
      const row = m[i];
      if (Array.isArray(row) && typeof j === 'number' && j >= 0 && j < row.length) {
        // What setIndex does at both levels for in-bounds array elements.
        const cur = row[j];
        const next = update(rt, cur, rhs);
        if (rt.sizeLimited) {
          rt.sizes.replaced(row, cur, next);
          row[j] = next;
          rt.sizes.replaced(m, row, row);
        } else row[j] = next;
        return undefined;
      }
    }
    const row = getIndex(rt, m, i, innerPos);
    const updated = setIndex(rt, row, j, update(rt, getIndex(rt, row, j, outerPos), rhs), outerPos);
    f.vars[slot2] = setIndex(rt, m, i, updated, innerPos);
    return undefined;
  };
}

/** `a.p op= v` on a plain local `a`, or `this.p op= v`: see compileShallowCompound. */
function propertyCompound(
  target: Node & { k: 'prop' },
  op: string,
  pos: Position,
  value: Compiled,
): Compiled | undefined {
  const { name, obj } = target;
  const update = (rt: Runtime, o: Value, rhs: Value): Value =>
    setProp(rt, o, name, compoundValue(op, getProp(rt, o, name, target.pos), rhs, rt, pos), target.pos);
  if (obj.k === 'this') {
    return (f) => {
      const rhs = value(f);
      if (f.thisV === undefined) throw unboundThis(obj.pos);
      if (f.thisConst) throw constantThis(obj.pos);
      f.thisV = update(f.rt as Runtime, f.thisV, rhs);
      return undefined;
    };
  }
  const slot = plainLocalSlot(obj);
  if (slot === undefined) return undefined;
  return (f) => {
    const rhs = value(f);
    f.vars[slot] = update(f.rt as Runtime, f.vars[slot], rhs);
    return undefined;
  };
}
