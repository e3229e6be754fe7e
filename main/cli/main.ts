import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import type { ConfigFormat } from '../config/config-format.ts';
import { testConfigJsonSchema } from '../json-schema/config-json-schema.ts';
import type { Shard } from '../testing/shard-tests.ts';
import { failureEntry } from './failure-entry.ts';
import { LOG_FORMATS, stderrLog, type Log, type LogFormat } from './log-format.ts';
import { lspCommand } from './lsp-command.ts';
import { accountingCommand } from './accounting-command.ts';
import { diffCommand, splitCommand } from './diff-command.ts';
import { exportCommand, otlpDestinationOption } from './export-command.ts';
import { replayCommand } from './replay-command.ts';
import { coverageCommand } from './coverage-command.ts';
import { corpusCommand } from './corpus-command.ts';
import { chaosCommand, mutationKinds } from './chaos-command.ts';
import { exploreCommand } from './explore-command.ts';
import { forkCommand } from './fork-command.ts';
import { runCommand } from './run-command.ts';
import { serveCommand } from './serve-command.ts';
import { trustCommand } from './trust-command.ts';
import { dapCommand } from '../dap/dap-command.ts';
import { evalJsonSchema } from '../evals/eval-json-schema.ts';
import { evalCommand } from './eval-command.ts';
import { testCommand } from './test-command.ts';
import { commandArgs } from './command-args.ts';
import { exitQuietlyWhenOutputCloses } from './closed-output.ts';
import { didYouMean } from './did-you-mean.ts';
import { UsageError } from './usage-error.ts';
import { brainbenchVersion } from './version.ts';

const USAGE = `usage:
  brainbench run  [--config FILE] [--format toml|yaml|json] [--trace] [--watch]   run every agent's brain once
  brainbench loop [--config FILE] [--format toml|yaml|json] [--trace] [--watch]   run agents in a loop until Ctrl+C
                  (both: [--log-format auto|tty|pipe|journald] [--record FILE]
                         [--otlp URL | --otlp-file OUT] [--otlp-content])
  brainbench replay FILE [--config FILE] [--recorded-brains] [--live-after-divergence] [--agent NAME]...
                                                                          run a recording again with a workspace's brains
                                                                          (--config, else the omw config here; --recorded-brains:
                                                                          the recording's own, in the workspace's runtimes)
  brainbench replay FILE --to-test DIR [--agent NAME]...                 write an omw test folder from a recording
  brainbench replay DIR|GLOB... [-j N] [--spares N] [--expect-divergence NAME|GLOB]... [--junit FILE] [--markdown FILE]
                  [--live-after-divergence [--branches DIR] [--eval EVAL]] [--timeout SECS] [--config FILE]
                  [--recorded-brains]
                                                                          replay a corpus in parallel; exit 1 on an
                                                                          unexpected divergence, a missing expected one or an error
  brainbench diff A B [C…] [--all] [--json]                               compare recordings call by call (3+: where trials split)
  brainbench export FILE --otlp URL | --otlp-file OUT [--otlp-content]    a recording as OpenTelemetry spans (OTLP)
  brainbench fork FILE --agent A --after K --out FILE [--memory JSON|@FILE] [--source FILE]
                  [--provider FROM=TO] [--model M] [--iterations N] [--name N] [--config FILE] [--recorded-brains]
                  [--all-agents]
                                                                          branch a recording at an iteration boundary
                                                                          (--all-agents: every agent, from a consistent cut)
  brainbench chaos FILE [--config FILE] [--seed S] [--max N] [--kinds K,...] [-j N] [--timeout SECS]
                  [--save DIR] [--json OUT]                               replay once per broken effect (tool error, timeout, refusal…)
  brainbench explore [CONFIG|RECORDING] [--strategy every|random] [--runs N] [--seed S] [--settle MS] [--timeout SECS]
                  [--save DIR] [--schedule FILE]                          run the agents under many message orders
                  (RECORDING: [--config FILE] [--recorded-brains])        (a recording's agents, its back ends as mocks)
  brainbench accounting FILE [--config FILE] [--json]                     tokens, cost and calls per agent and iteration
  brainbench coverage FILE|RESULTS.jsonl [--lcov OUT] [--config FILE] [--recorded-brains] [--agent NAME]...
                                                                          line counts per brain over a recording or an eval's
                                                                          trials, by re-executing them (LCOV, coverage/lcov.info)
  brainbench test [run] [PATH] [--include GLOB]... [--exclude GLOB]... [--shard I/N] [--all] [-j N] [--watch]
                  [--coverage] [--coverage-file FILE]                    (line counts per brain, LCOV in coverage/lcov.info)
                  [--dump FILE] [--dump-format json|yaml|toml] [--format toml|yaml|json] [--log-format ...]
                  [--spares N]
                                                                          run omw.test.* files (PATH - reads one config from stdin)
  brainbench serve [WORKSPACE] [--port N] [--open] [--spares N] [--trust]
                                                                          the workbench in a browser (web mode)
  brainbench trust [DIR] | trust --revoke [DIR] | trust --list            trust a workspace folder, or stop trusting it
  brainbench dap [--port N [--token-file PATH]]                           a Debug Adapter Protocol server on stdio, or on
                                                                          127.0.0.1:N with a token (printed, or kept in PATH)
  brainbench eval run EVAL [--trials K] [-j N] [--filter tag:X|split:Y]... [--first N] [--sample N [--seed S]]
                  [--shard I/N] [--reuse RESULTS] [--out RESULTS] [--otlp URL | --otlp-file OUT]
                                                                          run an eval: every case for its trials, scored
  brainbench eval rescore RESULTS [--eval EVAL] [-j N]                    score a results file again, no brain run
  brainbench eval compare BASE CANDIDATE [--max-regressions N] [--min-delta X]
                                                                          per case regressions, a paired test; a CI gate
  brainbench eval merge SHARDS... --out FILE                              the shards of a run as one results file
  brainbench eval report RESULTS                                          a results file's report
                  (all: [--format table|json|junit|markdown] [--report FILE])
  brainbench schema [--output FILE] [--eval]                              the JSON Schema of omw and omw test configs
                                                                          (also \`brainbench test schema\`, omw-test's spelling),
                                                                          or with --eval of eval files
  brainbench lsp [--stdio]                                                the Rhai language server on stdin/stdout
  brainbench --version | --help
run, loop and test start everything a config names (MCP commands, interpreters, keys for any URL): your own act; serve does not, until you trust the folder`;

