// `brainbench eval run|rescore|compare|merge|report` (docs/evals.md, docs/command-line.md#evals):
// the commands over main/evals, their reports on standard output, progress on standard error.

import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { commandArgs } from './command-args.ts';

import { ConfigError } from '../config/config-error.ts';
import { compareResults } from '../evals/compare-results.ts';
import { summarize, type EvalSummary } from '../evals/eval-statistics.ts';
import { mergeResults } from '../evals/merge-results.ts';
import { compareMarkdown, compareText } from '../evals/reports/compare-report.ts';
import { junitReport } from '../evals/reports/junit-report.ts';
import { markdownReport } from '../evals/reports/markdown-report.ts';
import { ProgressDisplay } from '../evals/reports/progress-display.ts';
import { textReport } from '../evals/reports/text-report.ts';
import { rescore } from '../evals/rescore.ts';
import type { ResultsHeader, ResultsShard, TrialLine } from '../evals/results-format.ts';
import { ResultsPathError } from '../evals/results-paths.ts';
import { readResults, ResultsError } from '../evals/results-reader.ts';
import { EvalError, runEval } from '../evals/run-eval.ts';
import { SelectionError, parseFilter } from '../evals/select-cases.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { CommandError } from './command-error.ts';
import { otlpDestinationOption } from './export-command.ts';
import { UsageError } from './usage-error.ts';
import { brainbenchVersion } from './version.ts';

const FORMATS = ['table', 'json', 'junit', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

export interface EvalCommandIo {
  print: (text: string) => void;
  progress: { isTTY: boolean; write(text: string): void };
  warn: (text: string) => void;
}

function formatOption(value: string | undefined, allowed: readonly Format[] = FORMATS): Format {
  const format = (value ?? 'table') as Format;
  if (!allowed.includes(format)) throw new UsageError(`--format: expected ${allowed.join(', ')}, got ${value}`);
  return format;
}

function countOption(flag: string, value: string | undefined, least = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < least)
    throw new UsageError(`${flag}: expected a whole number from ${least}, got ${value}`);
  return Number(value);
}

function shardOption(value: string | undefined): ResultsShard | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (index < 1 || index > total)
    throw new UsageError(`--shard: expected I/N with 1 <= I <= N, e.g. 2/3, got ${value}`);
  return { index, total };
}

/** The failures of the input the eval commands report in one line. */
async function reported(command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CommandError || error instanceof UsageError) throw error;
    if (
      error instanceof EvalError ||
      error instanceof ResultsError ||
      error instanceof ResultsPathError ||
      error instanceof SelectionError ||
      error instanceof RecordingError
    )
      throw new CommandError(error.message);
    throw error;
  }
}

