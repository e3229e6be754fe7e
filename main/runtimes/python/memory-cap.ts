// The hard memory cap of a Python brain. CPython's allocator grows the interpreter's wasm memory
// through `memory.grow`, which the realm asks the host about (realm/realm-interpreter.ts);
// refusing growth past the cap makes the allocation fail, which CPython raises as MemoryError,
// and the guard fails the iteration whatever the brain does with it. The cap counts the brain's
// memory: what the interpreter holds once started is not the brain's.

import { memoryCapMessage } from '../engine.ts';
import type { IterationGuard } from '../iteration-guard.ts';

const WASM_PAGE_BYTES = 65_536;

/** Whether growing by `pages` from `bytes` passes `baselineBytes + maxMemoryBytes`: why, if it does. */
export function memoryCap(
  baselineBytes: number,
  maxMemoryBytes: number,
  guard: IterationGuard,
): (bytes: number, pages: number) => string | undefined {
  const limit = baselineBytes + maxMemoryBytes;
  return (bytes, pages) => {
    if (bytes + pages * WASM_PAGE_BYTES <= limit) return undefined;
    const message = memoryCapMessage(maxMemoryBytes);
    guard.stop(message);
    return message;
  };
}
