import { readFileSync } from 'node:fs';
import { installPath } from '../files/install-root.ts';

/** Brainbench's version, as package.json gives it. */
export function brainbenchVersion(): string {
  const manifest = JSON.parse(readFileSync(installPath('package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
