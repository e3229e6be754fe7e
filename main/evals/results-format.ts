// The results file of an eval run (docs/evals.md#the-results-file), version 1: JSON lines, a
// header (what ran: the eval, config, brains and dataset with their hashes, the options, the seed,
// the shard), then one line per trial in the order of the selected cases. Each trial's recording
// is a full Brainbench recording in the sibling folder `<results>.recordings/`.

import type { CostTotal } from '../../contract/accounting-views.ts';
import type { TokenCount } from '../../contract/recording-views.ts';
import type { Json } from '../trace/trace-event.ts';

export const RESULTS_FORMAT = 'brainbench-eval-results';
export const RESULTS_VERSION = 1;

export interface ResultsShard {
  /** 1-based. */
  index: number;
  total: number;
}

export interface ResultsOptions {
  trials: number;
  filter: string[];
  first?: number;
  sample?: number;
}

export interface ResultsHeader {
  kind: 'header';
  format: typeof RESULTS_FORMAT;
  version: number;
  brainbench: string;
  createdAt: number;
  /** The eval file, relative to the results file when it can be, its hash, and its scorers. */
  eval: { file: string; sha256: string; scorers: { name: string; kind: string }[] };
  config: { file: string; sha256: string };
  dataset: { file: string; sha256: string; cases: number };
  /** Per agent, the brain's sha256 (null when it could not be read). */
  brains: Record<string, string | null>;
  options: ResultsOptions;
  seed: number;
  /** The cases the options selected, before sharding (a shard runs a slice of them). */
  selected: number;
  shard: ResultsShard | null;
}

/** How the trial ended and what it answered (`text`, what the outcome scorers check). */
export interface TrialOutcome {
  kind: 'exited' | 'completed' | 'failed' | 'reply' | 'budget' | 'none';
  agent?: string;
  text?: string;
  error?: string;
  /** `budget`: which one, and by how much. */
  budget?: string;
  reason?: string;
}

export interface ScoreLine {
  scorer: string;
  /** The scorer's identity (its settings, a code scorer's script): an unchanged one's line is kept by a rescore. */
  hash?: string;
  /** In [0, 1]; absent when the scorer failed. */
  score?: number;
  pass?: boolean;
  reason?: string;
  /** The scorer could not judge (a judge's garbage answer, a scorer script's failure). */
  error?: string;
}

export interface TrialUsage {
  tokens: TokenCount;
  cost: CostTotal;
  /** Host calls, and those to providers. */
  calls: number;
  providerCalls: number;
  iterations: number;
}

/** Whether the trial ran, or was served from an earlier results file's recording. */
export type Reuse = 'fresh' | 'reused' | 'partly';

export interface TrialLine {
  kind: 'trial';
  case: string;
  /** Its position among the selected cases (0-based): merged shards are ordered by it. */
  caseIndex: number;
  /** 1-based. */
  trial: number;
  tags: string[];
  split?: string;
  outcome: TrialOutcome;
  scores: ScoreLine[];
  /** The weighted mean of the scores that judged. */
  score: number;
  verdict: 'pass' | 'fail' | 'error';
  usage: TrialUsage;
  durationMs: number;
  reused: Reuse;
  /** What serving it from the earlier recording saved. */
  saved?: { tokens: number; cost: CostTotal };
  /** The trial's recording, relative to the results file. */
  recording: string;
  /** What `--reuse` compares: the case, the back ends and seeds it ran against, and the brains. */
  keys: { case: string; inputs: string; brains: string };
  /** The case's input fields and expected value: what a rescore's judges and templates see. */
  input: Record<string, Json>;
  expected?: Json;
}

export type ResultsLine = ResultsHeader | TrialLine;
