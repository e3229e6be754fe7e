// `brainbench eval run` (docs/evals.md): the eval's cases (selected, sharded), each for its
// trials, run in parallel on reused agent processes, each trial recorded, scored and written to
// the results file in case order; progress reported as trials finish. With `reuse`, trials an
// earlier results file holds are served from its recordings.

import { availableParallelism } from 'node:os';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

import { loadConfig } from '../config/load-config.ts';
import { brainOnDisk } from '../recording/recording-header.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import type { LiveTarget } from '../telemetry/live-telemetry.ts';
import { answeringAgent, checkEvalAgainstConfig, checkTrialConfig } from './check-eval.ts';
import { readDataset, type EvalCase } from './dataset.ts';
import { summarize, type EvalSummary } from './eval-statistics.ts';
import { loadEval, type EvalSpec } from './load-eval.ts';
import {
  RESULTS_FORMAT,
  RESULTS_VERSION,
  type ResultsHeader,
  type ResultsShard,
  type TrialLine,
} from './results-format.ts';
import { recordingsFolder, relativeRecording, trialRecordingFile, trialRecordingName } from './results-paths.ts';
import { readResults } from './results-reader.ts';
import { ResultsWriter } from './results-writer.ts';
import { writeResultsAtomically } from './write-results.ts';
import { reusable, reuseTrial, type EarlierTrial } from './reuse-trial.ts';
import { runTrial, type TrialRuntime } from './run-trial.ts';
import { buildScorers, scoreTrial, type Scorers } from './scorers/build-scorers.ts';
import { selectCases, shardRange } from './select-cases.ts';
import { scopeOf, TrialConfigs, type TrialSetup } from './trial-config.ts';
import { trialKeys } from './trial-keys.ts';
import { outcomeOf, usageOf, type Answering } from './trial-outcome.ts';
import { readTrialRecording } from './trial-recording.ts';
import { TrialProcessPool } from './trial-process-pool.ts';
import { recordedOverrun } from './trial-watch.ts';

export class EvalError extends Error {}

export interface RunEvalOptions {
  evalFile: string;
  /** Where the results go; its recordings go to `<out>.recordings/`. */
  out: string;
  /** Trials per case over the eval's (a case's own `trials` still wins). */
  trials?: number;
  /** Parallel trials; 0 or none: one per core. */
  jobs?: number;
  filter?: string[];
  first?: number;
  sample?: number;
  seed?: number;
  shard?: ResultsShard;
  /** An earlier results file whose trials may be served again. */
  reuse?: string;
  otlp?: LiveTarget;
  brainbench: string;
  spawner?: AgentSpawner;
  entry?: string;
  onProgress?: (progress: EvalProgress) => void;
  /** Said once: the first failed OTLP export. */
  warn?: (message: string) => void;
  /** Stops taking new trials (the ones running finish); the results hold what ran. */
  signal?: AbortSignal;
}

export type EvalProgress =
  | { kind: 'start'; cases: number; trials: number; selected: number; shard: ResultsShard | null }
  | { kind: 'trial'; done: number; total: number; line: TrialLine; elapsedMs: number; etaMs: number };

export interface EvalRun {
  file: string;
  header: ResultsHeader;
  trials: TrialLine[];
  summary: EvalSummary;
}

interface Job {
  position: number;
  case: EvalCase;
  caseIndex: number;
  trial: number;
}

const sha256Of = (file: string): string => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '';
  }
};

export const jobsFor = (jobs: number | undefined): number => (jobs && jobs > 0 ? jobs : availableParallelism());

/** A path as the header keeps it: relative to the results file's folder. */
const shownFrom = (out: string, file: string) => relative(dirname(resolve(out)), file) || basename(file);

