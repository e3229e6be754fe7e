// `brainbench coverage FILE…` (docs/debugging.md#which-lines-ran): the lines each brain entered over
// a recording, or over every trial of an eval's results file, found by re-executing each recorded
// iteration with its host calls served from the recording; per brain summary lines, and LCOV. The
// brains that run are the workspace's (`--config`, else the current folder's omw config), or the
// recorded text with `--recorded-brains`, in the runtime the workspace gives each agent.

import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { ConfigFormat } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { coverageLine, type LineCoverageMap } from '../debugger/line-coverage-map.ts';
import { readResults, ResultsError } from '../evals/results-reader.ts';
import { ResultsPathError, trialRecordingFile } from '../evals/results-paths.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { coverageOfRecordings } from '../time-travel/recordings-coverage.ts';
import { counted } from '../../contract/counted.ts';
import { CommandError } from './command-error.ts';
import { openRecording } from './recording-input.ts';
import { workspaceConfig } from './workspace-option.ts';

export interface CoverageCommandOptions {
  file: string;
  config?: string;
  format?: ConfigFormat;
  recordedBrains: boolean;
  /** Only these agents; every agent the recording and the workspace both have otherwise. */
  agents: string[];
  lcov: string;
  print: (line: string) => void;
}

export async function coverageCommand(options: CoverageCommandOptions): Promise<number> {
  const recordings = isRecording(options.file) ? [options.file] : trialRecordings(options.file);
  const config = workspaceConfig('coverage', options.config, options.format);
  const absent = options.agents.filter((agent) => !Object.hasOwn(config.agents, agent));
  if (absent.length > 0)
    throw new CommandError(`the workspace's config (${config.file}) has no agent ${absent.join(', ')}`);
  const { coverage, iterations } = await coverageOfRecordings({
    files: recordings,
    open: openRecording,
    config,
    recordedBrains: options.recordedBrains,
    agents: (recording) =>
      [...recording.agents.keys()].filter((agent) =>
        options.agents.length > 0 ? options.agents.includes(agent) : Object.hasOwn(config.agents, agent),
      ),
    unrunnable: (_agent, error) => {
      throw error instanceof RecordingError ? new CommandError(error.message) : error;
    },
    spawner: forkSpawner,
    entry: agentEntry(),
    diverged: (file, agent, iteration) =>
      options.print(
        `note: ${file}: ${agent} iteration ${iteration} did not run as recorded; its lines count up to there`,
      ),
  });
  writeLcov(options.lcov, coverage, config);
  for (const brain of coverage.summary()) options.print(`coverage: ${coverageLine(brain, shown(config, brain.file))}`);
  const over = recordings.length === 1 ? '' : ` of ${counted(recordings.length, 'recording')}`;
  options.print(`coverage: ${counted(iterations, 'iteration')}${over} re-executed; LCOV written to ${options.lcov}`);
  return 0;
}

function writeLcov(file: string, coverage: LineCoverageMap, config: OmwConfig): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, coverage.lcov(config.file));
  } catch (error) {
    throw new CommandError(`--lcov ${file}: ${(error as Error).message}`);
  }
}

const shown = (config: OmwConfig, file: string) => relative(dirname(config.file), file) || file;

/** Whether the file starts as a recording does (its header line), rather than as a results file. */
function isRecording(file: string): boolean {
  let start: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(4096);
      start = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandError(`${file}: no such file`);
    throw new CommandError(`${file}: ${(error as Error).message}`);
  }
  return start.split('\n', 1)[0]!.includes('"brainbench-recording"');
}

/** Each trial's recording of an eval's results file, checked to lie in its recordings folder. */
function trialRecordings(file: string): string[] {
  try {
    return readResults(file).trials.map((trial) => trialRecordingFile(file, trial.recording));
  } catch (error) {
    if (error instanceof ResultsError) throw new CommandError(`${error.message} (nor a recording)`);
    if (error instanceof ResultsPathError) throw new CommandError(error.message);
    throw error;
  }
}
