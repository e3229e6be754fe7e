// Function calls, method calls, namespaced calls, closures and the intrinsics that need the
// caller's scope (`eval`, `is_def_var`, `is_def_fn`).

import type { FnDef, Node, VarDecl } from '../ast/ast.ts';
import { fnKey, typedMethodKey } from '../ast/ast.ts';
import {
  evalVar,
  readDecl,
  writeDecl,
  compileOwned,
  ownedValue,
  tick,
  type CompileContext,
} from './compile-context.ts';
import { compileUpdater, isLvalue } from './compile-lvalue.ts';
import { guardJumps } from './jump-operand.ts';
import { safeMiss } from './chain-short.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import { Signal, type Compiled, type Frame, type Library, type ScriptFunction } from '../func/functions.ts';
import { Module } from '../func/module.ts';
import { NativeCache, matchOverload } from '../func/native-cache.ts';
import { signature, type Runtime } from './runtime.ts';
import {
  FnPtr,
  SharedCell,
  cloneValue,
  typeOf,
  type DynamicScope,
  type PrimitiveTag,
  type Value,
} from '../types/values.ts';
import { checkedTag, returnsTags, setVarTag, tagSource, varTag } from './variable-tags.ts';

/** The expression whose value a function body yields when it does not `return`. */
function tailOf(body: Node): Node | undefined {
  if (body.k !== 'block') return body;
  const last = body.body[body.body.length - 1];
  return last && tailOf(last);
}

/** Results that may alias storage outliving the call (`this`, globals, captured variables). */
function mayAlias(n: Node | undefined): boolean {
  if (!n) return false;
  if (n.k === 'var') return n.decl?.captured ?? true;
  if (n.k === 'prop' || n.k === 'index') return mayAlias(n.obj);
  return n.k === 'this' || n.k === 'global' || n.k === 'nsvar';
}

export function compileFunction(def: FnDef, lib: Library, compileBody: (n: Node) => Compiled): ScriptFunction {
  // A closure's body may be a single statement rather than a block.
  const compiled = statementBody(def.body, guardJumps(def.body, compileBody(def.body)));
  // Rhai returns values, not references: a result reaching into `this` or shared state is copied.
  const body: Compiled = mayAlias(tailOf(def.body)) ? (f) => cloneValue(compiled(f)) : compiled;
  const capturedParams = def.params.filter((p) => p.captured).map((p) => p.slot);
  const wrapped: Compiled =
    capturedParams.length === 0
      ? body
      : (f) => {
          for (const s of capturedParams) {
            const cell = new SharedCell(f.vars[s]);
            cell.primitiveTag = f.tags?.[s];
            f.vars[s] = cell;
          }
          return body(f);
        };
  return { def, body: returnsTags(def) ? withReturnTag(wrapped, tagSource(tailOf(def.body), lib)) : wrapped, lib };
}

/**
 * A body that is one statement (`|x| x + 1`) has no statement list to check it: it gets the
 * check, without an operation of its own, so the debugger's hook sees it too.
 */
function statementBody(body: Node, compiled: Compiled): Compiled {
  if (body.k === 'block') return compiled;
  const pos = body.pos;
  return (f) => {
    if (f.rt.ops >= f.rt.checkpoint) tick(f, pos);
    return compiled(f);
  };
}

/** Leaves the tag of the returned value in rt.returnTag, for functions that can return a tagged primitive. */
function withReturnTag(body: Compiled, tailTag: ((f: Frame) => number) | undefined): Compiled {
  return (f) => {
    const v = body(f);
    (f.rt as Runtime).returnTag = f.signal === Signal.Return ? (f.retTag ?? 0) : tailTag ? tailTag(f) : 0;
    return v;
  };
}

function nonPure(name: string, pos: Position): RhaiError {
  return new RhaiError(
    'ErrorNonPureMethodCallOnConstant',
    `Non-pure method '${name}' cannot be called on constant`,
    pos,
  );
}

function notFound(name: string, args: Value[], pos: Position): RhaiError {
  return new RhaiError('ErrorFunctionNotFound', `Function not found: ${signature(name, args)}`, pos);
}

/** What a method call site knows before it runs: its name, script function key and natives. */
export interface MethodSite {
  name: string;
  /** The key of a script function taking the arguments, `this` aside. */
  scriptKey: string;
  natives: NativeCache;
}

