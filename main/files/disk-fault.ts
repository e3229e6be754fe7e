// A disk that refuses a write: full (ENOSPC), over the user's quota (EDQUOT), or failing (EIO).
// Every writer of Brainbench reports these as an event and keeps what it wrote before: nothing
// about them is a crash.

const DISK_FAULTS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the device failed to write (input/output error)',
};

/** What a disk fault means in a sentence ("no space left on the device (ENOSPC)"); undefined for any other error. */
export function diskFault(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(DISK_FAULTS, code)) return undefined;
  return `${DISK_FAULTS[code]} (${code})`;
}

/** A failed write said in a sentence: a disk fault as such, anything else by its own message. */
export function writeFailure(error: unknown): string {
  return diskFault(error) ?? (error as Error).message;
}
