// The `[runtime.<name>]` keys runtimes share (omw-compat 1.3): every wasm-based runtime's WASI
// sandbox keys, deny-by-default; the interpreted kinds' substitute `interpreter` component; and
// Brainbench's engine limits, the `max_*` and `deadline_ms` keys. Each kind's own schema is in its
// folder.

import { z } from 'zod';

import { closedTable } from '../config/closed-table.ts';

const denied = z.boolean().default(false);
const size = z.number().int().nonnegative();

const preopenSchema = closedTable({
  host_path: z.string(),
  guest_path: z.string(),
  perms: z.enum(['read_only', 'read_write']).default('read_only'),
});

/** omw's WASI sandbox keys, every wasm-based runtime's. */
export const wasiShape = {
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

export const MIN_STACK_KB = 16;
export const MAX_STACK_KB = 4096;
/**
 * The memory cap's range. QuickJS's wasm memory is 16 MiB before a brain runs, so a smaller cap
 * could not hold in the js runtime; a WebAssembly memory holds at most 4 GiB, and every engine
 * but Rhai keeps the brain in one.
 */
export const MIN_MEMORY_MB = 16;
export const MAX_MEMORY_MB = 4096;

/** Brainbench's engine limits, every runtime's. */
export const brainbenchLimitsShape = {
  /** Longest stretch a brain may compute without calling the host. */
  max_busy_ms: z.number().int().positive().default(5000),
  max_memory_mb: z
    .number()
    .int()
    .min(
      MIN_MEMORY_MB,
      `expected at least ${MIN_MEMORY_MB} (MiB): the js engine's memory is 16 MiB before a brain runs`,
    )
    .max(MAX_MEMORY_MB, `expected at most ${MAX_MEMORY_MB} (MiB): a WebAssembly memory holds at most 4 GiB`)
    .default(256),
  /**
   * The engine's stack. QuickJS's own C stack is 5 MiB in the build Brainbench ships and its
   * frames need about three times as much native stack on the engine thread, which is sized from
   * this; every value in the range works.
   */
  max_stack_kb: z
    .number()
    .int()
    .min(MIN_STACK_KB, `expected at least ${MIN_STACK_KB} (KiB)`)
    .max(MAX_STACK_KB, `expected at most ${MAX_STACK_KB} (KiB): the engine's own stack is 5 MiB`)
    .default(512),
  /** Wall-clock limit of one iteration; 0 means none. */
  deadline_ms: size.default(0),
  /**
   * Lines one iteration may print or log before it is stopped: a brain that only prints is
   * otherwise never stopped, since output is not computing time. 0 means no limit.
   */
  max_output_lines: size.default(10_000),
};

/** The `js`, `rhai` and `python` kinds: the agent's script is source for the interpreter. */
export const interpretedRuntimeParamsSchema = closedTable({
  ...wasiShape,
  ...brainbenchLimitsShape,
  /** Path of a substitute interpreter component. */
  interpreter: z.string().optional(),
});

/**
 * What the supervisor reads of every kind's params (the limits and the paths it resolves); the
 * agent process hands the rest to the kind's engine.
 */
export type RuntimeParams = {
  max_busy_ms: number;
  max_memory_mb: number;
  max_stack_kb: number;
  deadline_ms: number;
  max_output_lines: number;
  preopens: { host_path: string }[];
  interpreter?: string;
  [key: string]: unknown;
};

export type InterpretedRuntimeParams = z.output<typeof interpretedRuntimeParamsSchema>;