export function methodSite(name: string, arity: number): MethodSite {
  return { name, scriptKey: fnKey(name, arity), natives: new NativeCache(name, arity + 1) };
}

/**
 * Whether compileMethod compiles `x.name(...)` on a plain local `x` as the generic receiver path
 * (variableMethod) that generated loops write out too: not `is_shared`, `tag` or `set_tag`.
 */
export function isPlainMethodName(name: string): boolean {
  return name !== 'is_shared' && name !== 'tag' && name !== 'set_tag';
}

/** Calls the site's method on `recv`; the possibly-updated receiver is left in rt.thisOut. */
export function callMethod(
  rt: Runtime,
  lib: Library,
  site: MethodSite,
  recv: Value,
  args: Value[],
  pos: Position,
  isConst: boolean,
): Value {
  const { name } = site;
  rt.thisOut = recv;
  if (recv instanceof Map) {
    const p = recv.get(name);
    if (p instanceof FnPtr) return rt.callFnPtr(p, args, pos, recv, isConst);
  } else if (recv instanceof FnPtr) {
    if (name === 'call') {
      const r = rt.callFnPtr(recv, args, pos);
      // The pointed-to body's own method calls reuse rt.thisOut, and the caller writes it back
      // into the receiver: left as they set it, the pointer variable would become their receiver.
      rt.thisOut = recv;
      return r;
    }
    if (name === 'curry') return new FnPtr(recv.name, recv.curry.concat(args), recv.closure);
  }
  if (name === 'call' && args[0] instanceof FnPtr && recv !== undefined) {
    const r = callWithThis(rt, lib, args[0], recv, args.slice(1), pos, isConst);
    if (isConst) rt.thisOut = recv;
    return r;
  }
  const sf =
    (lib.typedMethods ? lib.functions.get(typedMethodKey(typeOf(recv), name, args.length)) : undefined) ??
    lib.functions.get(site.scriptKey);
  if (sf) {
    const out = { v: recv };
    const r = rt.invokeMethod(sf, args, recv, pos, out, isConst);
    rt.thisOut = isConst ? recv : out.v;
    return r;
  }
  const all = new Array<Value>(args.length + 1);
  all[0] = recv;
  for (let i = 0; i < args.length; i++) all[i + 1] = args[i];
  return callNativeMethod(rt, site, all, pos, isConst);
}

/**
 * The native method taking `all` (the receiver first), as callMethod reaches it when no script
 * function or pointer call applies; the receiver, possibly updated, is left in rt.thisOut.
 */
export function callNativeMethod(rt: Runtime, site: MethodSite, all: Value[], pos: Position, isConst: boolean): Value {
  const { name } = site;
  rt.thisOut = all[0];
  const o = rt.findNative(site.natives, name, all);
  if (!o) throw notFound(name, all, pos);
  if (o.mutates && isConst) throw nonPure(name, pos);
  const r = rt.callNative(o, all, pos);
  rt.thisOut = all[0];
  return r;
}

/**
 * Whether callMethod on a receiver that is neither a map nor a function pointer always reaches
 * callNativeMethod: no script function (typed or not) takes the call, and it is no `call`.
 */
export function reachesNativeOnly(lib: Library, site: MethodSite): boolean {
  return site.name !== 'call' && !lib.typedMethods && !lib.functions.has(site.scriptKey);
}

/**
 * `value.call(fp, ...)`: script functions get `this` bound to the value; a native function gets
 * the value as its first argument by reference. The updated value is left in rt.thisOut.
 */
function callWithThis(
  rt: Runtime,
  lib: Library,
  fp: FnPtr,
  recv: Value,
  rest: Value[],
  pos: Position,
  isConst: boolean,
): Value {
  const args = fp.curry.length > 0 ? fp.curry.concat(rest) : rest;
  if (fp.closure || lib.functions.has(fnKey(fp.name, args.length))) {
    return rt.callWithThisChecked(fp, rest, pos, recv, isConst);
  }
  const all = [recv, ...args];
  const list = rt.engine.natives.lookup(fp.name, all.length);
  const o = list && matchOverload(list, all);
  if (!o) throw notFound(fp.name, all, pos);
  if (o.mutates && isConst) throw nonPure(fp.name, pos);
  const r = rt.callNative(o, all, pos);
  rt.thisOut = all[0];
  return r;
}

