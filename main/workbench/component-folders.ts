// The component browser's folders: the workspace and Brainbench's bundled guest components, and
// nothing else. A path naming anything outside both (by `..`, an absolute path or a link) is
// refused, as `BrainSources` refuses to use such a file.

import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ComponentFolderEntry, ComponentFolderView } from '../../contract/views.ts';
import { BUNDLED_GUESTS } from './brain-sources.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';
import { toWorkspacePath } from './workspace-files.ts';

const SKIPPED = new Set(['node_modules', 'dist', 'out', 'release', 'target']);

interface Place {
  name: 'workspace' | 'bundled';
  /** The folder's real path. */
  real: string;
  /** How its files are named to the API: workspace-relative, or absolute for the guests. */
  shown: (real: string) => string;
}

function placesOf(root: string): Place[] {
  const places: Place[] = [{ name: 'workspace', real: root, shown: (real) => toWorkspacePath(root, real) || '.' }];
  const guests = realPathOf(BUNDLED_GUESTS);
  if (guests !== undefined) places.push({ name: 'bundled', real: guests, shown: (real) => real });
  return places;
}

function kindOf(folder: string, name: string): ComponentFolderEntry['kind'] | undefined {
  const real = realPathOf(join(folder, name));
  if (real === undefined) return undefined;
  const stats = statSync(real);
  if (stats.isDirectory()) return 'folder';
  if (!stats.isFile()) return undefined;
  return name.endsWith('.wasm') ? 'wasm' : 'file';
}

/** `path`: '' for the top, else a folder as an earlier answer named it. `root` is the workspace's real path. */
export function listComponentFolder(root: string, path: string): ComponentFolderView {
  const places = placesOf(root);
  if (path === '') {
    return {
      path: '',
      parent: null,
      entries: places.map((place) => ({
        name: place.name === 'workspace' ? 'Workspace' : 'Bundled guest components',
        path: place.shown(place.real),
        kind: 'folder',
      })),
    };
  }
  const real = realPathOf(resolve(root, path));
  if (real === undefined) throw new Error(`no such folder: ${path}`);
  // A workspace inside the guests' folder (or the reverse) belongs to the innermost place.
  const place = places.filter((p) => isWithin(p.real, real)).sort((a, b) => b.real.length - a.real.length)[0];
  if (!place) {
    throw new Error(`${path} is outside the workspace and Brainbench's bundled components; copy it into the workspace`);
  }
  if (!statSync(real).isDirectory()) throw new Error(`${path} is a file, not a folder`);
  const entries: ComponentFolderEntry[] = [];
  for (const name of readdirSync(real).sort((a, b) => a.localeCompare(b))) {
    if (name.startsWith('.') || SKIPPED.has(name)) continue;
    const kind = kindOf(real, name);
    const target = realPathOf(join(real, name));
    // A link leading out of its place is not offered: using it would be refused.
    if (kind === undefined || target === undefined || !isWithin(place.real, target)) continue;
    entries.push({ name, path: place.shown(join(real, name)), kind });
  }
  entries.sort((a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder'));
  return {
    path: place.shown(real),
    parent: real === place.real ? '' : place.shown(resolve(real, '..')),
    place: place.name,
    entries,
  };
}
