// Where the brains the workbench inspects or points an agent at may come from: the workspace,
// Brainbench's bundled guest components, and files the user picked in a native dialog. A client
// of the API can name any path; these are the ones a user meant.

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';
import { installPath } from '../files/install-root.ts';

/** `guests/build/` of this checkout or package. */
export const BUNDLED_GUESTS = installPath('guests', 'build');

/**
 * Where the brains whose errors the workbench shows in full lie: the workspace and the bundled
 * components. An engine's message may quote its brain, which a config may take from anywhere.
 */
export function shownBrainFolders(root: string): string[] {
  return [root, realPathOf(BUNDLED_GUESTS) ?? BUNDLED_GUESTS];
}

export class BrainSources {
  private readonly picked = new Set<string>();

  /** A file the user chose in a native dialog (Electron): usable wherever it is. */
  allowPicked(path: string): void {
    const real = realPathOf(path);
    if (real !== undefined) this.picked.add(real);
  }

  /** The real file `path` (relative to `root`, or absolute) names, if it comes from a source above. */
  resolve(root: string, path: string): string {
    const real = realPathOf(resolve(root, path));
    if (real === undefined) throw new Error(`no such file: ${path}`);
    const guests = realPathOf(BUNDLED_GUESTS);
    const allowed = isWithin(root, real) || (guests !== undefined && isWithin(guests, real)) || this.picked.has(real);
    if (!allowed) {
      throw new Error(
        `cannot use ${path}: it is outside the workspace (${root}) and Brainbench's bundled components ` +
          `(${BUNDLED_GUESTS}); copy it into the workspace`,
      );
    }
    if (!statSync(real).isFile()) throw new Error(`cannot use ${path}: it is a folder, not a file`);
    return real;
  }
}
