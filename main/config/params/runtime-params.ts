// omw-compat 1.3: every wasm-based runtime shares WASI sandbox keys, deny-by-default. The
// interpreted kinds (js, rhai, python) also take a substitute `interpreter` component. The
// `max_*` and `deadline_ms` keys are Brainbench's engine limits.

import { z } from 'zod';

import { closedTable } from '../closed-table.ts';

const denied = z.boolean().default(false);
const size = z.number().int().nonnegative();

const preopenSchema = closedTable({
  host_path: z.string(),
  guest_path: z.string(),
  perms: z.enum(['read_only', 'read_write']).default('read_only'),
});

const wasiShape = {
  inherit_stdio: denied,
  inherit_stdin: denied,
  inherit_stdout: denied,
  inherit_stderr: denied,
  inherit_env: denied,
  env: z.record(z.string(), z.string()).default({}),
  inherit_args: denied,
  args: z.array(z.string()).default([]),
  initial_cwd: z.string().nullable().default(null),
  preopens: z.array(preopenSchema).default([]),
  allow_blocking_current_thread: denied,
  insecure_random_seed: size.nullable().default(null),
  max_random_size: size.nullable().default(null),
  allow_ip_name_lookup: denied,
  allow_udp: denied,
  allow_tcp: denied,
  /** Turns on tcp, udp and name lookup. */
  inherit_network: denied,
};

const brainbenchLimitsShape = {
  /** Longest stretch a brain may compute without calling the host. */
  max_busy_ms: z.number().int().positive().default(5000),
  max_memory_mb: z.number().int().positive().default(256),
  max_stack_kb: z.number().int().positive().default(512),
  /** Wall-clock limit of one iteration; 0 means none. */
  deadline_ms: size.default(0),
};

/** The `wasm` kind: the agent's script is the component itself. */
export const wasmRuntimeParamsSchema = closedTable({ ...wasiShape, ...brainbenchLimitsShape });

/** The `js`, `rhai` and `python` kinds: the agent's script is source for the interpreter. */
export const interpretedRuntimeParamsSchema = closedTable({
  ...wasiShape,
  ...brainbenchLimitsShape,
  /** Path of a substitute interpreter component. */
  interpreter: z.string().optional(),
});

/**
 * The `rhai` kind also takes the language's own safety limits (a Brainbench extension), under
 * upstream's names; absent, a limit keeps upstream's release default or the one derived from
 * max_memory_mb and max_stack_kb. As upstream, 0 means unlimited for operations and sizes, and
 * none allowed for the counts (call levels, variables, functions, modules).
 */
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

export type WasmRuntimeParams = z.output<typeof wasmRuntimeParamsSchema>;
export type RhaiRuntimeParams = z.output<typeof rhaiRuntimeParamsSchema>;
export type InterpretedRuntimeParams = z.output<typeof interpretedRuntimeParamsSchema>;
