// Per-run state: operation counting, call depth, hooks, global constants and imported modules,
// plus the calling convention shared by compiled code and native functions.

import { fnKey } from '../ast/ast.ts';
import type { DataSizes } from '../types/data-size.ts';
import type { CompiledScript } from './compiler.ts';
import { NO_POS, RhaiError, isStackExhaustion, type Position } from '../types/errors.ts';
import type {
  Compiled,
  Frame,
  Library,
  NativeContext,
  NativeOverload,
  RuntimeHandle,
  ScriptFunction,
  SizeChanges,
} from '../func/functions.ts';
import { FunctionTable, Signal } from '../func/functions.ts';
import { normalizeNumber } from '../types/interop.ts';
import { matchOverload, type NativeCache } from '../func/native-cache.ts';
import type { Limits } from './limits.ts';
import type { Module } from '../func/module.ts';
import type { ScriptOrigin } from '../func/library.ts';
import type { OperatorFallback } from './operators.ts';
import { SizeLedger } from './size-ledger.ts';
import { FnPtr, SharedCell, typeOf, type DynamicScope, type PrimitiveTag, type Value } from '../types/values.ts';

export interface RunHooks {
  print?: (text: string) => void;
  debug?: (text: string, source: string | undefined, pos: Position) => void;
  /** Called every `progressInterval` operations; a non-undefined result terminates the run. */
  progress?: (operations: number) => unknown;
  progressInterval?: number;
  /** Debugger hook: called before every statement. */
  onStatement?: (pos: Position, frame: Frame) => void;
  /**
   * Debugger: when given, `onStatement` runs only while this holds. Asked as the run starts and
   * at every progress check, so a debugger that attaches mid-run takes effect within microseconds.
   */
  statementsWanted?: () => boolean;
  /**
   * Debugger: whether a function or a loop over these lines must run its statements through
   * `onStatement` (it holds a breakpoint, or a step is under way). One that need not runs without
   * them, a loop as generated code; what it calls decides for itself. Absent: all must.
   */
  needsStatements?: (firstLine: number, lastLine: number, source: StatementSource) => boolean;
  /**
   * Debugger: an error was raised at `pos`, before the frames it unwinds are gone; called once per
   * error, while `onStatement` runs.
   */
  onError?: (error: RhaiError, pos: Position) => void;
}

/**
 * Whose lines `needsStatements` asks about: a module's or `eval` code's source (ScriptOrigin), the
 * run's own script (undefined), or any script the run may reach (ALL_SOURCES).
 */
export type StatementSource = string | undefined | typeof ALL_SOURCES;
export const ALL_SOURCES = Symbol('all sources');

/** A script call, as a debugger sees it: kept by depth whenever the run has a debugger hook. */
export interface CallRecord {
  /** Set as soon as the call's frame exists. */
  frame: Frame | undefined;
  /** Undefined at the top level. */
  callee: ScriptFunction | undefined;
  /** Where the caller called. */
  site: Position;
  /** Runs without statement hooks: nothing in these lines needs them (see RunHooks.needsStatements). */
  quiet: boolean;
  firstLine: number;
  lastLine: number;
  /**
   * Set where another script's top level runs here (an imported module's, `eval` code): no
   * callee, and lines that are that script's.
   */
  origin: ScriptOrigin | undefined;
}

/** The engine services the runtime needs (implemented by Engine). */
export interface EngineCore {
  readonly natives: FunctionTable;
  readonly staticModules: Map<string, Module>;
  readonly limits: Limits;
  readonly failOnInvalidMapProperty: boolean;
  /** Compiles and runs a module script, or returns a host-provided module. */
  /** `importer` is the source of the module that imports (undefined: the run's own script). */
  loadModule(path: string, rt: Runtime, pos: Position, importer?: string): Module;
  /**
   * Compiles `eval` code to run in `rt`: it sees the script's functions, and `scope` by name.
   * With `scriptLevel` (an `eval` at the script's own level), its constants are `global::` ones.
   */
  compileEval(source: string, rt: Runtime, scope: DynamicScope | undefined, scriptLevel?: boolean): CompiledScript;
  /** Runs `eval` source against the caller's variables; its top-level variables go to `define`. */
  evalSource(
    source: string,
    rt: Runtime,
    scope: DynamicScope | undefined,
    pos: Position,
    define: (name: string, value: Value, isConst: boolean) => void,
    scriptLevel: boolean,
  ): Value;
}

