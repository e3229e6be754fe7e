// The workspace's debugger settings on disk: `.brainbench/debugger.json` in the workspace, a
// local settings folder that ignores itself in git (breakpoints are the user's, not the
// project's, and never go into omw.toml). A file that cannot be read or parsed is set aside
// rather than lost, and the settings start empty.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import { writeFileDurably } from './durable-write.ts';

export const SETTINGS_FOLDER = '.brainbench';

/** The workspace's local settings folder, made (ignoring itself in git) when it is not there. */
export function settingsFolder(root: string): string {
  const folder = join(root, SETTINGS_FOLDER);
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '.gitignore'), '# Brainbench local settings: not part of the project\n*\n');
  }
  return folder;
}
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
  const file = join(root, SETTINGS_FOLDER, FILE);
  if (!existsSync(file)) return { settings: EMPTY_DEBUG_SETTINGS };
  try {
    return { settings: settingsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) };
  } catch (error) {
    const kept = `${file}.unreadable-${Date.now()}`;
    renameSync(file, kept);
    const why = error instanceof z.ZodError ? 'it does not have the expected shape' : (error as Error).message;
    return { settings: EMPTY_DEBUG_SETTINGS, problem: `${file} could not be used (${why}); it was kept as ${kept}` };
  }
}

export async function writeDebugSettings(root: string, settings: DebugSettings): Promise<void> {
  await writeFileDurably(join(settingsFolder(root), FILE), `${JSON.stringify(settings, null, 2)}\n`);
}
