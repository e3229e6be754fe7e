import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { ConfigError } from './config-error.ts';
import { formatFromExtension, type ConfigFormat } from './config-format.ts';
import { isConfigTable, type ConfigDocument, type ParsedText } from './config-document.ts';
import { readJson } from './read-json.ts';
import { readToml } from './read-toml.ts';
import { readYaml } from './read-yaml.ts';

export interface ReadOptions {
  /** Overrides the format implied by the extension; required for standard input. */
  format?: ConfigFormat;
  /** The contents, instead of reading the file. */
  text?: string;
}

/** The names omw treats as "read the config from standard input". */
const STDIN_NAMES = ['-', '/dev/stdin'];
const STDIN_LABEL = '<stdin>';

const READERS: Record<ConfigFormat, (text: string, file: string) => ParsedText> = {
  toml: readToml,
  yaml: readYaml,
  json: readJson,
};

export function readConfigDocument(file: string, options: ReadOptions = {}): ConfigDocument {
  const isStdin = STDIN_NAMES.includes(file);
  const label = isStdin ? STDIN_LABEL : resolve(file);
  const format = options.format ?? (isStdin ? undefined : formatFromExtension(file));
  if (!format) {
    const problem = isStdin
      ? 'reading standard input needs an explicit format (toml, yaml or json)'
      : 'expected a .toml, .yaml, .yml or .json extension, or an explicit format';
    throw new ConfigError({ file: label, problem });
  }
  const text = options.text ?? readText(isStdin ? 0 : label, label);
  const parsed = READERS[format](text, label);
  // An empty YAML document is null; like an empty TOML file it configures nothing.
  const data = parsed.data ?? {};
  if (!isConfigTable(data)) {
    throw new ConfigError({ file: label, line: 1, column: 1, problem: 'expected a table of configuration keys' });
  }
  return {
    file: label,
    // omw-compat 1.6: a config read from standard input resolves relative scripts against the process directory.
    scriptBase: isStdin ? process.cwd() : dirname(label),
    data,
    locate: parsed.locate,
  };
}

/** Why a config file could not be read, in words, not in the system's codes. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'a folder, not a config file',
  ENOTDIR: 'a path through something that is not a folder',
  ELOOP: 'a loop of symbolic links',
};

function readText(source: string | number, label: string): string {
  try {
    return readFileSync(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = UNREADABLE[code] ?? (error instanceof Error ? error.message : String(error));
    throw new ConfigError({ file: label, problem: `cannot read the configuration: ${reason}` });
  }
}
