// The recordings a corpus replay names: files as given, folders searched for `*.jsonl` files that
// start as a recording does, and globs (`*` within a path segment, `**` across segments) matched
// against paths relative to the current folder, as omw-test's `--include` matches them.

import { closeSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RECORDING_FORMAT } from '../recording/recording-format.ts';
import { globToRegExp } from '../testing/discover-tests.ts';

export interface CorpusFile {
  /** Absolute. */
  file: string;
  /** As the report names it: relative to the folder the corpus was named from, with `/` separators. */
  label: string;
}

/** Something named that holds no recording: one line, for the user to fix. */
export class CorpusError extends Error {}

const GLOB = /[*?]/;
/** Folders a search never enters: what is not the user's recordings. */
const SKIPPED = new Set(['node_modules', '.git']);

const posix = (path: string): string => path.split(sep).join('/');

/** The recordings `names` stand for, each once, in the order named (a folder's and a glob's sorted). */
export function corpusFiles(names: readonly string[], cwd = process.cwd()): CorpusFile[] {
  if (names.length === 0) throw new CorpusError('name at least one recording, folder or glob');
  const found: CorpusFile[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const real = realpathSync(file);
    if (seen.has(real)) return;
    seen.add(real);
    found.push({ file, label: labelOf(file, cwd) });
  };
  for (const name of names) {
    if (GLOB.test(name)) {
      const matched = globbed(name, cwd);
      if (matched.length === 0) throw new CorpusError(`${name}: matches no recording`);
      matched.forEach(add);
      continue;
    }
    const path = resolve(cwd, name);
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new CorpusError(`${name}: no such file or folder`);
    }
    if (!stats.isDirectory()) {
      add(path);
      continue;
    }
    const inFolder = walk(path).filter(startsAsRecording);
    if (inFolder.length === 0) throw new CorpusError(`${name}: the folder holds no recording (*.jsonl)`);
    inFolder.forEach(add);
  }
  return found;
}

function labelOf(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return posix(path.startsWith('..') || isAbsolute(path) ? file : path);
}

/** Every `*.jsonl` below `dir`, sorted; dot folders and node_modules are not searched. */
function walk(dir: string): string[] {
  const files: string[] = [];
  const visit = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && entry.name.endsWith('.jsonl')) files.push(path);
    }
  };
  visit(dir);
  return files;
}

/** The files a glob matches: searched from its part before the first wildcard, matched whole. */
function globbed(glob: string, cwd: string): string[] {
  const absolute = isAbsolute(glob);
  const segments = posix(glob).split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (GLOB.test(segment)) break;
    fixed.push(segment);
  }
  const base = resolve(cwd, fixed.join('/') || '.');
  let isFolder: boolean;
  try {
    isFolder = statSync(base).isDirectory();
  } catch {
    return [];
  }
  if (!isFolder) return [];
  const pattern = globToRegExp(posix(absolute ? glob : relative(cwd, resolve(cwd, glob))));
  const files: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && pattern.test(posix(absolute ? path : relative(cwd, path)))) files.push(path);
    }
  };
  visit(base);
  return files.sort();
}

/** The cheap check for a folder's files: the file starts as a recording's header does (its writer's key order). */
export function startsAsRecording(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const start = Buffer.alloc(96);
    const read = readSync(fd, start, 0, start.length, 0);
    return start.subarray(0, read).toString('utf8').startsWith(`{"kind":"header","format":"${RECORDING_FORMAT}"`);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
