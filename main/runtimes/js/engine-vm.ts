// One QuickJS WebAssembly module with its one runtime. Each engine gets modules of its own, so
// the module's linear memory is this brain's memory alone, and the memory cap is enforced on it:
// QuickJS's own limit is ineffective in the prebuilt wasm (it counts 8 bytes per allocation).

import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { memoryCapMessage, type EngineOptions } from '../engine.ts';
import { IterationGuard } from '../iteration-guard.ts';

// The project's libs (ES2023, @types/node 20) carry no WebAssembly types; these are the parts used.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };
interface WasmMemory {
  readonly buffer: ArrayBufferLike;
  grow(pages: number): number;
}

const WASM_PAGE_BYTES = 65_536;
const MAX_QUICKJS_LIMIT = 2 ** 32 - 1;

let compiledQuickJs: Promise<object> | undefined;

/**
 * A fresh QuickJS module. The wasm is compiled once per thread and only instantiated here, which
 * brings loading down from several milliseconds to about one, within a single event-loop turn.
 */
export function loadQuickJsModule(): Promise<QuickJSWASMModule> {
  compiledQuickJs ??= readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then(
    (bytes) => WebAssembly.compile(bytes),
  );
  const wasmModule = compiledQuickJs;
  return newQuickJSWASMModuleFromVariant(newVariant(releaseSyncVariant, { wasmModule: () => wasmModule }));
}

export class EngineVm {
  readonly runtime: QuickJSRuntime;
  readonly guard: IterationGuard;
  /** Set once the brain wanted more memory than the cap; wasm memory never shrinks, so the module must go. */
  #memoryCapHit = false;

  constructor(module: QuickJSWASMModule, options: Pick<EngineOptions, 'limits' | 'interrupt'>) {
    const { limits, interrupt } = options;
    this.runtime = module.newRuntime();
    this.runtime.setMaxStackSize(limits.maxStackBytes);
    // Refuses any single allocation larger than the cap up front, as a catchable error. QuickJS
    // takes a 32-bit size: a 4 GiB cap would wrap to 0, which refuses every allocation.
    this.runtime.setMemoryLimit(Math.min(limits.maxMemoryBytes, MAX_QUICKJS_LIMIT));
    this.guard = new IterationGuard(limits, interrupt);
    this.runtime.setInterruptHandler(this.guard.shouldInterrupt);
    this.#capMemory(module.getWasmMemory(), limits.maxMemoryBytes);
  }

  get memoryCapHit(): boolean {
    return this.#memoryCapHit;
  }

  /**
   * Emscripten grows the heap through `memory.grow` and treats a throw as a failed malloc, which
   * QuickJS turns into an out-of-memory error. Refusing growth there makes the cap hard: an
   * interrupt-time check alone lets a loop of large allocations run far past it between polls.
   */
  #capMemory(memory: WasmMemory, maxMemoryBytes: number): void {
    const grow = memory.grow.bind(memory);
    memory.grow = (pages: number): number => {
      if (memory.buffer.byteLength + pages * WASM_PAGE_BYTES > maxMemoryBytes) {
        this.#memoryCapHit = true;
        this.guard.stop(memoryCapMessage(maxMemoryBytes));
        throw new RangeError(memoryCapMessage(maxMemoryBytes));
      }
      return grow(pages);
    };
  }

  dispose(): void {
    this.runtime.dispose();
  }
}
