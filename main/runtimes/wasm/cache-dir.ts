// Where Brainbench keeps what it derives once and reuses between runs: $BRAINBENCH_CACHE_DIR, or
// brainbench/ in the user's cache folder. Transpiled components go in components/, the python
// runtime's interpreter snapshots in python/.

import { homedir } from 'node:os';
import { join } from 'node:path';

export function brainbenchCacheDir(part: string): string {
  const base =
    process.env.BRAINBENCH_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'brainbench');
  return join(base, part);
}

export const componentCacheDir = (): string => brainbenchCacheDir('components');