/**
 * A closure's captured variables are its first arguments upstream, and a call with an argument
 * locked by a method call under way is a data race before the closure runs: the error is the
 * call's, not one inside the closure.
 */
function checkNoDataRace(captures: SharedCell[], fnName: string): void {
  for (let i = 0; i < captures.length; i++) {
    if (captures[i]!.locked) {
      throw new RhaiError(
        'ErrorDataRace',
        `Data race detected on variable 'argument #${i + 1} of function '${fnName}''`,
      );
    }
  }
}

export function newFrame(vars: Value[], rt: Runtime, thisV: Value, dyn?: DynamicScope, thisConst = false): Frame {
  return {
    vars,
    thisV,
    thisConst,
    signal: Signal.None,
    sigVal: undefined,
    rt,
    dyn,
    caught: undefined,
    evalVars: undefined,
  };
}

const HARD_ARRAY_LIMIT = 1 << 26;

/** Without size limits nothing is counted. */
const UNCOUNTED: SizeChanges = {
  added() {},
  removed() {},
  replaced() {},
};

const SYSTEM_KINDS = new Set([
  'ErrorSystem',
  'ErrorParsing',
  'ErrorTooManyOperations',
  'ErrorTooManyModules',
  'ErrorStackOverflow',
  'ErrorDataTooLarge',
  'ErrorTerminated',
  'ErrorCustomSyntax',
  'Exit',
]);

/** Limit and system errors are not catchable, even when wrapped in ErrorInFunctionCall. */
export function isSystemError(e: RhaiError): boolean {
  return SYSTEM_KINDS.has(e.root().kind);
}

/** Converts anything thrown by native code into a RhaiError. */
export function asRhaiError(e: unknown, pos: Position): RhaiError {
  if (e instanceof RhaiError) return e.withPos(pos);
  if (isStackExhaustion(e)) {
    return new RhaiError('ErrorStackOverflow', 'Stack overflow', pos);
  }
  // JS refuses strings and arrays beyond its own maximum lengths before any Rhai limit is hit.
  const tooLarge = ['string length', 'array length', 'maximum size'];
  if (e instanceof RangeError && tooLarge.some((m) => e.message.includes(m))) {
    return new RhaiError('ErrorDataTooLarge', 'Data too large', pos);
  }
  return new RhaiError('ErrorSystem', e instanceof Error ? e.message : String(e), pos);
}

export function signature(name: string, args: Value[]): string {
  return `${name} (${args.map(typeOf).join(', ')})`;
}

/**
 * An error raised inside a script function, wrapped as upstream does; system errors pass through.
 * A module's function is named with its module (upstream's `@ 'module'`), and where in the module
 * it failed, since the error's position is the caller's.
 */
function inFunctionCall(e: unknown, sf: ScriptFunction, pos: Position): RhaiError {
  const err = asRhaiError(e, pos);
  if (isSystemError(err)) return err;
  const { name } = sf.def;
  const origin = sf.lib.origin;
  const where = origin === undefined ? '' : ` @ '${origin.name}'${inModuleAt(err)}`;
  const wrapped = new RhaiError(
    'ErrorInFunctionCall',
    `Error in call to function '${name}'${where}: ${err.message}`,
    pos,
    undefined,
    err,
  );
  if (origin !== undefined) wrapped.innerSource = origin.source;
  return wrapped;
}

/** ` (line L, position C)` of an error raised in another script, where it was raised there. */
export function inModuleAt(err: RhaiError): string {
  let pos = NO_POS;
  for (let link: RhaiError | undefined = err; link !== undefined; link = link.inner) {
    if (link.pos.line > 0) pos = link.pos;
    if (link.innerSource !== undefined) break;
  }
  return pos.line > 0 ? ` (line ${pos.line}, position ${pos.col})` : '';
}

