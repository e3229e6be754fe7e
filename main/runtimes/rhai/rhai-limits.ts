// EngineLimits in the language's terms. The busy limit and the interrupt flag are checked by the
// progress hook (see rhai-engine.ts); here are the static limits.
//
// Memory: the language keeps Rhai values as JavaScript values on the engine thread's V8 heap,
// which the agent process caps at max_memory_mb (the worker's old-generation limit, plus its RSS
// check). That is the hard cap. The data-size limits below stop one runaway string, array or map
// early, with a clear message and without losing the engine thread: no single value may need more
// than the whole cap, counting at least 2 bytes per string code unit, 8 per array slot and 64 per
// map entry (V8's sizes for a character, a tagged pointer and a hash-table entry with its key).

import type { RhaiRuntimeParams } from './rhai-params.ts';
import type { Limits } from '../../rhai/language/eval/limits.ts';
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

/** `[runtime.x]` keys for the language's limits, by the limit they set. */
const CONFIGURED: Record<keyof Limits, keyof RhaiRuntimeParams> = {
  maxOperations: 'max_operations',
  maxCallLevels: 'max_call_levels',
  maxExprDepth: 'max_expr_depth',
  maxFnExprDepth: 'max_fn_expr_depth',
  maxStringSize: 'max_string_size',
  maxArraySize: 'max_array_size',
  maxMapSize: 'max_map_size',
  maxVariables: 'max_variables',
  maxFunctions: 'max_functions',
  maxModules: 'max_modules',
};

/**
 * The limits the runtime's params set explicitly; they replace the defaults and the ones derived
 * from the engine limits. Returns the names of those it set.
 */
export function applyConfiguredLimits(limits: Limits, params: Partial<RhaiRuntimeParams>): Set<keyof Limits> {
  const set = new Set<keyof Limits>();
  for (const [limit, key] of Object.entries(CONFIGURED) as [keyof Limits, keyof RhaiRuntimeParams][]) {
    const value = params[key];
    if (typeof value !== 'number') continue;
    limits[limit] = value;
    set.add(limit);
  }
  return set;
}

/** The size limit a data-too-large error hit, from its message. */
export function sizeLimitOf(message: string): keyof Limits | undefined {
  if (message.includes('string')) return 'maxStringSize';
  if (message.includes('array')) return 'maxArraySize';
  if (message.includes('map')) return 'maxMapSize';
  return undefined;
}

export const memoryCapMessage = (maxMemoryBytes: number): string =>
  `brain exceeded its memory cap of ${+(maxMemoryBytes / 2 ** 20).toFixed(2)} MiB`;
