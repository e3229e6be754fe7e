// The config a workspace runs: an omw config as `brainbench run` loads it, or a test config on
// its bases, as `brainbench test` layers it when run on the suite the test belongs to.

import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CONFIG_EXTENSIONS } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { loadConfig, loadTestConfig } from '../config/load-config.ts';

export interface WorkspaceConfigOptions {
  env: Record<string, string | undefined>;
  /** The config file's contents, instead of reading it (an editor's unsaved buffer). */
  text?: string;
}

const TEST_CONFIG = new RegExp(`(^|\\.)omw\\.test\\.(${CONFIG_EXTENSIONS.join('|')})$`);
const BASE_NAMES = CONFIG_EXTENSIONS.map((extension) => `omw.test.base.${extension}`);

export const isTestConfig = (file: string): boolean => TEST_CONFIG.test(basename(file));

/** The config and the files it was layered from, weakest first. */
export function loadWorkspaceConfig(
  configFile: string,
  { env, text }: WorkspaceConfigOptions,
): OmwConfig & { layers: string[] } {
  if (!isTestConfig(configFile)) return { ...loadConfig(configFile, { env, text }), layers: [configFile] };
  return loadTestConfig(configFile, { root: testSuiteRoot(configFile), env, text });
}

/**
 * Where a test's bases are layered from: the highest folder at or above the test's own that holds
 * an `omw.test.base.<ext>`, as if `brainbench test` ran on it. The search stops at a repository's
 * top (a folder holding `.git`) and below the home folder, so a stray base elsewhere never joins in.
 */
export function testSuiteRoot(testFile: string): string {
  const home = homedir();
  let root = dirname(testFile);
  for (let folder = root; folder !== home; folder = dirname(folder)) {
    if (BASE_NAMES.some((name) => existsSync(join(folder, name)))) root = folder;
    if (existsSync(join(folder, '.git')) || dirname(folder) === folder) break;
  }
  return root;
}