export class Runtime implements NativeContext, RuntimeHandle, OperatorFallback {
  ops = 0;
  checkpoint: number;
  depth = 0;
  callPos: Position = NO_POS;
  readonly globals = new Map<string, Value>();
  readonly imports = new Map<string, Module>();
  readonly moduleCache = new Map<string, Module>();
  modulesLoaded = 0;
  /** Global-namespace functions of modules imported during this run. */
  importedNatives: FunctionTable | undefined;
  /** The receiver after a method call, possibly replaced (strings and integers are immutable). */
  thisOut: Value = undefined;
  /** Tag of the value the last script function returned (variable-tags.ts). */
  returnTag = 0;
  /** Whether any size limit is set, so containers need their nested sizes checked. */
  readonly sizeLimited: boolean;
  /** The data sizes of the run's values, kept up to date when a size limit is set. */
  private readonly ledger: SizeLedger | undefined;
  /** Where changes to counted containers are reported (a no-op without size limits). */
  readonly sizes: SizeChanges;
  private nextProgress: number;
  private readonly progressInterval: number;
  /**
   * The script calls by depth (0: the top level), recorded whenever the run has a debugger hook,
   * attached or not, so that a debugger attaching mid-run sees every frame; a run without one
   * records nothing. Entries above `depth` are stale.
   */
  readonly calls: (CallRecord | undefined)[] = [];
  /** Whether calls are recorded in `calls`: the run has a statement hook. */
  private readonly tracksCalls: boolean;
  /** Whether `onStatement` runs: set, and wanted (see RunHooks.statementsWanted). */
  private statementsOn: boolean;
  /**
   * Whether calls go through the debugger's bookkeeping (hookedScript): statements are on and some
   * code needs them (a breakpoint in this source, a step). Attached with no breakpoint, calls take
   * the path they take without a debugger, and their `quiet` flags are not kept up to date.
   */
  private hookCalls = false;
  /** The last statement `onStatement` saw: where an error without a position was raised. */
  private lastStatement: Position = NO_POS;
  /** Errors already given to `onError`. */
  private reported: WeakSet<RhaiError> | undefined;
  /** While the debugger evaluates: the operation count at which the evaluation is cut off. */
  private detachedLimit = Infinity;

  constructor(
    readonly engine: EngineCore,
    readonly hooks: RunHooks,
    public mainLib: Library,
    readonly source?: string,
  ) {
    this.progressInterval = Math.max(1, hooks.progressInterval ?? 1024);
    this.nextProgress = hooks.progress || hooks.statementsWanted ? this.progressInterval : Infinity;
    this.tracksCalls = hooks.onStatement !== undefined;
    this.statementsOn = this.tracksCalls && (hooks.statementsWanted?.() ?? true);
    this.hookCalls = this.statementsOn && this.anyNeedsStatements();
    this.checkpoint = this.computeCheckpoint();
    const l = engine.limits;
    this.sizeLimited = l.maxArraySize > 0 || l.maxMapSize > 0 || l.maxStringSize > 0;
    this.ledger = this.sizeLimited ? new SizeLedger() : undefined;
    this.sizes = this.ledger ?? UNCOUNTED;
  }

  private computeCheckpoint(): number {
    return this.statementsLive() ? 0 : this.unhookedCheckpoint();
  }

  /** The next operation count that needs the slow path, where statements are not hooked. */
  private unhookedCheckpoint(): number {
    const max = this.engine.limits.maxOperations;
    return Math.min(max > 0 ? max + 1 : Infinity, this.nextProgress, this.detachedLimit);
  }

  /** Whether `onStatement` runs here: on, and not in a call or loop running quietly. */
  statementsLive(): boolean {
    return this.hookCalls && this.calls[this.depth]?.quiet !== true;
  }

  /** Records the top level's frame, as a run starts. */
  topLevel(frame: Frame): void {
    this.calls[0] = {
      frame,
      callee: undefined,
      site: NO_POS,
      quiet: false,
      firstLine: 0,
      lastLine: 0,
      origin: undefined,
    };
  }

