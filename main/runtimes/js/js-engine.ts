// The `js` engine: JavaScript brains on QuickJS (quickjs-emscripten), bound to the host as omw's
// JavaScript guest is (omw-compat 11).

import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { memoryCapMessage, type CheckResult, type Engine, type EngineOptions, type RunResult } from '../engine.ts';
import type { EngineFactory } from '../runtime-descriptor.ts';
import { compileBrain } from './compile-brain.ts';
import { prepareIteration, runIteration, type IterationContext } from './brain-iteration.ts';
import type { RerunEngines } from './debug/rerun.ts';
import { EngineVm, loadQuickJsModule } from './engine-vm.ts';

const loadModules = () => Promise.all([loadQuickJsModule(), loadQuickJsModule()]);

/** The modules a warm thread loaded before its agent was known: the next engine takes them. */
let warmModules: ReturnType<typeof loadModules> | undefined;

export const warmEngine = async (): Promise<void> => {
  warmModules ??= loadModules();
  const [module] = await Promise.all([loadQuickJsModule(), warmModules]);
  warmUp(module);
};

/**
 * One throwaway iteration on a module of its own, so that the engine's code is compiled before
 * the agent's engine needs it: a fresh thread otherwise spends tens of milliseconds on it.
 */
function warmUp(module: QuickJSWASMModule): void {
  const options: EngineOptions = {
    hostCall: () => undefined,
    limits: { maxBusyMs: 1000, maxMemoryBytes: 16 * 2 ** 20, maxStackBytes: 256 * 1024 },
    interrupt: new Int32Array(1),
    print: () => {},
  };
  const engine = new JsEngine(options, module, module);
  engine.prepare();
  engine.check('undefined;\n', 'warm-up.js');
  engine.run('undefined;\n', 'warm-up.js');
  engine.dispose();
}

/** Async only because loading the wasm module is; the engine itself is synchronous. */
export const createEngine: EngineFactory = async (options) => {
  const modules = warmModules ?? loadModules();
  warmModules = undefined;
  const [module, spare] = await modules;
  return new JsEngine(options, module, spare);
};

/**
 * A re-run goes through the iteration twice, hooked: it gets more time than the brain. Its memory
 * comes on top of the stopped brain's, within what the agent process allows beyond the brain's cap
 * (agent-process/engine-heap.ts), so it gets less.
 */
const rerunLimits = (limits: EngineOptions['limits']): EngineOptions['limits'] => ({
  ...limits,
  maxBusyMs: Math.max(limits.maxBusyMs * 4, 20_000),
  maxMemoryBytes: Math.min(limits.maxMemoryBytes, RERUN_MEMORY_BYTES),
});
const RERUN_MEMORY_BYTES = 128 * 2 ** 20;

class JsEngine implements Engine {
  readonly #options: EngineOptions;
  #vm: EngineVm | undefined;
  /**
   * A loaded module to switch to when the current one is retired. Loading is async and `run` is
   * not, so the replacement is always prepared ahead of the need.
   */
  #spare: QuickJSWASMModule | undefined;
  #spareFailure: string | undefined;
  /** The next iteration's context, built while the engine was idle, for the VM it belongs to. */
  #prepared: { vm: EngineVm; context: IterationContext } | undefined;
  /**
   * The engine a debugger re-runs iterations in (debug/rerun.ts), made of the spare when first
   * needed; dropped whole once spent, as a retired one is.
   */
  #rerunVm: EngineVm | undefined;
  readonly #rerunEngines: RerunEngines = {
    take: () => {
      if (this.#rerunVm === undefined && this.#spare !== undefined) {
        const { limits, interrupt } = this.#options;
        this.#rerunVm = new EngineVm(this.#spare, { limits: rerunLimits(limits), interrupt });
        this.#spare = undefined;
        this.#loadSpare();
      }
      return this.#rerunVm;
    },
    drop: (vm) => {
      if (this.#rerunVm === vm) this.#rerunVm = undefined;
    },
  };
  #disposed = false;

  constructor(options: EngineOptions, module: QuickJSWASMModule, spare: QuickJSWASMModule) {
    this.#options = options;
    this.#vm = new EngineVm(module, options);
    this.#spare = spare;
  }

  kind(): string {
    return 'js';
  }

  check(script: string, filename: string): CheckResult {
    const vm = this.#currentVm();
    if (vm === undefined) return { ok: false, error: this.#unavailableMessage() };
    return compileBrain(vm.runtime, script, filename);
  }

  run(script: string, filename: string): RunResult {
    const vm = this.#currentVm();
    if (vm === undefined) return { ok: false, error: this.#unavailableMessage() };
    let result: RunResult;
    let quickJsFailed = false;
    const prepared = this.#prepared?.vm === vm ? this.#prepared.context : undefined;
    this.#prepared = undefined;
    try {
      result = runIteration(vm, this.#options, script, filename, prepared, this.#rerunEngines);
    } catch (error) {
      // QuickJS itself failed (a wasm trap or abort): nothing in that module can be trusted now.
      quickJsFailed = true;
      result = { ok: false, error: vm.guard.stopReason ?? `the js engine failed: ${String(error)}` };
    }
    const { memoryCapHit } = vm;
    // A brain stopped mid-flight can leave objects QuickJS never frees, and a failed one can leave
    // jobs queued that would run in the next iteration. QuickJS can neither drop those nor free
    // such a runtime cleanly, so the whole module is replaced, which also releases its memory.
    if (quickJsFailed || memoryCapHit || vm.guard.stopReason !== undefined || vm.runtime.hasPendingJob()) {
      this.#retireVm();
    }
    return memoryCapHit ? { ok: false, error: memoryCapMessage(this.#options.limits.maxMemoryBytes) } : result;
  }

  /** Builds the next iteration's context now, so that a run does not pay for it. */
  prepare(): void {
    const vm = this.#currentVm();
    if (vm === undefined || this.#prepared !== undefined) return;
    this.#prepared = { vm, context: prepareIteration(vm, this.#options) };
  }

  dispose(): void {
    this.#disposed = true;
    const prepared = this.#prepared;
    this.#prepared = undefined;
    if (prepared) {
      prepared.context.realm.dispose();
      prepared.context.ctx.dispose();
    }
    this.#spare = undefined;
    this.#rerunVm = undefined;
    const vm = this.#vm;
    this.#vm = undefined;
    vm?.dispose();
  }

  #currentVm(): EngineVm | undefined {
    if (this.#vm === undefined) this.#promoteSpare();
    return this.#vm;
  }

  /** Drops the module whole, without freeing its runtime first: that would abort in the cases above. */
  #retireVm(): void {
    this.#vm = undefined;
    this.#prepared = undefined;
    this.#promoteSpare();
  }

  #promoteSpare(): void {
    if (this.#spare === undefined || this.#disposed) return;
    this.#vm = new EngineVm(this.#spare, this.#options);
    this.#spare = undefined;
    this.#loadSpare();
  }

  #loadSpare(): void {
    loadQuickJsModule().then(
      (module) => {
        if (!this.#disposed) this.#spare ??= module;
      },
      (error: unknown) => {
        this.#spareFailure = String(error);
      },
    );
  }

  #unavailableMessage(): string {
    if (this.#disposed) return 'the js engine has been disposed';
    const cause = this.#spareFailure === undefined ? '' : `: ${this.#spareFailure}`;
    return `the js engine is still loading a fresh QuickJS module after a failure${cause}`;
  }
}
