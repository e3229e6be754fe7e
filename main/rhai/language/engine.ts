// The embedding API: configure limits and language switches, register native functions and
// static modules, compile once and run many times with per-run hooks.

import { fnKey } from './ast/ast.ts';
import { outlineOf, toDiagnostic, type CheckReport } from './check.ts';
import { compileScript, type CompiledScript } from './eval/compiler.ts';
import { NO_POS, ParseError, RhaiError, isStackExhaustion, type Position } from './types/errors.ts';
import { firstNonExpression } from './syntax/expression-only.ts';
import { FunctionTable, Signal, type NativeFn } from './func/functions.ts';
import { DEFAULT_LIMITS, type Limits } from './eval/limits.ts';
import { ScriptLibrary, type ScriptOrigin } from './func/library.ts';
import { Module } from './func/module.ts';
import { registerStandardPackages } from './packages/standard.ts';
import { DEFAULT_PARSE_OPTIONS, type ParseOptions } from './syntax/parse-options.ts';
import { parseScript } from './syntax/parser.ts';
import { RunInspector } from './debug/run-inspector.ts';
import {
  asRhaiError,
  inModuleAt,
  isSystemError,
  newFrame,
  Runtime,
  type EngineCore,
  type RunHooks,
} from './eval/runtime.ts';
import type { Scope } from './types/scope.ts';
import { SharedCell, type DynamicScope, type Value } from './types/values.ts';

/** Language switches (upstream names in camelCase). */
export type LanguageOptions = Omit<
  ParseOptions,
  | 'maxExprDepth'
  | 'maxFnExprDepth'
  | 'maxFunctions'
  | 'maxStringSize'
  | 'externalNames'
  | 'moduleNames'
  | 'disabledSymbols'
  | 'globalConstants'
> & { failOnInvalidMapProperty: boolean };

/** The debugger's source name for `eval` code; its frames carry the text itself. */
export const EVAL_SOURCE = '<eval>';

/** Upstream's optimization levels; here they decide whether loops become generated code. */
export type OptimizationLevel = 'none' | 'simple' | 'full';

/** A module script a resolver found: `source` names it (the cache key, the debugger's source). */
export interface ModuleSource {
  source: string;
  text: string;
}

/**
 * What a module resolver returns for an import of `path` from the script `importer` (a module's
 * source, undefined for the run's own script): script text to compile (named `path`), a module
 * script, a ready module, or nothing (not found). It may throw a RhaiError to refuse the path.
 */
export type ModuleResolver = (path: string, importer: string | undefined) => string | ModuleSource | Module | undefined;

export interface RunOptions {
  scope?: Scope;
  hooks?: RunHooks;
  /** Name reported to the debug hook. */
  source?: string;
  /** A debugger's view of the run (call stack, variables, evaluation), handed over as it starts. */
  inspect?: (run: RunInspector) => void;
}

export class ParseFailure extends RhaiError {
  constructor(readonly errors: ParseError[]) {
    const first = errors[0]!;
    super('ErrorParsing', first.message, first.pos, undefined, undefined, first);
  }
}

/** `exit(value)` ends a run successfully with `value`; every other error propagates. */
function exitValue(e: RhaiError): Value {
  const root = e.root();
  if (root.kind === 'Exit') return root.value;
  throw e;
}

/** Like upstream's run_with_scope: top-level variables outlive the run in the host scope. */
function keepTopLevel(script: CompiledScript, vars: Value[], scope: Scope): void {
  for (const decl of script.ast.topLevel) {
    const raw = vars[decl.slot];
    const value = raw instanceof SharedCell ? raw.v : raw;
    if (decl.isConst) scope.pushConstant(decl.name, value);
    else scope.push(decl.name, value);
  }
}

