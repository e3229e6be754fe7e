// One QuickJS WebAssembly module with its one runtime. Each engine gets modules of its own, so
// the module's linear memory measures this brain alone: QuickJS's own memory limit is
// ineffective in the prebuilt wasm (it counts 8 bytes per allocation), so the guard compares
// the wasm memory with the cap instead. Wasm memory never shrinks; after a cap breach the whole
// module has to go.

import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { EngineOptions } from '../engine.ts';
import { IterationGuard } from './iteration-guard.ts';

export const loadQuickJsModule = (): Promise<QuickJSWASMModule> => newQuickJSWASMModuleFromVariant(releaseSyncVariant);

export class EngineVm {
  readonly runtime: QuickJSRuntime;
  readonly guard: IterationGuard;
  /** The module's WebAssembly.Memory (typed structurally: the project's libs have no wasm types). */
  readonly #memory: { readonly buffer: ArrayBufferLike };

  constructor(module: QuickJSWASMModule, options: Pick<EngineOptions, 'limits' | 'interrupt'>) {
    const { limits, interrupt } = options;
    this.#memory = module.getWasmMemory();
    this.runtime = module.newRuntime();
    this.runtime.setMaxStackSize(limits.maxStackBytes);
    // Still worth setting: it refuses any single allocation larger than the cap.
    this.runtime.setMemoryLimit(limits.maxMemoryBytes);
    this.guard = new IterationGuard(limits, interrupt, () => this.memoryBytes);
    this.runtime.setInterruptHandler(this.guard.shouldInterrupt);
  }

  /** Size of the module's linear memory, i.e. everything this brain's QuickJS has allocated. */
  get memoryBytes(): number {
    return this.#memory.buffer.byteLength;
  }

  dispose(): void {
    this.runtime.dispose();
  }
}
