// The shared engine fixture with a python engine. Loading Pyodide takes most of a second even
// from the snapshot, so a test file builds one engine and its tests share it; brain state never
// carries over between iterations, which the binding tests check too.

import type { EngineLimits } from '../../main/runtimes/engine.ts';
import { createEngine } from '../../main/runtimes/python/python-engine.ts';
import { engineFixture as sharedFixture, type EngineFixture, type HostTable } from '../runtimes/engine-fixture.ts';

export type { EngineFixture, HostTable } from '../runtimes/engine-fixture.ts';

export const DEFAULT_LIMITS: EngineLimits = {
  maxBusyMs: 2000,
  maxMemoryBytes: 64 * 2 ** 20,
  maxStackBytes: 512 * 1024,
};

export const pythonEngineFixture = (
  table: HostTable = {},
  limits: Partial<EngineLimits> = {},
): Promise<EngineFixture> =>
  sharedFixture((options) => createEngine(options, {}), 'brain.py', table, { ...DEFAULT_LIMITS, ...limits });
