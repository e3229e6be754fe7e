// What the workbench's Evals view gets from the host (docs/workbench.md#evals): the workspace's
// evals and results files, a results file read in chunks of compact trial cells (so a file of
// any size paints its first rows at once), one trial in full, a comparison of two results files,
// and a run's progress.

import type { SplitView } from './counterfactual-views.ts';
import type { RecordingCoverageView } from './recording-views.ts';

/** The eval and results files of the workspace, workspace-relative. */
export interface EvalFilesView {
  evals: string[];
  /** The datasets the evals name (those inside the workspace): where Add to dataset writes. */
  datasets: string[];
  /** Newest first. */
  results: { path: string; mtimeMs: number; size: number }[];
}

/** Where the next chunk of a results file starts: a byte offset and its line number (1-based). */
export interface ResultsCursor {
  byte: number;
  line: number;
}

/** One trial as the matrix shows it. */
export interface TrialCell {
  case: string;
  caseIndex: number;
  trial: number;
  tags: string[];
  split?: string;
  verdict: 'pass' | 'fail' | 'error';
  score: number;
  /** The sum of the trial's cost amounts (one currency in practice: `currency`). */
  cost: number;
  durationMs: number;
  /** Where its line starts in the file: `evalTrial` reads it from there. */
  at: number;
}

export interface ResultsHeaderView {
  eval: string;
  createdAt: number;
  trials: number;
  scorers: string[];
  /** The cases the run selected (all of them, for an unsharded run). */
  selected: number;
}

export interface ResultsChunk {
  path: string;
  header: ResultsHeaderView;
  cells: TrialCell[];
  /** Null at the end of the file. */
  next: ResultsCursor | null;
  /** Bytes read so far, of `size`. */
  read: number;
  size: number;
  /** The currency of the costs, when one was seen. */
  currency?: string;
}

/** One trial in full, with its recording as a workspace path to open in the Recording view. */
export interface TrialDetailView {
  case: string;
  trial: number;
  verdict: 'pass' | 'fail' | 'error';
  score: number;
  outcome: { kind: string; text?: string; error?: string; reason?: string };
  scores: { scorer: string; score?: number; pass?: boolean; reason?: string; error?: string }[];
  input: unknown;
  expected?: unknown;
  recording: string;
}

/** One side of a case in a comparison. */
export interface ComparedSide {
  meanScore: number;
  passes: number;
  trials: number;
  /** Each trial's verdict, `p`, `f` or `e`, in trial order. */
  verdicts: string;
  /** The first trial's answer (or its error), to read beside the other side's. */
  outcome: string;
  cost: number;
}

export interface ComparedCase {
  case: string;
  status: 'improved' | 'regressed' | 'unchanged';
  delta: number;
  base: ComparedSide;
  candidate: ComparedSide;
}

export interface ComparedRun {
  path: string;
  meanScore: number;
  passAtK: number;
  passHatK: number;
  cost: number;
  latencyMs: number;
}

export interface EvalComparisonView {
  base: ComparedRun;
  candidate: ComparedRun;
  /** Regressed first (the largest drop first), then improved, then unchanged. */
  cases: ComparedCase[];
  counts: { improved: number; regressed: number; unchanged: number };
  onlyInBase: string[];
  onlyInCandidate: string[];
  meanDelta: number;
  p: number;
}

export interface EvalRunOptions {
  /** Trials per case over the eval's; null keeps the eval's. */
  trials: number | null;
  /** `tag:x`, `split:y`; every one must hold. */
  filter: string[];
}

/** A run started from the workbench, as it goes (`eval-progress` events). */
export interface EvalProgressView {
  eval: string;
  results: string;
  done: number;
  total: number;
  failed: number;
  elapsedMs: number;
  etaMs: number;
  /** Set once, at the end: finished, cancelled (what ran is kept), or failed with this error. */
  ended?: 'finished' | 'cancelled' | { error: string };
}

/** Add to dataset: the case written, as its dataset line holds it. */
export interface AddedCaseView {
  dataset: string;
  id: string;
  input: unknown;
  expected?: unknown;
}

/**
 * Line counts over an eval's trials (`evalLineCounts`, docs/debugging.md#which-lines-ran): every
 * trial's recording re-executed, as `brainbench coverage RESULTS.jsonl` counts them; the brains'
 * counts as an opened recording's line counts give them.
 */
export interface EvalLineCountsView extends RecordingCoverageView {
  results: string;
  /** The case whose trials were counted; null: every trial of the file. */
  case: string | null;
  /** Trials whose recordings were re-executed, of those asked for. */
  trials: number;
  of: number;
  /** Trials left out, with why (their recording is missing). */
  leftOut: { case: string; trial: number; reason: string }[];
  /** Iterations that did not run as recorded (the brain changed since): their lines count up to there. */
  diverged: number;
  /** Cancelled: the counts are those of the trials counted by then. */
  cancelled: boolean;
}

/** Line counts over an eval's trials as they go (`eval-line-counts-progress` events). */
export interface EvalLineCountsProgressView {
  results: string;
  case: string | null;
  /** Every recording is read and checked first, then each is re-executed. */
  phase: 'checking' | 'counting';
  done: number;
  of: number;
  /** Set once, at the end. */
  ended?: 'finished' | 'cancelled' | { error: string };
}

/** A trial compared by `evalTrialSplit`: the recordings of `SplitView.recordings` are these, in order. */
export interface SplitTrialView {
  trial: number;
  verdict: 'pass' | 'fail' | 'error';
  score: number;
  /** Its recording, as a workspace path to open in the Recording view. */
  recording: string;
}

/** Where an agent's split (or the answer before it) is in each trial: its recorded iteration there. */
export interface SplitPlaceView {
  agent: string;
  /** The iteration by position, as `AgentSplitView` counts it (1-based). */
  position: number;
  /** By trial compared: the iteration's number in that trial's recording; null where it has none. */
  iterations: (number | null)[];
}

/**
 * Where the trials of one case of a results file split (`evalTrialSplit`, docs/evals.md): their
 * recordings aligned as Compare ▸ Several aligns them, each trial with its verdict.
 */
export interface EvalTrialSplitView {
  results: string;
  case: string;
  /** The trials compared, by trial number; `split.recordings` names them `trial N`. */
  trials: SplitTrialView[];
  /** The case's trials whose recordings are missing: left out, the others compared. */
  missing: { trial: number; verdict: 'pass' | 'fail' | 'error'; recording: string }[];
  /** The case's trials past the first 100 (the most compared at once), left out. */
  leftOver: number;
  split: SplitView;
  /** Each split's and each answer-before-it's iteration in every trial, for the links to the Recording view. */
  places: SplitPlaceView[];
  /**
   * The comparison in plain words: where they split and whether that parts the passing trials
   * from the others; or that they made the same calls and what differs still (or that they are identical).
   */
  said: string;
}
