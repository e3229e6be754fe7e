// The workspace `replay` and `fork` run a recording in: the config the user names with
// `--config`, or the omw config of the current folder, as `run` finds it. Never the config a
// recording names: its brains, runtimes and paths are the recording author's, not the user's.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIG_EXTENSIONS, type ConfigFormat } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { findDefaultConfig, loadConfig } from '../config/load-config.ts';
import { CommandError } from './command-error.ts';

export function workspaceConfig(command: string, config: string | undefined, format?: ConfigFormat): OmwConfig {
  const file = config ?? defaultConfig(command);
  if (config !== undefined && config !== '-' && !existsSync(config))
    throw new CommandError(`--config ${config}: no such file`);
  return loadConfig(file, { ...(format ? { format } : {}), env: process.env });
}

function defaultConfig(command: string): string {
  try {
    return findDefaultConfig(process.cwd());
  } catch {
    const names = CONFIG_EXTENSIONS.map((extension) => `omw.${extension}`).join(', ');
    throw new CommandError(
      `${command} runs the recording with a workspace's brains and runtimes, and ${resolve('.')} has no ${names}: ` +
        'run it in the workspace, or give its config with --config FILE',
    );
  }
}