  /** Slow path of operation counting: limits, progress hook, debugger hook. */
  slowTick(pos: Position): void {
    const max = this.engine.limits.maxOperations;
    if (max > 0 && this.ops > max) throw new RhaiError('ErrorTooManyOperations', 'Too many operations', pos);
    if (this.ops > this.detachedLimit) throw new RhaiError('ErrorTooManyOperations', 'Too many operations', pos);
    if (this.ops >= this.nextProgress) {
      this.nextProgress = this.ops + this.progressInterval;
      const token = this.hooks.progress?.(this.ops);
      if (token !== undefined) throw new RhaiError('ErrorTerminated', 'Script terminated', pos, token as Value);
      this.checkDebugger();
    }
    this.checkpoint = this.computeCheckpoint();
  }

  /** On the progress path: a debugger attaching or leaving, or wanting what runs quietly. */
  private checkDebugger(): void {
    const { statementsWanted } = this.hooks;
    if (statementsWanted === undefined || this.detachedLimit !== Infinity) return;
    this.statementsOn = this.tracksCalls && statementsWanted();
    this.wakeWhereNeeded();
  }

  /**
   * Hooks the statements of the quiet calls and loops on the stack that need them now (a
   * breakpoint set in them, a step or a pause under way). Asked at each progress check, and by
   * the debugger when it goes on from a stop with a step.
   */
  wakeWhereNeeded(): void {
    const wasHooked = this.hookCalls;
    this.hookCalls = this.statementsOn && this.anyNeedsStatements();
    const { calls } = this;
    for (let depth = 0; this.hookCalls && depth <= this.depth && depth < calls.length; depth++) {
      const call = calls[depth];
      if (call === undefined) continue;
      // Calls made while calls were not hooked never decided: each decides now over its lines
      // (a quiet loop inside one is not known, so a function wakes whole).
      if (!wasHooked) this.decideQuiet(call);
      // A generated loop calls the hook at the same statements as the closures would.
      else if (call.quiet && this.needsStatements(call.firstLine, call.lastLine, sourceOf(call))) call.quiet = false;
    }
    this.checkpoint = this.computeCheckpoint();
  }

  /** Sets `call` to run quietly when nothing in its function needs statement hooks. */
  private decideQuiet(call: CallRecord): void {
    const { callee } = call;
    if (callee === undefined) {
      call.quiet = false;
      return;
    }
    call.firstLine = callee.def.pos.line;
    call.lastLine = callee.def.end.line;
    call.quiet = !this.needsStatements(call.firstLine, call.lastLine, callee.lib.origin?.source);
  }

  /**
   * Whether code over these lines must run through statement hooks (see RunHooks.needsStatements),
   * in the script running at the current depth unless `source` says which.
   */
  needsStatements(firstLine: number, lastLine: number, source = this.sourceAt(this.depth)): boolean {
    return this.hooks.needsStatements?.(firstLine, lastLine, source) ?? true;
  }

  /** Whether anything anywhere in the run needs statement hooks: then calls decide one by one. */
  private anyNeedsStatements(): boolean {
    return this.hooks.needsStatements?.(0, Infinity, ALL_SOURCES) ?? true;
  }

  /** The source of the script running at `depth`: undefined for the run's own. */
  sourceAt(depth: number): string | undefined {
    const call = this.calls[depth];
    return call === undefined ? undefined : sourceOf(call);
  }

  /**
   * Runs another script's top level (an imported module's, `eval` code) one level deeper, so that
   * a debugger sees its frame and its lines as that script's. Without a debugger hook it just runs.
   */
  runScript(origin: ScriptOrigin, frame: Frame, body: Compiled, pos: Position): Value {
    if (!this.tracksCalls) return body(frame);
    if (this.depth >= this.engine.limits.maxCallLevels)
      throw new RhaiError('ErrorStackOverflow', 'Stack overflow', pos);
    const call = this.recordCall(undefined, pos, frame);
    call.origin = origin;
    call.quiet = this.hookCalls && !this.needsStatements(0, Infinity, origin.source);
    this.depth++;
    this.checkpoint = this.computeCheckpoint();
    try {
      return body(frame);
    } finally {
      this.depth--;
      call.origin = undefined;
      this.leaveCall();
    }
  }

