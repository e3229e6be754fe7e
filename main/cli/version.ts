import { readFileSync } from 'node:fs';

/** Brainbench's version, as package.json gives it. */
export function brainbenchVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
