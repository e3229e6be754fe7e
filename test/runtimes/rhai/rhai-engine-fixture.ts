// The shared engine fixture with a rhai engine.

import type { RhaiRuntimeParams } from '../../../main/runtimes/rhai/rhai-params.ts';
import type { EngineLimits } from '../../../main/runtimes/engine.ts';
import { createEngine } from '../../../main/runtimes/rhai/rhai-engine.ts';
import { engineFixture as sharedFixture, type EngineFixture, type HostTable } from '../engine-fixture.ts';

export type { EngineFixture, HostTable, RecordedCall } from '../engine-fixture.ts';

export const DEFAULT_LIMITS: EngineLimits = {
  maxBusyMs: 2000,
  maxMemoryBytes: 64 * 2 ** 20,
  maxStackBytes: 512 * 1024,
};

/** `params` are the runtime's `[runtime.x]` keys for the language's limits. */
export const engineFixture = (
  table: HostTable = {},
  limits: Partial<EngineLimits> = {},
  params: Partial<RhaiRuntimeParams> = {},
): Promise<EngineFixture> =>
  sharedFixture((options) => createEngine(options, params), 'brain.rhai', table, { ...DEFAULT_LIMITS, ...limits });
