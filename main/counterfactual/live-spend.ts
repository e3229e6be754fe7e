// What a branch that went live after its divergence cost, and what replaying its recorded prefix
// saved: the provider calls after each agent's live point in the branch (spent), and the recorded
// ones before it, served from the recording instead of paid for again (saved). Both are priced by
// the workspace's price table, what the calls cost now.

import type { SpendView } from '../../contract/counterfactual-views.ts';
import type { PriceTable } from '../config/params/price-table-params.ts';
import { accountingOf } from '../recording/accounting.ts';
import type { RecordedCall, Recording } from '../recording/recording.ts';

/** Where an agent went live: from call `call` (1-based) of its iteration at `position` (0-based). */
export interface LivePoint {
  position: number;
  call: number;
}

export const noSpend = (): SpendView => ({
  providerCalls: 0,
  tokens: { prompt: 0, completion: 0, total: 0 },
  cost: { amounts: {}, unpriced: 0 },
});

export function addSpend(total: SpendView, more: SpendView): void {
  total.providerCalls += more.providerCalls;
  total.tokens.prompt += more.tokens.prompt;
  total.tokens.completion += more.tokens.completion;
  total.tokens.total += more.tokens.total;
  total.cost.unpriced += more.cost.unpriced;
  for (const [currency, amount] of Object.entries(more.cost.amounts))
    total.cost.amounts[currency] = (total.cost.amounts[currency] ?? 0) + amount;
}

/**
 * The provider calls of `agents` in `recording` on one side of each one's live point: `before`
 * (an agent with no live point: all its calls) or `after` (none of such an agent's).
 */
export function spendAround(
  recording: Recording,
  agents: readonly string[],
  points: ReadonlyMap<string, LivePoint>,
  side: 'before' | 'after',
  prices: PriceTable,
): SpendView {
  const spend = noSpend();
  const accounting = accountingOf(recording, '', prices);
  for (const agent of agents) {
    const point = points.get(agent);
    const iterations = recording.agents.get(agent)?.iterations ?? [];
    const usage = accounting.callUsage(agent);
    iterations.forEach((iteration, position) => {
      for (const call of iteration.calls) {
        if (isBefore(position, call, point) !== (side === 'before')) continue;
        const used = usage.get(call);
        if (!used) continue;
        addSpend(spend, {
          providerCalls: 1,
          tokens: used.tokens,
          cost: used.cost
            ? { amounts: { [used.cost.currency]: used.cost.amount }, unpriced: 0 }
            : { amounts: {}, unpriced: 1 },
        });
      }
    });
  }
  return spend;
}

const isBefore = (position: number, call: RecordedCall, point: LivePoint | undefined): boolean =>
  !point || position < point.position || (position === point.position && call.index < point.call);
