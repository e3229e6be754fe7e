import { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';
import { interpretedRuntimeParamsSchema } from '../runtime-params.ts';

/**
 * The `rhai` kind also takes the language's own safety limits (a Brainbench extension), under
 * upstream's names; absent, a limit keeps upstream's release default or the one derived from
 * max_memory_mb and max_stack_kb. As upstream, 0 means unlimited for operations and sizes, and
 * none allowed for the counts (call levels, variables, functions, modules).
 */
const size = z.number().int().nonnegative();

export const rhaiRuntimeParamsSchema = closedTable({
  ...interpretedRuntimeParamsSchema.shape,
  max_operations: size.optional(),
  max_call_levels: size.optional(),
  max_expr_depth: size.optional(),
  max_fn_expr_depth: size.optional(),
  max_string_size: size.optional(),
  max_array_size: size.optional(),
  max_map_size: size.optional(),
  max_variables: size.optional(),
  max_functions: size.optional(),
  max_modules: size.optional(),
});

export type RhaiRuntimeParams = z.output<typeof rhaiRuntimeParamsSchema>;
