// The interpreter's memory snapshot: CPython started, the modules the binding needs imported and
// python-prelude.ts compiled, saved once and loaded in about a seventh of a cold start's time.
// It is made on the first start that finds none, from the pyodide package alone, and is named
// after the package version and the prelude, so a new version of either makes a new one.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brainbenchCacheDir } from '../wasm/cache-dir.ts';

export function snapshotPath(pyodideVersion: string, prelude: string): string {
  const key = createHash('sha256').update(pyodideVersion).update('\0').update(prelude).digest('hex').slice(0, 16);
  return join(brainbenchCacheDir('python'), `pyodide-${pyodideVersion}-${key}.snapshot`);
}

/** The saved snapshot, or undefined when there is none yet (or it cannot be read). */
export async function readSnapshot(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * Saves a snapshot under a temporary name first: agents that start together each make one, and a
 * reader never sees half of one.
 */
export async function saveSnapshot(path: string, snapshot: Uint8Array): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, snapshot);
  await rename(temporary, path);
}
