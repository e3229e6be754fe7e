// Watches a running trial for what ends it (docs/evals.md#the-end-of-a-trial): the answering
// agent's outcome, the endpoint's reply, or a budget spent (iterations, tokens, cost; time is the
// harness's timeout). A budget overrun ends the trial as its result, with the reason.

import { recordedPriceTable, type PriceTable } from '../config/params/price-table-params.ts';
import type { OmwConfig } from '../config/config-types.ts';
import type { TappedCall } from '../host/host.ts';
import type { Usage } from '../host-api/wit-types.generated.ts';
import type { HarnessRun } from '../testing/run-harness.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { EndShape } from './eval-schema.ts';

export interface BudgetOverrun {
  budget: 'max_iterations' | 'max_seconds' | 'max_tokens' | 'max_cost';
  reason: string;
}

export interface TrialEnd {
  /** The agent whose outcome ends the trial. */
  agent?: string;
  /** The input's endpoint request, whose reply ends the trial. */
  endpointReply: boolean;
}

export class TrialWatch {
  overrun: BudgetOverrun | undefined;
  private tokens = 0;
  private readonly cost = new Map<string, number>();
  private iterations = 0;
  private readonly prices: PriceTable;
  /** Per open stream: the provider and model it asked, for the price of its deltas' usage. */
  private readonly streams = new Map<string, { provider: string; model: string }>();

  constructor(
    private readonly run: HarnessRun,
    private readonly end: EndShape,
    private readonly ends: TrialEnd,
    private readonly config: OmwConfig,
  ) {
    this.prices = recordedPriceTable(config.providers);
    const { host } = run.supervisor;
    host.trace.subscribe((event) => this.traced(event));
    const tap = host.callTap;
    host.callTap = (call) => {
      tap?.(call);
      this.called(call);
    };
  }

  private traced(event: TraceEvent): void {
    switch (event.type) {
      case 'iteration-end': {
        this.iterations++;
        if (
          event.agent === this.ends.agent &&
          (!this.end.loop || (event.outcome !== undefined && event.outcome !== 'completed'))
        )
          return this.run.end();
        const max = this.end.max_iterations;
        if (max !== undefined && this.iterations >= max)
          this.overran('max_iterations', `${this.iterations} iterations ran: max_iterations = ${max}`);
        return;
      }
      case 'call':
        if (event.op === 'chat_stream' && event.uuid) {
          const detail = event.detail as { provider?: string; model?: string };
          this.streams.set(event.uuid, { provider: String(detail.provider ?? ''), model: String(detail.model ?? '') });
        }
        if (this.ends.endpointReply && event.op === 'stream_endpoint') {
          const reason = (event.detail as { finish_reason?: unknown }).finish_reason;
          if (reason !== null && reason !== undefined) this.run.end();
        }
        return;
      case 'delivered':
        if (event.event.kind === 'chat-delta' && event.event.data.usage) {
          const stream = this.streams.get(event.id);
          this.used(stream?.provider ?? '', stream?.model ?? '', event.event.data.usage);
        }
        return;
      default:
        return;
    }
  }

  private called(call: TappedCall): void {
    if (call.op !== 'provider.chat' || !call.outcome.ok) return;
    const usage = (call.outcome.value as { usage?: Usage } | undefined)?.usage;
    if (!usage) return;
    const provider = String(call.args[0] ?? '');
    this.used(provider, typeof call.args[1] === 'string' ? call.args[1] : '', usage);
  }

  private used(provider: string, named: string, usage: Usage): void {
    const prompt = usage.prompt_tokens ?? 0;
    const completion = usage.completion_tokens ?? 0;
    this.tokens += usage.total_tokens ?? prompt + completion;
    const fallback = this.config.providers[provider]?.params['model'];
    const model = named || (typeof fallback === 'string' ? fallback : '');
    const price = this.prices[provider]?.[model];
    if (price) {
      const amount = (prompt * price.input_per_mtok + completion * price.output_per_mtok) / 1_000_000;
      this.cost.set(price.currency, (this.cost.get(price.currency) ?? 0) + amount);
    }
    const { max_tokens: maxTokens, max_cost: maxCost } = this.end;
    if (maxTokens !== undefined && this.tokens > maxTokens)
      this.overran('max_tokens', `${this.tokens} tokens used: max_tokens = ${maxTokens}`);
    for (const [currency, amount] of this.cost)
      if (maxCost !== undefined && amount > maxCost)
        this.overran('max_cost', `${round(amount)} ${currency} spent: max_cost = ${maxCost}`);
  }

  private overran(budget: BudgetOverrun['budget'], reason: string): void {
    if (this.overrun) return;
    this.overrun = { budget, reason };
    this.run.end();
  }
}

const round = (amount: number) => Number(amount.toPrecision(4));

/**
 * The budgets a trial served from a recording overran, by its recorded usage (a replay is not
 * watched as it runs: what it serves costs nothing now, but it did when it ran).
 */
export function recordedOverrun(
  usage: { tokens: { total: number }; cost: { amounts: Record<string, number> }; iterations: number },
  end: EndShape,
): BudgetOverrun | undefined {
  if (end.max_tokens !== undefined && usage.tokens.total > end.max_tokens)
    return { budget: 'max_tokens', reason: `${usage.tokens.total} tokens used: max_tokens = ${end.max_tokens}` };
  for (const [currency, amount] of Object.entries(usage.cost.amounts))
    if (end.max_cost !== undefined && amount > end.max_cost)
      return { budget: 'max_cost', reason: `${round(amount)} ${currency} spent: max_cost = ${end.max_cost}` };
  if (end.max_iterations !== undefined && usage.iterations > end.max_iterations)
    return {
      budget: 'max_iterations',
      reason: `${usage.iterations} iterations ran: max_iterations = ${end.max_iterations}`,
    };
  return undefined;
}
