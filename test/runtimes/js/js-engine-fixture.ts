// The shared engine fixture with a js engine, plus a wait for the engine's spare QuickJS module.

import { setTimeout as delay } from 'node:timers/promises';
import type { EngineLimits } from '../../../main/runtimes/engine.ts';
import { createEngine } from '../../../main/runtimes/js/js-engine.ts';
import {
  engineFixture as sharedFixture,
  type EngineFixture as SharedFixture,
  type HostTable,
} from '../engine-fixture.ts';

export type { HostTable, RecordedCall } from '../engine-fixture.ts';

export interface EngineFixture extends SharedFixture {
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
  const fixture = await sharedFixture((options) => createEngine(options, {}), 'brain.js', table, {
    ...DEFAULT_LIMITS,
    ...limits,
  });
  const settle = async (): Promise<void> => {
    for (let waited = 0; waited < 5000; waited += 10) {
      if (fixture.engine.check('', 'probe.js').ok) return;
      await delay(10);
    }
    throw new Error('the engine did not get a fresh module within 5 s');
  };
  return { ...fixture, settle };
}

/** Runs `script` and parses its exit message as JSON. */
export const exitJson = (fixture: EngineFixture, script: string): unknown => JSON.parse(fixture.exitOf(script));
