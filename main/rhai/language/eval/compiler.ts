// Turns a parsed script into a tree of closures. Control flow uses a signal on the frame
// (break/continue/return) instead of exceptions, so loops and calls stay cheap.

import { rootOf, visitNodes } from '../ast/walk.ts';
import type { Node, ScriptAst } from '../ast/ast.ts';
import { getIndex, getProp } from './access.ts';
import { catchValue } from './catch-value.ts';
import {
  compileCall,
  compileClosure,
  compileFunction,
  compileMethod,
  compileNsCall,
  compileNsVar,
} from './compile-calls.ts';
import {
  bindDecl,
  constantError,
  tick,
  writeDecl,
  compileOwned,
  readDecl,
  readDynamic,
  readEvalAware,
  tooManyVariables,
  variableNotFound,
  type CompileContext,
} from './compile-context.ts';
import { compileDo, compileFor, compileIf, compileSwitch, compileWhile } from './compile-control.ts';
import { compileShallowCompound, compileSetter, compileUpdater } from './compile-lvalue.ts';
import { compileBinary, compileUnary, compoundValue } from './compile-operators.ts';
import { RhaiError, runtimeError } from '../types/errors.ts';
import { scriptDisplay } from '../types/format.ts';
import { catchChainShort, safeMiss } from './chain-short.ts';
import { compileJumpOperand, guardJumps, isJumpOperand } from './jump-operand.ts';
import { Signal, type Compiled, type Frame } from '../func/functions.ts';
import { ScriptLibrary, type ScriptOrigin } from '../func/library.ts';
import { statementWeight } from './op-weight.ts';
import { tryValueStatement } from './try-value.ts';
import { generateFunctionBody } from '../codegen/functions.ts';
import { Module } from '../func/module.ts';
import { isSystemError, type Runtime } from './runtime.ts';
import { FnPtr, typeOf, type Value } from '../types/values.ts';
import { checkedTag, keepTag, setVarTag, tagSource } from './variable-tags.ts';

export interface CompiledScript {
  ast: ScriptAst;
  lib: ScriptLibrary;
  body: Compiled;
}

export interface CompileOptions {
  /** Pre-populates the library (used by `eval`, which sees the caller's functions). */
  base?: ScriptLibrary;
  /** Numeric range loops become generated JavaScript (codegen/loops.ts). */
  generateCode: boolean;
  /**
   * The script's top level is upstream's scope level 0 (unless false: `eval` code run inside a
   * block or a function), where constants become `global::` constants.
   */
  scriptLevel?: boolean;
  /** Where the script came from, when it is not the run's own (see ScriptOrigin). */
  origin?: Omit<ScriptOrigin, 'ast' | 'imports'>;
}

/** Nodes whose insides are a scope of their own at run time: upstream's scope level goes up. */
const SCOPES = new Set<Node['k']>(['block', 'if', 'switch', 'while', 'do', 'for', 'try', 'closure']);

/** The `eval` calls among `body`'s statements that run at its own level. */
function scriptLevelEvals(body: Node[]): ReadonlySet<Node> {
  const found = new Set<Node>();
  visitNodes(body, (n) => {
    if (n.k === 'call' && n.name === 'eval') found.add(n);
    return !SCOPES.has(n.k);
  });
  return found;
}

const NO_NODES: ReadonlySet<Node> = new Set();

export function compileScript(ast: ScriptAst, options: CompileOptions): CompiledScript {
  const lib =
    options.base ??
    new ScriptLibrary(
      options.origin && {
        ...options.origin,
        ast,
        ...(options.origin.text === undefined ? { imports: new Map<string, Module>() } : {}),
      },
    );
  const { generateCode } = options;
  const fnCompiler = new Compiler(lib, false, generateCode, NO_NODES);
  // Create every function first so calls anywhere (including recursion) bind statically.
  const placeholders = ast.functions.map((def) => {
    const sf = { def, body: (() => undefined) as Compiled, lib };
    lib.add(sf);
    return sf;
  });
  for (const sf of placeholders) sf.body = compileFunction(sf.def, lib, (n) => fnCompiler.compileFunctionBody(n)).body;
  const evals = options.scriptLevel === false ? NO_NODES : scriptLevelEvals(ast.body);
  const body = new Compiler(lib, true, generateCode, evals).compileStatements(ast.body);
  return { ast, lib, body };
}

class Compiler implements CompileContext {
  constructor(
    readonly lib: ScriptLibrary,
    readonly topLevel: boolean,
    readonly generateCode: boolean,
    private readonly scriptLevelEvals: ReadonlySet<Node>,
  ) {}