/** `x.tag()` and `x.set_tag(n)` on a variable holding a primitive (see variable-tags.ts). */
function primitiveTagMethod(name: string, argFns: Compiled[], decl: VarDecl, pos: Position): Compiled | undefined {
  if (name === 'tag' && argFns.length === 0) return (f) => varTag(f, decl);
  if (name !== 'set_tag' || argFns.length !== 1) return undefined;
  const tagArg = argFns[0]!;
  return (f) => {
    if (decl.isConst) throw nonPure(name, pos);
    const t = tagArg(f);
    setVarTag(f, decl, checkedTag(t, pos));
    return undefined;
  };
}

function evalArgs(fns: Compiled[], f: Frame): Value[] {
  const out = new Array<Value>(fns.length);
  for (let i = 0; i < fns.length; i++) out[i] = fns[i]!(f);
  return out;
}

/**
 * `f(x, ...)` with a variable `x`: upstream evaluates the other arguments first and reaches the
 * variable last, as it does a method's receiver.
 */
function evalArgsVariableLast(fns: Compiled[], f: Frame): Value[] {
  const out = new Array<Value>(fns.length);
  for (let i = 1; i < fns.length; i++) out[i] = fns[i]!(f);
  out[0] = fns[0]!(f);
  return out;
}

export function compileMethod(cx: CompileContext, node: Node & { k: 'method' }): Compiled {
  const { name, pos, safe } = node;
  const argFns = node.args.map((a) => compileOwned(cx, a));
  const site = methodSite(name, node.args.length);
  const lib = cx.lib;
  const miss = safeMiss(node);
  const obj = node.obj;
  if (name === 'is_shared' && node.args.length === 0) {
    const shared = obj.k === 'var' && obj.decl?.captured === true;
    return () => shared;
  }
  if (obj.k === 'var' && obj.decl) {
    const decl = obj.decl;
    const read = readDecl(decl);
    const write = writeDecl(decl);
    const isConst = decl.isConst;
    const primitiveTagOp = obj.evalAware ? undefined : primitiveTagMethod(name, argFns, decl, pos);
    if (primitiveTagOp === undefined && decl.captured) return sharedReceiverMethod(lib, site, argFns, decl, miss, node);
    // As upstream's chains: the arguments are evaluated before the receiver is reached.
    return (f) => {
      if (primitiveTagOp !== undefined && typeof read(f) !== 'object') return primitiveTagOp(f);
      const args = evalArgs(argFns, f);
      const recv = read(f);
      if (safe && recv === undefined) return miss();
      const rt = f.rt as Runtime;
      const r = callMethod(rt, lib, site, recv, args, pos, isConst);
      if (rt.thisOut !== recv) write(f, rt.thisOut);
      return r;
    };
  }
  if (obj.k === 'this') {
    return (f) => {
      const args = evalArgs(argFns, f);
      const recv = f.thisV;
      if (safe && recv === undefined) return miss();
      const rt = f.rt as Runtime;
      const r = callMethod(rt, lib, site, recv, args, pos, f.thisConst);
      f.thisV = rt.thisOut;
      return r;
    };
  }
  if (isLvalue(obj) && !safe) {
    const update = compileUpdater(cx, obj, true);
    return (f) => {
      const args = evalArgs(argFns, f);
      const rt = f.rt as Runtime;
      let r: Value;
      update(f, (c, readOnly) => {
        r = callMethod(rt, lib, site, c, args, pos, readOnly);
        return rt.thisOut;
      });
      return r;
    };
  }
  const objFn = cx.compile(obj);
  return (f) => {
    const recv = objFn(f);
    if (safe && recv === undefined) return miss();
    return callMethod(f.rt as Runtime, lib, site, recv, evalArgs(argFns, f), pos, false);
  };
}

/**
 * A method on a captured variable: the call holds the variable's shared cell locked, so that a
 * closure reaching the same variable during the call is a data race, as upstream's locks make it.
 */
