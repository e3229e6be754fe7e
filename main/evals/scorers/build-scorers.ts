// The eval's scorers, built once for a run or a rescore, and a trial scored with all of them.

import type { AgentSpawner } from '../../supervisor/agent-spawner.ts';
import type { ScorerSpec } from '../load-eval.ts';
import type { ScoreLine, TrialLine } from '../results-format.ts';
import { AssertionsScorer } from './assertions-scorer.ts';
import { BudgetScorer } from './budget-scorer.ts';
import { CodeScorer } from './code-scorer.ts';
import { JudgeScorer } from './judge-scorer.ts';
import { ContainsScorer, EqualsScorer, JsonSchemaScorer, NumericScorer, RegexScorer } from './outcome-scorers.ts';
import { PairwiseScorer } from './pairwise-scorer.ts';
import { scoreWith, type Scorer, type ScoringInput } from './scorer.ts';

export interface Scorers {
  list: Scorer[];
  close(): Promise<void>;
}

export function buildScorers(
  specs: readonly ScorerSpec[],
  processes: { spawner: AgentSpawner; entry: string },
): Scorers {
  const list = specs.map((spec): Scorer => {
    switch (spec.kind) {
      case 'assertions':
        return new AssertionsScorer(spec);
      case 'equals':
        return new EqualsScorer(spec);
      case 'contains':
        return new ContainsScorer(spec);
      case 'regex':
        return new RegexScorer(spec);
      case 'json_schema':
        return new JsonSchemaScorer(spec);
      case 'numeric':
        return new NumericScorer(spec);
      case 'budget':
        return new BudgetScorer(spec);
      case 'code':
        return new CodeScorer(spec, processes);
      case 'judge':
        return new JudgeScorer(spec);
      case 'pairwise':
        return new PairwiseScorer(spec);
    }
  });
  return {
    list,
    close: async () => {
      await Promise.all(list.map((scorer) => (scorer instanceof CodeScorer ? scorer.close() : undefined)));
    },
  };
}

/**
 * The trial's scores (by the scorers whose tags the case has), its weighted mean score, and its
 * verdict: an error when a scorer could not judge.
 */
export async function scoreTrial(
  scorers: Scorers,
  input: ScoringInput,
): Promise<Pick<TrialLine, 'scores' | 'score' | 'verdict'>> {
  const scores: ScoreLine[] = [];
  for (const scorer of scorers.list) {
    const { tags } = scorer.spec;
    if (tags && !input.case.tags.some((tag) => tags.includes(tag))) continue;
    scores.push(await scoreWith(scorer, input));
  }
  return { scores, ...summaryOf(scores, scorers.list) };
}

export function summaryOf(
  scores: readonly ScoreLine[],
  scorers: readonly Scorer[],
): Pick<TrialLine, 'score' | 'verdict'> {
  let weighted = 0;
  let weights = 0;
  const weightOf = new Map(scorers.map((scorer) => [scorer.spec.name, scorer.spec.weight]));
  scores.forEach((line) => {
    const weight = weightOf.get(line.scorer) ?? 1;
    if (line.score === undefined) return;
    weighted += line.score * weight;
    weights += weight;
  });
  const verdict = scores.some((line) => line.error !== undefined)
    ? 'error'
    : scores.every((line) => line.pass)
      ? 'pass'
      : 'fail';
  return { score: weights > 0 ? weighted / weights : verdict === 'pass' ? 1 : 0, verdict };
}
