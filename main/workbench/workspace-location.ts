// What a path to open names as a workspace: its real folder and its config. Only a folder that
// holds an omw config, or a config file, is a workspace; everything below the folder becomes
// readable and writable through the workbench, so a path from the API (anyone holding the
// session's token) is held to stricter rules than one the user gave on the command line or in a
// native dialog. The rules are in docs/workbench.md.

import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { CONFIG_EXTENSIONS } from '../config/config-format.ts';
import { findDefaultConfig } from '../config/load-config.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';

export interface WorkspaceLocation {
  /** The workspace folder's real path. */
  root: string;
  configFile: string;
}

export interface OpenOptions {
  /** The user named the path themselves (command line, native dialog), not a client of the API. */
  chosenByUser?: boolean;
}

const CONFIG_NAMES = CONFIG_EXTENSIONS.map((extension) => `omw.${extension}`);
const WORKSPACE_CONFIG_NAME = new RegExp(`^omw(\\.test)?\\.(${CONFIG_EXTENSIONS.join('|')})$`);
const CONFIG_ENDING = new RegExp(`\\.(${CONFIG_EXTENSIONS.join('|')})$`);

export function locateWorkspace(path: string, { chosenByUser = false }: OpenOptions = {}): WorkspaceLocation {
  const target = resolve(path);
  const real = realPathOf(target);
  if (real === undefined) throw new Error(`cannot open ${target}: no such folder or file`);
  const location = statSync(real).isDirectory() ? inFolder(real) : ofConfigFile(target, chosenByUser);
  if (!chosenByUser) refuseHomeFolder(target, location.root);
  return location;
}

function inFolder(folder: string): WorkspaceLocation {
  const configFile = (() => {
    try {
      return findDefaultConfig(folder);
    } catch {
      return undefined;
    }
  })();
  if (configFile === undefined || !statSync(configFile).isFile()) {
    throw new Error(`cannot open ${folder}: it holds no omw config (${orList(CONFIG_NAMES)})`);
  }
  return { root: folder, configFile };
}

/** The workspace is the folder the file was named in, even when the file is a link elsewhere. */
function ofConfigFile(file: string, chosenByUser: boolean): WorkspaceLocation {
  const name = basename(file);
  if (!chosenByUser && !WORKSPACE_CONFIG_NAME.test(name)) {
    throw new Error(
      `cannot open ${file}: a workspace file is an omw config named ${orList(CONFIG_NAMES)}, or ` +
        `omw.test.toml (or .yaml, .yml, .json); a config of another name opens from the command line`,
    );
  }
  if (!CONFIG_ENDING.test(name)) {
    throw new Error(`cannot open ${file}: it is not a config file (${orList(CONFIG_EXTENSIONS.map((e) => `.${e}`))})`);
  }
  const root = realPathOf(dirname(file))!;
  return { root, configFile: join(root, name) };
}

function orList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');
}

/** Opening the home folder, or one holding it, would put every file of the account in reach. */
function refuseHomeFolder(target: string, root: string): void {
  const home = realPathOf(homedir());
  if (home === undefined || !isWithin(root, home)) return;
  const what = root === home ? 'it is your home folder' : `it holds your home folder (${home})`;
  throw new Error(
    `cannot open ${target} from the workbench: ${what}; open the project's own folder, ` +
      'or start Brainbench on it from the command line',
  );
}