function sharedReceiverMethod(
  lib: Library,
  site: MethodSite,
  argFns: Compiled[],
  decl: VarDecl,
  miss: () => Value,
  node: Node & { k: 'method' },
): Compiled {
  const { slot, isConst } = decl;
  const read = readDecl(decl);
  const { pos, safe } = node;
  return (f) => {
    const args = evalArgs(argFns, f);
    const recv = read(f);
    if (safe && recv === undefined) return miss();
    const rt = f.rt as Runtime;
    const cell = f.vars[slot] as SharedCell;
    cell.locked = true;
    let r: Value;
    try {
      r = callMethod(rt, lib, site, recv, args, pos, isConst);
    } finally {
      cell.locked = false;
    }
    if (rt.thisOut !== recv) {
      cell.v = rt.thisOut;
      cell.primitiveTag = undefined;
    }
    return r;
  };
}

/** The variables `visible` in `f` by name, for code that sees them so (`eval`, capturing calls, a debugger). */
export function scopeOf(f: Frame, visible: VarDecl[]): DynamicScope {
  const find = (name: string): VarDecl | undefined => visible.find((d) => d.name === name);
  return {
    get(name) {
      const e = evalVar(f, name);
      if (e) return { value: e.value };
      const d = find(name);
      if (d) return { value: readDecl(d)(f) };
      return f.dyn?.get(name);
    },
    set(name, value) {
      const e = evalVar(f, name);
      if (e) {
        e.value = value;
        return true;
      }
      const d = find(name);
      if (d) {
        writeDecl(d)(f, value);
        return true;
      }
      return f.dyn?.set(name, value) ?? false;
    },
    isConst(name) {
      const e = evalVar(f, name);
      if (e) return e.isConst;
      const d = find(name);
      return d ? d.isConst : (f.dyn?.isConst(name) ?? false);
    },
    names() {
      return [...(f.evalVars ?? []).map((e) => e.name), ...visible.map((d) => d.name), ...(f.dyn?.names() ?? [])];
    },
  };
}

/**
 * A call's arguments, each compiled once: `plain` as evaluated, `owned` copied where they could
 * alias storage. Compiling an argument again for another path would double the work at every
 * level of nested calls.
 */
interface CallArgs {
  plain: Compiled[];
  owned: Compiled[];
}

function compileArgs(cx: CompileContext, args: Node[]): CallArgs {
  const plain = args.map((a) => cx.compile(a));
  return { plain, owned: plain.map((c, i) => ownedValue(args[i]!, c)) };
}

function compileIntrinsic(cx: CompileContext, node: Node & { k: 'call' }, compiled: CallArgs): Compiled | undefined {
  const { name, pos } = node;
  const args = compiled.plain;
  const lib = cx.lib;
  const visible = node.visible ?? [];
  if (name === 'eval' && args.length === 1) {
    const src = args[0]!;
    const scriptLevel = cx.isScriptLevelEval(node);
    return (f) => {
      const s = src(f);
      if (typeof s !== 'string') {
        throw new RhaiError('ErrorMismatchDataType', 'Data type incorrect (expecting string)', pos);
      }
      const rt = f.rt as Runtime;
      return rt.engine.evalSource(
        s,
        rt,
        scopeOf(f, visible),
        pos,
        (n, value, isConst) => (f.evalVars ??= []).push({ name: n, shadowed: { value, isConst } }),
        scriptLevel,
      );
    };
  }
  const first = node.args[0];
  if (first?.k === 'var' && first.decl && !first.evalAware && !lib.functions.has(fnKey(name, args.length))) {
    const decl = first.decl;
    const op = primitiveTagMethod(name, args.slice(1), decl, pos);
    if (op !== undefined) {
      const generic = compileNativeCall(node, compiled);
      return (f) => (typeof args[0]!(f) !== 'object' ? op(f) : generic(f));
    }
  }
  if (name === 'is_def_var' && args.length === 1) {
    const a = args[0]!;
    return (f) => {
      const n = a(f);
      if (typeof n !== 'string') return false;
      return visible.some((d) => d.name === n) || evalVar(f, n) !== undefined || f.dyn?.get(n) !== undefined;
    };
  }
  if (name === 'is_shared' && args.length === 1) {
    const first = node.args[0]!;
    const shared = first.k === 'var' && first.decl?.captured === true;
    return () => shared;
  }
  const byRef = node.args[1];
  if (name === 'call' && byRef?.k === 'var' && byRef.decl) {
    // `call(fp, x, ...)` passes a variable `x` by reference to a native function, like `x.call(fp, ...)`.
    const read = readDecl(byRef.decl);
    const write = writeDecl(byRef.decl);
    const isConst = byRef.decl.isConst;
    const fpFn = args[0]!;
    const restFns = compiled.owned.slice(2);
    return (f) => {
      const fp = fpFn(f);
      const rt = f.rt as Runtime;
      const recv = read(f);
      const rest = evalArgs(restFns, f);
      if (!(fp instanceof FnPtr)) throw notFound('call', [fp, recv, ...rest], pos);
      if (fp.closure || lib.functions.has(fnKey(fp.name, fp.curry.length + rest.length + 1))) {
        return rt.callFnPtr(fp, [cloneValue(recv), ...rest], pos);
      }
      const r = callWithThis(rt, lib, fp, recv, rest, pos, isConst);
      if (!isConst && rt.thisOut !== recv) write(f, rt.thisOut);
      return r;
    };
  }
  if (name === 'is_def_fn' && (args.length === 1 || args.length === 2)) {
    return (f) => {
      const n = args[0]!(f);
      if (typeof n !== 'string') return false;
      if (args.length === 1) return lib.hasName(n);
      const arity = args[1]!(f);
      return typeof arity === 'number' && lib.functions.has(fnKey(n, arity));
    };
  }
  return undefined;
}

