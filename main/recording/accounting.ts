// The accounting of a recording (docs/recordings.md#accounting): what each provider call used and
// cost, summed per iteration, agent, model and run, and each iteration's host calls on its time
// axis. A stream's usage arrives on its `chat-delta` events, possibly iterations after the call
// that opened it: it is attributed to that call through the stream's id.

import type {
  AccountingView,
  AgentAccounting,
  CostTotal,
  IterationAccounting,
  IterationWaterfall,
  ModelAccounting,
  ProviderUsage,
  UsageTotals,
  WaterfallBar,
} from '../../contract/accounting-views.ts';
import type { TokenCount } from '../../contract/recording-views.ts';
import { recordedPriceTable, type ModelPrice, type PriceTable } from '../config/params/price-table-params.ts';
import type { Usage } from '../host-api/wit-types.generated.ts';
import type { RecordedAgent, RecordedCall, RecordedIteration, Recording } from './recording.ts';

const PROVIDER_CALLS = new Set(['provider.chat', 'provider.chat-stream']);
/** Calls that return a handle at once and go on until the handle's source ends. */
const SPANNING_CALLS = new Set(['provider.chat-stream', 'tooling.call-tool']);

const noTokens = (): TokenCount => ({ prompt: 0, completion: 0, total: 0 });
const noCost = (): CostTotal => ({ amounts: {}, unpriced: 0 });
const noTotals = (): UsageTotals => ({ calls: 0, providerCalls: 0, tokens: noTokens(), cost: noCost() });

function addUsage(count: TokenCount, usage: Usage | undefined): void {
  if (!usage) return;
  const prompt = usage.prompt_tokens ?? 0;
  const completion = usage.completion_tokens ?? 0;
  count.prompt += prompt;
  count.completion += completion;
  count.total += usage.total_tokens ?? prompt + completion;
}

function addTokens(count: TokenCount, more: TokenCount): void {
  count.prompt += more.prompt;
  count.completion += more.completion;
  count.total += more.total;
}

function addUsageTo(totals: UsageTotals, usage: ProviderUsage): void {
  totals.providerCalls++;
  addTokens(totals.tokens, usage.tokens);
  if (!usage.cost) totals.cost.unpriced++;
  else totals.cost.amounts[usage.cost.currency] = (totals.cost.amounts[usage.cost.currency] ?? 0) + usage.cost.amount;
}

function addTotals(totals: UsageTotals, more: UsageTotals): void {
  totals.calls += more.calls;
  totals.providerCalls += more.providerCalls;
  addTokens(totals.tokens, more.tokens);
  totals.cost.unpriced += more.cost.unpriced;
  for (const [currency, amount] of Object.entries(more.cost.amounts))
    totals.cost.amounts[currency] = (totals.cost.amounts[currency] ?? 0) + amount;
}

const costOf = (tokens: TokenCount, price: ModelPrice | undefined) =>
  price
    ? {
        amount: (tokens.prompt * price.input_per_mtok + tokens.completion * price.output_per_mtok) / 1_000_000,
        currency: price.currency,
      }
    : null;

/** What an agent's calls used and when their streams ended, found in one pass over its iterations. */
interface AgentLedger {
  usage: Map<RecordedCall, ProviderUsage>;
  /** Per handle of a spanning call: when its source closed, else its last inbound event. */
  closedAt: Map<string, number>;
  lastInboundAt: Map<string, number>;
  /** Usage on deltas of streams this recording did not open (a bounded recording's earlier segment). */
  orphanTokens: Map<RecordedIteration, TokenCount>;
}

export class RecordingAccounting {
  private readonly ledgers = new Map<string, AgentLedger>();

  constructor(
    private readonly recording: Recording,
    private readonly prices: PriceTable,
    private readonly path: string,
  ) {
    for (const agent of recording.agents.values()) this.ledgers.set(agent.name, this.ledgerOf(agent));
  }

