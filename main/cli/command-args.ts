// Node's `parseArgs`, with its mistakes said in one line of Brainbench's own: the option that is
// not known and the nearest one that is, an option that needs a value, a value given to a flag.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from './did-you-mean.ts';
import { UsageError } from './usage-error.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The option a parseArgs message names: `'--bogus'`, `'-x'`, `'--port <value>'` or `'-c, --config <value>'`. */
const namedOption = (message: string): string | undefined => /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];

function knownOptions(options: Options): string[] {
  return Object.entries(options).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short === undefined ? [] : [`-${option.short}`]),
  ]);
}

export function commandArgs<T extends ParseArgsConfig & { options: Options }>(config: T) {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const option = namedOption((error as Error).message) ?? '';
    const known = knownOptions(config.options);
    switch (code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
        throw new UsageError(`unknown option ${option}${didYouMean(option.split('=')[0]!, known)}`);
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
        throw new UsageError(
          /does not take an argument/.test((error as Error).message)
            ? `option ${option} takes no value`
            : `option ${option} needs a value`,
        );
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
        throw new UsageError(`unexpected argument ${/'([^']*)'/.exec((error as Error).message)?.[1] ?? ''}`);
      default:
        throw error;
    }
  }
}