export async function runEval(options: RunEvalOptions): Promise<EvalRun> {
  const spec = loadEval(options.evalFile);
  const config = loadConfig(spec.configFile, { env: process.env });
  checkEvalAgainstConfig(spec, config);
  const cases = readDataset(spec.datasetFile);
  const seed = options.seed ?? spec.seed;
  const selected = selectCases(cases, {
    filter: options.filter ?? [],
    ...(options.first !== undefined ? { first: options.first } : {}),
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
    seed,
  });
  const { start, end } = options.shard
    ? shardRange(selected.length, options.shard)
    : { start: 0, end: selected.length };
  const configs = new TrialConfigs(config, spec);
  configs.check(selected.slice(start, end));
  if (start < end) checkTrialConfig(configs.of(selected[start]!, 1).config);
  const trialsOption = options.trials ?? spec.trials;
  const jobs: Job[] = [];
  for (let caseIndex = start; caseIndex < end; caseIndex++) {
    const c = selected[caseIndex]!;
    for (let trial = 1; trial <= (c.trials ?? trialsOption); trial++)
      jobs.push({ position: jobs.length, case: c, caseIndex, trial });
  }

  const out = resolve(options.out);
  const brains = Object.fromEntries(
    Object.keys(config.agents).map((agent) => [
      agent,
      brainOnDisk(config, agent, dirname(resolve(spec.configFile))).sha256,
    ]),
  );
  const header: ResultsHeader = {
    kind: 'header',
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    brainbench: options.brainbench,
    createdAt: Date.now(),
    eval: {
      file: shownFrom(out, spec.file),
      sha256: spec.sha256,
      scorers: spec.scorers.map(({ name, kind }) => ({ name, kind })),
    },
    config: { file: shownFrom(out, spec.configFile), sha256: sha256Of(spec.configFile) },
    dataset: { file: shownFrom(out, spec.datasetFile), sha256: sha256Of(spec.datasetFile), cases: cases.length },
    brains,
    options: {
      trials: trialsOption,
      filter: options.filter ?? [],
      ...(options.first !== undefined ? { first: options.first } : {}),
      ...(options.sample !== undefined ? { sample: options.sample } : {}),
    },
    seed,
    selected: selected.length,
    shard: options.shard ?? null,
  };
  const earlier = options.reuse !== undefined ? earlierTrials(options.reuse) : undefined;

  // Written aside and moved in place at the end, so that the results being reused (or the last
  // run's) stay whole until this run has finished.
  const staging = join(dirname(out), `.${basename(out)}.${process.pid}.partial`);
  const stagingFolder = recordingsFolder(staging);
  rmSync(stagingFolder, { recursive: true, force: true });
  mkdirSync(stagingFolder, { recursive: true });
  if (options.otlp && 'file' in options.otlp.destination) writeFileSync(options.otlp.destination.file, '');
  const writer = new ResultsWriter(staging, header);
  const pool = new TrialProcessPool(options.spawner ?? forkSpawner);
  const entry = options.entry ?? agentEntry();
  const scorers = buildScorers(spec.scorers, { spawner: pool.spawn, entry, jobs: jobsFor(options.jobs) });
  let warned = false;
  const runtime: TrialRuntime = {
    spec,
    spawner: pool.spawn,
    entry,
    brainbench: options.brainbench,
    ...(options.otlp ? { otlp: options.otlp } : {}),
    warn: (message) => {
      if (warned) return;
      warned = true;
      options.warn?.(message);
    },
  };
  const answering: Answering = {
    ...(spec.input.endpoint && !spec.end.agent ? {} : { agent: answeringAgent(spec, config) }),
    endpoint: !!spec.input.endpoint && !spec.end.agent,
    answer: spec.end.answer,
  };
  const ends = {
    ...(answering.agent !== undefined ? { agent: answering.agent } : {}),
    endpointReply: answering.endpoint,
  };

  options.onProgress?.({
    kind: 'start',
    cases: end - start,
    trials: jobs.length,
    selected: selected.length,
    shard: header.shard,
  });
  const lines: TrialLine[] = [];
  const started = performance.now();
  let next = 0;
  let done = 0;
  let failure: Error | undefined;
  const worker = async () => {
    while (next < jobs.length && !failure && !options.signal?.aborted) {
      const job = jobs[next++]!;
      try {
        const line = await runJob(job, {
          spec,
          configs,
          runtime,
          scorers,
          answering,
          ends,
          earlier,
          brains,
          staging,
          seed,
        });
        lines[job.position] = line;
        writer.done(job.position, line);
        done++;
        const elapsedMs = performance.now() - started;
        options.onProgress?.({
          kind: 'trial',
          done,
          total: jobs.length,
          line,
          elapsedMs,
          etaMs: (elapsedMs / done) * (jobs.length - done),
        });
      } catch (error) {
        failure ??= error as Error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(jobsFor(options.jobs), Math.max(1, jobs.length)) }, worker));
  } finally {
    writer.close();
    pool.dispose();
    await scorers.close();
  }
  if (failure) {
    rmSync(staging, { force: true });
    rmSync(stagingFolder, { recursive: true, force: true });
    throw failure;
  }
  const finished = lines.filter(Boolean);
  rmSync(recordingsFolder(out), { recursive: true, force: true });
  renameSync(stagingFolder, recordingsFolder(out));
  rmSync(staging, { force: true });
  // The lines name the recordings under the staging folder's name until now: name them as moved.
  const moved = finished.map((line) => ({
    ...line,
    recording: line.recording.replace(basename(stagingFolder), basename(recordingsFolder(out))),
  }));
  writeResultsAtomically(out, header, moved);
  return { file: out, header, trials: moved, summary: summarize(header, moved) };
}

