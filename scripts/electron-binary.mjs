// Where the Electron binary is. npm never fetches it (package.json's allowScripts denies electron's
// download script, which cannot reach GitHub on every machine): path.txt names it once
// electron's install.js has been run by hand.
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
    reason: `the Electron binary is not installed (${binary} is missing; \`node node_modules/electron/install.js\` fetches it where GitHub is reachable)`,
  };
}