  /** Runs a generated loop without statement hooks; the functions it calls decide for themselves. */
  runQuietly(loop: Compiled, f: Frame, firstLine: number, lastLine: number): Value {
    const call = this.calls[this.depth];
    if (call === undefined) return loop(f);
    const outer = { quiet: call.quiet, firstLine: call.firstLine, lastLine: call.lastLine };
    call.quiet = true;
    call.firstLine = firstLine;
    call.lastLine = lastLine;
    this.checkpoint = this.computeCheckpoint();
    try {
      return loop(f);
    } finally {
      call.quiet = outer.quiet;
      call.firstLine = outer.firstLine;
      call.lastLine = outer.lastLine;
      this.checkpoint = this.computeCheckpoint();
    }
  }

  /**
   * Records the call about to run one level deeper, where a debugger can see it. Field by field,
   * into the record this depth keeps: calls are many.
   */
  private recordCall(callee: ScriptFunction | undefined, site: Position, frame: Frame | undefined): CallRecord {
    const call = (this.calls[this.depth + 1] ??= {
      frame,
      callee,
      site,
      quiet: false,
      firstLine: 0,
      lastLine: 0,
      origin: undefined,
    });
    call.frame = frame;
    call.callee = callee;
    call.site = site;
    return call;
  }

  /**
   * Decides, while calls are hooked, whether the call about to run one level deeper runs quietly
   * (nothing needs the statements of its function); checkpoints are worked out as it starts.
   */
  private enterCall(callee: ScriptFunction, site: Position): CallRecord {
    const call = this.recordCall(callee, site, undefined);
    this.decideQuiet(call);
    return call;
  }

  /** Back in the caller. */
  private leaveCall(): void {
    this.checkpoint = this.computeCheckpoint();
  }

  /**
   * Runs `work` for a debugger while the script is stopped: no hooks (statements, errors, progress)
   * and at most `maxOperations` operations, so an evaluation can neither stop again nor hang.
   */
  detached<T>(maxOperations: number, work: () => T): T {
    const { statementsOn, hookCalls, nextProgress, detachedLimit, callPos, thisOut, returnTag } = this;
    this.statementsOn = false;
    this.hookCalls = false;
    this.nextProgress = Infinity;
    this.detachedLimit = this.ops + maxOperations;
    this.checkpoint = this.computeCheckpoint();
    try {
      return work();
    } finally {
      Object.assign(this, { statementsOn, hookCalls, nextProgress, detachedLimit, callPos, thisOut, returnTag });
      this.checkpoint = this.computeCheckpoint();
    }
  }

  /**
   * `e` as a RhaiError, positioned at `pos` when it has no position; reported to the debugger
   * first (once), where it was raised, while the frames it unwinds are still there.
   */
  raised(e: unknown, pos: Position): RhaiError {
    const where = e instanceof RhaiError && e.pos.line > 0 ? e.pos : this.lastStatement;
    const err = asRhaiError(e, pos);
    const report = this.hooks.onError;
    if (report === undefined || !this.statementsOn) return err;
    const root = err.root();
    if (root.kind === 'Exit' || root.kind === 'ErrorTerminated' || this.reported?.has(root)) return err;
    try {
      report(err, where);
    } catch (failure) {
      // Out of stack where it was raised: a caller, with more of it, reports it instead.
      if (isStackExhaustion(failure)) return err;
      throw failure;
    }
    (this.reported ??= new WeakSet()).add(root);
    return err;
  }

  /** Exposes an imported module's global-namespace functions to unqualified calls. */
  importGlobals(m: Module): void {
    if (m.globalNatives.length === 0) return;
    this.importedNatives ??= new FunctionTable();
    for (const { name, overload } of m.globalNatives) this.importedNatives.add(name, overload);
  }

  /** Looks a native up in the engine, then among imported global-namespace functions. */
  /** The global native a call site resolves to, then the imported modules' global functions. */
  findNative(site: NativeCache, name: string, args: Value[]): NativeOverload | undefined {
    const o = site.match(this.engine.natives, args);
    if (o || !this.importedNatives) return o;
    const extra = this.importedNatives.lookup(name, args.length);
    return extra && matchOverload(extra, args);
  }

  statementHook(pos: Position, frame: Frame): void {
    if (!this.statementsLive()) return;
    this.lastStatement = pos;
    this.hooks.onStatement!(pos, frame);
  }

