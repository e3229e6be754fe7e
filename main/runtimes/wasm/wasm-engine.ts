// The `wasm` engine: a WebAssembly component that exports omw:omw/runtime, transpiled by jco and
// run on the agent's worker thread. Also runs substitute interpreter components for the `js` and
// `rhai` kinds (omw's `interpreter` parameter), which receive the script text instead.
//
// Loading is asynchronous (transpile or cache read, core module compilation) and happens in
// `load`, before each command; `run` and `check` are synchronous. An instance is reused while it
// is healthy and replaced after anything that may have poisoned it: a trap, a host failure that
// unwound through the guest, or a memory cap hit.

import { stat } from 'node:fs/promises';
import { memoryCapMessage, type CheckResult, type Engine, type EngineOptions, type RunResult } from '../engine.ts';
import type { EngineFactory } from '../runtime-descriptor.ts';
import { loadComponent, type LoadedComponent, type RuntimeExport } from './component-loader.ts';
import { unversioned } from './component-world.ts';
import { omwImports, UnanswerableHostError, type JcoImports } from './omw-imports.ts';
import { PAGE_BYTES } from './memory-maximum.ts';
import { webAssembly, type CoreMemory } from './webassembly-api.ts';
import { wasiSandbox, GuestExitError, type WasiImportsFactory, type WasiSandboxParams } from './wasi-sandbox.ts';

/** What the engine loads: the agent's script itself, or a fixed interpreter component. */
export type WasmEngineSource = { kind: 'component' } | { kind: 'interpreter'; path: string };

export interface WasmEngineSettings {
  source: WasmEngineSource;
  sandbox: WasiSandboxParams;
}

type Failure = { ok: false; error: string };

class MemoryCapError extends Error {}

/** How much a guest's allocator asks for at once, at most, when it grows its heap (SpiderMonkey: 1 MiB and a page). */
const ALLOCATOR_STEP_BYTES = 2 ** 20 + 2 * PAGE_BYTES;

/** How a value thrown out of the guest reads in the iteration's error. */
function failureText(thrown: unknown): string {
  if (thrown instanceof webAssembly.RuntimeError) return `the brain trapped: ${thrown.message}`;
  if (thrown instanceof UnanswerableHostError || thrown instanceof GuestExitError) return thrown.message;
  if (thrown instanceof MemoryCapError) return thrown.message;
  if (thrown instanceof Error) return `the wasm engine failed: ${thrown.message}`;
  return `the wasm engine failed: ${String(thrown)}`;
}

export function createWasmEngine(options: EngineOptions, settings: WasmEngineSettings): Engine {
  return new WasmEngine(options, settings);
}

/** The `wasm` kind: the agent's script is the component. */
export const createEngine: EngineFactory<WasiSandboxParams> = (options, sandbox) =>
  Promise.resolve(createWasmEngine(options, { source: { kind: 'component' }, sandbox }));

class WasmEngine implements Engine {
  readonly #options: EngineOptions;
  readonly #settings: WasmEngineSettings;
  readonly #omw: JcoImports;
  #component: LoadedComponent | undefined;
  /** Identifies the file the component was loaded from, to notice when it changes. */
  #fingerprint: string | undefined;
  #loadError: string | undefined;
  #wasi: WasiImportsFactory | undefined;
  #instance: RuntimeExport | undefined;
  #memories: CoreMemory[] = [];
  #kind: string | undefined;