const HELP = new Set(['help', '--help', '-h']);
const VERSION = new Set(['--version', '-V']);

function formatOption(flag: string, value: string | undefined): ConfigFormat | undefined {
  if (value === undefined) return undefined;
  if (value === 'toml' || value === 'yaml' || value === 'json') return value;
  throw new UsageError(`${flag}: expected toml, yaml or json, got ${value}`);
}

function wholeNumberOption(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0)
    throw new UsageError(`${flag}: expected a whole number, got ${value}`);
  return number;
}

function logFormatOption(value: string | undefined): LogFormat {
  const format = value ?? 'auto';
  if ((LOG_FORMATS as readonly string[]).includes(format)) return format as LogFormat;
  throw new UsageError(`--log-format: expected ${LOG_FORMATS.join(', ')}, got ${format}`);
}

function shardOption(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (index < 1 || index > total)
    throw new UsageError(`--shard: expected I/N with 1 <= I <= N, e.g. 2/3, got ${value}`);
  return { index, total };
}

/** Runs a command that logs in a `--log-format`: the failures a user can fix are logged there too. */
async function logging(log: Log, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    const entry = failureEntry(error);
    if (!entry) throw error;
    log(entry);
    return 1;
  }
}

function runOrLoop(mode: 'run' | 'loop', args: string[]): Promise<number> {
  const { values } = commandArgs({
    args,
    options: {
      config: { type: 'string', short: 'c' },
      format: { type: 'string' },
      trace: { type: 'boolean' },
      watch: { type: 'boolean', short: 'w' },
      'log-format': { type: 'string' },
      record: { type: 'string' },
      otlp: { type: 'string' },
      'otlp-file': { type: 'string' },
      'otlp-content': { type: 'boolean' },
    },
  });
  const format = formatOption('--format', values.format);
  const otlp = otlpDestinationOption(values.otlp, values['otlp-file']);
  const log = stderrLog(logFormatOption(values['log-format']));
  return logging(log, () =>
    runCommand({
      mode,
      log,
      trace: values.trace ?? false,
      watch: values.watch ?? false,
      ...(values.record !== undefined ? { record: values.record } : {}),
      ...(otlp ? { otlp: { destination: otlp, content: values['otlp-content'] ?? false } } : {}),
      ...(values.config ? { config: values.config } : {}),
      ...(format ? { format } : {}),
    }),
  );
}

