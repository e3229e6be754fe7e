// The `js` engine: JavaScript brains on QuickJS (quickjs-emscripten), bound to the host as omw's
// JavaScript guest is (omw-compat 11).

import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { CheckResult, Engine, EngineOptions, RunResult } from '../engine.ts';
import { brainFailure } from './brain-failure.ts';
import { runIteration } from './brain-iteration.ts';
import { EngineVm, loadQuickJsModule } from './engine-vm.ts';
import { memoryCapMessage } from './iteration-guard.ts';

/** Async only because loading the wasm module is; the engine itself is synchronous. */
export async function createJsEngine(options: EngineOptions): Promise<Engine> {
  const [module, spare] = await Promise.all([loadQuickJsModule(), loadQuickJsModule()]);
  return new JsEngine(options, module, spare);
}

class JsEngine implements Engine {
  readonly #options: EngineOptions;
  #vm: EngineVm | undefined;
  /**
   * A loaded module to switch to when the current one is retired. Loading is async and `run` is
   * not, so the replacement is always prepared ahead of the need.
   */
  #spare: QuickJSWASMModule | undefined;
  #spareFailure: string | undefined;
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
    const ctx = vm.runtime.newContext();
    try {
      const compiled = ctx.evalCode(script, filename, { type: 'global', compileOnly: true });
      if (compiled.error) return compiled.error.consume((thrown) => brainFailure(ctx, thrown, filename));
      compiled.value.dispose();
      return { ok: true };
    } finally {
      ctx.dispose();
    }
  }

  run(script: string, filename: string): RunResult {
    const vm = this.#currentVm();
    if (vm === undefined) return { ok: false, error: this.#unavailableMessage() };
    let result: RunResult;
    try {
      result = runIteration(vm, this.#options, script, filename);
    } catch (error) {
      // QuickJS itself failed (a wasm trap or abort): nothing in that module can be trusted now.
      this.#retireVm();
      return { ok: false, error: `the js engine failed: ${String(error)}` };
    }
    const { maxMemoryBytes } = this.#options.limits;
    if (vm.memoryBytes > maxMemoryBytes) {
      this.#retireVm();
      if (result.ok) return { ok: false, error: memoryCapMessage(maxMemoryBytes) };
    }
    return result;
  }

  dispose(): void {
    this.#disposed = true;
    this.#spare = undefined;
    const vm = this.#vm;
    this.#vm = undefined;
    vm?.dispose();
  }

  /** True between a memory-cap breach and the moment a replacement module is in place. */
  get poisoned(): boolean {
    return this.#vm === undefined && !this.#disposed;
  }

  #currentVm(): EngineVm | undefined {
    if (this.#vm === undefined && this.#spare !== undefined && !this.#disposed) {
      this.#vm = new EngineVm(this.#spare, this.#options);
      this.#spare = undefined;
      this.#loadSpare();
    }
    return this.#vm;
  }

  /** Drops the module and its memory; the next run switches to the spare. */
  #retireVm(): void {
    const vm = this.#vm;
    this.#vm = undefined;
    try {
      vm?.dispose();
    } catch {
      // The module is being dropped whole, so a runtime that cannot be freed cleanly does not matter.
    }
  }

  #loadSpare(): void {
    loadQuickJsModule().then(
      (module) => {
        if (!this.#disposed) this.#spare = module;
      },
      (error: unknown) => {
        this.#spareFailure = String(error);
      },
    );
  }

  #unavailableMessage(): string {
    if (this.#disposed) return 'the js engine has been disposed';
    const cause = this.#spareFailure === undefined ? '' : `: ${this.#spareFailure}`;
    return `the js engine is still replacing its QuickJS module after a failure${cause}`;
  }
}