  constructor(options: EngineOptions, settings: WasmEngineSettings) {
    this.#options = options;
    this.#settings = settings;
    this.#omw = omwImports((op, args) => {
      this.#enforceMemoryCap();
      return options.hostCall(op, args);
    });
  }

  kind(): string {
    return this.#kind ?? (this.#settings.source.kind === 'interpreter' ? 'interpreter' : 'wasm');
  }

  /** Loads the component, or reloads it when its file changed; never throws. */
  async load(_script: string, filename: string): Promise<boolean> {
    const path = this.#settings.source.kind === 'interpreter' ? this.#settings.source.path : filename;
    try {
      const stats = await stat(path).catch((error: Error) => {
        throw new Error(`cannot read component ${path}: ${error.message}`);
      });
      const fingerprint = `${path}\n${stats.size}\n${stats.mtimeMs}\n${stats.ino}`;
      if (fingerprint === this.#fingerprint && this.#component) return false;
      const component = await loadComponent(path, this.#options.limits.maxMemoryBytes);
      const usesWasi = component.world.imports.some((name) => unversioned(name).startsWith('wasi:'));
      if (usesWasi) this.#wasi ??= await wasiSandbox(this.#settings.sandbox, this.#options.print);
      this.#component = component;
      this.#fingerprint = fingerprint;
      this.#loadError = undefined;
      this.#instance = undefined;
      this.#kind = undefined;
    } catch (error) {
      this.#component = undefined;
      this.#fingerprint = undefined;
      this.#instance = undefined;
      this.#loadError = (error as Error).message;
    }
    return true;
  }

  check(script: string, filename: string): CheckResult {
    const result = this.#call((runtime) => runtime.check(this.#argument(script, filename)));
    return result.ok ? { ok: true } : result;
  }

  run(script: string, filename: string): RunResult {
    const result = this.#call((runtime) => runtime.run(this.#argument(script, filename)));
    if (!result.ok) return result;
    return { ok: true, outcome: result.value === undefined ? 'completed' : { exited: result.value } };
  }

  dispose(): void {
    this.#instance = undefined;
    this.#component = undefined;
    this.#memories = [];
  }

  /**
   * What `run(script)` and `check(script)` receive: an interpreter gets the script text; a
   * component brain gets the absolute path of its own file (omw-compat UNKNOWN 12).
   */
  #argument(script: string, filename: string): string {
    return this.#settings.source.kind === 'interpreter' ? script : filename;
  }

  #call<T>(body: (runtime: RuntimeExport) => T): { ok: true; value: T } | Failure {
    if (!this.#component) return { ok: false, error: this.#loadError ?? 'the component has not been loaded' };
    let runtime: RuntimeExport;
    try {
      runtime = this.#instantiated(this.#component);
    } catch (error) {
      this.#instance = undefined;
      if (error instanceof MemoryCapError) return { ok: false, error: error.message };
      return { ok: false, error: `cannot instantiate ${this.#component.path}: ${failureText(error)}` };
    }
    try {
      const value = body(runtime);
      this.#enforceMemoryCap();
      return { ok: true, value };
    } catch (thrown) {
      // A WIT `err` arrives as its string and leaves the instance healthy; anything else unwound
      // through the guest, and jco refuses to enter such an instance again.
      if (typeof thrown !== 'string') this.#instance = undefined;
      const error = typeof thrown === 'string' ? thrown : failureText(thrown);
      return { ok: false, error: thrown instanceof MemoryCapError ? error : this.#withCap(error) };
    }
  }

  /**
   * A brain that fails with its memories grown to within an allocator's step of the cap most
   * likely failed because they could not grow further (its allocator gave up, or it trapped): the
   * cap is named before its error.
   */
  #withCap(error: string): string {
    const cap = this.#options.limits.maxMemoryBytes;
    return this.#memoryBytes() + ALLOCATOR_STEP_BYTES > cap ? `${memoryCapMessage(cap)}: ${error}` : error;
  }

  #memoryBytes(): number {
    return this.#memories.reduce((sum, memory) => sum + memory.buffer.byteLength, 0);
  }

  #instantiated(component: LoadedComponent): RuntimeExport {
    if (this.#instance) return this.#instance;
    const memories = new Set<CoreMemory>();
    const imports = { ...this.#wasi?.(), ...this.#omw };
    const instance = component.instantiate(imports, (core) => {
      for (const value of Object.values(core.exports)) if (value instanceof webAssembly.Memory) memories.add(value);
    });
    this.#memories = [...memories];
    const cap = this.#options.limits.maxMemoryBytes;
    const starting = this.#memoryBytes();
    if (starting > cap) {
      throw new MemoryCapError(
        `${memoryCapMessage(cap)}: its memory starts at ${+(starting / 2 ** 20).toFixed(2)} MiB`,
      );
    }
    this.#instance = instance;
    this.#kind = instance.kind();
    return instance;
  }

  /** Linear memory is outside the worker's heap limit, so the engine checks it at every host call. */
  #enforceMemoryCap(): void {
    const cap = this.#options.limits.maxMemoryBytes;
    if (this.#memoryBytes() > cap) {
      this.#instance = undefined;
      throw new MemoryCapError(memoryCapMessage(cap));
    }
  }
}
