// The folder Brainbench is installed in (the checkout, or the npm package), found by walking up
// from this module to the package.json named "brainbench": a path inside it is then right from the
// TypeScript sources and from any bundle under dist/, whatever the module's depth.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

function isBrainbenchPackage(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'brainbench';
  } catch {
    return false;
  }
}

/** A path below the installed package: `installPath('dist', 'agent')`. */
export function installPath(...parts: string[]): string {
  if (root === undefined) {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!isBrainbenchPackage(dir)) {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`no Brainbench package.json above ${fileURLToPath(import.meta.url)}`);
      dir = parent;
    }
    root = dir;
  }
  return join(root, ...parts);
}
