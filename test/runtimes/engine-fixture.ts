// An engine wired to an in-test host: a table of op implementations that records every call.
// Ops missing from the table answer undefined, which is what unit ops and absent options return.

import type { HostOp } from '../../main/host-api/host-ops.generated.ts';
import type { Engine, EngineLimits, EngineOptions, RunResult } from '../../main/runtimes/engine.ts';

export type HostTable = Partial<Record<HostOp, (...args: never[]) => unknown>>;

export interface RecordedCall {
  op: HostOp;
  args: readonly unknown[];
}

export interface EngineFixture {
  engine: Engine;
  calls: RecordedCall[];
  printed: string[];
  interrupt: Int32Array;
  /** Runs `script` as the fixture's brain file. */
  run(script: string): RunResult;
  /** Runs `script` and returns its exit message, failing the test if it did not exit. */
  exitOf(script: string): string;
  /** Runs `script` and returns its error, failing the test if it did not fail. */
  failureOf(script: string): { error: string; line?: number; column?: number };
}

export async function engineFixture(
  createEngine: (options: EngineOptions) => Promise<Engine>,
  filename: string,
  table: HostTable,
  limits: EngineLimits,
): Promise<EngineFixture> {
  const calls: RecordedCall[] = [];
  const printed: string[] = [];
  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  const engine = await createEngine({
    hostCall: (op, args) => {
      calls.push({ op, args });
      const implementation = table[op] as ((...args: unknown[]) => unknown) | undefined;
      return implementation?.(...args);
    },
    limits,
    interrupt,
    print: (text) => printed.push(text),
  });
  const run = (script: string): RunResult => engine.run(script, filename);
  const exitOf = (script: string): string => {
    const result = run(script);
    if (!result.ok || result.outcome === 'completed') {
      throw new Error(`expected the brain to exit, got ${JSON.stringify(result)}`);
    }
    return result.outcome.exited;
  };
  const failureOf = (script: string): { error: string; line?: number; column?: number } => {
    const result = run(script);
    if (result.ok) throw new Error(`expected the brain to fail, got ${JSON.stringify(result)}`);
    const { ok: _ok, ...failure } = result;
    return failure;
  };
  return { engine, calls, printed, interrupt, run, exitOf, failureOf };
}
