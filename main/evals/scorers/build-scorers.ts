// The eval's scorers, built once for a run or a rescore, and a trial scored with all of them. A
// scorer's line carries its identity, so that a rescore keeps the lines of the scorers unchanged
// since (a score is a function of the scorer, the trial's line and its recording, none of which a
// rescore changes) and runs only the new or changed ones.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

import type { ScorerSpec } from '../load-eval.ts';
import type { ScoreLine, TrialLine } from '../results-format.ts';
import { AssertionsScorer } from './assertions-scorer.ts';
import { BudgetScorer } from './budget-scorer.ts';
import { CodeScorer, type ScorerProcesses } from './code-scorer.ts';
import { JudgeScorer } from './judge-scorer.ts';
import { ContainsScorer, EqualsScorer, JsonSchemaScorer, NumericScorer, RegexScorer } from './outcome-scorers.ts';
import { PairwiseScorer } from './pairwise-scorer.ts';
import { scoreWith, type Scorer, type ScoringInput } from './scorer.ts';

export interface Scorers {
  list: Scorer[];
  /** Each scorer's identity by name: what it is set to, and what it reads (a script, a baseline). */
  hashes: Map<string, string>;
  close(): Promise<void>;
}

function identity(spec: ScorerSpec): string {
  // Files by their bytes, not where they are: a results file moved with its eval keeps its scores.
  const {
    at: _at,
    assertion: _assertion,
    absentEvents: _absent,
    scriptFile: _scriptFile,
    againstFile: _againstFile,
    ...settings
  } = spec;
  const hash = createHash('sha256').update(JSON.stringify(settings));
  for (const file of [spec.scriptFile, spec.againstFile])
    if (file !== undefined && existsSync(file)) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export function buildScorers(specs: readonly ScorerSpec[], processes: ScorerProcesses): Scorers {
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
    hashes: new Map(specs.map((spec) => [spec.name, identity(spec)])),
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
  caseTags: readonly string[],
  input: () => ScoringInput,
  earlier: readonly ScoreLine[] = [],
): Promise<Pick<TrialLine, 'scores' | 'score' | 'verdict'>> {
  const scores: ScoreLine[] = [];
  // Built (the recording read) only when a scorer must run.
  let given: ScoringInput | undefined;
  for (const scorer of scorers.list) {
    const { tags, name } = scorer.spec;
    if (tags && !caseTags.some((tag) => tags.includes(tag))) continue;
    const hash = scorers.hashes.get(name)!;
    const kept = earlier.find((line) => line.scorer === name && line.hash === hash);
    scores.push(kept ?? { hash, ...(await scoreWith(scorer, (given ??= input()))) });
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
