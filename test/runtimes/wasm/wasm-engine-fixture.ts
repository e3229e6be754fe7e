// A wasm engine wired to an in-test host: a table of op implementations that records every call.
// Ops missing from the table answer undefined, as unit ops and absent options do.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wasmRuntimeParamsSchema } from '../../../main/runtimes/wasm/wasm-params.ts';
import type { HostOp } from '../../../main/host-api/host-ops.generated.ts';
import type { Engine, EngineLimits } from '../../../main/runtimes/engine.ts';
import { createWasmEngine, type WasmEngineSource } from '../../../main/runtimes/wasm/wasm-engine.ts';

export type HostTable = Partial<Record<HostOp, (...args: never[]) => unknown>>;

export interface RecordedCall {
  op: HostOp;
  args: readonly unknown[];
}

/** A built guest component, e.g. `guest('noop')`. */
export const guest = (name: string): string =>
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'guests', 'build', `${name}.wasm`);

export const DEFAULT_LIMITS: EngineLimits = {
  maxBusyMs: 2000,
  maxMemoryBytes: 256 * 2 ** 20,
  maxStackBytes: 512 * 1024,
};

export interface WasmFixture {
  engine: Engine;
  calls: RecordedCall[];
  /** What the guest wrote to stdout or stderr. */
  printed: string[];
  /** Loads `path` (or the interpreter) as the engine's worker would, then runs it. */
  run(path: string, script?: string): Promise<ReturnType<Engine['run']>>;
  check(path: string, script?: string): Promise<ReturnType<Engine['check']>>;
}

export interface FixtureOptions {
  table?: HostTable;
  limits?: Partial<EngineLimits>;
  /** WASI sandbox params, as in `[runtime.x]`. */
  params?: Record<string, unknown>;
  interpreter?: string;
}

export function wasmFixture(options: FixtureOptions = {}): WasmFixture {
  const calls: RecordedCall[] = [];
  const printed: string[] = [];
  const source: WasmEngineSource =
    options.interpreter === undefined ? { kind: 'component' } : { kind: 'interpreter', path: options.interpreter };
  const engine = createWasmEngine(
    {
      hostCall: (op, args) => {
        calls.push({ op, args });
        const implementation = options.table?.[op] as ((...args: unknown[]) => unknown) | undefined;
        return implementation?.(...args);
      },
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      print: (text) => printed.push(text),
    },
    { source, sandbox: wasmRuntimeParamsSchema.parse(options.params ?? {}) },
  );
  return {
    engine,
    calls,
    printed,
    async run(path, script = '') {
      await engine.load!(script, path);
      return engine.run(script, path);
    },
    async check(path, script = '') {
      await engine.load!(script, path);
      return engine.check(script, path);
    },
  };
}
