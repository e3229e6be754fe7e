// Where transpiled components are kept between runs: $BRAINBENCH_CACHE_DIR, or brainbench/ in the
// user's cache folder.

import { homedir } from 'node:os';
import { join } from 'node:path';

export function componentCacheDir(): string {
  const base =
    process.env.BRAINBENCH_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'brainbench');
  return join(base, 'components');
}
