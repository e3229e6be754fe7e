// Assignment targets. An updater applies a function to the value stored at a place and writes
// the result back through every level, which is how `s[0] = 'x'` or `x[3] = true` (on immutable
// strings and integers) reach the variable that holds them.

import type { Node } from './ast.ts';
import { getIndex, getProp, setIndex, setProp } from './access.ts';
import { constantError, readDecl, variableNotFound, writeDecl, type CompileContext } from './compile-context.ts';
import { RhaiError, type Position } from './errors.ts';
import type { Frame } from './functions.ts';
import type { Runtime } from './runtime.ts';
import type { Value } from './values.ts';

export type Updater = (f: Frame, up: (cur: Value) => Value) => void;
export type Setter = (f: Frame, v: Value) => void;

function unboundThis(pos: Position): RhaiError {
  return new RhaiError('ErrorUnboundThis', "'this' is not bound", pos);
}

export function isLvalue(node: Node): boolean {
  let n = node;
  while (n.k === 'prop' || n.k === 'index') n = n.obj;
  return n.k === 'var' || n.k === 'this';
}

export function compileUpdater(cx: CompileContext, node: Node): Updater {
  switch (node.k) {
    case 'var': {
      const { decl, name, pos } = node;
      if (decl) {
        const read = readDecl(decl);
        const write = writeDecl(decl);
        if (decl.isConst) {
          return () => {
            throw constantError(name, pos);
          };
        }
        return (f, up) => write(f, up(read(f)));
      }
      return (f, up) => {
        const d = f.dyn?.get(name);
        if (!d) throw variableNotFound(name, pos);
        if (f.dyn!.isConst(name)) throw constantError(name, pos);
        f.dyn!.set(name, up(d.value));
      };
    }
    case 'this':
      return (f, up) => {
        if (f.thisV === undefined) throw unboundThis(node.pos);
        f.thisV = up(f.thisV);
      };
    case 'prop': {
      const parent = compileUpdater(cx, node.obj);
      const { name, pos } = node;
      return (f, up) =>
        parent(f, (c) => {
          const rt = f.rt as Runtime;
          return setProp(rt, c, name, up(getProp(rt, c, name, pos)), pos);
        });
    }
    case 'index': {
      const parent = compileUpdater(cx, node.obj);
      const idx = cx.compile(node.idx);
      const pos = node.pos;
      return (f, up) => {
        const i = idx(f);
        parent(f, (c) => {
          const rt = f.rt as Runtime;
          return setIndex(rt, c, i, up(getIndex(rt, c, i, pos)), pos);
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
        return write;
      }
      return (f, v) => {
        if (!f.dyn?.get(name)) throw variableNotFound(name, pos);
        if (f.dyn.isConst(name)) throw constantError(name, pos);
        f.dyn.set(name, v);
      };
    }
    case 'this':
      return (f, v) => {
        if (f.thisV === undefined) throw unboundThis(node.pos);
        f.thisV = v;
      };
    case 'prop': {
      const parent = compileUpdater(cx, node.obj);
      const { name, pos } = node;
      return (f, v) => parent(f, (c) => setProp(f.rt as Runtime, c, name, v, pos));
    }
    case 'index': {
      const idx = cx.compile(node.idx);
      const pos = node.pos;
      const obj = node.obj;
      if (obj.k === 'var' && obj.decl && !obj.decl.captured && !obj.decl.isConst) {
        // Fast path for `arr[i] = v` on a plain local array.
        const slot = obj.decl.slot;
        return (f, v) => {
          const c = f.vars[slot];
          const i = idx(f);
          if (Array.isArray(c) && typeof i === 'number' && i >= 0 && i < c.length) c[i] = v;
          else f.vars[slot] = setIndex(f.rt as Runtime, c, i, v, pos);
        };
      }
      const parent = compileUpdater(cx, obj);
      return (f, v) => {
        const i = idx(f);
        parent(f, (c) => setIndex(f.rt as Runtime, c, i, v, pos));
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
