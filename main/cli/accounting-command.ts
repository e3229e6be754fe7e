import { loadConfig } from '../config/load-config.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { priceTableOf } from '../config/params/price-table-params.ts';
import { accountingOf } from '../recording/accounting.ts';
import { describeAccounting } from '../recording/accounting-text.ts';
import { loadRecording } from '../recording/recording.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { CommandError } from './command-error.ts';

export interface AccountingCommandOptions {
  file: string;
  /** Prices from this config instead of the recording's own. */
  config?: string;
  format?: ConfigFormat;
  json: boolean;
  print: (line: string) => void;
}

function readRecording(file: string) {
  try {
    return loadRecording(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandError(`${file}: no such recording`);
    throw error;
  }
}

/** `brainbench accounting FILE`: tokens, cost and calls per agent and iteration. */
export function accountingCommand(options: AccountingCommandOptions): number {
  const recording = readRecording(options.file);
  const prices =
    options.config === undefined
      ? undefined
      : priceTableOf(
          loadConfig(options.config, { env: process.env, ...(options.format ? { format: options.format } : {}) }),
        );
  const view = accountingOf(recording, options.file, prices).view();
  if (options.json) options.print(JSON.stringify(view, null, 2));
  else for (const line of describeAccounting(view)) options.print(line);
  return 0;
}
