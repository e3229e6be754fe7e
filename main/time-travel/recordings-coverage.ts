// Line counts over recordings (docs/debugging.md#which-lines-ran), the one path for every caller:
// `brainbench coverage` over a recording or an eval's results file, and the workbench's Line
// counts of an opened recording and of an eval's results (all of them, or one case's). Every
// recording is read and checked before any runs, so that one that is damaged or holds a name no
// config may hold refuses the whole count in one line with nothing re-executed; then each agent's
// recorded iterations are re-executed (past-coverage.ts) in one process per agent, reused from
// recording to recording, so that thousands of trials cost thousands of re-executions, not
// thousands of process starts.

import type { OmwConfig } from '../config/config-types.ts';
import { LineCoverageMap, type LineCounts } from '../debugger/line-coverage-map.ts';
import type { Recording } from '../recording/recording.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { coverageOfPast } from './past-coverage.ts';
import { PastProcess } from './past-process.ts';
import { recordedPast } from './recorded-past.ts';

/** What `open` answers for a recording that is to be left out rather than refused: why. */
export interface LeftOut {
  leftOut: string;
}

export interface RecordingsCoverageOptions {
  files: readonly string[];
  /** Reads the recording `files[index]`, throwing the one line that refuses it; or says why it is left out. */
  open: (file: string, index: number) => Recording | LeftOut;
  config: OmwConfig;
  recordedBrains: boolean;
  /** The agents of a recording to count. */
  agents: (recording: Recording) => string[];
  /** An agent the workspace cannot re-execute (not in its config, no source lines): throw to refuse, return to go on without it. */
  unrunnable: (agent: string, error: Error) => void;
  spawner: AgentSpawner;
  entry: string;
  /** After each recording checked, then after each one counted. */
  progress?: (phase: 'checking' | 'counting', done: number, of: number) => void;
  /** An iteration that did not run as recorded (the brain changed): its lines count up to there. */
  diverged?: (file: string, agent: string, iteration: number) => void;
  /** Aborted: no further recording is counted, and the one under way is not added. */
  signal?: AbortSignal;
}

export interface RecordingsCoverage {
  coverage: LineCoverageMap;
  /** Iterations re-executed, over the recordings counted. */
  iterations: number;
  /** Per file, in order: counted, left out (with why), or not reached (the count was cancelled). */
  outcomes: ({ counted: true } | { counted: false; reason: string })[];
  cancelled: boolean;
}

/** Checking a thousand recordings must not hold the host (its requests, its agents) for the time it takes. */
const CHECK_SLICE_MS = 20;

export async function coverageOfRecordings(options: RecordingsCoverageOptions): Promise<RecordingsCoverage> {
  const { files, signal } = options;
  const progress = options.progress ?? (() => {});
  // The first recording is kept from the check: a single one is read once.
  let first: Recording | LeftOut | undefined;
  let slice = performance.now();
  for (const [index, file] of files.entries()) {
    const opened = options.open(file, index);
    if (index === 0) first = opened;
    progress('checking', index + 1, files.length);
    if (performance.now() - slice > CHECK_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
    if (signal?.aborted) return { coverage: new LineCoverageMap(), iterations: 0, outcomes: [], cancelled: true };
  }

  const coverage = new LineCoverageMap();
  const processes = new Map<string, PastProcess>();
  const outcomes: RecordingsCoverage['outcomes'] = [];
  let iterations = 0;
  try {
    for (const [index, file] of files.entries()) {
      const opened = index === 0 ? first! : options.open(file, index);
      first = undefined;
      if ('leftOut' in opened) {
        outcomes.push({ counted: false, reason: opened.leftOut });
        continue;
      }
      // Added once the whole recording is counted: a cancelled one adds nothing.
      const sources: string[] = [];
      const counts: LineCounts[] = [];
      const diverged: [agent: string, iteration: number][] = [];
      let ran = 0;
      for (const agent of options.agents(opened)) {
        let past;
        try {
          past = recordedPast(opened, options.config, agent, options.recordedBrains);
        } catch (error) {
          options.unrunnable(agent, error as Error);
          continue;
        }
        sources.push(past.source);
        let process = processes.get(agent);
        if (!process) processes.set(agent, (process = new PastProcess(options.spawner, options.entry, past.init)));
        let run;
        try {
          run = await coverageOfPast(process, past.iterations);
        } catch (error) {
          // The cancel ended the process under the re-execution: not an error of the recording.
          if (signal?.aborted) break;
          throw error;
        }
        if (signal?.aborted) break;
        counts.push(...run.counts);
        ran += run.iterations;
        for (const iteration of run.diverged) diverged.push([agent, iteration]);
      }
      if (signal?.aborted) break;
      for (const source of sources) coverage.include(source);
      for (const lines of counts) coverage.add(lines);
      for (const [agent, iteration] of diverged) options.diverged?.(file, agent, iteration);
      iterations += ran;
      outcomes.push({ counted: true });
      progress('counting', index + 1, files.length);
    }
  } finally {
    for (const process of processes.values()) process.dispose();
  }
  return { coverage, iterations, outcomes, cancelled: outcomes.length < files.length };
}
