// EngineLimits in the language's terms. The busy limit and the interrupt flag are checked by the
// progress hook (see rhai-engine.ts); here are the static limits.
//
// Memory: the language keeps Rhai values as JavaScript values on the engine thread's V8 heap,
// which the agent process caps at max_memory_mb (the worker's old-generation limit, plus its RSS
// check). That is the hard cap. The data-size limits below stop one runaway string, array or map
// early, with a clear message and without losing the engine thread: no single value may need more
// than the whole cap, counting at least 2 bytes per string code unit, 8 per array slot and 64 per
// map entry (V8's sizes for a character, a tagged pointer and a hash-table entry with its key).

import type { Limits } from '../../rhai/language/limits.ts';
import type { EngineLimits } from '../engine.ts';

const BYTES_PER_STRING_UNIT = 2;
const BYTES_PER_ARRAY_SLOT = 8;
const BYTES_PER_MAP_ENTRY = 64;
/**
 * Stack per Rhai call level: the language's default of 64 levels at omw's default stack of
 * 512 KiB. The evaluator recurses on the engine thread's own (larger) stack, so this only
 * scales the call-depth limit with `max_stack_kb`.
 */
const STACK_BYTES_PER_CALL_LEVEL = 8 * 1024;
const MIN_CALL_LEVELS = 8;

export function applyEngineLimits(limits: Limits, engine: EngineLimits): void {
  const { maxMemoryBytes, maxStackBytes } = engine;
  limits.maxStringSize = Math.floor(maxMemoryBytes / BYTES_PER_STRING_UNIT);
  limits.maxArraySize = Math.floor(maxMemoryBytes / BYTES_PER_ARRAY_SLOT);
  limits.maxMapSize = Math.floor(maxMemoryBytes / BYTES_PER_MAP_ENTRY);
  limits.maxCallLevels = Math.max(MIN_CALL_LEVELS, Math.floor(maxStackBytes / STACK_BYTES_PER_CALL_LEVEL));
}

export const memoryCapMessage = (maxMemoryBytes: number): string =>
  `brain exceeded its memory cap of ${+(maxMemoryBytes / 2 ** 20).toFixed(2)} MiB`;