  /** Arrow property so it can be handed to the formatters unbound. */
  readonly formatCustom = (v: Value, debug: boolean): string | undefined => {
    const names = debug ? ['to_debug', 'to_string'] : ['to_string'];
    const type = typeOf(v);
    for (const name of names) {
      // Only overloads declared for exactly this type: the built-in `?` versions would recurse.
      const o = this.engine.natives.lookup(name, 1)?.find((x) => x.types?.[0] === type);
      if (o) {
        const r = this.callNative(o, [v], this.callPos);
        return typeof r === 'string' ? r : undefined;
      }
    }
    return undefined;
  };

  print(text: string): void {
    this.hooks.print?.(text);
  }

  debug(text: string, pos: Position): void {
    this.hooks.debug?.(text, this.source, pos);
  }

  checkStringSize(s: string): string {
    const max = this.engine.limits.maxStringSize;
    // A UTF-16 unit is 1 to 3 UTF-8 bytes, so most strings need no byte count.
    if (max > 0 && s.length * 3 > max && (s.length > max || this.ledger!.stringBytes(s) > max)) {
      throw this.stringTooLong();
    }
    return s;
  }

  checkedConcat(a: string, b: string): string {
    const s = a + b;
    const max = this.engine.limits.maxStringSize;
    if (max > 0 && s.length * 3 > max) {
      if (s.length > max) throw this.stringTooLong();
      const ledger = this.ledger!;
      const bytes = ledger.stringBytes(a) + ledger.stringBytes(b);
      ledger.rememberString(s, bytes);
      if (bytes > max) throw this.stringTooLong();
    }
    return s;
  }

  private stringTooLong(): RhaiError {
    return new RhaiError('ErrorDataTooLarge', 'Length of string too large', this.callPos);
  }

  /** A string of `n` UTF-16 units has at least `n` UTF-8 bytes: too long before it is built. */
  checkStringLength(n: number): void {
    const max = this.engine.limits.maxStringSize;
    if (max > 0 && n > max) throw new RhaiError('ErrorDataTooLarge', 'Length of string too large', this.callPos);
  }

  /** Checks a new value `v` with everything nested in it against the size limits (upstream's check_data_size). */
  checkDataSize(v: Value, pos: Position = this.callPos): void {
    if (typeof v !== 'object' || !this.sizeLimited) return;
    this.throwOnSize(this.ledger!.sizesOf(v), pos);
  }

  /**
   * The same check for a container that is changed in place (a receiver, an assignment's
   * variable): counted once, then kept up to date, so checking it again costs nothing.
   */
  checkGrowing(v: Value, pos: Position = this.callPos): void {
    if (typeof v !== 'object' || !this.sizeLimited) return;
    this.throwOnSize(this.ledger!.tracked(v), pos);
  }

  /** Upstream's throw_on_size: the string limit first, then arrays, then maps. */
  private throwOnSize({ arrays, maps, strings }: DataSizes, pos: Position): void {
    const l = this.engine.limits;
    if (l.maxStringSize > 0 && strings > l.maxStringSize) {
      throw new RhaiError('ErrorDataTooLarge', 'Length of string too large', pos);
    }
    if (l.maxArraySize > 0 && arrays > l.maxArraySize) {
      throw new RhaiError('ErrorDataTooLarge', 'Size of array too large', pos);
    }
    if (l.maxMapSize > 0 && maps > l.maxMapSize)
      throw new RhaiError('ErrorDataTooLarge', 'Size of object map too large', pos);
  }

  /** `container` was changed in place in ways not reported element by element. */
  recount(container: Value): void {
    this.ledger?.recount(container);
  }

  checkArraySize(n: number): void {
    const max = this.engine.limits.maxArraySize;
    // Beyond V8's own array limit growth aborts the process, so that is a hard cap even when unlimited.
    if ((max > 0 && n > max) || n > HARD_ARRAY_LIMIT) {
      throw new RhaiError('ErrorDataTooLarge', 'Size of array too large', this.callPos);
    }
  }

  checkMapSize(n: number): void {
    const max = this.engine.limits.maxMapSize;
    if (max > 0 && n > max) throw new RhaiError('ErrorDataTooLarge', 'Size of object map too large', this.callPos);
  }

