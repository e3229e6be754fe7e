import type { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';
import { brainbenchLimitsShape, wasiShape } from '../runtime-params.ts';

/** The `wasm` kind: the agent's script is the component itself, so it has no `interpreter`. */
export const wasmRuntimeParamsSchema = closedTable({ ...wasiShape, ...brainbenchLimitsShape });

export type WasmRuntimeParams = z.output<typeof wasmRuntimeParamsSchema>;
