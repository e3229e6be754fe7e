// The user's own settings folder, which no workspace can write to: where Brainbench keeps what
// the user decided about workspaces (which ones are trusted). $BRAINBENCH_CONFIG_DIR, else
// $XDG_CONFIG_HOME/brainbench, else ~/.config/brainbench.

import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export function userConfigFolder(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const own = env['BRAINBENCH_CONFIG_DIR'];
  if (own) return resolve(own);
  // The XDG specification has a relative value ignored.
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config'), 'brainbench');
}