/** `test [run] [PATH] ...`: `run` is omw-test's subcommand, so a folder named `run` is `./run`. */
function test(args: string[]): Promise<number> {
  if (args[0] === 'schema') return schema(args.slice(1));
  const { values, positionals } = commandArgs({
    args: args[0] === 'run' ? args.slice(1) : args,
    allowPositionals: true,
    options: {
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      shard: { type: 'string' },
      all: { type: 'boolean' },
      jobs: { type: 'string', short: 'j' },
      format: { type: 'string' },
      dump: { type: 'string' },
      'dump-format': { type: 'string' },
      watch: { type: 'boolean', short: 'w' },
      'log-format': { type: 'string' },
      spares: { type: 'string' },
      coverage: { type: 'boolean' },
      'coverage-file': { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new UsageError(`test takes one PATH, got ${positionals.join(' ')}`);
  const jobs = wholeNumberOption('-j/--jobs', values.jobs) ?? 0;
  const spares = wholeNumberOption('--spares', values.spares);
  const shard = shardOption(values.shard);
  const format = formatOption('--format', values.format);
  const dumpFormat = formatOption('--dump-format', values['dump-format']) ?? 'json';
  const log = stderrLog(logFormatOption(values['log-format']));
  return logging(log, () =>
    testCommand({
      path: positionals[0] ?? '.',
      include: values.include ?? [],
      exclude: values.exclude ?? [],
      all: values.all ?? false,
      jobs,
      ...(spares !== undefined ? { spares } : {}),
      watch: values.watch ?? false,
      log,
      dumpFormat,
      ...(shard ? { shard } : {}),
      ...(values.dump !== undefined ? { dump: values.dump } : {}),
      ...(format ? { format } : {}),
      ...(values.coverage || values['coverage-file'] !== undefined
        ? { coverage: values['coverage-file'] ?? 'coverage/lcov.info' }
        : {}),
    }),
  );
}

function serve(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p' },
      open: { type: 'boolean' },
      spares: { type: 'string' },
      trust: { type: 'boolean' },
    },
  });
  if (positionals.length > 1) throw new UsageError(`serve takes one WORKSPACE, got ${positionals.join(' ')}`);
  const port = Number(values.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: expected 0-65535, got ${values.port}`);
  const spares = wholeNumberOption('--spares', values.spares);
  return serveCommand({
    workspace: positionals[0] ?? '.',
    port,
    open: values.open ?? false,
    trust: values.trust ?? false,
    ...(spares !== undefined ? { spares } : {}),
  });
}

function trust(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { revoke: { type: 'boolean' }, list: { type: 'boolean' } },
  });
  if (positionals.length > 1) throw new UsageError(`trust takes one DIR, got ${positionals.join(' ')}`);
  if (values.list && (values.revoke || positionals.length > 0))
    throw new UsageError('trust --list takes no DIR and no --revoke');
  return logging(stderrLog('auto'), () =>
    trustCommand({
      dir: positionals[0] ?? '.',
      revoke: values.revoke ?? false,
      list: values.list ?? false,
      print,
    }),
  );
}

async function dap(args: string[]): Promise<number> {
  const { values } = commandArgs({
    args,
    options: { port: { type: 'string', short: 'p' }, 'token-file': { type: 'string' } },
  });
  const tokenFile = values['token-file'];
  if (values.port === undefined) {
    if (tokenFile !== undefined)
      throw new UsageError('--token-file needs --port: over standard input/output there is no token');
    return dapCommand({});
  }
  const port = Number(values.port);
  if (values.port.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: expected 0-65535, got ${values.port}`);
  if (tokenFile === '') throw new UsageError('--token-file: expected a path');
  return dapCommand({ port, ...(tokenFile !== undefined ? { tokenFile } : {}) });
}

async function schema(args: string[]): Promise<number> {
  const { values } = commandArgs({
    args,
    options: { output: { type: 'string', short: 'o' }, eval: { type: 'boolean' } },
  });
  const text = `${JSON.stringify(values.eval ? evalJsonSchema() : testConfigJsonSchema(), null, 2)}\n`;
  if (values.output === undefined || values.output === '-') process.stdout.write(text);
  else writeFileSync(values.output, text);
  return 0;
}

/** `lsp`: stdio is the only transport; `--stdio` is accepted because LSP clients pass it. */
function lsp(args: string[]): Promise<number> {
  commandArgs({ args, options: { stdio: { type: 'boolean' } } });
  return lspCommand();
}

const print = (line: string) => console.log(line);

/** Whether `replay`'s arguments name a corpus (a folder, a glob, several files, a corpus option) rather than one recording. */
function namesCorpus(positionals: readonly string[], values: Record<string, unknown>): boolean {
  const corpusOptions = ['jobs', 'spares', 'junit', 'markdown', 'expect-divergence', 'branches', 'timeout', 'eval'];
  if (positionals.length !== 1 || corpusOptions.some((option) => values[option] !== undefined)) return true;
  const name = positionals[0]!;
  if (/[*?]/.test(name)) return true;
  try {
    return statSync(name).isDirectory();
  } catch {
    return false;
  }
}

function replay(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      format: { type: 'string' },
      'live-after-divergence': { type: 'boolean' },
      'recorded-brains': { type: 'boolean' },
      'to-test': { type: 'string' },
      agent: { type: 'string', multiple: true },
      jobs: { type: 'string', short: 'j' },
      spares: { type: 'string' },
      junit: { type: 'string' },
      markdown: { type: 'string' },
      'expect-divergence': { type: 'string', multiple: true },
      branches: { type: 'string' },
      timeout: { type: 'string' },
      eval: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('replay takes a recording FILE, or DIR|GLOB… for a corpus');
  const format = formatOption('--format', values.format);
  const log = stderrLog('auto');
  if (namesCorpus(positionals, values)) {
    if (values['to-test'] !== undefined) throw new UsageError('--to-test takes one recording FILE, not a corpus');
    if (values.agent !== undefined) throw new UsageError('--agent takes one recording FILE, not a corpus');
    if (values.branches !== undefined && !values['live-after-divergence'])
      throw new UsageError('--branches is where --live-after-divergence writes its branches: give both');
    if (values.eval !== undefined && !values['live-after-divergence'])
      throw new UsageError('--eval scores the branches --live-after-divergence runs: give both');
    const jobs = wholeNumberOption('-j/--jobs', values.jobs) ?? 0;
    const spares = wholeNumberOption('--spares', values.spares);
    const timeout = wholeNumberOption('--timeout', values.timeout);
    if (timeout === 0) throw new UsageError('--timeout: expected seconds from 1');
    return logging(log, () =>
      corpusCommand({
        names: positionals,
        jobs,
        recordedBrains: values['recorded-brains'] ?? false,
        expectDivergence: values['expect-divergence'] ?? [],
        liveAfterDivergence: values['live-after-divergence'] ?? false,
        print,
        printError: (line) => console.error(line),
        ...(spares !== undefined ? { spares } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
        ...(values.junit !== undefined ? { junit: values.junit } : {}),
        ...(values.markdown !== undefined ? { markdown: values.markdown } : {}),
        ...(values.branches !== undefined ? { branches: values.branches } : {}),
        ...(values.eval !== undefined ? { evalFile: values.eval } : {}),
        ...(values.config !== undefined ? { config: values.config } : {}),
        ...(format ? { format } : {}),
      }),
    );
  }
  return logging(log, () =>
    replayCommand({
      file: positionals[0]!,
      liveAfterDivergence: values['live-after-divergence'] ?? false,
      recordedBrains: values['recorded-brains'] ?? false,
      agents: values.agent ?? [],
      print,
      ...(values.config !== undefined ? { config: values.config } : {}),
      ...(format ? { format } : {}),
      ...(values['to-test'] !== undefined ? { toTest: values['to-test'] } : {}),
    }),
  );
}

function diff(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, all: { type: 'boolean' } },
  });
  if (positionals.length < 2) throw new UsageError('diff takes two recordings A B, or more: A B C…');
  if (positionals.length > 2)
    return logging(stderrLog('auto'), async () => splitCommand(positionals, print, values.json ?? false));
  const [a, b] = positionals as [string, string];
  return logging(stderrLog('auto'), async () =>
    diffCommand(a, b, print, { json: values.json ?? false, all: values.all ?? false }),
  );
}

