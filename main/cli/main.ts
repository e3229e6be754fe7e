import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config-error.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { testConfigJsonSchema } from '../json-schema/config-json-schema.ts';
import { LOG_FORMATS, stderrLog, type LogFormat } from './log-format.ts';
import { runCommand } from './run-command.ts';
import { serveCommand } from './serve-command.ts';
import { testCommand } from './test-command.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `usage:
  brainbench run  [--config FILE] [--format toml|yaml|json] [--trace] [--watch]   run every agent's brain once
  brainbench loop [--config FILE] [--format toml|yaml|json] [--trace] [--watch]   run agents in a loop until Ctrl+C
                  (both: [--log-format auto|tty|pipe|journald])
  brainbench test [PATH] [--include GLOB]... [--exclude GLOB]... [--all] [-j N] [--watch]
                  [--dump FILE] [--dump-format json|yaml|toml] [--format toml|yaml|json] [--log-format ...]
                                                                          run omw.test.* files (PATH - reads one config from stdin)
  brainbench serve [WORKSPACE] [--port N] [--open]                       the workbench in a browser (web mode)
  brainbench schema [--output FILE]                                       the JSON Schema of omw and omw test configs`;

function formatOption(flag: string, value: string | undefined): ConfigFormat | undefined {
  if (value === undefined) return undefined;
  if (value === 'toml' || value === 'yaml' || value === 'json') return value;
  throw new UsageError(`${flag}: expected toml, yaml or json, got ${value}`);
}

function logFormatOption(value: string | undefined): LogFormat {
  const format = value ?? 'auto';
  if ((LOG_FORMATS as readonly string[]).includes(format)) return format as LogFormat;
  throw new UsageError(`--log-format: expected ${LOG_FORMATS.join(', ')}, got ${format}`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
    case 'loop': {
      const { values } = parseArgs({
        args: rest,
        options: {
          config: { type: 'string', short: 'c' },
          format: { type: 'string' },
          trace: { type: 'boolean' },
          watch: { type: 'boolean', short: 'w' },
          'log-format': { type: 'string' },
        },
      });
      const format = formatOption('--format', values.format);
      return runCommand({
        mode: command,
        log: stderrLog(logFormatOption(values['log-format'])),
        trace: values.trace ?? false,
        watch: values.watch ?? false,
        ...(values.config ? { config: values.config } : {}),
        ...(format ? { format } : {}),
      });
    }
    case 'test': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          include: { type: 'string', multiple: true },
          exclude: { type: 'string', multiple: true },
          all: { type: 'boolean' },
          jobs: { type: 'string', short: 'j' },
          format: { type: 'string' },
          dump: { type: 'string' },
          'dump-format': { type: 'string' },
          watch: { type: 'boolean', short: 'w' },
          'log-format': { type: 'string' },
        },
      });
      const jobs = Number(values.jobs ?? 0);
      if (!Number.isInteger(jobs) || jobs < 0)
        throw new UsageError(`-j/--jobs: expected a whole number, got ${values.jobs}`);
      return testCommand({
        path: positionals[0] ?? '.',
        include: values.include ?? [],
        exclude: values.exclude ?? [],
        all: values.all ?? false,
        jobs,
        watch: values.watch ?? false,
        log: stderrLog(logFormatOption(values['log-format'])),
        dumpFormat: formatOption('--dump-format', values['dump-format']) ?? 'json',
        ...(values.dump !== undefined ? { dump: values.dump } : {}),
        ...(values.format !== undefined ? { format: formatOption('--format', values.format)! } : {}),
      });
    }
    case 'serve': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { port: { type: 'string', short: 'p' }, open: { type: 'boolean' } },
      });
      const port = Number(values.port ?? 0);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new UsageError(`--port: expected 0-65535, got ${values.port}`);
      return serveCommand({ workspace: positionals[0] ?? '.', port, open: values.open ?? false });
    }
    case 'schema': {
      const { values } = parseArgs({ args: rest, options: { output: { type: 'string', short: 'o' } } });
      const text = `${JSON.stringify(testConfigJsonSchema(), null, 2)}\n`;
      if (values.output === undefined || values.output === '-') process.stdout.write(text);
      else writeFileSync(values.output, text);
      return 0;
    }
    default:
      console.error(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const parseArgsError = String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseArgsError) {
      console.error(`brainbench: ${(error as Error).message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(
      error instanceof ConfigError ? `config error: ${error.message}` : ((error as Error).stack ?? String(error)),
    );
    process.exit(1);
  },
);
