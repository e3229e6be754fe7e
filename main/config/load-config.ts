// Entry points: the plain `omw` configuration (file < OMW__ environment) and the `omw-test`
// configuration (bases < test file < OMW_TEST__ environment), omw-compat 1.1, 1.5 and 1.6.

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import { buildOmwConfig } from './build-omw-config.ts';
import { ConfigError } from './config-error.ts';
import { CONFIG_EXTENSIONS, type ConfigFormat } from './config-format.ts';
import type { OmwConfig } from './config-types.ts';
import { environmentOverlay } from './environment-overlay.ts';
import { layerDocuments } from './layered-config.ts';
import { readConfigDocument } from './read-config-document.ts';

export interface LoadOptions {
  /** Overrides the format implied by the extension; required for standard input (`-`, `/dev/stdin`). */
  format?: ConfigFormat;
  /** Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** Defaults to `OMW__`. */
  envPrefix?: string;
  /** The contents, instead of reading the file (e.g. what was read from standard input). */
  text?: string;
}

export interface TestLoadOptions {
  /** The discovery root; bases above it are never read. Defaults to the test file's directory. */
  root?: string;
  /** Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** Defaults to `OMW_TEST__`. */
  envPrefix?: string;
  /** The test file's contents, instead of reading it (an editor's unsaved buffer); bases are read. */
  text?: string;
}

export type TestConfig = OmwConfig & {
  /** The files layered, weakest first: the bases from the root down, then the test file. */
  layers: string[];
};

const DEFAULT_NAMES = CONFIG_EXTENSIONS.map((extension) => `omw.${extension}`);
const BASE_NAMES = CONFIG_EXTENSIONS.map((extension) => `omw.test.base.${extension}`);

/** The first existing of omw.toml, omw.yaml, omw.yml, omw.json in `dir`. */
export function findDefaultConfig(dir: string): string {
  const found = DEFAULT_NAMES.map((name) => resolve(dir, name)).find((file) => existsSync(file));
  if (found) return found;
  throw new ConfigError({ file: resolve(dir), problem: `expected a config file: one of ${DEFAULT_NAMES.join(', ')}` });
}

export function loadConfig(file: string, options: LoadOptions = {}): OmwConfig {
  const document = readConfigDocument(file, { format: options.format, text: options.text });
  const environment = environmentOverlay(options.env ?? process.env, options.envPrefix ?? 'OMW__');
  return buildOmwConfig(layerDocuments([document], environment));
}

export function loadTestConfig(testFile: string, options: TestLoadOptions = {}): TestConfig {
  const test = resolve(testFile);
  const layers = [...baseFilesFor(test, resolve(options.root ?? dirname(test))), test];
  const environment = environmentOverlay(options.env ?? process.env, options.envPrefix ?? 'OMW_TEST__');
  const documents = layers.map((layer) => readConfigDocument(layer, layer === test ? { text: options.text } : {}));
  return { ...buildOmwConfig(layerDocuments(documents, environment)), layers };
}

/**
 * Every omw.test.base.<ext> from the root down to the test's own directory, outermost first;
 * several in one directory are all used, in the order toml, yaml, yml, json.
 */
function baseFilesFor(test: string, root: string): string[] {
  const fromRoot = relative(root, dirname(test));
  if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) {
    throw new ConfigError({ file: test, problem: `expected a test inside the discovery root ${root}` });
  }
  const directories = [root];
  for (const segment of fromRoot.split(sep).filter(Boolean)) {
    directories.push(join(directories[directories.length - 1] ?? root, segment));
  }
  return directories.flatMap((directory) =>
    BASE_NAMES.map((name) => join(directory, name)).filter((file) => existsSync(file)),
  );
}
