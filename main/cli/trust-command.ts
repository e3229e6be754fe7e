// `brainbench trust [DIR]`, `trust --revoke [DIR]`, `trust --list`: the user's trust in workspace
// folders, kept in the user's own settings folder (docs/command-line.md#trust).

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadWorkspaceConfig } from '../workbench/workspace-config.ts';
import { locateWorkspace } from '../workbench/workspace-location.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import { bundledExampleWorkspace } from '../trust/bundled-example.ts';
import { heldLines } from '../trust/held-lines.ts';
import { restrictionsOf } from '../trust/restriction-report.ts';
import { TrustStore } from '../trust/trust-store.ts';
import { CommandError } from './command-error.ts';

export interface TrustCommandOptions {
  dir: string;
  revoke: boolean;
  list: boolean;
  print: (line: string) => void;
  /** Defaults to the user's store. */
  store?: TrustStore;
}

export async function trustCommand({ dir, revoke, list, print, store = TrustStore.forUser() }: TrustCommandOptions) {
  if (list) return listTrusted(store, print);
  if (revoke) {
    const revoked = await store.revoke(dir).catch((error: unknown) => {
      throw new CommandError((error as Error).message);
    });
    print(
      revoked === undefined ? `${realPathOf(dir) ?? resolve(dir)} was not trusted` : `no longer trusted: ${revoked}`,
    );
    return 0;
  }
  const real = realPathOf(dir);
  if (real === undefined || !statSync(real).isDirectory()) {
    throw new CommandError(`cannot trust ${resolve(dir)}: it is not a folder`);
  }
  const { path, setAside } = await store.trust(real);
  if (setAside !== undefined) print(`the damaged trust file was kept as ${setAside}, and a new one started`);
  print(`trusted: ${path}`);
  const lets = whatItRuns(path);
  if (lets.length > 0) print(`it may now run, and be sent, what it names:\n${lets.join('\n')}`);
  return 0;
}

function listTrusted(store: TrustStore, print: (line: string) => void): number {
  const { folders, problem } = store.read();
  if (problem !== undefined) throw new CommandError(problem);
  for (const folder of folders) print(`${folder.path}  (since ${folder.trustedAt})`);
  print(`${realPathOf(bundledExampleWorkspace()) ?? bundledExampleWorkspace()}  (the example workspace, always)`);
  return 0;
}

/** What the folder's config holds back when it is not trusted; nothing when it has no usable config. */
function whatItRuns(folder: string): string[] {
  try {
    const { root, configFile } = locateWorkspace(folder, { chosenByUser: true });
    return heldLines(restrictionsOf(loadWorkspaceConfig(configFile, { env: process.env }), { root }).items);
  } catch {
    return [];
  }
}
