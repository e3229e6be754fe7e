// One workbench at a time records a workspace's session. A second one opened on the same folder
// (`npm start` beside `brainbench serve`, say) would set aside the first one's live recording as
// the previous session and, on its next config restart, rotate it again: the two sessions would
// end up mixed in each other's files. The first to open holds `.brainbench/session.lock`; any
// other runs unrecorded, says so, and leaves the recordings alone.

import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { diskFault } from '../files/disk-fault.ts';
import { join } from 'node:path';
import { processIsAlive } from './process-alive.ts';
import { settingsFolder } from './settings-folder.ts';

const LOCK_FILE = 'session.lock';

export type SessionLock =
  | { held: true; release(): void }
  /** `holder`: the process of the workbench that records the session. */
  | { held: false; holder: number };

interface LockContent {
  pid: number;
  /** Whose lock it is, among the workbenches of one process too. */
  token: string;
}

/** Takes the workspace's session lock unless a live workbench holds it; a dead one's is taken over. */
export function claimSessionLock(root: string): SessionLock {
  const file = join(settingsFolder(root), LOCK_FILE);
  const mine: LockContent = { pid: process.pid, token: randomUUID() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return { held: true, release: () => releaseLock(file, mine.token) };
    } catch (error) {
      // A full disk made the file but not its content: it is ours all the same (the session is
      // recorded once the disk takes writes again); another workbench takes an empty lock over.
      if (diskFault(error) !== undefined && existsSync(file))
        return { held: true, release: () => releaseLock(file, mine.token) };
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = lockHolder(file);
    if (holder !== undefined && processIsAlive(holder)) return { held: false, holder };
    // Left by a workbench that ended without closing (or unreadable): nobody records under it.
    rmSync(file, { force: true });
  }
  throw new Error(`cannot take ${file}: another workbench keeps taking it`);
}

function lockHolder(file: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function releaseLock(file: string, token: string): void {
  try {
    const text = readFileSync(file, 'utf8');
    if (text === '' || (JSON.parse(text) as Partial<LockContent>).token === token) rmSync(file);
  } catch {
    // Gone already, or another's now: nothing of ours to remove.
  }
}
