// `brainbench replay DIR|GLOB…` (docs/counterfactuals.md): a corpus of recordings replayed against
// the workspace's brains in parallel, a line per recording, JUnit XML and Markdown reports, and
// the exit code a CI job gates on: 0 when nothing diverged that was not expected, no expected
// divergence is missing and every recording could be replayed; 1 otherwise.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { isWithin } from '../files/folder-boundary.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { corpusFiles, CorpusError } from '../counterfactual/corpus-files.ts';
import { corpusJunit } from '../counterfactual/corpus-junit.ts';
import { corpusMarkdown } from '../counterfactual/corpus-markdown.ts';
import { replayCorpus } from '../counterfactual/corpus-replay.ts';
import { closingLines, entryLines } from '../counterfactual/corpus-text.ts';
import { evalScoring } from '../counterfactual/eval-scoring.ts';
import { liveBranches } from '../counterfactual/live-branches.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { CommandError } from './command-error.ts';
import { brainbenchVersion } from './version.ts';
import { workspaceConfig } from './workspace-option.ts';

export interface CorpusCommandOptions {
  names: string[];
  config?: string;
  format?: ConfigFormat;
  jobs: number;
  spares?: number;
  recordedBrains: boolean;
  expectDivergence: string[];
  /** Where to write the reports; `-` is standard output (the lines then go to standard error). */
  junit?: string;
  markdown?: string;
  liveAfterDivergence: boolean;
  /** Where the live branches go; beside the first report file by default, else the current folder. */
  branches?: string;
  /** An eval whose mocks answer the live branches and whose scorers score them. */
  evalFile?: string;
  timeoutMs?: number;
  print: (line: string) => void;
  printError: (line: string) => void;
}

export async function corpusCommand(options: CorpusCommandOptions): Promise<number> {
  let files;
  try {
    files = corpusFiles(options.names);
  } catch (error) {
    if (error instanceof CorpusError) throw new CommandError(error.message);
    throw error;
  }
  if (options.junit === '-' && options.markdown === '-')
    throw new CommandError('--junit - and --markdown - cannot both be standard output');
  const config = workspaceConfig('replay', options.config, options.format);
  const reportToStdout = options.junit === '-' || options.markdown === '-';
  const say = reportToStdout ? options.printError : options.print;
  const common = {
    config,
    spawner: forkSpawner,
    entry: agentEntry(),
    jobs: options.jobs,
    recordedBrains: options.recordedBrains,
    ...(options.spares !== undefined ? { spares: options.spares } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
  // Read and checked before anything runs: a bad eval file is one line, and nothing replayed for nothing.
  const scoring =
    options.evalFile !== undefined
      ? evalScoring(options.evalFile, config, { spawner: forkSpawner, entry: common.entry, jobs: options.jobs })
      : undefined;
  const run = await replayCorpus({
    ...common,
    files,
    expectDivergence: options.expectDivergence,
    // With a live pass to come, a diverged recording's lines wait for its branch.
    onEntry: (entry) => {
      if (!options.liveAfterDivergence || entry.status === 'replayed' || entry.status === 'unchanged')
        entryLines(entry).forEach(say);
    },
  });
  if (options.liveAfterDivergence) {
    const folder = resolve(options.branches ?? branchesBeside(options) ?? '.');
    try {
      run.view.live = await liveBranches({
        ...common,
        ...(scoring ? { backendsFor: scoring.backendsFor, score: scoring.score } : {}),
        run,
        folder,
        brainbench: brainbenchVersion(),
        pathOf: relativeToHere,
      });
    } finally {
      await scoring?.close();
    }
    if (scoring) run.view.live.eval = relativeToHere(scoring.file);
    for (const entry of run.view.entries)
      if (entry.status !== 'replayed' && entry.status !== 'unchanged') entryLines(entry).forEach(say);
  }
  closingLines(run.view).forEach(say);
  if (options.junit !== undefined) writeReport(options.junit, corpusJunit(run.view), options.print);
  if (options.markdown !== undefined) writeReport(options.markdown, corpusMarkdown(run.view), options.print);
  return run.view.summary.pass ? 0 : 1;
}

const relativeToHere = (file: string): string =>
  isWithin(process.cwd(), file) ? relative(process.cwd(), file).split(sep).join('/') : file;

/** The folder of the first report written to a file. */
function branchesBeside(options: CorpusCommandOptions): string | undefined {
  const report = [options.junit, options.markdown].find((file) => file !== undefined && file !== '-');
  return report === undefined ? undefined : dirname(resolve(report));
}

function writeReport(file: string, text: string, print: (line: string) => void): void {
  if (file === '-') {
    print(text.replace(/\n$/, ''));
    return;
  }
  try {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new CommandError(`cannot write ${file}: ${(error as Error).message}`);
  }
}
