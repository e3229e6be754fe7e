// The key a TCP client of `brainbench dap` must show in its `launch`/`attach` arguments: anyone on
// the machine (and any web page in its browser) can open a loopback port, only the person who
// started the adapter knows the token. It is new for each start, or kept in a file only its owner
// can read.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { DapStartError } from './dap-start-error.ts';

/** 256 bits, in hex: a double click selects it whole, and it needs no quoting anywhere. */
export function newDapToken(): string {
  return randomBytes(32).toString('hex');
}

/** A chosen token this short could be guessed; 32 characters is 128 bits of hex. */
const MIN_TOKEN_LENGTH = 32;
const TOKEN = /^[\x21-\x7e]+$/;

/** Whether `given` is the token; the comparison takes as long whatever `given` is. */
export function tokenMatches(token: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  // Hashing first makes both sides the same length, so that not even the length leaks.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(token), digest(given));
}

/**
 * The token kept in `path` (its trimmed content), or a new one written there (the file, and its
 * folder when missing, readable by the user alone). A file that others can read, or that another
 * user owns, is refused: its token would be theirs too.
 */
export function tokenFromFile(path: string): { token: string; created: boolean } {
  const created = createTokenFile(path);
  if (created) return { token: created, created: true };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new DapStartError(`--token-file ${path}: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new DapStartError(`--token-file ${path}: not a file`);
    if (process.getuid && stat.uid !== process.getuid())
      throw new DapStartError(`--token-file ${path}: owned by another user (uid ${stat.uid})`);
    if (stat.mode & 0o077)
      throw new DapStartError(
        `--token-file ${path}: others can read or change it (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 ${path}`,
      );
    const token = readFileSync(fd, 'utf8').trim();
    if (token.length < MIN_TOKEN_LENGTH || !TOKEN.test(token))
      throw new DapStartError(
        `--token-file ${path}: the token must be at least ${MIN_TOKEN_LENGTH} visible characters without spaces (for example \`openssl rand -hex 32\`)`,
      );
    return { token, created: false };
  } finally {
    closeSync(fd);
  }
}

/** A new token in a new file, or undefined when the file is already there. */
function createTokenFile(path: string): string | undefined {
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // `wx`: never through a link someone planted, never over a file that is there.
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw new DapStartError(`--token-file ${path}: ${(error as Error).message}`);
  }
  try {
    const token = newDapToken();
    writeSync(fd, `${token}\n`);
    return token;
  } finally {
    closeSync(fd);
  }
}
