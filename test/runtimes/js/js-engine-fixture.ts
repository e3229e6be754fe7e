// A js engine wired to an in-test host: a table of op implementations that records every call.
// Ops missing from the table answer undefined, which is what unit ops and absent options return.

import { setTimeout as delay } from 'node:timers/promises';
import type { HostOp } from '../../../main/host-api/host-ops.generated.ts';
import type { Engine, EngineLimits, RunResult } from '../../../main/runtimes/engine.ts';
import { createJsEngine } from '../../../main/runtimes/js/js-engine.ts';

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
  /** Runs `script` as brain.js. */
  run(script: string): RunResult;
  /** Runs `script` and returns its exit message, failing the test if it did not exit. */
  exitOf(script: string): string;
  /**
   * Waits until the engine has a QuickJS module again: a stopped brain makes it switch to its
   * spare, whose replacement loads in the background.
   */
  settle(): Promise<void>;
}

export const DEFAULT_LIMITS: EngineLimits = {
  maxBusyMs: 2000,
  maxMemoryBytes: 64 * 2 ** 20,
  maxStackBytes: 256 * 1024,
};

export async function engineFixture(table: HostTable = {}, limits: Partial<EngineLimits> = {}): Promise<EngineFixture> {
  const calls: RecordedCall[] = [];
  const printed: string[] = [];
  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  const engine = await createJsEngine({
    hostCall: (op, args) => {
      calls.push({ op, args });
      const implementation = table[op] as ((...args: unknown[]) => unknown) | undefined;
      return implementation?.(...args);
    },
    limits: { ...DEFAULT_LIMITS, ...limits },
    interrupt,
    print: (text) => printed.push(text),
  });
  const run = (script: string): RunResult => engine.run(script, 'brain.js');
  const exitOf = (script: string): string => {
    const result = run(script);
    if (!result.ok || result.outcome === 'completed') {
      throw new Error(`expected the brain to exit, got ${JSON.stringify(result)}`);
    }
    return result.outcome.exited;
  };
  const settle = async (): Promise<void> => {
    for (let waited = 0; waited < 5000; waited += 10) {
      if (engine.check('', 'probe.js').ok) return;
      await delay(10);
    }
    throw new Error('the engine did not get a fresh module within 5 s');
  };
  return { engine, calls, printed, interrupt, run, exitOf, settle };
}

/** Runs `script` and parses its exit message as JSON. */
export const exitJson = (fixture: EngineFixture, script: string): unknown => JSON.parse(fixture.exitOf(script));
