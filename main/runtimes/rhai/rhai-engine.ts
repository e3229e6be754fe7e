// The `rhai` engine: Rhai brains on Brainbench's own Rhai implementation (main/rhai), bound to
// the host as omw's Rhai interpreter is (omw-compat 10). See docs/rhai-runtime.md.

import type { RhaiRuntimeParams } from './rhai-params.ts';
import { Engine as LanguageEngine } from '../../rhai/language/engine.ts';
import type { Limits } from '../../rhai/language/eval/limits.ts';
import type { RunHooks } from '../../rhai/language/eval/runtime.ts';
import { memoryCapMessage, type CheckResult, type Engine, type EngineOptions, type RunResult } from '../engine.ts';
import type { EngineFactory } from '../runtime-descriptor.ts';
import { guardedHostCall } from '../binding/guarded-host-call.ts';
import { IterationGuard } from '../iteration-guard.ts';
import { CompiledScripts } from './compiled-scripts.ts';
import { isDataTooLarge, parseFailure, scriptFailure, terminalOutcome } from './iteration-result.ts';
import { registerOmwModule } from './omw-module.ts';
import { RhaiDebugging } from './rhai-debugging.ts';
import { HeapCap } from './heap-cap.ts';
import { brainModuleResolver } from './brain-modules.ts';
import { applyConfiguredLimits, applyEngineLimits, sizeLimitOf } from './rhai-limits.ts';

/**
 * Operations between two checks of the busy limit and the interrupt flag: about 5 µs of a tight
 * loop, so a stop lands within microseconds while the clock reads cost under 1% of the run.
 */
const PROGRESS_INTERVAL = 1024;

/** Async to match the other engines' factories; nothing needs loading. */
export const createEngine: EngineFactory<Partial<RhaiRuntimeParams>> = (options, params) =>
  Promise.resolve(new RhaiEngine(options, params));

class RhaiEngine implements Engine {
  readonly #options: EngineOptions;
  readonly #language = new LanguageEngine();
  readonly #guard: IterationGuard;
  readonly #heap: HeapCap;
  readonly #scripts: CompiledScripts;
  readonly #hooks: RunHooks;
  /** Limits the runtime's params set: hitting one is the script's error, not the memory cap. */
  readonly #configured: Set<keyof Limits>;
  readonly #debugging: RhaiDebugging | undefined;
  /** The brain whose folder modules are imported from. */
  #brainFile: string | undefined;

  constructor(options: EngineOptions, params: Partial<RhaiRuntimeParams>) {
    this.#options = options;
    this.#guard = new IterationGuard(options.limits, options.interrupt);
    applyEngineLimits(this.#language.limits, options.limits);
    this.#configured = applyConfiguredLimits(this.#language.limits, params);
    this.#debugging = options.debug && new RhaiDebugging(options.debug, this.#guard);
    const hostCall = guardedHostCall(options.hostCall, this.#guard);
    registerOmwModule(this.#language, this.#debugging?.refusingWhileEvaluating(hostCall) ?? hostCall);
    this.#heap = new HeapCap(options.limits.maxMemoryBytes);
    this.#scripts = new CompiledScripts(
      (source) => this.#language.compile(source),
      (compile) => this.#heap.measured(compile),
    );
    const print = (text: string): void => this.#print(text);
    this.#hooks = {
      print,
      debug: print,
      progress: () => this.#progress(),
      progressInterval: PROGRESS_INTERVAL,
    };
  }

  kind(): string {
    return 'rhai';
  }

  check(script: string): CheckResult {
    const { diagnostics } = this.#language.check(script);
    if (diagnostics.length > 0) return parseFailure(diagnostics);
    // Compiling caches the brain for the run that follows a successful check, and finds what
    // parsing alone does not (an expression too deep for the compiler).
    try {
      this.#scripts.get(script);
      return { ok: true };
    } catch (error) {
      return scriptFailure(error);
    }
  }

  run(script: string, filename: string): RunResult {
    this.#guard.start();
    this.#heap.start();
    if (filename !== this.#brainFile) {
      this.#brainFile = filename;
      this.#language.setModuleResolver(brainModuleResolver(filename));
    }
    let result: RunResult;
    try {
      const compiled = this.#scripts.get(script);
      const value = this.#debugging
        ? this.#debugging.run(filename, this.#hooks, (debugged) =>
            this.#language.run(compiled, { source: filename, ...debugged }),
          )
        : this.#language.run(compiled, { hooks: this.#hooks, source: filename });
      result = terminalOutcome(value);
    } catch (error) {
      result = this.#failure(error);
    }
    // A stop the script swallowed (a caught host failure) still fails the iteration.
    const { stopReason } = this.#guard;
    return stopReason === undefined ? result : { ok: false, error: stopReason };
  }

  dispose(): void {
    this.#scripts.clear();
  }

  #failure(error: unknown): RunResult {
    const limit = isDataTooLarge(error) ? sizeLimitOf(error.root().message) : undefined;
    // A value JavaScript itself refuses (past its longest string) is past the cap's limit too.
    if (isDataTooLarge(error) && (limit === undefined || !this.#configured.has(limit))) {
      return { ok: false, error: `${memoryCapMessage(this.#options.limits.maxMemoryBytes)}: ${error.root().message}` };
    }
    return scriptFailure(error);
  }

  /** Why the brain must stop now, if it must: a limit of the guard's, or the memory cap. */
  #progress(): string | undefined {
    if (!this.#guard.shouldInterrupt()) {
      const overCap = this.#heap.check(this.#scripts.heldBytes);
      if (overCap === undefined) return undefined;
      this.#guard.stop(overCap);
    }
    return this.#guard.stopReason;
  }

  /** Output travels to the host like a host call, so its time is not the brain's either. */
  #print(text: string): void {
    try {
      this.#options.print(text);
    } finally {
      this.#guard.hostReturned();
    }
  }
}