  /** Runs a script function. `vars` must already hold the arguments in the parameter slots. */
  invokeScript(
    sf: ScriptFunction,
    vars: Value[],
    thisV: Value,
    pos: Position,
    /** Closure captures, and the name-based scope the body sees (closure creator's or a capturing caller's). */
    closure?: { captures?: SharedCell[]; dyn: DynamicScope | undefined },
    /** Tags of primitive arguments, by parameter slot (see variable-tags.ts). */
    tags?: PrimitiveTag[],
    /** Called by hookedScript, which records the call for the debugger. */
    hooked?: boolean,
    /** `thisV` is a constant's value, which the function may not change. */
    thisConst?: boolean,
  ): Value {
    // As little as this for the debugger here, and its bookkeeping elsewhere: anything more in
    // this path slows every call.
    if (this.hookCalls && hooked !== true) return this.hookedScript(sf, vars, thisV, pos, closure, tags, thisConst);
    if (this.depth >= this.engine.limits.maxCallLevels) {
      throw new RhaiError('ErrorStackOverflow', 'Stack overflow', pos);
    }
    // Closures keep seeing the name-based scope (host variables) they were created in.
    const frame = newFrame(vars, this, thisV, closure?.dyn, thisConst === true);
    if (this.tracksCalls) this.recordCall(sf, pos, frame);
    if (tags !== undefined) frame.tags = tags;
    const captures = closure?.captures;
    if (captures) {
      const caps = sf.captureSlots;
      if (caps) for (let i = 0; i < caps.length; i++) vars[caps[i]!] = captures[i]!;
    }
    if (sf.def.params.length > this.engine.limits.maxVariables) {
      throw new RhaiError('ErrorTooManyVariables', 'Too many variables defined', pos);
    }
    this.depth++;
    this.ops++;
    let v: Value;
    try {
      if (this.ops >= this.checkpoint) this.slowTick(pos);
      v = sf.body(frame);
    } catch (e) {
      throw inFunctionCall(this.raised(e, pos), sf, pos);
    } finally {
      this.depth--;
    }
    if (thisV !== undefined) this.thisOut = frame.thisV;
    if (frame.signal === Signal.Return) return frame.sigVal;
    return v;
  }

  /** invokeScript while statement hooks are on: the call is recorded for the debugger while it runs. */
  private hookedScript(
    sf: ScriptFunction,
    vars: Value[],
    thisV: Value,
    pos: Position,
    closure: { captures?: SharedCell[]; dyn: DynamicScope | undefined } | undefined,
    tags: PrimitiveTag[] | undefined,
    thisConst: boolean | undefined,
  ): Value {
    this.checkpoint = this.enterCall(sf, pos).quiet ? this.unhookedCheckpoint() : 0;
    try {
      return this.invokeScript(sf, vars, thisV, pos, closure, tags, true, thisConst);
    } finally {
      this.leaveCall();
    }
  }

  /** Runs a script function with the receiver written back through `thisOut`. */
  invokeMethod(
    sf: ScriptFunction,
    args: Value[],
    thisV: Value,
    pos: Position,
    thisOut: { v: Value },
    thisConst: boolean,
  ): Value {
    if (this.depth >= this.engine.limits.maxCallLevels)
      throw new RhaiError('ErrorStackOverflow', 'Stack overflow', pos);
    const vars = new Array<Value>(sf.def.slots);
    for (let i = 0; i < args.length; i++) vars[i] = args[i];
    const frame = newFrame(vars, this, thisV, undefined, thisConst);
    const hooked = this.hookCalls;
    if (hooked) this.enterCall(sf, pos);
    if (this.tracksCalls) this.recordCall(sf, pos, frame);
    this.depth++;
    if (hooked) this.checkpoint = this.computeCheckpoint();
    let v: Value;
    try {
      v = sf.body(frame);
    } catch (e) {
      throw inFunctionCall(this.raised(e, pos), sf, pos);
    } finally {
      this.depth--;
      if (hooked) this.leaveCall();
    }
    thisOut.v = frame.thisV;
    return frame.signal === Signal.Return ? frame.sigVal : v;
  }