  isScriptLevelEval(node: Node): boolean {
    return this.scriptLevelEvals.has(node);
  }

  compileFunctionBody(body: Node): Compiled {
    return (this.generateCode ? generateFunctionBody(this, body) : undefined) ?? this.compile(body);
  }

  compile(node: Node): Compiled {
    const compiled = this.compileNode(node);
    return (node.k === 'prop' || node.k === 'index' || node.k === 'method') && node.endsShortChain
      ? catchChainShort(compiled)
      : compiled;
  }

  private compileNode(node: Node): Compiled {
    switch (node.k) {
      case 'lit': {
        const v = node.value;
        return () => v;
      }
      case 'var':
        if (node.decl) return node.evalAware ? readEvalAware(node.decl) : readDecl(node.decl);
        if (this.lib.hasName(node.name)) {
          // A bare function name not shadowed by a host variable is a function pointer.
          const { name } = node;
          const fp = new FnPtr(name);
          return (f) => {
            const d = f.dyn?.get(name);
            return d ? d.value : fp;
          };
        }
        return readDynamic(node.name, node.pos);
      case 'this': {
        const pos = node.pos;
        return (f) => {
          if (f.thisV === undefined) throw new RhaiError('ErrorUnboundThis', "'this' is not bound", pos);
          return f.thisV;
        };
      }
      case 'global': {
        const { name, pos } = node;
        return (f) => {
          const g = (f.rt as Runtime).globals;
          const v = g.get(name);
          if (v === undefined && !g.has(name)) throw variableNotFound(`global::${name}`, pos);
          return v;
        };
      }
      case 'nsvar':
        return compileNsVar(this, node);
      case 'interp':
        return this.interpolation(node.parts);
      case 'array': {
        const items = node.items.map((n) => compileOwned(this, n));
        return (f) => {
          const out = new Array<Value>(items.length);
          for (let i = 0; i < items.length; i++) out[i] = items[i]!(f);
          const rt = f.rt as Runtime;
          rt.checkArraySize(out.length);
          if (rt.sizeLimited) rt.checkDataSize(out);
          return out;
        };
      }
      case 'map': {
        const entries = node.entries.map(([k, n]) => [k, compileOwned(this, n)] as const);
        return (f) => {
          const m = new Map<string, Value>();
          for (const [k, c] of entries) m.set(k, c(f));
          const rt = f.rt as Runtime;
          rt.checkMapSize(m.size);
          if (rt.sizeLimited) rt.checkDataSize(m);
          return m;
        };
      }
      case 'unary':
        return compileUnary(node.op, this.compile(node.e), node.pos);
      case 'bin':
        if (isJumpOperand(node)) return compileJumpOperand(this.compile(node.l), this.compile(node.r));
        return compileBinary(node, this.compile(node.l), this.compile(node.r));
      case 'prop': {
        const obj = this.compile(node.obj);
        const { name, pos, safe } = node;
        const miss = safeMiss(node);
        const tagged = name === 'tag' ? tagSource(node.obj, this.lib) : undefined;
        if (tagged !== undefined && node.obj.k === 'var') {
          return (f) => {
            const o = obj(f);
            if (safe && o === undefined) return miss();
            return typeof o === 'object' ? getProp(f.rt as Runtime, o, name, pos) : tagged(f);
          };
        }
        return (f) => {
          const o = obj(f);
          if (safe && o === undefined) return miss();
          if (o instanceof Map) {
            const v = o.get(name);
            if (v !== undefined) return v;
          }
          return getProp(f.rt as Runtime, o, name, pos);
        };
      }
      case 'index': {
        const { pos, safe } = node;
        const objSlot = localSlot(node.obj);
        const idxSlot = localSlot(node.idx);
        if (objSlot !== undefined && idxSlot !== undefined && !safe) {
          // `a[i]` on plain locals: the hottest shape in array code, read without nested closures.
          return (f) => {
            const o = f.vars[objSlot];
            const i = f.vars[idxSlot];
            if (Array.isArray(o) && typeof i === 'number' && i >= 0 && i < o.length) return o[i];
            return getIndex(f.rt as Runtime, o, i, pos);
          };
        }
        const inner = node.obj;
        const rowSlot = inner.k === 'index' && !inner.safe ? localSlot(inner.obj) : undefined;
        const rowIdxSlot = inner.k === 'index' ? localSlot(inner.idx) : undefined;
        if (rowSlot !== undefined && rowIdxSlot !== undefined && idxSlot !== undefined && !safe) {
          // `m[i][j]` on plain locals (matrix code) in one step; anything unusual takes the slow path.
          const slow = this.compile(node.obj);
          return (f) => {
            const vars = f.vars;
            const m = vars[rowSlot];
            const i = vars[rowIdxSlot];
            const j = vars[idxSlot];
            if (Array.isArray(m) && typeof i === 'number' && i >= 0 && i < m.length) {
              const row = m[i];
              if (Array.isArray(row) && typeof j === 'number' && j >= 0 && j < row.length) return row[j];
            }
            return getIndex(f.rt as Runtime, slow(f), j, pos);
          };
        }
        const obj = this.compile(node.obj);
        if (idxSlot !== undefined && !safe) {
          return (f) => {
            const o = obj(f);
            const i = f.vars[idxSlot];
            if (Array.isArray(o) && typeof i === 'number' && i >= 0 && i < o.length) return o[i];
            return getIndex(f.rt as Runtime, o, i, pos);
          };
        }
        const idx = this.compile(node.idx);
        const miss = safeMiss(node);
        return (f) => {
          const o = obj(f);
          if (safe && o === undefined) return miss();
          const i = idx(f);
          if (Array.isArray(o) && typeof i === 'number' && i >= 0 && i < o.length) return o[i];
          return getIndex(f.rt as Runtime, o, i, pos);
        };
      }
      case 'call':
        return compileCall(this, node);
      case 'nscall':
        return compileNsCall(this, node);
      case 'method':
        return compileMethod(this, node);
      case 'closure':
        return compileClosure(new Compiler(this.lib, false, this.generateCode, NO_NODES), node);
      case 'block': {
        const inner = this.compileStatements(node.body);
        return node.hasEval ? evalScoped(inner) : inner;
      }
      case 'if':
        return compileIf(this, node);
      case 'switch':
        return compileSwitch(this, node);
      case 'while':
        return compileWhile(this, node);
      case 'do':
        return compileDo(this, node);
      case 'for':
        return compileFor(this, node);
      case 'let':
        return this.letNode(node);
      case 'assign': {
        // An assignment through `a?.b.c` meeting `()` does nothing, as upstream.
        const t = node.target;
        const shorts = (t.k === 'prop' || t.k === 'index') && t.endsShortChain;
        return shorts ? catchChainShort(this.assignNode(node)) : this.assignNode(node);
      }
      case 'break':
      case 'return': {
        const value = node.value ? compileOwned(this, node.value) : undefined;
        const signal = node.k === 'break' ? Signal.Break : Signal.Return;
        const tag = node.k === 'return' && node.value?.k === 'var' ? tagSource(node.value, this.lib) : undefined;
        if (tag !== undefined && value !== undefined) {
          return (f) => {
            f.sigVal = value(f);
            f.retTag = tag(f);
            f.signal = signal;
            return undefined;
          };
        }
        return (f) => {
          f.sigVal = value ? value(f) : undefined;
          f.signal = signal;
          return undefined;
        };
      }
      case 'continue':
        return (f) => {
          f.signal = Signal.Continue;
          return undefined;
        };
      case 'throw': {
        const value = node.value ? this.compile(node.value) : undefined;
        const pos = node.pos;
        return (f) => {
          if (!value && f.caught !== undefined) throw f.caught;
          throw runtimeError(value ? value(f) : undefined, pos);
        };
      }
      case 'try':
        return this.tryNode(node);
      case 'import':
        return this.importNode(node);
      case 'export':
      case 'nop':
        return () => undefined;
    }
  }

