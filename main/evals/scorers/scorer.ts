// What every scorer is given and answers (docs/evals.md#scorers): the case, the trial's outcome,
// its recording (the trace, the judge calls made on it), its usage and time; a score in [0, 1]
// (or pass/fail) and a reason, or an error when it could not judge.

import type { EvalCase } from '../dataset.ts';
import type { ScorerSpec } from '../load-eval.ts';
import type { ScoreLine, TrialOutcome, TrialUsage } from '../results-format.ts';
import type { TemplateScope } from '../template.ts';
import type { Slots } from '../slots.ts';
import type { TrialRecording } from '../trial-recording.ts';
import type { OmwConfig } from '../../config/config-types.ts';

export interface ScoringInput {
  case: EvalCase;
  trial: number;
  scope: TemplateScope;
  outcome: TrialOutcome;
  recording: TrialRecording;
  usage: TrialUsage;
  durationMs: number;
  /** The config the trial ran (its mock turns filled): judges' providers are built from it. */
  config: OmwConfig;
  /** The run's seed (the pairwise judge's order). */
  seed: number;
  /** Counts the judges' answers served from the recording and those asked live. */
  judges?: { served: number; live: number };
  /** How many judges may be asked live at once (a rescore has many more trials in flight). */
  liveJudges?: Slots;
}

/** A score or a pass/fail with its reason; thrown ScorerErrors become the line's `error`. */
export interface Judgement {
  score: number;
  reason: string;
}

export interface Scorer {
  readonly spec: ScorerSpec;
  judge(input: ScoringInput): Judgement | Promise<Judgement>;
}

/** The scorer could not judge this trial: the run goes on, the trial's line says why. */
export class ScorerError extends Error {}

/** Runs a scorer on a trial: its judgement with pass at its threshold, or its error. */
export async function scoreWith(scorer: Scorer, input: ScoringInput): Promise<ScoreLine> {
  const { name, threshold } = scorer.spec;
  try {
    const { score, reason } = await scorer.judge(input);
    return { scorer: name, score, pass: score >= threshold, reason };
  } catch (error) {
    if (error instanceof ScorerError) return { scorer: name, error: error.message };
    return { scorer: name, error: `scorer failed: ${(error as Error).message}` };
  }
}

/** The answer the outcome checks look at; a trial without one fails them, saying why. */
export function answerOf(outcome: TrialOutcome): { text: string } | { missing: string } {
  if (outcome.text !== undefined) return { text: outcome.text };
  switch (outcome.kind) {
    case 'failed':
      return { missing: `no answer: agent "${outcome.agent}" failed: ${outcome.error}` };
    case 'budget':
      return { missing: `no answer: the trial ran out of budget: ${outcome.reason}` };
    case 'completed':
      return { missing: `no answer: agent "${outcome.agent}" completed without an exit message` };
    default:
      return { missing: `no answer: ${outcome.reason ?? 'the trial ended without one'}` };
  }
}

/** A cut-short rendering of a value in a reason. */
export function shown(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