export class Engine implements EngineCore {
  readonly natives = new FunctionTable();
  readonly staticModules = new Map<string, Module>();
  readonly limits: Limits = { ...DEFAULT_LIMITS };
  readonly options: LanguageOptions = { ...DEFAULT_PARSE_OPTIONS, failOnInvalidMapProperty: false };
  readonly disabledSymbols = new Set<string>();
  /** 'none' keeps every loop a closure tree; the others let range loops become generated code. */
  optimizationLevel: OptimizationLevel = 'simple';
  private resolver: ModuleResolver | undefined;
  /** Compiled module scripts by source, reused while their text stays the same. */
  private readonly moduleScripts = new Map<string, { text: string; script: CompiledScript }>();

  constructor() {
    registerStandardPackages(this.natives);
  }

  get failOnInvalidMapProperty(): boolean {
    return this.options.failOnInvalidMapProperty;
  }

  /** Registers a global native function. `params` are `type_of` names ('?' = any) or an arity. */
  registerFn(
    name: string,
    params: number | readonly (string | undefined)[],
    fn: NativeFn,
    options: { mutates?: boolean } = {},
  ): this {
    const mutates = options.mutates ?? false;
    if (typeof params === 'number') this.natives.add(name, { arity: params, fn, mutates });
    else this.natives.add(name, { arity: params.length, types: params, fn, mutates });
    return this;
  }

  /** Makes `module` available as `name::...` in every script without an import. */
  registerStaticModule(name: string, module: Module): this {
    this.staticModules.set(name, module);
    const exposeGlobals = (m: Module): void => {
      for (const { name: fnName, overload } of m.globalNatives) this.natives.add(fnName, overload);
      for (const sub of m.subModules.values()) exposeGlobals(sub);
    };
    exposeGlobals(module);
    return this;
  }

  setModuleResolver(resolver: ModuleResolver | undefined): this {
    this.resolver = resolver;
    return this;
  }

  private parseOptions(scope?: DynamicScope): ParseOptions {
    return {
      ...this.options,
      maxExprDepth: this.limits.maxExprDepth,
      maxFnExprDepth: this.limits.maxFnExprDepth,
      maxFunctions: Number.isFinite(this.limits.maxFunctions) ? this.limits.maxFunctions : 0,
      maxStringSize: this.limits.maxStringSize,
      maxArraySize: this.limits.maxArraySize,
      maxMapSize: this.limits.maxMapSize,
      disabledSymbols: this.disabledSymbols,
      externalNames: new Set(scope?.names() ?? []),
      moduleNames: new Set(this.staticModules.keys()),
      globalConstants: true,
    };
  }

  /** Compiles a script; throws ParseFailure (kind ErrorParsing) listing every parse error. */
  compile(source: string, scope?: Scope): CompiledScript {
    const { ast, errors } = parseScript(source, this.parseOptions(scope));
    if (errors.length > 0) throw new ParseFailure(errors);
    if (this.limits.maxFunctions === 0 && ast.functions.length > 0) {
      const f = ast.functions[0]!;
      throw new ParseFailure([
        new ParseError('TooManyFunctions', 'Number of functions defined exceeds maximum limit', f.pos),
      ]);
    }
    try {
      return compileScript(ast, { generateCode: this.optimizationLevel !== 'none' });
    } catch (e) {
      if (!isStackExhaustion(e)) throw e;
      throw new ParseFailure([new ParseError('ExprTooDeep', 'Expression exceeds maximum complexity', NO_POS)]);
    }
  }

  /** Compiles a single expression: no statements, assignments or loops. */
  compileExpression(source: string, scope?: Scope): CompiledScript {
    const script = this.compile(source, scope);
    const { body, functions } = script.ast;
    const bad = body.length !== 1 ? body[1] : firstNonExpression(body[0]!);
    if (bad || functions.length > 0 || /;\s*$/.test(source.trim())) {
      const pos = bad?.pos ?? functions[0]?.pos ?? NO_POS;
      throw new ParseFailure([new ParseError('BadInput', 'Script is not an expression', pos)]);
    }
    return script;
  }

