// The files of a workspace as the workbench lists them: which to show, and of what kind.

import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FileKind, WorkspaceFile } from '../../contract/views.ts';
import { RUNTIMES } from '../runtimes/runtimes.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', 'release', 'target']);
/** A workspace is a folder of brains and configs; a huge tree is not one, so the listing stops. */
const MAX_FILES = 5000;

/** Brain file endings, by whether the runtime runs them as source or loads them as a component. */
const BRAIN_ENDINGS = Object.values(RUNTIMES).flatMap(({ brain }) =>
  brain.extensions.map((extension) => ({ extension, kind: brain.format === 'script' ? 'brain' : 'wasm' }) as const),
);

function fileKind(path: string): FileKind {
  const name = path.split('/').pop() ?? path;
  if (/^omw\.test(\.base)?\.(toml|ya?ml|json)$/.test(name)) return 'test';
  if (/^omw\.(toml|ya?ml|json)$/.test(name)) return 'config';
  return BRAIN_ENDINGS.find(({ extension }) => name.endsWith(extension))?.kind ?? 'other';
}

/**
 * `root` is the workspace's real path. A link to a file inside is listed by its own name; a linked
 * folder inside is listed where it really is, and a link leading outside could not be opened.
 */
export function listWorkspaceFiles(root: string): WorkspaceFile[] {
  const files: WorkspaceFile[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (files.length >= MAX_FILES || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() || (entry.isSymbolicLink() && isFileInside(root, full))) {
        const path = toWorkspacePath(root, full);
        files.push({ path, kind: fileKind(path) });
      }
    }
  };
  walk(root);
  return files;
}

function isFileInside(root: string, link: string): boolean {
  const real = realPathOf(link);
  return real !== undefined && isWithin(root, real) && statSync(real).isFile();
}

export function toWorkspacePath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}
