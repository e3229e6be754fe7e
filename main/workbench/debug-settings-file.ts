// The workspace's debugger settings on disk: `.brainbench/debugger.json` in the workspace's
// local settings folder (settings-folder.ts); breakpoints are the user's, not the project's, and
// never go into omw.toml.

import { z } from 'zod';
import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import { readSettingsFile, writeSettingsFile } from './settings-folder.ts';

export { SETTINGS_FOLDER, settingsFolder } from './settings-folder.ts';

const FILE = 'debugger.json';

const sourceBreakpoint = z.object({
  line: z.number().int().positive(),
  condition: z.string().optional(),
  hitCondition: z.string().optional(),
  logMessage: z.string().optional(),
});

const settingsSchema = z.object({
  version: z.literal(1),
  sourceBreakpoints: z.record(z.string(), z.array(sourceBreakpoint)),
  exceptions: z.object({ caught: z.boolean(), uncaught: z.boolean() }),
  callBreakpoints: z.record(
    z.string(),
    z.array(z.object({ op: z.enum(Object.keys(HOST_OPS) as [HostOp, ...HostOp[]]), condition: z.string().optional() })),
  ),
});

export type DebugSettings = z.infer<typeof settingsSchema>;

export const EMPTY_DEBUG_SETTINGS: DebugSettings = {
  version: 1,
  sourceBreakpoints: {},
  exceptions: { caught: false, uncaught: false },
  callBreakpoints: {},
};

export function readDebugSettings(root: string): { settings: DebugSettings; problem?: string } {
  return readSettingsFile(root, FILE, settingsSchema, EMPTY_DEBUG_SETTINGS);
}

export async function writeDebugSettings(root: string, settings: DebugSettings): Promise<void> {
  await writeSettingsFile(root, FILE, settings);
}