  /** Parses without running: every diagnostic plus a symbol outline. */
  check(source: string): CheckReport {
    const { ast, errors } = parseScript(source, this.parseOptions());
    return { diagnostics: errors.map(toDiagnostic), outline: outlineOf(ast) };
  }

  /**
   * Runs a compiled script with per-run hooks. Returns the last statement's value (or the value
   * given to `return`/`exit`); throws RhaiError otherwise.
   */
  run(script: CompiledScript, options: RunOptions = {}): Value {
    const rt = new Runtime(this, options.hooks ?? {}, script.lib, options.source);
    const frame = newFrame(new Array<Value>(script.ast.slots), rt, undefined, options.scope);
    rt.topLevel(frame);
    options.inspect?.(new RunInspector(rt, script));
    try {
      const v = script.body(frame);
      return frame.signal === Signal.Return ? frame.sigVal : v;
    } catch (e) {
      return exitValue(rt.raised(e, NO_POS));
    } finally {
      if (options.scope) keepTopLevel(script, frame.vars, options.scope);
    }
  }

  /** `compile` then `run`. */
  eval(source: string, options: RunOptions = {}): Value {
    return this.run(this.compile(source, options.scope), options);
  }

  /**
   * Calls a script function of a compiled script. Like upstream's `call_fn`, the script's
   * top-level statements run first (so its constants and imports exist) unless `evalAst` is false.
   */
  callFn(script: CompiledScript, name: string, args: Value[], options: RunOptions & { evalAst?: boolean } = {}): Value {
    const rt = new Runtime(this, options.hooks ?? {}, script.lib, options.source);
    try {
      if (options.evalAst !== false) {
        const frame = newFrame(new Array<Value>(script.ast.slots), rt, undefined, options.scope);
        script.body(frame);
      }
      return rt.callFunction(script.lib, name, args, NO_POS);
    } catch (e) {
      return exitValue(asRhaiError(e, NO_POS));
    }
  }

  /**
   * Resolves an `import` (EngineCore): cached per run by the module's source (so the same path
   * from two folders is two modules), counted against maxModules.
   */
  loadModule(path: string, rt: Runtime, pos: Position, importer?: string): Module {
    // Like upstream, every executed import counts towards the limit, even a cached one.
    if (rt.modulesLoaded >= this.limits.maxModules) {
      throw new RhaiError('ErrorTooManyModules', 'Too many modules imported', pos);
    }
    rt.modulesLoaded++;
    let resolved: ReturnType<ModuleResolver>;
    try {
      resolved = this.resolver?.(path, importer) ?? this.staticModules.get(path);
    } catch (e) {
      throw asRhaiError(e, pos);
    }
    if (resolved === undefined) throw new RhaiError('ErrorModuleNotFound', `Module not found: ${path}`, pos);
    if (resolved instanceof Module) return resolved;
    const found = typeof resolved === 'string' ? { source: path, text: resolved } : resolved;
    const cached = rt.moduleCache.get(found.source);
    if (cached) return cached;
    const m = this.moduleFromSource(path, found, rt, pos);
    rt.moduleCache.set(found.source, m);
    return m;
  }

  private moduleScript(path: string, { source, text }: ModuleSource): CompiledScript {
    const known = this.moduleScripts.get(source);
    if (known?.text === text) return known.script;
    const { ast, errors } = parseScript(text, this.parseOptions());
    if (errors.length > 0) throw new ParseFailure(errors);
    const script = compileScript(ast, {
      generateCode: this.optimizationLevel !== 'none',
      origin: { source, name: path },
    });
    this.moduleScripts.set(source, { text, script });
    return script;
  }

