import { loadConfig } from '../config/load-config.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { priceTableOf } from '../config/params/price-table-params.ts';
import { accountingOf } from '../recording/accounting.ts';
import { describeAccounting } from '../recording/accounting-text.ts';
import { openRecording } from './recording-input.ts';

export interface AccountingCommandOptions {
  file: string;
  /** Prices from this config instead of the recording's own. */
  config?: string;
  format?: ConfigFormat;
  json: boolean;
  print: (line: string) => void;
}

/** `brainbench accounting FILE`: tokens, cost and calls per agent and iteration. */
export function accountingCommand(options: AccountingCommandOptions): number {
  const recording = openRecording(options.file);
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