function exportRecording(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { otlp: { type: 'string' }, 'otlp-file': { type: 'string' }, 'otlp-content': { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new UsageError('export takes one recording FILE');
  const destination = otlpDestinationOption(values.otlp, values['otlp-file']);
  if (!destination) throw new UsageError('export: give --otlp URL or --otlp-file OUT');
  const content = values['otlp-content'] ?? false;
  return logging(stderrLog('auto'), () => exportCommand({ file: positionals[0]!, destination, content, print }));
}

function fork(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      agent: { type: 'string' },
      after: { type: 'string' },
      memory: { type: 'string' },
      source: { type: 'string' },
      provider: { type: 'string' },
      model: { type: 'string' },
      iterations: { type: 'string' },
      name: { type: 'string' },
      out: { type: 'string', short: 'o' },
      config: { type: 'string', short: 'c' },
      format: { type: 'string' },
      'recorded-brains': { type: 'boolean' },
      'all-agents': { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('fork takes one recording FILE');
  if (values.agent === undefined) throw new UsageError('fork needs --agent A');
  if (values.out === undefined) throw new UsageError('fork needs --out FILE');
  const count = (flag: string, value: string | undefined, least: number): number | undefined => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < least)
      throw new UsageError(`${flag} ${value}: expected a whole number from ${least}`);
    return Number(value);
  };
  const afterIteration = count('--after', values.after, 0);
  if (afterIteration === undefined) throw new UsageError('fork needs --after K (0: before the first iteration)');
  const iterations = count('--iterations', values.iterations, 1);
  const format = formatOption('--format', values.format);
  const { memory, source, provider, model, name, config } = values;
  return logging(stderrLog('auto'), () =>
    forkCommand({
      file: positionals[0]!,
      agent: values.agent!,
      afterIteration,
      out: values.out!,
      recordedBrains: values['recorded-brains'] ?? false,
      allAgents: values['all-agents'] ?? false,
      print,
      ...(memory !== undefined ? { memory } : {}),
      ...(source !== undefined ? { source } : {}),
      ...(provider !== undefined ? { provider } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(config !== undefined ? { config } : {}),
      ...(iterations !== undefined ? { iterations } : {}),
      ...(format ? { format } : {}),
    }),
  );
}

function accounting(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { config: { type: 'string', short: 'c' }, format: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new UsageError('accounting takes one recording FILE');
  const format = formatOption('--format', values.format);
  return logging(stderrLog('auto'), async () =>
    accountingCommand({
      file: positionals[0]!,
      json: values.json ?? false,
      print,
      ...(values.config !== undefined ? { config: values.config } : {}),
      ...(format ? { format } : {}),
    }),
  );
}

function evaluate(args: string[]): Promise<number> {
  const log = stderrLog('auto');
  const io = {
    print,
    progress: { isTTY: process.stderr.isTTY === true, write: (text: string) => void process.stderr.write(text) },
    warn: (text: string) => log({ severity: 'warn', text }),
  };
  return logging(log, () => evalCommand(args, io));
}

function chaos(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      format: { type: 'string' },
      seed: { type: 'string' },
      max: { type: 'string' },
      kinds: { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      timeout: { type: 'string' },
      save: { type: 'string' },
      json: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('chaos takes one recording FILE');
  const format = formatOption('--format', values.format);
  const max = wholeNumberOption('--max', values.max);
  if (max === 0) throw new UsageError('--max: expected a number of mutations from 1');
  const timeout = wholeNumberOption('--timeout', values.timeout) ?? 10;
  if (timeout === 0) throw new UsageError('--timeout: expected seconds from 1');
  const kinds = values.kinds !== undefined ? mutationKinds(values.kinds) : undefined;
  return logging(stderrLog('auto'), () =>
    chaosCommand({
      file: positionals[0]!,
      seed: wholeNumberOption('--seed', values.seed) ?? 1,
      jobs: Math.max(1, wholeNumberOption('-j/--jobs', values.jobs) ?? 2),
      timeoutMs: timeout * 1000,
      print,
      ...(max !== undefined ? { max } : {}),
      ...(kinds ? { kinds } : {}),
      ...(values.save !== undefined ? { saveTo: values.save } : {}),
      ...(values.json !== undefined ? { json: values.json } : {}),
      ...(values.config !== undefined ? { config: values.config } : {}),
      ...(format ? { format } : {}),
    }),
  );
}

/** Whether explore's argument is a recording (a `.jsonl` file, or one whose first line is a recording's header) rather than a config. */
function namesRecording(name: string): boolean {
  if (name.endsWith('.jsonl')) return true;
  try {
    const fd = openSync(name, 'r');
    try {
      const start = Buffer.alloc(64);
      const read = readSync(fd, start, 0, start.length, 0);
      return /^\{\s*"kind"\s*:\s*"header"/.test(start.subarray(0, read).toString('utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function exploreOrders(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      strategy: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      settle: { type: 'string' },
      timeout: { type: 'string' },
      save: { type: 'string' },
      schedule: { type: 'string' },
      config: { type: 'string', short: 'c' },
      'recorded-brains': { type: 'boolean' },
    },
  });
  if (positionals.length > 1) throw new UsageError('explore takes at most one CONFIG or RECORDING');
  const recording = positionals[0] !== undefined && namesRecording(positionals[0]) ? positionals[0] : undefined;
  if (recording === undefined && values.config !== undefined)
    throw new UsageError(
      '--config names the workspace a RECORDING is explored in; explore CONFIG takes it as its argument',
    );
  if (recording === undefined && values['recorded-brains'])
    throw new UsageError("--recorded-brains runs a RECORDING's own brains: give a recording");
  const strategy = values.strategy ?? 'every';
  if (strategy !== 'every' && strategy !== 'random')
    throw new UsageError(`--strategy: expected every or random, got ${strategy}`);
  const runs = wholeNumberOption('--runs', values.runs) ?? 100;
  if (runs === 0) throw new UsageError('--runs: expected a number of schedules from 1');
  const settle = wholeNumberOption('--settle', values.settle) ?? 25;
  if (settle > 10_000) throw new UsageError('--settle: expected milliseconds up to 10000');
  const timeout = wholeNumberOption('--timeout', values.timeout) ?? 10;
  if (timeout === 0) throw new UsageError('--timeout: expected seconds from 1');
  const format = formatOption('--format', values.format);
  return logging(stderrLog('auto'), () =>
    exploreCommand({
      strategy,
      runs,
      seed: wholeNumberOption('--seed', values.seed) ?? 1,
      settleMs: settle,
      timeoutMs: timeout * 1000,
      print,
      recordedBrains: values['recorded-brains'] ?? false,
      ...(recording !== undefined ? { recording } : {}),
      ...(recording === undefined && positionals[0] !== undefined ? { config: positionals[0] } : {}),
      ...(values.config !== undefined ? { config: values.config } : {}),
      ...(format ? { format } : {}),
      ...(values.save !== undefined ? { saveTo: values.save } : {}),
      ...(values.schedule !== undefined ? { schedule: values.schedule } : {}),
    }),
  );
}

function coverage(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      format: { type: 'string' },
      'recorded-brains': { type: 'boolean' },
      agent: { type: 'string', multiple: true },
      lcov: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('coverage takes one recording FILE or eval RESULTS.jsonl');
  const format = formatOption('--format', values.format);
  return logging(stderrLog('auto'), () =>
    coverageCommand({
      file: positionals[0]!,
      recordedBrains: values['recorded-brains'] ?? false,
      agents: values.agent ?? [],
      lcov: values.lcov ?? 'coverage/lcov.info',
      print,
      ...(values.config !== undefined ? { config: values.config } : {}),
      ...(format ? { format } : {}),
    }),
  );
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  run: (args) => runOrLoop('run', args),
  loop: (args) => runOrLoop('loop', args),
  test,
  replay,
  diff,
  export: exportRecording,
  fork,
  chaos,
  explore: exploreOrders,
  accounting,
  eval: evaluate,
  serve,
  trust,
  dap,
  schema,
  lsp,
  coverage,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given; `brainbench --help` lists them');
  if (HELP.has(command) || rest.includes('--help') || rest.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (VERSION.has(command)) {
    console.log(`brainbench ${brainbenchVersion()}`);
    return 0;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    const known = Object.keys(COMMANDS);
    throw new UsageError(`unknown command ${command}${didYouMean(command, known)}; \`brainbench --help\` lists them`);
  }
  try {
    return await run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      // "test takes one PATH" names its command already.
      const named = error.message.startsWith(`${command}: `) || error.message.startsWith(`${command} `);
      const text = named ? error.message : `${command}: ${error.message}`;
      throw new UsageError(`${text}; \`brainbench ${command} --help\` shows its usage`);
    }
    throw error;
  }
}

/**
 * Exits once standard output and error have taken everything written to them: a pipe (to `grep`,
 * `less`, a CI log) takes writes asynchronously once it is full, and an exit at once drops them.
 */
async function exitWhenWritten(code: number): Promise<never> {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  await Promise.all([written(process.stdout), written(process.stderr)]);
  process.exit(code);
}

exitQuietlyWhenOutputCloses();
main(process.argv.slice(2)).then(
  (code) => exitWhenWritten(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`brainbench: ${error.message}`);
      return exitWhenWritten(2);
    }
    console.error(failureEntry(error)?.text ?? (error as Error).stack ?? String(error));
    return exitWhenWritten(1);
  },
);
