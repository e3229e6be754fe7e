// Saving a file so that neither a crash nor a power loss leaves it truncated or empty: after the
// save returns, the disk holds the new content; before, it holds the old one. A disk that
// refuses the save (full, over quota, failing) leaves the old file as it was and says so.

import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { diskFault } from '../files/disk-fault.ts';
import { processIsAlive } from './process-alive.ts';

/**
 * A save's temporary file: `.<name>.<pid>-<12 hex>.tmp` (an older Brainbench wrote
 * `.<name>.<12 hex>.tmp`). Hidden, so listings skip it; known, so watchers ignore it and the next
 * save in its folder removes it once the process that made it is gone.
 */
const TEMPORARY = /^\..+\.(?:(\d+)-)?[0-9a-f]{12}\.tmp$/;

/** This process's saves under way: their temporary files are not leftovers. */
const underWay = new Set<string>();

/**
 * Writes a temporary file beside the target, flushes it to the disk, renames it over the target
 * and flushes the folder, which is where the rename is recorded. Without the first flush a power
 * loss can leave the renamed file empty; without the second, the old name pointing at the old
 * content. `path` must not be a symbolic link: the rename would replace the link (the workspace
 * boundary hands over a link's real target). Asynchronous, because a flush can take long on a
 * busy or slow disk, and the host keeps serving agents meanwhile. Returns the new mtime, always
 * later than the file's last one. Temporary files that interrupted saves left in the folder are
 * removed first.
 */
export async function writeFileDurably(path: string, data: string | Uint8Array): Promise<number> {
  const folder = dirname(path);
  await removeLeftoverTemporaries(folder);
  const temporary = join(folder, `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  const previous = await stat(path).then(
    (stats) => stats.mtimeMs,
    () => undefined,
  );
  underWay.add(temporary);
  try {
    // Exclusive: a link someone planted at the temporary name is never followed.
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(data);
      // A save's mtime names the version it made (writeFile's `editedFrom`). File systems stamp
      // times by a coarse clock (ext4: a tick of a few ms), which two saves may share.
      if (previous !== undefined && (await file.stat()).mtimeMs <= previous) {
        const later = new Date(Math.floor(previous) + 1);
        await file.utimes(later, later);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    // Removing frees space, so it works on a full disk; a failing one keeps it for the next save.
    await rm(temporary, { force: true }).catch(() => undefined);
    const fault = diskFault(error);
    if (fault === undefined) throw error;
    throw new Error(`${path} was not saved: ${fault}; the file on disk is as it was`, { cause: error });
  } finally {
    underWay.delete(temporary);
  }
  await syncFolder(folder);
  return (await stat(path)).mtimeMs;
}

/** A save's temporary file: hidden, so listings skip it, and known, so watchers can ignore it. */
export function isTemporaryFile(path: string): boolean {
  return TEMPORARY.test(basename(path));
}

/**
 * Removes what interrupted saves (a crash, a power loss, a disk that failed even the clean-up)
 * left in `folder`: only names of Brainbench's own temporary pattern, only in that folder, and
 * not those of saves under way here or in another running process.
 */
export async function removeLeftoverTemporaries(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (!match) continue;
    const file = join(folder, name);
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    if (underWay.has(file) || (pid !== undefined && pid !== process.pid && processIsAlive(pid))) continue;
    // Only a file: a folder or a link of that name is not one of ours.
    const stats = await lstat(file).catch(() => undefined);
    if (!stats?.isFile()) continue;
    await rm(file, { force: true }).then(
      () => removed.push(file),
      () => undefined,
    );
  }
  return removed;
}

/** Windows cannot open a folder as a file; NTFS journals the rename itself. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
