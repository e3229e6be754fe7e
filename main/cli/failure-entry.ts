import { ConfigError } from '../config/config-error.ts';
import { MissingBuildError } from '../supervisor/agent-entry.ts';
import { CommandError } from './command-error.ts';
import type { LogEntry } from './log-format.ts';

/**
 * The one line a failure the user can fix is reported in (a bad config, a missing path, a port in
 * use); undefined for anything else, which is a bug and keeps its stack.
 */
export function failureEntry(error: unknown): LogEntry | undefined {
  if (error instanceof ConfigError) {
    const { file, line, column, keyPath } = error;
    return { severity: 'error', text: `config error: ${error.message}`, fields: { file, line, column, key: keyPath } };
  }
  if (error instanceof CommandError || error instanceof MissingBuildError)
    return { severity: 'error', text: `brainbench: ${error.message}`, message: error.message };
  return undefined;
}
