import { extname } from 'node:path';

export type ConfigFormat = 'toml' | 'yaml' | 'json';

const FORMAT_BY_EXTENSION: Record<string, ConfigFormat> = {
  '.toml': 'toml',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.json': 'json',
};

/** The extensions a config file may have, in omw's discovery order. */
export const CONFIG_EXTENSIONS = Object.keys(FORMAT_BY_EXTENSION).map((extension) => extension.slice(1));

/** The format implied by a file's extension (case-insensitive), or undefined when there is none. */
export function formatFromExtension(file: string): ConfigFormat | undefined {
  return FORMAT_BY_EXTENSION[extname(file).toLowerCase()];
}
