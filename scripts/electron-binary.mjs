// Where the Electron binary is, without triggering electron's lazy download (which cannot reach
// GitHub on every machine): path.txt names it once `install-electron` has fetched it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ELECTRON = join(import.meta.dirname, '../node_modules/electron');

/** The executable, or why there is none. */
export function findElectronBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(ELECTRON, 'path.txt');
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
  const binary = override ? join(override, relative) : join(ELECTRON, 'dist', relative);
  if (existsSync(binary)) return { binary };
  return {
    reason: `the Electron binary is not installed (${binary} is missing; \`npx install-electron\` fetches it where GitHub is reachable)`,
  };
}
