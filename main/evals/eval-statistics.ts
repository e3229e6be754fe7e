// What a results file says (docs/evals.md#statistics): per case its trials' passes and mean
// score, and whether they disagree; for the run, each tag and each split: pass@k (at least one of
// k trials passes) and pass^k (all k pass, tau-bench's reliability), both with the unbiased
// estimator over each case's n trials, and the mean score with its 95% confidence interval
// (Student's t over the cases' mean scores: the cases are the independent draws).

import type { CostTotal } from '../../contract/accounting-views.ts';
import type { ResultsHeader, TrialLine } from './results-format.ts';
import { mean, meanInterval } from './student-t.ts';

/** What the per-case statistics read of a trial: a trial line, or the compact trial the Evals view keeps. */
export type StatTrial = Pick<
  TrialLine,
  'case' | 'caseIndex' | 'tags' | 'split' | 'verdict' | 'score' | 'durationMs'
> & {
  usage: Pick<TrialLine['usage'], 'cost'>;
};

export interface CaseStats {
  case: string;
  caseIndex: number;
  tags: string[];
  split?: string;
  trials: number;
  passes: number;
  errors: number;
  meanScore: number;
  /** Some trials passed and some did not. */
  disagree: boolean;
  costAmounts: Record<string, number>;
  durationMs: number;
}

export interface GroupStats {
  cases: number;
  trials: number;
  passed: number;
  errors: number;
  /** The share of trials that passed. */
  passRate: number;
  k: number;
  passAtK: number;
  passHatK: number;
  meanScore: number;
  /** 95%, Student's t over the cases' mean scores; absent for a single case. */
  interval?: [number, number];
}

export interface ScorerStats {
  scorer: string;
  meanScore: number;
  passRate: number;
  errors: number;
}

export interface EvalSummary {
  k: number;
  overall: GroupStats;
  byTag: Record<string, GroupStats>;
  bySplit: Record<string, GroupStats>;
  scorers: ScorerStats[];
  /** Disagreeing cases first, then failing ones, then the rest, each in case order. */
  cases: CaseStats[];
  reuse: { fresh: number; reused: number; partly: number; savedTokens: number; savedCost: CostTotal };
  usage: { tokens: number; cost: CostTotal };
  durationMs: number;
}

/** C(n, k) / C(m, k) as a product, without overflowing. */
function ratio(n: number, m: number, k: number): number {
  if (k > n) return 0;
  let value = 1;
  for (let i = 0; i < k; i++) value *= (n - i) / (m - i);
  return value;
}

/** pass@k = 1 - C(n-c, k)/C(n, k); pass^k = C(c, k)/C(n, k); k at most the case's n. */
export function passAtK(n: number, c: number, k: number): number {
  const kk = Math.min(k, n);
  return 1 - ratio(n - c, n, kk);
}

export function passHatK(n: number, c: number, k: number): number {
  const kk = Math.min(k, n);
  return ratio(c, n, kk);
}

export function addCost(total: CostTotal, more: CostTotal): void {
  total.unpriced += more.unpriced;
  for (const [currency, amount] of Object.entries(more.amounts))
    total.amounts[currency] = (total.amounts[currency] ?? 0) + amount;
}

export function caseStats(trials: readonly StatTrial[]): CaseStats[] {
  const byCase = new Map<string, StatTrial[]>();
  for (const trial of trials) {
    let list = byCase.get(trial.case);
    if (!list) byCase.set(trial.case, (list = []));
    list.push(trial);
  }
  return [...byCase.values()].map((list) => {
    const first = list[0]!;
    const passes = list.filter((t) => t.verdict === 'pass').length;
    const cost: CostTotal = { amounts: {}, unpriced: 0 };
    for (const t of list) addCost(cost, t.usage.cost);
    return {
      case: first.case,
      caseIndex: first.caseIndex,
      tags: first.tags,
      ...(first.split !== undefined ? { split: first.split } : {}),
      trials: list.length,
      passes,
      errors: list.filter((t) => t.verdict === 'error').length,
      meanScore: mean(list.map((t) => t.score)),
      disagree: passes > 0 && passes < list.length,
      costAmounts: cost.amounts,
      durationMs: mean(list.map((t) => t.durationMs)),
    };
  });
}

export function groupStats(cases: readonly CaseStats[], k: number): GroupStats {
  const trials = cases.reduce((sum, c) => sum + c.trials, 0);
  const passed = cases.reduce((sum, c) => sum + c.passes, 0);
  const scores = cases.map((c) => c.meanScore);
  const interval = meanInterval(scores);
  return {
    cases: cases.length,
    trials,
    passed,
    errors: cases.reduce((sum, c) => sum + c.errors, 0),
    passRate: trials > 0 ? passed / trials : 0,
    k,
    passAtK: cases.length > 0 ? mean(cases.map((c) => passAtK(c.trials, c.passes, k))) : 0,
    passHatK: cases.length > 0 ? mean(cases.map((c) => passHatK(c.trials, c.passes, k))) : 0,
    meanScore: cases.length > 0 ? mean(scores) : 0,
    ...(interval ? { interval } : {}),
  };
}

export function summarize(header: ResultsHeader, trials: readonly TrialLine[]): EvalSummary {
  const k = header.options.trials;
  const cases = caseStats(trials);
  const grouped = (key: (c: CaseStats) => string[]) => {
    const groups = new Map<string, CaseStats[]>();
    for (const c of cases)
      for (const name of key(c)) {
        let list = groups.get(name);
        if (!list) groups.set(name, (list = []));
        list.push(c);
      }
    return Object.fromEntries(
      [...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, list]) => [name, groupStats(list, k)]),
    );
  };
  const scorerNames = header.eval.scorers.map((s) => s.name);
  const scorers = scorerNames.map((name): ScorerStats => {
    const lines = trials.flatMap((t) => t.scores.filter((s) => s.scorer === name));
    const judged = lines.filter((s) => s.score !== undefined);
    return {
      scorer: name,
      meanScore: judged.length > 0 ? mean(judged.map((s) => s.score!)) : 0,
      passRate: judged.length > 0 ? judged.filter((s) => s.pass).length / judged.length : 0,
      errors: lines.length - judged.length,
    };
  });
  const rank = (c: CaseStats) => (c.disagree ? 0 : c.passes < c.trials ? 1 : 2);
  const savedCost: CostTotal = { amounts: {}, unpriced: 0 };
  const cost: CostTotal = { amounts: {}, unpriced: 0 };
  let savedTokens = 0;
  let tokens = 0;
  for (const t of trials) {
    addCost(cost, t.usage.cost);
    tokens += t.usage.tokens.total;
    if (t.saved) {
      savedTokens += t.saved.tokens;
      addCost(savedCost, t.saved.cost);
    }
  }
  return {
    k,
    overall: groupStats(cases, k),
    byTag: grouped((c) => c.tags),
    bySplit: grouped((c) => (c.split !== undefined ? [c.split] : [])),
    scorers,
    cases: [...cases].sort((a, b) => rank(a) - rank(b) || a.caseIndex - b.caseIndex),
    reuse: {
      fresh: trials.filter((t) => t.reused === 'fresh').length,
      reused: trials.filter((t) => t.reused === 'reused').length,
      partly: trials.filter((t) => t.reused === 'partly').length,
      savedTokens,
      savedCost,
    },
    usage: { tokens, cost },
    durationMs: trials.reduce((sum, t) => sum + t.durationMs, 0),
  };
}
