// Which folders the user trusts, by real path, in the user's own settings folder (never in a
// workspace: a workspace cannot trust itself). A small versioned JSON file, written durably. It is
// read as untrusted input too: a file that is not what Brainbench writes trusts nothing, and says
// why; trusting a folder then sets the damaged file aside (kept, not lost) and starts a new one.

import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from '../workbench/durable-write.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import { userConfigFolder } from './user-config-folder.ts';

const FILE = 'trust.json';

const trustFileSchema = z
  .object({
    version: z.literal(1),
    folders: z
      .array(
        z
          .object({
            path: z.string().refine(isAbsolute, 'an absolute path'),
            /** When the user trusted it (ISO 8601). */
            trustedAt: z.string(),
          })
          .strict(),
      )
      .max(100_000),
  })
  .strict();

export type TrustedFolder = z.infer<typeof trustFileSchema>['folders'][number];

export interface TrustFileState {
  folders: TrustedFolder[];
  /** Why the file trusts nothing although it is there. */
  problem?: string;
}

export class TrustStore {
  readonly file: string;

  constructor(readonly folder: string) {
    this.file = join(folder, FILE);
  }

  /** The store of the user running Brainbench (user-config-folder.ts says where). */
  static forUser(env: Readonly<Record<string, string | undefined>> = process.env): TrustStore {
    return new TrustStore(userConfigFolder(env));
  }

  read(): TrustFileState {
    if (!existsSync(this.file)) return { folders: [] };
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      return { folders: [], problem: this.damaged((error as Error).message) };
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return { folders: [], problem: this.damaged('it is not JSON') };
    }
    const parsed = trustFileSchema.safeParse(data);
    if (!parsed.success) return { folders: [], problem: this.damaged('it does not have the shape Brainbench writes') };
    return { folders: parsed.data.folders };
  }

  /** Whether the folder at `path` (any path to it: links are followed) is trusted. */
  isTrusted(path: string): { trusted: boolean; problem?: string } {
    const real = realPathOf(path);
    const { folders, problem } = this.read();
    const trusted = real !== undefined && folders.some((folder) => folder.path === real);
    return problem === undefined ? { trusted } : { trusted, problem };
  }

  /**
   * Trusts the folder (by its real path); answers that path and, when the file was damaged, where
   * the damaged file was kept.
   */
  async trust(path: string): Promise<{ path: string; setAside?: string }> {
    const real = realPathOf(path);
    if (real === undefined) throw new Error(`cannot trust ${resolve(path)}: no such folder`);
    const { folders, problem } = this.read();
    const setAside = problem === undefined ? undefined : this.setAside();
    if (!folders.some((folder) => folder.path === real)) {
      await this.write([...folders, { path: real, trustedAt: new Date().toISOString() }]);
    }
    return setAside === undefined ? { path: real } : { path: real, setAside };
  }

  /**
   * Stops trusting the folder; a folder that is gone is forgotten by the path given. Answers the
   * path it was trusted under, or undefined when it was not trusted.
   */
  async revoke(path: string): Promise<string | undefined> {
    const key = realPathOf(path) ?? resolve(path);
    const { folders, problem } = this.read();
    if (problem !== undefined) throw new Error(problem);
    if (!folders.some((folder) => folder.path === key)) return undefined;
    await this.write(folders.filter((folder) => folder.path !== key));
    return key;
  }

  private async write(folders: TrustedFolder[]): Promise<void> {
    mkdirSync(this.folder, { recursive: true });
    await writeFileDurably(this.file, `${JSON.stringify({ version: 1, folders }, null, 2)}\n`);
  }

  private damaged(why: string): string {
    return `the trust file ${this.file} could not be used (${why}): no folder is trusted until you trust one again`;
  }

  private setAside(): string {
    const kept = `${this.file}.damaged-${Date.now()}`;
    renameSync(this.file, kept);
    return kept;
  }
}