  view(): AccountingView {
    const run = noTotals();
    const models = new Map<string, ModelAccounting>();
    const agents: AgentAccounting[] = [];
    for (const agent of [...this.recording.agents.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const ledger = this.ledgers.get(agent.name)!;
      const totals = noTotals();
      const iterations = agent.iterations.map((iteration, position) => {
        const row = this.iterationRow(iteration, position, ledger);
        addTotals(totals, row);
        return row;
      });
      addTotals(run, totals);
      for (const usage of ledger.usage.values()) {
        const key = `${usage.provider}\u0000${usage.model}`;
        let model = models.get(key);
        if (!model) models.set(key, (model = { provider: usage.provider, model: usage.model, ...noTotals() }));
        model.calls++;
        addUsageTo(model, usage);
      }
      agents.push({ agent: agent.name, totals, iterations });
    }
    const { header } = this.recording;
    return {
      path: this.path,
      createdAt: header.createdAt,
      mode: header.mode,
      truncated: this.recording.truncated,
      priced: Object.values(this.prices).some((models) => Object.keys(models).length > 0),
      run,
      agents,
      models: [...models.values()].sort((a, b) =>
        a.provider === b.provider ? (a.model < b.model ? -1 : 1) : a.provider < b.provider ? -1 : 1,
      ),
    };
  }

  /** What each of the agent's provider calls used and cost (a stream's deltas on its opening call). */
  callUsage(agent: string): ReadonlyMap<RecordedCall, ProviderUsage> {
    return this.ledgers.get(agent)?.usage ?? new Map();
  }

  /** The agent's iteration at `position` (0-based, in recorded order) with its calls on its time axis. */
  waterfall(agentName: string, position: number): IterationWaterfall {
    const agent = this.recording.agents.get(agentName);
    const iteration = agent?.iterations[position];
    if (!agent || !iteration)
      throw new Error(`the recording has no iteration at position ${position} of "${agentName}"`);
    const ledger = this.ledgers.get(agentName)!;
    const start = startOf(iteration);
    const bars = iteration.calls.map((call): WaterfallBar => {
      const usage = ledger.usage.get(call);
      const bar: WaterfallBar = {
        index: call.index,
        op: call.op,
        ok: call.ok,
        startMs: call.time - start,
        durationMs: call.durationMs,
        ...(usage ? { usage } : {}),
      };
      const handle = SPANNING_CALLS.has(call.op) && call.ok && typeof call.value === 'string' ? call.value : undefined;
      if (handle === undefined) return bar;
      const end = ledger.closedAt.get(handle) ?? ledger.lastInboundAt.get(handle);
      if (end !== undefined) return { ...bar, endMs: Math.max(end - start, bar.startMs + bar.durationMs) };
      const until = iteration.end ? iteration.end.time : lastTimeOf(iteration);
      return { ...bar, endMs: Math.max(until - start, bar.startMs + bar.durationMs), open: true };
    });
    return {
      agent: agentName,
      iteration: iteration.iteration,
      startTime: start,
      ...(iteration.end ? { durationMs: iteration.end.durationMs } : {}),
      bars,
    };
  }

  private iterationRow(iteration: RecordedIteration, position: number, ledger: AgentLedger): IterationAccounting {
    const row: IterationAccounting = {
      position,
      iteration: iteration.iteration,
      startTime: startOf(iteration),
      ...(iteration.end ? { durationMs: iteration.end.durationMs } : {}),
      ...(iteration.end?.error !== undefined ? { error: iteration.end.error } : {}),
      ...noTotals(),
    };
    row.calls = iteration.calls.length;
    for (const call of iteration.calls) {
      const usage = ledger.usage.get(call);
      if (usage) addUsageTo(row, usage);
    }
    const orphan = ledger.orphanTokens.get(iteration);
    if (orphan) {
      addTokens(row.tokens, orphan);
      row.cost.unpriced++;
    }
    return row;
  }

  private ledgerOf(agent: RecordedAgent): AgentLedger {
    const ledger: AgentLedger = {
      usage: new Map(),
      closedAt: new Map(),
      lastInboundAt: new Map(),
      orphanTokens: new Map(),
    };
    const streams = new Map<string, ProviderUsage>();
    for (const iteration of agent.iterations)
      for (const call of iteration.calls) {
        if (!PROVIDER_CALLS.has(call.op)) continue;
        const usage = this.providerUsage(call);
        ledger.usage.set(call, usage);
        if (call.op === 'provider.chat') {
          if (call.ok) addUsage(usage.tokens, (call.value as { usage?: Usage } | undefined)?.usage);
        } else if (call.ok && typeof call.value === 'string') streams.set(call.value, usage);
      }
    // Deltas are counted wherever they arrived, so the calls' events are read once all calls are known.
    for (const iteration of agent.iterations)
      for (const event of iteration.events) {
        if (event.type === 'closed') ledger.closedAt.set(event.uuid, event.time);
        if (event.type !== 'inbound') continue;
        ledger.lastInboundAt.set(event.id, event.time);
        if (event.event.kind !== 'chat-delta' || !event.event.data.usage) continue;
        const stream = streams.get(event.id);
        if (stream) addUsage(stream.tokens, event.event.data.usage);
        else {
          let orphan = ledger.orphanTokens.get(iteration);
          if (!orphan) ledger.orphanTokens.set(iteration, (orphan = noTokens()));
          addUsage(orphan, event.event.data.usage);
        }
      }
    for (const usage of ledger.usage.values()) usage.cost = costOf(usage.tokens, this.priceOf(usage));
    return ledger;
  }

  /** The price of a provider's model; provider and model names come from the recording, so only own entries count. */
  private priceOf({ provider, model }: { provider: string; model: string }): ModelPrice | undefined {
    const models = Object.hasOwn(this.prices, provider) ? this.prices[provider] : undefined;
    return models && Object.hasOwn(models, model) ? models[model] : undefined;
  }

  private providerUsage(call: RecordedCall): ProviderUsage {
    const provider = String(call.args[0] ?? '');
    const named = typeof call.args[1] === 'string' ? call.args[1] : '';
    return {
      provider,
      model: named || this.defaultModel(provider),
      streamed: call.op === 'provider.chat-stream',
      tokens: noTokens(),
      cost: null,
    };
  }

  /** The provider's configured `model`, which a call naming none uses. */
  private defaultModel(provider: string): string {
    const model = this.recording.header.config.providers[provider]?.params['model'];
    return typeof model === 'string' ? model : '';
  }
}

const startOf = (iteration: RecordedIteration): number => iteration.events[0]?.time ?? iteration.calls[0]?.time ?? 0;

function lastTimeOf(iteration: RecordedIteration): number {
  const lastCall = iteration.calls.at(-1);
  return Math.max(iteration.events.at(-1)?.time ?? 0, lastCall ? lastCall.time + lastCall.durationMs : 0);
}

/** The accounting of a recording, priced by `prices` or, without them, by the price table its header's config holds. */
export function accountingOf(recording: Recording, path: string, prices?: PriceTable): RecordingAccounting {
  return new RecordingAccounting(recording, prices ?? recordedPriceTable(recording.header.config.providers), path);
}