export function compileCall(cx: CompileContext, node: Node & { k: 'call' }): Compiled {
  const compiled = compileArgs(cx, node.args);
  if (node.capture && node.name === 'call' && node.args.length > 0) return capturingFnPtrCall(node, compiled);
  const intrinsic = compileIntrinsic(cx, node, compiled);
  if (intrinsic) return intrinsic;
  const { name, pos } = node;
  const n = node.args.length;
  const sf = cx.lib.functions.get(fnKey(name, n));
  if (sf && node.capture) {
    const argFns = compiled.owned;
    const visible = node.visible ?? [];
    return (f) => {
      const vars = new Array<Value>(sf.def.slots);
      for (let i = 0; i < argFns.length; i++) vars[i] = argFns[i]!(f);
      return (f.rt as Runtime).invokeScript(sf, vars, undefined, pos, { dyn: scopeOf(f, visible) });
    };
  }
  if (sf) return compileScriptCall(cx, sf, node.args, compiled.owned, pos);
  return compileNativeCall(node, compiled);
}

/**
 * `call!(fp, ...)`: a script function named by `fp` runs in the caller's scope, as `f!(...)` does,
 * seeing and changing the caller's variables. A closure or a native function is called as by `call`.
 */
function capturingFnPtrCall(node: Node & { k: 'call' }, compiled: CallArgs): Compiled {
  const [fpFn, ...restFns] = compiled.owned as [Compiled, ...Compiled[]];
  const { pos } = node;
  const visible = node.visible ?? [];
  return (f) => {
    const fp = fpFn(f);
    const rest = evalArgs(restFns, f);
    const rt = f.rt as Runtime;
    if (!(fp instanceof FnPtr)) throw notFound('call', [fp, ...rest], pos);
    const all = fp.curry.length > 0 ? fp.curry.concat(rest) : rest;
    const sf = fp.closure ? undefined : rt.mainLib.functions.get(fnKey(fp.name, all.length));
    if (!sf) return rt.callFnPtr(fp, rest, pos);
    const vars = new Array<Value>(sf.def.slots);
    for (let i = 0; i < all.length; i++) vars[i] = all[i];
    return rt.invokeScript(sf, vars, undefined, pos, { dyn: scopeOf(f, visible) });
  };
}