function runReport(
  format: Format,
  header: ResultsHeader,
  summary: EvalSummary,
  trials: readonly TrialLine[],
  file: string,
): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ file, header, summary }, null, 2)}\n`;
    case 'junit':
      return junitReport(header, trials);
    case 'markdown':
      return markdownReport(header, summary, trials);
    case 'table':
      return `${[...textReport(header, summary, trials), `results: ${file}`].join('\n')}\n`;
  }
}

/** The report goes to `--report FILE` when given, else to standard output. */
function emit(text: string, reportFile: string | undefined, io: EvalCommandIo): void {
  if (reportFile === undefined) io.print(text.replace(/\n$/, ''));
  else writeFileSync(reportFile, text);
}

/** `name.eval.toml` -> `name.results.jsonl` in the current folder. */
const defaultOut = (evalFile: string) =>
  `${basename(evalFile).replace(/(\.eval)?\.(toml|ya?ml|json)$/i, '')}.results.jsonl`;

async function run(args: string[], io: EvalCommandIo): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      trials: { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      filter: { type: 'string', multiple: true },
      first: { type: 'string' },
      sample: { type: 'string' },
      seed: { type: 'string' },
      shard: { type: 'string' },
      reuse: { type: 'string' },
      out: { type: 'string', short: 'o' },
      format: { type: 'string' },
      report: { type: 'string' },
      otlp: { type: 'string' },
      'otlp-file': { type: 'string' },
      'otlp-content': { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('eval run takes one EVAL file');
  const format = formatOption(values.format);
  for (const filter of values.filter ?? []) {
    try {
      parseFilter(filter);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  if (values.seed !== undefined && values.sample === undefined)
    throw new UsageError('--seed draws a --sample: give --sample N too');
  const otlp = otlpDestinationOption(values.otlp, values['otlp-file']);
  const trials = countOption('--trials', values.trials, 1);
  const first = countOption('--first', values.first, 1);
  const sample = countOption('--sample', values.sample, 1);
  const seed = countOption('--seed', values.seed);
  const jobs = countOption('-j/--jobs', values.jobs);
  const shard = shardOption(values.shard);
  const evalFile = positionals[0]!;
  const out = resolve(values.out ?? defaultOut(evalFile));
  const display = new ProgressDisplay(io.progress);
  return reported(async () => {
    const result = await runEval({
      evalFile,
      out,
      brainbench: brainbenchVersion(),
      ...(trials !== undefined ? { trials } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
      filter: values.filter ?? [],
      ...(first !== undefined ? { first } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(shard ? { shard } : {}),
      ...(values.reuse !== undefined ? { reuse: values.reuse } : {}),
      ...(otlp ? { otlp: { destination: otlp, content: values['otlp-content'] ?? false } } : {}),
      onProgress: (progress) => display.update(progress),
      warn: io.warn,
    }).finally(() => display.finish());
    emit(runReport(format, result.header, result.summary, result.trials, result.file), values.report, io);
    return 0;
  });
}

async function rescoreCommand(args: string[], io: EvalCommandIo): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      eval: { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      format: { type: 'string' },
      report: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('eval rescore takes one RESULTS file');
  const format = formatOption(values.format);
  const jobs = countOption('-j/--jobs', values.jobs);
  return reported(async () => {
    const result = await rescore({
      results: positionals[0]!,
      ...(values.eval !== undefined ? { evalFile: values.eval } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
    });
    io.warn(
      `rescored ${result.trials.length} trials: ${result.lines.scored} scores anew, ${result.lines.kept} kept (their scorer unchanged); ${result.judges.served} judge answers from the recordings, ${result.judges.live} asked live`,
    );
    emit(runReport(format, result.header, result.summary, result.trials, result.file), values.report, io);
    return 0;
  });
}

async function compare(args: string[], io: EvalCommandIo): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: {
      'max-regressions': { type: 'string' },
      'min-delta': { type: 'string' },
      format: { type: 'string' },
      report: { type: 'string' },
    },
  });
  if (positionals.length !== 2) throw new UsageError('eval compare takes two results files: BASE CANDIDATE');
  const format = formatOption(values.format, ['table', 'json', 'markdown']);
  const maxRegressions = countOption('--max-regressions', values['max-regressions']);
  const minDelta = values['min-delta'] === undefined ? undefined : Number(values['min-delta']);
  if (minDelta !== undefined && !Number.isFinite(minDelta))
    throw new UsageError(`--min-delta: expected a number, got ${values['min-delta']}`);
  return reported(async () => {
    const comparison = compareResults(readResults(positionals[0]!), readResults(positionals[1]!), {
      ...(maxRegressions !== undefined ? { maxRegressions } : {}),
      ...(minDelta !== undefined ? { minDelta } : {}),
    });
    const text =
      format === 'json'
        ? `${JSON.stringify(comparison, null, 2)}\n`
        : format === 'markdown'
          ? compareMarkdown(comparison)
          : `${compareText(comparison).join('\n')}\n`;
    emit(text, values.report, io);
    return comparison.gate.pass ? 0 : 1;
  });
}

async function merge(args: string[], io: EvalCommandIo): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, format: { type: 'string' }, report: { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError("eval merge takes the shards' results files");
  if (values.out === undefined) throw new UsageError('eval merge needs --out FILE');
  const format = formatOption(values.format);
  const out = values.out;
  return reported(async () => {
    const merged = mergeResults(positionals, out);
    emit(
      runReport(format, merged.header, summarize(merged.header, merged.trials), merged.trials, merged.file),
      values.report,
      io,
    );
    return 0;
  });
}

async function report(args: string[], io: EvalCommandIo): Promise<number> {
  const { values, positionals } = commandArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, report: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new UsageError('eval report takes one RESULTS file');
  const format = formatOption(values.format);
  return reported(async () => {
    const results = readResults(positionals[0]!);
    emit(
      runReport(format, results.header, summarize(results.header, results.trials), results.trials, results.file),
      values.report,
      io,
    );
    return 0;
  });
}

const SUBCOMMANDS: Record<string, (args: string[], io: EvalCommandIo) => Promise<number>> = {
  run,
  rescore: rescoreCommand,
  compare,
  merge,
  report,
};

/** `brainbench eval SUBCOMMAND ...`. */
export function evalCommand(args: string[], io: EvalCommandIo): Promise<number> {
  const [subcommand, ...rest] = args;
  const command =
    subcommand !== undefined && Object.hasOwn(SUBCOMMANDS, subcommand) ? SUBCOMMANDS[subcommand] : undefined;
  if (!command)
    throw new UsageError(`eval: expected run, rescore, compare, merge or report, got ${subcommand ?? 'nothing'}`);
  return command(rest, io);
}
