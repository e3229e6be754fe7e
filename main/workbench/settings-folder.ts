// The workspace's local settings folder, `.brainbench/`: the user's own state (breakpoints, the
// workbench's tabs and layout, the session recording), never the project's, so it ignores itself
// in git. A settings file that cannot be read or parsed is set aside, not lost, and the settings
// start from their defaults.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { diskFault } from '../files/disk-fault.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from './durable-write.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';

export const SETTINGS_FOLDER = '.brainbench';

/**
 * Why the settings folder cannot be used: it is a link that leads outside the workspace, where
 * Brainbench writes nothing (another project's recordings, or a system folder, would be written
 * over). Undefined when it can, or is not there yet.
 */
function outsideProblem(root: string, folder: string): string | undefined {
  const real = realPathOf(folder);
  if (real === undefined || isWithin(realPathOf(root) ?? root, real)) return undefined;
  return `${folder} leads outside the workspace (to ${real}), and Brainbench keeps nothing there`;
}

/** The workspace's local settings folder, made (ignoring itself in git) when it is not there. */
export function settingsFolder(root: string): string {
  const folder = join(root, SETTINGS_FOLDER);
  const outside = outsideProblem(root, folder);
  if (outside) throw new Error(outside);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  ignoreInGit(folder);
  return folder;
}

/** The folder's `.gitignore`, made when it is missing; a disk that refuses it gets it at the next call. */
function ignoreInGit(folder: string): void {
  const file = join(folder, '.gitignore');
  if (existsSync(file)) return;
  try {
    writeFileSync(file, '# Brainbench local settings: not part of the project\n*\n');
  } catch (error) {
    if (diskFault(error) === undefined) throw error;
    rmSync(file, { force: true });
  }
}

/** `problem` says what was set aside, and where it was kept. */
export function readSettingsFile<T>(
  root: string,
  name: string,
  schema: z.ZodType<T>,
  defaults: T,
): { settings: T; problem?: string } {
  const outside = outsideProblem(root, join(root, SETTINGS_FOLDER));
  if (outside) return { settings: defaults, problem: outside };
  const file = join(root, SETTINGS_FOLDER, name);
  if (!existsSync(file)) return { settings: defaults };
  try {
    return { settings: schema.parse(JSON.parse(readFileSync(file, 'utf8'))) };
  } catch (error) {
    const kept = `${file}.unreadable-${Date.now()}`;
    renameSync(file, kept);
    const why = error instanceof z.ZodError ? 'it does not have the expected shape' : (error as Error).message;
    return { settings: defaults, problem: `${file} could not be used (${why}); it was kept as ${kept}` };
  }
}

export async function writeSettingsFile(root: string, name: string, settings: unknown): Promise<void> {
  await writeFileDurably(join(settingsFolder(root), name), `${JSON.stringify(settings, null, 2)}\n`);
}