interface JobContext {
  spec: EvalSpec;
  configs: TrialConfigs;
  runtime: TrialRuntime;
  scorers: Scorers;
  answering: Answering;
  ends: { agent?: string; endpointReply: boolean };
  earlier: Map<string, EarlierTrial> | undefined;
  brains: Record<string, string | null>;
  staging: string;
  seed: number;
}

async function runJob(job: Job, context: JobContext): Promise<TrialLine> {
  const { runtime, staging } = context;
  const c = job.case;
  const setup: TrialSetup = context.configs.of(c, job.trial);
  const keys = trialKeys(c, job.trial, setup.config, context.brains);
  const recordingFile = join(recordingsFolder(staging), trialRecordingName(job.caseIndex, c.id, job.trial));
  const previous = context.earlier?.get(`${c.id}\u0000${job.trial}`);
  let durationMs: number;
  let reused: TrialLine['reused'] = 'fresh';
  let saved: TrialLine['saved'];
  let overrun;
  if (previous && reusable(keys, previous.line) && existsSync(previous.recordingFile)) {
    const served = await reuseTrial(previous, keys, setup, recordingFile, runtime);
    ({ durationMs, reused, saved } = served);
    // An unchanged trial keeps its time: it is what running it costs.
    if (served.reused === 'reused') durationMs = previous.line.durationMs;
  } else {
    const ran = await runTrial(setup, context.ends, recordingFile, runtime);
    if (ran.failedToStart !== undefined) throw new EvalError(`case "${c.id}" trial ${job.trial}: ${ran.failedToStart}`);
    ({ durationMs, overrun } = ran);
  }
  const trial = readTrialRecording(recordingFile);
  const usage = usageOf(trial.recording, recordingFile);
  if (reused !== 'fresh') overrun = recordedOverrun(usage, context.spec.end);
  let outcome = outcomeOf(trial.recording, context.answering);
  // A trial stopped for its budget has no answer to check: what it said so far is in its recording.
  if (overrun)
    outcome = {
      kind: 'budget',
      ...(outcome.agent ? { agent: outcome.agent } : {}),
      budget: overrun.budget,
      reason: overrun.reason,
    };
  else if (reused === 'reused' && previous) outcome = previous.line.outcome;
  // A trial served whole keeps the lines of the scorers unchanged since.
  const earlierScores = reused === 'reused' && previous ? previous.line.scores : [];
  const scored = await scoreTrial(
    context.scorers,
    c.tags,
    () => ({
      case: c,
      trial: job.trial,
      scope: scopeOf(c, job.trial),
      outcome,
      recording: trial,
      usage,
      durationMs,
      config: setup.config,
      seed: context.seed,
    }),
    earlierScores,
  );
  return {
    kind: 'trial',
    case: c.id,
    caseIndex: job.caseIndex,
    trial: job.trial,
    tags: c.tags,
    ...(c.split !== undefined ? { split: c.split } : {}),
    outcome,
    ...scored,
    usage,
    durationMs,
    reused,
    ...(saved ? { saved } : {}),
    recording: relativeRecording(staging, recordingFile),
    keys,
    input: c.input,
    ...(c.expected !== undefined ? { expected: c.expected } : {}),
  };
}

/** An earlier results file's trials by case and trial, each with its recording's checked path. */
function earlierTrials(file: string): Map<string, EarlierTrial> {
  const { trials } = readResults(file);
  return new Map(
    trials.map((line) => [
      `${line.case}\u0000${line.trial}`,
      { line, recordingFile: trialRecordingFile(file, line.recording) },
    ]),
  );
}