  compileStatements(nodes: Node[]): Compiled {
    const stmts = nodes.map((n) => guardJumps(n, this.compile(n)));
    const positions = nodes.map((n) => n.pos);
    const weights = nodes.map(statementWeight);
    const n = stmts.length;
    if (n === 0) return () => undefined;
    if (n === 1) {
      const s0 = stmts[0]!;
      const p0 = positions[0]!;
      const w0 = weights[0]!;
      return (f) => {
        const rt = f.rt;
        if ((rt.ops += w0) >= rt.checkpoint) tick(f, p0);
        return s0(f);
      };
    }
    return (f) => {
      const rt = f.rt;
      let v: Value;
      for (let i = 0; i < n; i++) {
        if ((rt.ops += weights[i]!) >= rt.checkpoint) tick(f, positions[i]!);
        v = stmts[i]!(f);
        if (f.signal !== Signal.None) return v;
      }
      return v;
    };
  }

  /** Each part is checked as it is appended, so only the part counts towards the check's cost. */
  private interpolation(parts: Node[]): Compiled {
    const fns = parts.map((p) => this.compile(p));
    return (f) => {
      const rt = f.rt as Runtime;
      let s = '';
      for (const c of fns) s = rt.checkedConcat(s, scriptDisplay(c(f), rt.formatCustom));
      return s;
    };
  }

