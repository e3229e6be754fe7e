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
import type { Frame } from '../func/functions.ts';
import type { Runtime } from './runtime.ts';
import type { Value } from '../types/values.ts';

/** `readOnly` tells the update it is looking into a constant: its result will not be stored. */
export type Updater = (f: Frame, up: (cur: Value, readOnly: boolean) => Value) => void;
export type Setter = (f: Frame, v: Value) => void;

function unboundThis(pos: Position): RhaiError {
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
