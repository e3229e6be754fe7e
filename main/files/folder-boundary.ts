// Which files may be read and written below a folder: those below its real path. The workbench
// reads and writes the workspace's files for the renderer through it, and every writer that
// takes a file name from a recording writes into its chosen folder through it. Paths are
// compared after resolving symbolic links, because what a read returns or a save replaces is a
// link's target, and a link inside the folder may point anywhere.

import { lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Whether `path` is `folder` or lies below it; both absolute, without links. */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Where a path really leads; undefined when it, or a link on the way, leads to nothing. */
export function realPathOf(path: string): string | undefined {
  try {
    // The native call also gives a case-insensitive disk's own spelling, so paths compare alike.
    return realpathSync.native(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

/** What the workbench does with a file, as a refusal names it. */
export type FileAccess = 'read' | 'save' | 'create';

export class WorkspaceBoundary {
  /** `root` is the folder's real path; `name` says what it is in a refusal. */
  constructor(
    readonly root: string,
    private readonly name = 'the workspace',
  ) {}

  /** The real file behind a workspace path, when it and every link on the way stay inside. */
  fileToRead(path: string): string {
    const full = this.lexical(path, 'read');
    const real = realPathOf(full);
    if (real === undefined) throw new Error(`cannot read "${path}": no such file`);
    if (!isWithin(this.root, real)) throw this.leadsOutside('read', path, full);
    if (!statSync(real).isFile()) throw new Error(`cannot read "${path}": it is a folder, not a file`);
    return real;
  }

  /**
   * Where saving a workspace path writes: an existing file's real path (a link is written
   * through, never replaced), or for a new one its name in the real folder that will hold it,
   * whose missing folders the caller creates. Refused where the file, or the nearest folder that
   * exists, lies outside the workspace, and where a link on the way leads to nothing.
   */
  fileToWrite(path: string, access: 'save' | 'create' = 'save'): { file: string; exists: boolean } {
    const full = this.lexical(path, access);
    if (lstatOf(full)) {
      const real = realPathOf(full);
      if (real === undefined) throw this.leadsNowhere(access, path, full);
      if (!isWithin(this.root, real)) throw this.leadsOutside(access, path, full);
      if (!statSync(real).isFile()) throw new Error(`cannot ${access} "${path}": it is a folder, not a file`);
      return { file: real, exists: true };
    }
    let folder = dirname(full);
    while (!lstatOf(folder)) folder = dirname(folder);
    const realFolder = realPathOf(folder);
    if (realFolder === undefined) throw this.leadsNowhere(access, path, folder);
    if (!isWithin(this.root, realFolder)) throw this.leadsOutside(access, path, folder);
    if (!statSync(realFolder).isDirectory()) {
      throw new Error(`cannot ${access} "${path}": "${this.shown(folder)}" is a file, not a folder`);
    }
    return { file: join(realFolder, relative(folder, full)), exists: false };
  }

  /** Relative to the root, or absolute; refused when it names the root or reaches above it. */
  private lexical(path: string, access: FileAccess): string {
    const full = resolve(this.root, path);
    if (full === this.root || !isWithin(this.root, full)) {
      throw new Error(`cannot ${access} "${path}": it is outside ${this.name} (${this.root})`);
    }
    return full;
  }

  private leadsOutside(access: FileAccess, path: string, reached: string): Error {
    const link = this.firstLink(reached);
    const target = realPathOf(link) ?? readlinkSync(link);
    const which = link === resolve(this.root, path) ? 'it' : `"${this.shown(link)}"`;
    const kept = access === 'save' && which === 'it' ? '; the link is left as it is' : '';
    return new Error(
      `cannot ${access} "${path}": ${which} is a link to ${target}, outside ${this.name} (${this.root})${kept}`,
    );
  }

  private leadsNowhere(access: FileAccess, path: string, reached: string): Error {
    const link = this.firstLink(reached);
    const which = link === resolve(this.root, path) ? 'it' : `"${this.shown(link)}"`;
    return new Error(
      `cannot ${access} "${path}": ${which} is a link to ${readlinkSync(link)}, which does not exist; ` +
        `Brainbench writes through a link only to an existing file inside ${this.name}`,
    );
  }

  /**
   * The first link on the way from the root to `path` that leads outside or nowhere, for the
   * message: the link the user has to look at.
   */
  private firstLink(path: string): string {
    let at = this.root;
    for (const segment of relative(this.root, path).split(sep)) {
      at = join(at, segment);
      if (!lstatOf(at)?.isSymbolicLink()) continue;
      const real = realPathOf(at);
      if (real === undefined || !isWithin(this.root, real)) return at;
    }
    return path;
  }

  private shown(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }
}