  private letNode(node: Node & { k: 'let' }): Compiled {
    const init = compileOwned(this, node.init);
    const bind = bindDecl(node.decl);
    const { decl, pos } = node;
    // As upstream, only a script with functions keeps `global::` constants: none could read them.
    const globalConst = this.topLevel && node.global && this.lib.functions.size > 0 ? decl.name : undefined;
    const evalAware = node.evalAware === true;
    const tag = tagSource(node.init, this.lib);
    if (tag !== undefined && !evalAware && globalConst === undefined) {
      return (f) => {
        const v = init(f);
        const t = tag(f);
        if (decl.live > (f.rt as Runtime).engine.limits.maxVariables) {
          throw tooManyVariables(pos);
        }
        bind(f, v);
        keepTag(f, decl, v, t);
        return undefined;
      };
    }
    return (f) => {
      const v = init(f);
      const rt = f.rt as Runtime;
      if (decl.live > rt.engine.limits.maxVariables) {
        throw tooManyVariables(pos);
      }
      bind(f, v);
      if (globalConst !== undefined) rt.globals.set(globalConst, v);
      // A later `let` takes the name back from any variable an `eval` defined.
      if (evalAware && f.evalVars) f.evalVars.push({ name: decl.name });
      return undefined;
    };
  }

  /**
   * Assignments that move a primitive's tag: `x = y` / `x = f()` copy it, `x.tag = n` sets it
   * (see variable-tags.ts). Undefined for every other assignment.
   */
  private assignedTag(node: Node & { k: 'assign' }): Compiled | undefined {
    const { target, pos } = node;
    const value = compileOwned(this, node.value);
    if (target.k === 'var' && target.decl && !target.evalAware && !target.decl.isConst) {
      const tag = tagSource(node.value, this.lib);
      if (tag === undefined) return undefined;
      const decl = target.decl;
      const write = writeDecl(decl);
      return (f) => {
        const v = value(f);
        const t = tag(f);
        write(f, v);
        keepTag(f, decl, v, t);
        return undefined;
      };
    }
    const obj = target.k === 'prop' && target.name === 'tag' ? target.obj : undefined;
    if (obj?.k !== 'var' || !obj.decl || obj.evalAware) return undefined;
    const decl = obj.decl;
    const read = readDecl(decl);
    const set = compileSetter(this, target);
    return (f) => {
      const v = value(f);
      if (typeof read(f) === 'object') {
        set(f, v);
        return undefined;
      }
      if (decl.isConst) throw constantError(decl.name, pos);
      setVarTag(f, decl, checkedTag(v, pos));
      return undefined;
    };
  }

  /**
   * Assigning into a container nested in a variable (`a[0] = x`, `m.k += y`) changes the size of
   * the variable's whole value, which upstream checks against the limits.
   */
  private assignNode(node: Node & { k: 'assign' }): Compiled {
    const assign = this.assignment(node);
    const root = node.target.k === 'index' || node.target.k === 'prop' ? rootOf(node.target) : undefined;
    const readRoot =
      root?.k === 'var' && root.decl ? readDecl(root.decl) : root?.k === 'this' ? (f: Frame) => f.thisV : undefined;
    if (readRoot === undefined) return assign;
    const pos = node.pos;
    return (f) => {
      const r = assign(f);
      const rt = f.rt as Runtime;
      if (rt.sizeLimited) rt.checkGrowing(readRoot(f), pos);
      return r;
    };
  }

