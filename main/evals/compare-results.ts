// `brainbench eval compare BASE CANDIDATE` (docs/evals.md#comparing-runs): each case in both,
// improved, regressed or unchanged by its mean score over its trials; Student's paired t test on
// those differences; the score, pass@k, cost and latency of each side with the deltas; and the
// thresholds (`--max-regressions`, `--min-delta`) that make the verdict a CI gate.

import type { CostTotal } from '../../contract/accounting-views.ts';
import { addCost, caseStats, groupStats, type CaseStats, type GroupStats, type StatTrial } from './eval-statistics.ts';
import type { ResultsHeader, TrialLine } from './results-format.ts';
import { mean, pairedTTest } from './student-t.ts';

/** Score differences smaller than this are rounding, not change. */
const EPSILON = 1e-9;

export interface CaseComparison {
  case: string;
  status: 'improved' | 'regressed' | 'unchanged';
  base: CaseStats;
  candidate: CaseStats;
  /** Candidate's mean score minus base's. */
  delta: number;
}

export interface Side {
  file: string;
  overall: GroupStats;
  cost: CostTotal;
  /** Mean trial duration. */
  latencyMs: number;
  tokens: number;
}

export interface Thresholds {
  /** The most regressed cases allowed; 0 by default. */
  maxRegressions?: number;
  /** The least mean score change allowed (-0.02 tolerates a drop of 0.02). */
  minDelta?: number;
}

export interface Comparison {
  base: Side;
  candidate: Side;
  /** Regressed first (largest drop first), then improved, then unchanged. */
  cases: CaseComparison[];
  counts: { improved: number; regressed: number; unchanged: number };
  onlyInBase: string[];
  onlyInCandidate: string[];
  /** Over the cases in both: the mean of the candidate's minus the base's mean scores. */
  meanDelta: number;
  test: { t: number; df: number; p: number };
  gate: { pass: boolean; reasons: string[] };
}

/** What a comparison reads of a trial: a trial line has it, and so has the Evals view's compact trial. */
export type ComparedTrial = StatTrial & { usage: Pick<TrialLine['usage'], 'cost' | 'tokens'> };

/** What a comparison reads of a results file. */
export interface ComparedResults {
  file: string;
  header: Pick<ResultsHeader, 'options'>;
  trials: readonly ComparedTrial[];
}

/** A run's side: the statistics `summarize` gives it, computed from its cases' alone. */
function side(results: ComparedResults, cases: readonly CaseStats[]): Side {
  const cost: CostTotal = { amounts: {}, unpriced: 0 };
  let tokens = 0;
  for (const t of results.trials) {
    addCost(cost, t.usage.cost);
    tokens += t.usage.tokens.total;
  }
  return {
    file: results.file,
    overall: groupStats(cases, results.header.options.trials),
    cost,
    latencyMs: results.trials.length > 0 ? mean(results.trials.map((t) => t.durationMs)) : 0,
    tokens,
  };
}

export function compareResults(
  base: ComparedResults,
  candidate: ComparedResults,
  thresholds: Thresholds = {},
): Comparison {
  const baseCases = caseStats(base.trials);
  const candidateCases = caseStats(candidate.trials);
  const before = new Map(baseCases.map((c) => [c.case, c]));
  const after = new Map(candidateCases.map((c) => [c.case, c]));
  const cases: CaseComparison[] = [];
  for (const [id, b] of before) {
    const c = after.get(id);
    if (!c) continue;
    const delta = c.meanScore - b.meanScore;
    const status = delta < -EPSILON ? 'regressed' : delta > EPSILON ? 'improved' : 'unchanged';
    cases.push({ case: id, status, base: b, candidate: c, delta });
  }
  const order = { regressed: 0, improved: 1, unchanged: 2 };
  cases.sort(
    (x, y) =>
      order[x.status] - order[y.status] ||
      (x.status === 'improved' ? y.delta - x.delta : x.delta - y.delta) ||
      x.base.caseIndex - y.base.caseIndex,
  );
  const counts = {
    improved: cases.filter((c) => c.status === 'improved').length,
    regressed: cases.filter((c) => c.status === 'regressed').length,
    unchanged: cases.filter((c) => c.status === 'unchanged').length,
  };
  const deltas = cases.map((c) => c.delta);
  const meanDelta = deltas.length > 0 ? mean(deltas) : 0;
  const maxRegressions = thresholds.maxRegressions ?? 0;
  const reasons: string[] = [];
  if (counts.regressed > maxRegressions)
    reasons.push(
      `${counts.regressed} case${counts.regressed === 1 ? '' : 's'} regressed (at most ${maxRegressions} allowed: --max-regressions)`,
    );
  if (thresholds.minDelta !== undefined && meanDelta < thresholds.minDelta)
    reasons.push(`the mean score changed by ${meanDelta.toFixed(4)}, below --min-delta ${thresholds.minDelta}`);
  return {
    base: side(base, baseCases),
    candidate: side(candidate, candidateCases),
    cases,
    counts,
    onlyInBase: [...before.keys()].filter((id) => !after.has(id)),
    onlyInCandidate: [...after.keys()].filter((id) => !before.has(id)),
    meanDelta,
    test: pairedTTest(deltas),
    gate: { pass: reasons.length === 0, reasons },
  };
}
