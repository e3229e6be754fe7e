// How large the engine thread's V8 heap may grow. It is the last backstop behind each engine's own
// memory cap and the process's resident-memory check, never the cap itself: V8 ends the whole
// process, not the thread, when an allocation (an array's backing store growing, a copy of a
// large value) does not fit below the limit. So the limit sits above the point where the
// resident-memory check replaces the thread, with room for what a brain can allocate before that
// check's next tick and before its thread stops.

import type { WarmProfile } from '../agent-protocol/agent-protocol.ts';

const MIB = 2 ** 20;

/** How far above its baseline plus the brain's cap the process's resident memory may go. */
export const PROCESS_OVERHEAD_BYTES = 160 * MIB;
/** How often the resident-memory check runs. */
export const MEMORY_TICK_MS = 50;

/**
 * What each kind's engine holds on the heap before any brain runs, with room to spare: about
 * 10 MiB for QuickJS's glue and for the Rhai interpreter, about 21 MiB for Pyodide's JavaScript
 * (measured on the engine thread after loading), and a component's transpiled glue.
 */
const ENGINE_MIB: Readonly<Record<string, number>> = { js: 48, rhai: 48, python: 96, wasm: 96 };
const UNKNOWN_KIND_MIB = 96;

/**
 * The brain's share, in caps. A Rhai brain's values live on this heap (the cap, and garbage a
 * collection has not taken yet); the other engines keep the brain in wasm memory, and its values
 * cross to the host as strings on this heap.
 */
const BRAIN_CAPS = 2;
/** What a brain copying large values allocates in a tick of the check and until its thread stops. */
const STOPPING_MIB = 256;

export function engineHeapMb({ kind, limits }: WarmProfile): number {
  const engine = ENGINE_MIB[kind] ?? UNKNOWN_KIND_MIB;
  return engine + Math.ceil((BRAIN_CAPS * limits.maxMemoryBytes + PROCESS_OVERHEAD_BYTES) / MIB) + STOPPING_MIB;
}