  private moduleFromSource(path: string, found: ModuleSource, rt: Runtime, pos: Position): Module {
    const wrap = (inner: RhaiError): RhaiError => {
      const message = `Error in module '${path}'${inModuleAt(inner)}: ${inner.message}`;
      const wrapped = new RhaiError('ErrorInModule', message, pos, undefined, inner);
      wrapped.innerSource = found.source;
      return wrapped;
    };
    let script: CompiledScript;
    try {
      script = this.moduleScript(path, found);
    } catch (e) {
      throw wrap(asRhaiError(e, NO_POS));
    }
    const savedLib = rt.mainLib;
    rt.mainLib = script.lib;
    const frame = newFrame(new Array<Value>(script.ast.slots), rt, undefined);
    try {
      rt.runScript(script.lib.origin!, frame, script.body, pos);
    } catch (e) {
      const err = asRhaiError(e, NO_POS);
      throw isSystemError(err) ? err : wrap(err);
    } finally {
      rt.mainLib = savedLib;
    }
    const m = new Module(path);
    for (const [name, decl] of script.ast.exports) {
      const raw = frame.vars[decl.slot];
      m.variables.set(name, raw instanceof SharedCell ? raw.v : raw);
    }
    for (const [key, sf] of script.lib.functions) if (!sf.def.isPrivate) m.scriptFunctions.set(key, sf);
    // Modules the script imported at top level become its sub-modules.
    for (const decl of script.ast.topLevel) {
      const raw = frame.vars[decl.slot];
      const v = raw instanceof SharedCell ? raw.v : raw;
      if (v instanceof Module && !m.subModules.has(decl.name)) m.subModules.set(decl.name, v);
    }
    return m;
  }

  /** Compiles `eval` code (EngineCore): it sees the script's functions, and `scope` by name. */
  compileEval(
    source: string,
    rt: Runtime,
    scope: DynamicScope | undefined,
    scriptLevel = false,
    origin?: Omit<ScriptOrigin, 'ast'>,
  ): CompiledScript {
    const { ast, errors } = parseScript(source, { ...this.parseOptions(scope), globalConstants: scriptLevel });
    if (errors.length > 0) throw new ParseFailure(errors);
    // As upstream, `eval` code defines no functions: it runs inside a call.
    const fn = ast.functions[0];
    if (fn) {
      const message = 'Function definitions must be at global level and cannot be inside a block or another function';
      throw new ParseFailure([new ParseError('WrongFnDefinition', message, fn.pos)]);
    }
    const base = new ScriptLibrary(origin && { ...origin, ast });
    for (const sf of rt.mainLib.functions.values()) base.add(sf);
    // `eval` code runs once: generating JavaScript for it would cost more than it saves.
    return compileScript(ast, { base, generateCode: false, scriptLevel });
  }

  /** Runs `eval` code (EngineCore) in the caller's runtime. */
  evalSource(
    source: string,
    rt: Runtime,
    scope: DynamicScope | undefined,
    pos: Position,
    define: (name: string, value: Value, isConst: boolean) => void,
    scriptLevel: boolean,
  ): Value {
    try {
      const origin = { source: EVAL_SOURCE, name: 'eval', text: source };
      const script = this.compileEval(source, rt, scope, scriptLevel, origin);
      const { ast } = script;
      const frame = newFrame(new Array<Value>(ast.slots), rt, undefined, scope);
      // A frame of its own for a debugger, which shows the text (it has no file).
      const v = rt.runScript(script.lib.origin!, frame, script.body, pos);
      // Top-level variables of the evaluated code live on in the caller's scope.
      for (const decl of ast.topLevel) {
        const raw = frame.vars[decl.slot];
        define(decl.name, raw instanceof SharedCell ? raw.v : raw, decl.isConst);
      }
      return frame.signal === Signal.Return ? frame.sigVal : v;
    } catch (e) {
      // Upstream treats `eval` as a function call, so its failures are wrapped like one.
      const err = asRhaiError(e, pos);
      throw new RhaiError(
        'ErrorInFunctionCall',
        `Error in call to function 'eval': ${err.message}`,
        pos,
        undefined,
        err,
      );
    }
  }

  /** True when a script function `name` with `arity` parameters exists in `script`. */
  hasFunction(script: CompiledScript, name: string, arity: number): boolean {
    return script.lib.functions.has(fnKey(name, arity));
  }
}
