// EngineLimits in the language's terms. The busy limit and the interrupt flag are checked by the
// progress hook (see rhai-engine.ts); here are the static limits.
//
// Memory: the language keeps Rhai values as JavaScript values on the engine thread's V8 heap.
// The engine's heap cap (heap-cap.ts) counts all of them; the data-size limits below stop one
// runaway string, array or map early, before it is built, with the cap's message. One value may
// take at most a quarter of the cap: V8 grows a backing store by half again and copies it, so a
// growing value needs up to two and a half times its size for a moment, beside the brain's other
// values. Sizes count at least 2 bytes per string code unit, 8 per array slot and 64 per map
// entry (V8's sizes for a character, a tagged pointer and a hash-table entry with its key).

import type { RhaiRuntimeParams } from './rhai-params.ts';
import type { Limits } from '../../rhai/language/eval/limits.ts';
import type { EngineLimits } from '../engine.ts';

const VALUE_SHARE_OF_CAP = 1 / 4;
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

type SizeLimit = 'maxStringSize' | 'maxArraySize' | 'maxMapSize';
const SIZE_LIMITS: readonly SizeLimit[] = ['maxStringSize', 'maxArraySize', 'maxMapSize'];

export function applyEngineLimits(limits: Limits, engine: EngineLimits): void {
  const { maxMemoryBytes, maxStackBytes } = engine;
  const valueBytes = maxMemoryBytes * VALUE_SHARE_OF_CAP;
  limits.maxStringSize = Math.floor(valueBytes / BYTES_PER_STRING_UNIT);
  limits.maxArraySize = Math.floor(valueBytes / BYTES_PER_ARRAY_SLOT);
  limits.maxMapSize = Math.floor(valueBytes / BYTES_PER_MAP_ENTRY);
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
 * Applies the limits the runtime's params set, after applyEngineLimits. They replace the
 * defaults and the derived call depth. A size limit is the language's only below the one the
 * memory cap derives, which still holds above it: 0 (unlimited, as upstream) lifts the language's
 * limit, not the cap. Returns the limits that are now the language's own, whose errors are the
 * script's rather than the cap's.
 */
export function applyConfiguredLimits(limits: Limits, params: Partial<RhaiRuntimeParams>): Set<keyof Limits> {
  const own = new Set<keyof Limits>();
  for (const [limit, key] of Object.entries(CONFIGURED) as [keyof Limits, keyof RhaiRuntimeParams][]) {
    const value = params[key];
    if (typeof value !== 'number') continue;
    if (!(SIZE_LIMITS as readonly string[]).includes(limit)) {
      limits[limit] = value;
      own.add(limit);
    } else if (value > 0 && value <= limits[limit]) {
      limits[limit] = value;
      own.add(limit);
    }
  }
  return own;
}

/** The size limit a data-too-large error hit, from its message. */
export function sizeLimitOf(message: string): SizeLimit | undefined {
  if (message.includes('string')) return 'maxStringSize';
  if (message.includes('array')) return 'maxArraySize';
  if (message.includes('map')) return 'maxMapSize';
  return undefined;
}
