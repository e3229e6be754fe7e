// `brainbench eval rescore RESULTS` (docs/evals.md#rescoring): the eval's scorers as they are now
// on every trial of a results file, from its recordings, without running a brain. A scorer
// unchanged since keeps its line; a judge asked the same question as before is answered from the
// recording (free and the same); a new or changed one is asked live and its answer kept in the
// recording for the next time.

import { dirname, resolve } from 'node:path';

import type { OmwConfig } from '../config/config-types.ts';
import { loadConfig } from '../config/load-config.ts';
import type { EvalCase } from './dataset.ts';
import { summarize, type EvalSummary } from './eval-statistics.ts';
import { loadEval } from './load-eval.ts';
import type { ResultsHeader, TrialLine } from './results-format.ts';
import { trialRecordingFile } from './results-paths.ts';
import { readResults } from './results-reader.ts';
import { writeResultsAtomically } from './write-results.ts';
import { jobsFor } from './run-eval.ts';
import { buildScorers, scoreTrial } from './scorers/build-scorers.ts';
import { scopeOf, TrialConfigs } from './trial-config.ts';
import { Slots } from './slots.ts';
import { readTrialRecording, type TrialRecording } from './trial-recording.ts';
import { TrialProcessPool } from './trial-process-pool.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';

/** Trials scored side by side per job: two batches of a code scorer's (code-scorer.ts). */
const IN_FLIGHT_PER_JOB = 64;

export interface RescoreOptions {
  results: string;
  /** The eval whose scorers to apply; by default the one the results name. */
  evalFile?: string;
  jobs?: number;
  spawner?: AgentSpawner;
  entry?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface Rescored {
  file: string;
  header: ResultsHeader;
  trials: TrialLine[];
  summary: EvalSummary;
  /** Judge calls answered from the recordings, and asked live. */
  judges: { served: number; live: number };
  /** Score lines kept, their scorer unchanged, and scored anew. */
  lines: { kept: number; scored: number };
}

export const caseOfLine = (line: TrialLine): EvalCase => ({
  id: line.case,
  input: line.input ?? {},
  ...(line.expected !== undefined ? { expected: line.expected } : {}),
  tags: line.tags,
  ...(line.split !== undefined ? { split: line.split } : {}),
  line: 0,
});

export async function rescore(options: RescoreOptions): Promise<Rescored> {
  const results = readResults(options.results);
  const evalFile = options.evalFile ?? resolve(dirname(resolve(options.results)), results.header.eval.file);
  const spec = loadEval(evalFile);
  const config = loadConfig(spec.configFile, { env: process.env });
  const configs = new TrialConfigs(config, spec);
  const pool = new TrialProcessPool(options.spawner ?? forkSpawner);
  const jobs = jobsFor(options.jobs);
  const scorers = buildScorers(spec.scorers, { spawner: pool.spawn, entry: options.entry ?? agentEntry(), jobs });
  const judges = { served: 0, live: 0 };
  // Many trials in flight, so that code scorers get whole batches; live judges still `jobs` at once.
  const liveJudges = new Slots(jobs);
  const counts = { kept: 0, scored: 0 };
  const trials: TrialLine[] = new Array(results.trials.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < results.trials.length) {
      const index = next++;
      const line = results.trials[index]!;
      const c = caseOfLine(line);
      const scored = await scoreTrial(
        scorers,
        c.tags,
        () => {
          // Read only by the scorers that look at them (the trace, the judges' calls, the mocks).
          let recording: TrialRecording | undefined;
          let config: OmwConfig | undefined;
          return {
            case: c,
            trial: line.trial,
            scope: scopeOf(c, line.trial),
            outcome: line.outcome,
            get recording() {
              return (recording ??= readTrialRecording(trialRecordingFile(options.results, line.recording)));
            },
            usage: line.usage,
            durationMs: line.durationMs,
            get config() {
              return (config ??= configs.of(c, line.trial).config);
            },
            seed: results.header.seed,
            judges,
            liveJudges,
          };
        },
        line.scores,
      );
      for (const score of scored.scores) counts[line.scores.includes(score) ? 'kept' : 'scored']++;
      trials[index] = { ...line, ...scored };
      options.onProgress?.(++done, results.trials.length);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(jobs * IN_FLIGHT_PER_JOB, Math.max(1, results.trials.length)) }, worker),
    );
  } finally {
    pool.dispose();
    await scorers.close();
  }
  const header: ResultsHeader = {
    ...results.header,
    eval: {
      ...results.header.eval,
      sha256: spec.sha256,
      scorers: spec.scorers.map(({ name, kind }) => ({ name, kind })),
    },
  };
  const out = resolve(options.results);
  writeResultsAtomically(out, header, trials);
  return { file: out, header, trials, summary: summarize(header, trials), judges, lines: counts };
}