  callNative(o: NativeOverload, args: Value[], pos: Position): Value {
    const saved = this.callPos;
    this.callPos = pos;
    try {
      const target = args[0];
      const r = o.fn(args, this);
      if (this.sizeLimited) {
        this.checkDataSize(r);
        if (o.mutates) {
          if (!o.reportsSizes) this.ledger!.recount(target);
          this.checkGrowing(args[0]);
        }
      }
      // A host returning a fractional JS number means FLOAT; INT must stay integral.
      return typeof r === 'number' && !Number.isSafeInteger(r) ? normalizeNumber(r) : r;
    } catch (e) {
      throw asRhaiError(e, pos);
    } finally {
      this.callPos = saved;
    }
  }

  /** Dynamic call by name: script functions of `lib` first, then natives. */
  callFunction(lib: Library, name: string, args: Value[], pos: Position): Value {
    const sf = lib.functions.get(fnKey(name, args.length));
    if (sf) {
      const vars = new Array<Value>(sf.def.slots);
      for (let i = 0; i < args.length; i++) vars[i] = args[i];
      return this.invokeScript(sf, vars, undefined, pos);
    }
    const list = this.engine.natives.lookup(name, args.length);
    const o = list && matchOverload(list, args);
    if (o) return this.callNative(o, args, pos);
    throw new RhaiError('ErrorFunctionNotFound', `Function not found: ${signature(name, args)}`, pos);
  }

  callOperator(op: string, args: Value[], pos: Position): Value {
    return this.callFunction(this.mainLib, op, args, pos);
  }

  callWithThis(fp: FnPtr, thisV: Value, args: Value[]): [Value, Value] {
    this.thisOut = thisV;
    const r = this.callFnPtr(fp, args, this.callPos, thisV);
    return [r, this.thisOut];
  }

  /**
   * `x.call(f, ...)`: as upstream checks the arguments of this call, a closure whose captured
   * variable the call holds (`x` itself) is a data race before it runs, not an error inside it.
   * Other calls of a closure meet the race where the closure reaches the variable.
   */
  callWithThisChecked(fp: FnPtr, args: Value[], pos: Position, thisV: Value, thisConst: boolean): Value {
    const captures = fp.closure?.captures;
    if (captures) checkNoDataRace(captures, fp.name);
    return this.callFnPtr(fp, args, pos, thisV, thisConst);
  }

  /** With `thisConst`, `thisV` is a constant's value, which the function called may not change. */
  callFnPtr(fp: FnPtr, args: Value[], pos: Position = this.callPos, thisV?: Value, thisConst?: boolean): Value {
    const all = fp.curry.length > 0 ? fp.curry.concat(args) : args;
    if (fp.closure) {
      // Closures are made only by compileClosure, from a ScriptFunction.
      const sf = fp.closure.fn as ScriptFunction;
      if (sf.def.params.length !== all.length) {
        throw new RhaiError('ErrorFunctionNotFound', `Function not found: ${signature(fp.name, all)}`, pos);
      }
      const vars = new Array<Value>(sf.def.slots);
      for (let i = 0; i < all.length; i++) vars[i] = all[i];
      return this.invokeScript(sf, vars, thisV, pos, fp.closure, undefined, undefined, thisConst);
    }
    if (thisV !== undefined) {
      const sf = this.mainLib.functions.get(fnKey(fp.name, all.length));
      if (sf) {
        const vars = new Array<Value>(sf.def.slots);
        for (let i = 0; i < all.length; i++) vars[i] = all[i];
        return this.invokeScript(sf, vars, thisV, pos, undefined, undefined, undefined, thisConst);
      }
    }
    const r = this.callFunction(this.mainLib, fp.name, all, pos);
    // A native function is not given `this`, but what it calls back may make method calls of its
    // own, which leave their receivers in thisOut: the receiver the caller writes back is unchanged.
    if (thisV !== undefined) this.thisOut = thisV;
    return r;
  }
}

/** The source of the script whose lines `call` runs: undefined for the run's own. */
function sourceOf(call: CallRecord): string | undefined {
  return (call.origin ?? call.callee?.lib.origin)?.source;
}