  private assignment(node: Node & { k: 'assign' }): Compiled {
    const tagged = node.op === '=' ? this.assignedTag(node) : undefined;
    if (tagged) return tagged;
    const value = compileOwned(this, node.value);
    const { op, pos, target } = node;
    if (op === '=') {
      const set = compileSetter(this, target);
      return (f) => {
        set(f, value(f));
        return undefined;
      };
    }
    if (target.k === 'var' && target.decl && !target.decl.captured && !target.decl.isConst && op !== '??=') {
      // Local numeric variables reuse the binary operator's inline fast paths.
      const slot = target.decl.slot;
      const bin = compileBinary(
        { k: 'bin', op: op.slice(0, -1), l: target, r: node.value, pos },
        readDecl(target.decl),
        value,
      );
      if (op === '+=' || op === '-=') {
        const sign = op === '+=' ? 1 : -1;
        return (f) => {
          const cur = f.vars[slot];
          const rhs = value(f);
          if (typeof cur === 'number' && typeof rhs === 'number') {
            const r = cur + sign * rhs;
            if (r <= Number.MAX_SAFE_INTEGER && r >= -Number.MAX_SAFE_INTEGER) {
              f.vars[slot] = r;
              return undefined;
            }
          }
          f.vars[slot] = compoundValue(op, cur, rhs, f.rt as Runtime, pos);
          return undefined;
        };
      }
      return (f) => {
        const cur = f.vars[slot];
        f.vars[slot] = typeof cur === 'number' ? bin(f) : compoundValue(op, cur, value(f), f.rt as Runtime, pos);
        return undefined;
      };
    }
    const shallow = op === '??=' ? undefined : compileShallowCompound(this, node, value);
    if (shallow) return shallow;
    const update = compileUpdater(this, target);
    if (op === '??=') {
      return (f) => {
        update(f, (cur) => (cur === undefined ? value(f) : cur));
        return undefined;
      };
    }
    return (f) => {
      const rhs = value(f);
      update(f, (cur) => compoundValue(op, cur, rhs, f.rt as Runtime, pos));
      return undefined;
    };
  }

  /** A `try` block, worth the value of the statement tryValueStatement picks. */
  private tryBody(block: Node): Compiled {
    if (block.k !== 'block') return this.compile(block);
    const { statements, at } = tryValueStatement(block.body);
    const unchanged = statements.length === block.body.length && statements.every((n, i) => n === block.body[i]);
    if (unchanged && at === statements.length - 1) return this.compile(block);
    const valued = this.compileStatements(statements.slice(0, at + 1));
    const rest = this.compileStatements(statements.slice(at + 1));
    const body: Compiled = (f) => {
      const v = valued(f);
      if (f.signal !== Signal.None) return v;
      rest(f);
      return at < 0 ? undefined : v;
    };
    return block.hasEval ? evalScoped(body) : body;
  }

  private tryNode(node: Node & { k: 'try' }): Compiled {
    const body = this.tryBody(node.body);
    const handler = this.compile(node.handler);
    const bindErr = node.err ? bindDecl(node.err) : undefined;
    const pos = node.pos;
    return (f) => {
      try {
        return body(f);
      } catch (e) {
        const err = (f.rt as Runtime).raised(e, pos);
        if (isSystemError(err)) throw err;
        if (bindErr) bindErr(f, catchValue(err));
        const outer = f.caught;
        f.caught = err;
        try {
          // As upstream, the catch block's value is discarded: a caught `try` is worth `()`.
          handler(f);
          return undefined;
        } finally {
          f.caught = outer;
        }
      }
    };
  }

  private importNode(node: Node & { k: 'import' }): Compiled {
    const path = this.compile(node.path);
    // A module's own imports are relative to its file, as upstream's FileModuleResolver does.
    const imports = this.lib.origin?.imports;
    const importer = imports && this.lib.origin?.source;
    const bind = node.alias ? bindDecl(node.alias) : undefined;
    const alias = node.alias?.name;
    const topLevel = this.topLevel;
    const pos = node.pos;
    return (f) => {
      const p = path(f);
      if (typeof p !== 'string') {
        throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(p)} (expecting string)`, pos);
      }
      const rt = f.rt as Runtime;
      const m: Module = rt.engine.loadModule(p, rt, pos, importer);
      rt.importGlobals(m);
      if (bind) bind(f, m);
      if (topLevel && alias !== undefined) (imports ?? rt.imports).set(alias, m);
      return undefined;
    };
  }
}

/** A block holding an `eval`: the variables the `eval` defined go out of scope with it. */
function evalScoped(inner: Compiled): Compiled {
  return (f) => {
    const mark = f.evalVars?.length ?? 0;
    try {
      return inner(f);
    } finally {
      if (f.evalVars) f.evalVars.length = mark;
    }
  };
}

/** Slot of a non-captured local variable, for fast paths that read the frame directly. */
function localSlot(node: Node): number | undefined {
  return node.k === 'var' && node.decl && !node.decl.captured ? node.decl.slot : undefined;
}
