// What a trial spent against the scorer's limits (docs/evals.md#scorers): cost, tokens, latency,
// iterations and host calls, from the recording's accounting (main/recording/accounting.ts). The
// score is the share of limits kept; it passes when every one is.

import type { ScorerSpec } from '../load-eval.ts';
import type { Judgement, Scorer, ScoringInput } from './scorer.ts';

export class BudgetScorer implements Scorer {
  constructor(readonly spec: Extract<ScorerSpec, { kind: 'budget' }>) {}

  judge({ usage, durationMs }: ScoringInput): Judgement {
    const { max_cost, max_tokens, max_latency_ms, max_iterations, max_calls } = this.spec;
    const checks: { name: string; value: number; limit: number | undefined; unit: string }[] = [
      { name: 'cost', value: Math.max(0, ...Object.values(usage.cost.amounts)), limit: max_cost, unit: '' },
      { name: 'tokens', value: usage.tokens.total, limit: max_tokens, unit: '' },
      { name: 'latency', value: durationMs, limit: max_latency_ms, unit: ' ms' },
      { name: 'iterations', value: usage.iterations, limit: max_iterations, unit: '' },
      { name: 'host calls', value: usage.calls, limit: max_calls, unit: '' },
    ];
    const limited = checks.filter((check) => check.limit !== undefined);
    if (limited.length === 0) return { score: 1, reason: 'no limits set' };
    const over = limited.filter((check) => check.value > check.limit!);
    const show = (value: number) => String(Number(value.toPrecision(4)));
    const describe = (check: (typeof checks)[number]) =>
      `${check.name} ${show(check.value)}${check.unit} ${check.value > check.limit! ? '>' : '<='} ${show(check.limit!)}${check.unit}`;
    const unpriced =
      max_cost !== undefined && usage.cost.unpriced > 0
        ? ` (${usage.cost.unpriced} provider calls without a price)`
        : '';
    return {
      score: (limited.length - over.length) / limited.length,
      reason: `${limited.map(describe).join(', ')}${unpriced}`,
    };
  }
}
