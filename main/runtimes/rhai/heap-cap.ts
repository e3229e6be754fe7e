// The memory cap of a Rhai brain. Its values are JavaScript values on the engine thread's heap,
// so the cap is measured there: the old generation's live size above what the engine and its
// compiled brains hold. The old generation's size is cheap to read but counts garbage; only a
// full collection tells the two apart. So the cap collects only when the size passes it, and
// after a collection that found the brain within its cap, not again until the heap has grown by
// a quarter of the cap: a brain churning just below its cap pays one collection per quarter of a
// cap it allocates, and one that passes its cap is seen within a quarter of a cap.

import v8 from 'node:v8';
import { memoryCapMessage } from '../engine.ts';
import { collectGarbage } from './full-collection.ts';

/**
 * Progress hooks between two reads of the heap's size (the hook runs every 1024 operations): a
 * read costs about as much as 100 operations, so the heap is read at every eighth hook, and at
 * every hook once it holds more than half of what the brain may.
 */
const HOOKS_PER_READ = 8;
const CLOSE_SHARE = 1 / 2;
const LEEWAY_SHARE_OF_CAP = 1 / 4;
/** Where values that live longer than a moment end up (not the young generation, nor compiled code). */
const OLD_DATA_SPACES = new Set(['old_space', 'large_object_space']);

/** Bytes of data in the old generation. */
function oldGenerationBytes(): number {
  let bytes = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (OLD_DATA_SPACES.has(space.space_name)) bytes += space.space_used_size;
  }
  return bytes;
}

export class HeapCap {
  readonly #maxMemoryBytes: number;
  /** What the engine held, live, once it was built. */
  readonly #engineBytes: number;
  /** The old generation's size past which the next read collects. */
  #collectAbove = 0;
  #hooks = 0;
  #readEvery = HOOKS_PER_READ;

  constructor(maxMemoryBytes: number) {
    this.#maxMemoryBytes = maxMemoryBytes;
    collectGarbage();
    this.#engineBytes = oldGenerationBytes();
  }

  /** Runs `work` and says how much the old generation grew meanwhile (what it left behind). */
  measured<T>(work: () => T): { value: T; bytes: number } {
    const before = oldGenerationBytes();
    const value = work();
    return { value, bytes: Math.max(0, oldGenerationBytes() - before) };
  }

  /** Starts an iteration: the brain's values are new. */
  start(): void {
    this.#hooks = 0;
    this.#readEvery = HOOKS_PER_READ;
    this.#collectAbove = 0;
  }

  /**
   * Called from the progress hook; the cap's message once the brain's live values pass the cap.
   * `heldBytes` is what the engine keeps beside the brain (its compiled brains).
   */
  check(heldBytes: number): string | undefined {
    if (++this.#hooks % this.#readEvery !== 0) return undefined;
    const held = this.#engineBytes + heldBytes;
    const allowed = held + this.#maxMemoryBytes;
    const bytes = oldGenerationBytes();
    this.#readEvery = bytes > held + this.#maxMemoryBytes * CLOSE_SHARE ? 1 : HOOKS_PER_READ;
    if (bytes <= Math.max(allowed, this.#collectAbove)) return undefined;
    collectGarbage();
    const live = oldGenerationBytes();
    if (live > allowed) return memoryCapMessage(this.#maxMemoryBytes);
    this.#collectAbove = live + this.#maxMemoryBytes * LEEWAY_SHARE_OF_CAP;
    return undefined;
  }
}