/** A call that no script function of the library answers: natives, or a local function pointer. */
function compileNativeCall(node: Node & { k: 'call' }, compiled: CallArgs): Compiled {
  const { name, pos } = node;
  const n = node.args.length;
  const first = node.args[0];
  const byRef = first && first.k === 'var' && first.decl ? first.decl : undefined;
  // The first argument by reference, so a mutating native changes the variable itself; upstream
  // passes a captured (shared) variable or a constant as a copy instead (`push(c, 1)` leaves a
  // constant `c` as it was).
  const copied = byRef?.captured === true || byRef?.isConst === true;
  const argFns = compiled.owned.map((c, i) => (i === 0 && !copied ? compiled.plain[0]! : c));
  const cache = new NativeCache(name, n);
  const local = node.local ? readDecl(node.local) : undefined;
  const writeFirst = byRef && !copied ? writeDecl(byRef) : undefined;
  const evaluate = byRef ? evalArgsVariableLast : evalArgs;
  // `f(this, ...)` is `this.f(...)`, as upstream turns it into a method call on `this`.
  if (first?.k === 'this') return thisFirstNativeCall(node, compiled.plain, cache);
  return (f) => {
    const args = evaluate(argFns, f);
    const rt = f.rt as Runtime;
    const o = rt.findNative(cache, name, args);
    if (o) {
      if (!o.mutates) return rt.callNative(o, args, pos);
      const before = args[0];
      const r = rt.callNative(o, args, pos);
      if (writeFirst && args[0] !== before) writeFirst(f, args[0]);
      return r;
    }
    if (local) {
      const fp = local(f);
      if (fp instanceof FnPtr) return rt.callFnPtr(fp, args.map(cloneValue), pos);
    }
    throw notFound(name, args, pos);
  };
}

/** A native call whose first argument is `this`: a mutating native changes `this` itself. */
function thisFirstNativeCall(node: Node & { k: 'call' }, argFns: Compiled[], cache: NativeCache): Compiled {
  const { name, pos } = node;
  return (f) => {
    const args = evalArgsVariableLast(argFns, f);
    const rt = f.rt as Runtime;
    const o = rt.findNative(cache, name, args);
    if (!o) throw notFound(name, args, pos);
    if (!o.mutates) return rt.callNative(o, args, pos);
    if (f.thisConst) throw nonPure(name, pos);
    const r = rt.callNative(o, args, pos);
    f.thisV = args[0];
    return r;
  };
}

function compileScriptCall(
  cx: CompileContext,
  sf: ScriptFunction,
  args: Node[],
  argFns: Compiled[],
  pos: Position,
): Compiled {
  // As for natives (evalArgsVariableLast), a variable first argument is reached after the others.
  const order = argFns.map((_, i) => i);
  if (args[0]?.k === 'var' && args.length > 1) order.push(order.shift()!);
  const plain = plainScriptCall(sf, argFns, order, pos);
  const tagSources = args.map((a) => tagSource(a, cx.lib));
  if (tagSources.every((t) => t === undefined)) return plain;
  const tagged = taggedScriptCall(sf, argFns, order, tagSources, pos);
  // A plain local holds a tag only once its frame keeps tags, which few frames ever do.
  const onlyLocals = args.every((a, i) => tagSources[i] === undefined || (a.k === 'var' && !a.decl?.captured));
  return onlyLocals ? (f) => (f.tags === undefined ? plain(f) : tagged(f)) : tagged;
}

/** A call whose arguments carry no tags, evaluated in `order`, specialised for the common arities. */
function plainScriptCall(sf: ScriptFunction, argFns: Compiled[], order: number[], pos: Position): Compiled {
  const slots = sf.def.slots;
  switch (argFns.length) {
    case 0:
      return (f) => (f.rt as Runtime).invokeScript(sf, new Array<Value>(slots), undefined, pos);
    case 1: {
      const a0 = argFns[0]!;
      return (f) => {
        const vars = new Array<Value>(slots);
        vars[0] = a0(f);
        return (f.rt as Runtime).invokeScript(sf, vars, undefined, pos);
      };
    }
    case 2: {
      const [i0, i1] = order as [number, number];
      const a0 = argFns[i0]!;
      const a1 = argFns[i1]!;
      return (f) => {
        const vars = new Array<Value>(slots);
        vars[i0] = a0(f);
        vars[i1] = a1(f);
        return (f.rt as Runtime).invokeScript(sf, vars, undefined, pos);
      };
    }
    default:
      return (f) => {
        const vars = new Array<Value>(slots);
        for (const i of order) vars[i] = argFns[i]!(f);
        return (f.rt as Runtime).invokeScript(sf, vars, undefined, pos);
      };
  }
}

/**
 * A call passing variables (or calls that can return a tagged primitive): an INT, bool, string
 * or () argument keeps its tag in the parameter. Each tag is read right after its argument, before
 * the next argument's calls can change the runtime's return tag.
 */
