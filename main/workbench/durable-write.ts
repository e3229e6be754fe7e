// Saving a file so that neither a crash nor a power loss leaves it truncated or empty: after the
// save returns, the disk holds the new content; before, it holds the old one.

import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a temporary file beside the target, flushes it to the disk, renames it over the target
 * and flushes the folder, which is where the rename is recorded. Without the first flush a power
 * loss can leave the renamed file empty; without the second, the old name pointing at the old
 * content. `path` must not be a symbolic link: the rename would replace the link (the workspace
 * boundary hands over a link's real target). Asynchronous, because a flush can take long on a
 * busy or slow disk, and the host keeps serving agents meanwhile. Returns the new mtime, always
 * later than the file's last one.
 */
export async function writeFileDurably(path: string, data: string | Uint8Array): Promise<number> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const previous = await stat(path).then(
    (stats) => stats.mtimeMs,
    () => undefined,
  );
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
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dirname(path));
  return (await stat(path)).mtimeMs;
}

/** A save's temporary file: hidden, so listings skip it, and known, so watchers can ignore it. */
export function isTemporaryFile(path: string): boolean {
  return /^\..+\.[0-9a-f]{12}\.tmp$/.test(basename(path));
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
