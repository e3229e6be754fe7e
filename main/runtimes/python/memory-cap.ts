// The hard memory cap of a Python brain. CPython's allocator grows the interpreter's wasm memory
// through `memory.grow`; refusing growth past the cap makes the allocation fail, which CPython
// raises as MemoryError, and the guard fails the iteration whatever the brain does with it. The
// cap counts the brain's memory: what the interpreter holds once started is not the brain's.

import type { IterationGuard } from '../iteration-guard.ts';

const WASM_PAGE_BYTES = 65_536;

export interface WasmMemory {
  readonly buffer: ArrayBufferLike;
  grow(pages: number): number;
}

export const memoryCapMessage = (maxMemoryBytes: number): string =>
  `brain exceeded its memory cap of ${+(maxMemoryBytes / 2 ** 20).toFixed(2)} MiB`;

/** Caps `memory` at its present size plus `maxMemoryBytes`. */
export function capMemory(memory: WasmMemory, maxMemoryBytes: number, guard: IterationGuard): void {
  const limit = memory.buffer.byteLength + maxMemoryBytes;
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number): number => {
    if (memory.buffer.byteLength + pages * WASM_PAGE_BYTES > limit) {
      guard.stop(memoryCapMessage(maxMemoryBytes));
      throw new RangeError(memoryCapMessage(maxMemoryBytes));
    }
    return grow(pages);
  };
}