function taggedScriptCall(
  sf: ScriptFunction,
  argFns: Compiled[],
  order: number[],
  tagSources: (((f: Frame) => number) | undefined)[],
  pos: Position,
): Compiled {
  const slots = sf.def.slots;
  return (f) => {
    const vars = new Array<Value>(slots);
    let tags: PrimitiveTag[] | undefined;
    for (const i of order) {
      const v = argFns[i]!(f);
      vars[i] = v;
      const source = tagSources[i];
      if (source === undefined || typeof v === 'object') continue;
      const tag = source(f);
      if (tag !== 0) (tags ??= [])[i] = { v, tag };
    }
    return (f.rt as Runtime).invokeScript(sf, vars, undefined, pos, undefined, tags);
  };
}

function resolveModule(
  f: Frame,
  lib: Library,
  root: string,
  rootDecl: VarDecl | undefined,
  path: string[],
  pos: Position,
): Module {
  const rt = f.rt as Runtime;
  const imports = lib.origin?.imports ?? rt.imports;
  const found: Value = rootDecl ? readDecl(rootDecl)(f) : (imports.get(root) ?? rt.engine.staticModules.get(root));
  if (!(found instanceof Module)) throw new RhaiError('ErrorModuleNotFound', `Module not found: ${root}`, pos);
  let m: Module = found;
  for (const p of path) {
    const sub = m.subModules.get(p);
    if (!sub) throw new RhaiError('ErrorModuleNotFound', `Module not found: ${root}::${path.join('::')}`, pos);
    m = sub;
  }
  return m;
}

export function compileNsCall(cx: CompileContext, node: Node & { k: 'nscall' }): Compiled {
  const { root, rootDecl, path, name, pos } = node;
  const argFns = node.args.map((a) => compileOwned(cx, a));
  const key = fnKey(name, argFns.length);
  const first = node.args[0];
  // As with global natives, a variable first argument is passed by reference to a mutating native
  // (a captured one as a copy).
  const byRef =
    first?.k === 'var' && first.decl && !first.decl.isConst && !first.decl.captured ? first.decl : undefined;
  const readFirst = byRef ? readDecl(byRef) : undefined;
  const writeFirst = byRef ? writeDecl(byRef) : undefined;
  const { lib } = cx;
  return (f) => {
    const m = resolveModule(f, lib, root, rootDecl, path, pos);
    const args = evalArgs(argFns, f);
    const rt = f.rt as Runtime;
    const sf = m.scriptFunctions.get(key);
    if (sf) {
      const vars = new Array<Value>(sf.def.slots);
      for (let i = 0; i < args.length; i++) vars[i] = args[i];
      return rt.invokeScript(sf, vars, undefined, pos);
    }
    const list = m.natives.lookup(name, args.length);
    if (readFirst) args[0] = readFirst(f);
    const o = list && matchOverload(list, args);
    if (!o) throw notFound(`${[root, ...path].join('::')}::${name}`, args, pos);
    const before = args[0];
    const r = rt.callNative(o, args, pos);
    if (o.mutates && writeFirst && args[0] !== before) writeFirst(f, args[0]);
    return r;
  };
}

export function compileNsVar(cx: CompileContext, node: Node & { k: 'nsvar' }): Compiled {
  const { lib } = cx;
  const { root, rootDecl, path, name, pos } = node;
  return (f) => {
    const m = resolveModule(f, lib, root, rootDecl, path, pos);
    if (!m.variables.has(name)) {
      throw new RhaiError('ErrorVariableNotFound', `Variable not found: ${root}::${name}`, pos);
    }
    return m.variables.get(name);
  };
}

export function compileClosure(cx: CompileContext, node: Node & { k: 'closure' }): Compiled {
  const sf = compileFunction(node.fn, cx.lib, (n) => cx.compileFunctionBody(n));
  sf.captureSlots = node.captures.map((c) => c.inner.slot);
  const outerSlots = node.captures.map((c) => c.outer.slot);
  const name = node.fn.name;
  return (f) => {
    const cells = new Array<SharedCell>(outerSlots.length);
    for (let i = 0; i < outerSlots.length; i++) cells[i] = f.vars[outerSlots[i]!] as SharedCell;
    return new FnPtr(name, [], { fn: sf, captures: cells, dyn: f.dyn });
  };
}
