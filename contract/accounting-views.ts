// What the accounting of a recording shows (docs/recordings.md#accounting): tokens and cost per
// provider call, iteration, agent and run, and each iteration's host calls on its time axis (the
// latency waterfall). Plain data (JSON), and the one way cost reads, for the CLI and the renderer.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import { counted } from './counted.ts';
import type { TokenCount } from './recording-views.ts';

export interface Money {
  amount: number;
  /** ISO 4217, e.g. USD. */
  currency: string;
}

/** Summed cost: an amount per currency, and how many provider calls had no price (never counted as 0). */
export interface CostTotal {
  amounts: Record<string, number>;
  unpriced: number;
}

/** What one provider call used: a blocking chat's result, or all of a stream's deltas. */
export interface ProviderUsage {
  provider: string;
  model: string;
  streamed: boolean;
  tokens: TokenCount;
  /** null: the model has no price in the config. */
  cost: Money | null;
}

export interface UsageTotals {
  /** Host calls of every kind. */
  calls: number;
  providerCalls: number;
  tokens: TokenCount;
  cost: CostTotal;
}

export interface IterationAccounting extends UsageTotals {
  /** Its place in the agent's recorded iterations (0-based): what a waterfall is asked for by. */
  position: number;
  iteration: number;
  /** ms since the epoch. */
  startTime: number;
  /** Absent when the recording stops inside the iteration. */
  durationMs?: number;
  /** The error that ended it, if one did. */
  error?: string;
}

export interface AgentAccounting {
  agent: string;
  totals: UsageTotals;
  iterations: IterationAccounting[];
}

/** One provider and model over the whole recording. */
export interface ModelAccounting extends UsageTotals {
  provider: string;
  model: string;
}

export interface AccountingView {
  /** The recording file, as given (or relative to the workspace). */
  path: string;
  createdAt: number;
  mode: 'run' | 'loop' | 'session';
  truncated: boolean;
  /** Whether the price table has any price. */
  priced: boolean;
  run: UsageTotals;
  agents: AgentAccounting[];
  models: ModelAccounting[];
}

/** One host call of an iteration on its time axis. */
export interface WaterfallBar {
  /** 1-based position in the iteration. */
  index: number;
  op: HostOp;
  ok: boolean;
  /** From the iteration's start. */
  startMs: number;
  /** The call itself, until it returned. */
  durationMs: number;
  /**
   * A stream or a queued tool call goes on after its call returns: until its end event (its
   * source's `closed`, else its last inbound event), from the iteration's start.
   */
  endMs?: number;
  /** The stream or tool call had not ended when the recording did. */
  open?: boolean;
  usage?: ProviderUsage;
  /** Time the agent was held before the call (a breakpoint, Pause), which ends at `startMs`. */
  heldMs?: number;
}

export interface IterationWaterfall {
  agent: string;
  iteration: number;
  startTime: number;
  durationMs?: number;
  bars: WaterfallBar[];
}

const zero = (value: number) => Math.abs(value) < 5e-7;

/** `0.0123 USD`, with enough digits for a cheap call: up to six decimals, trailing zeros dropped. */
export function moneyText(amount: number, currency: string): string {
  const digits = zero(amount) ? 0 : Math.abs(amount) >= 1 ? 2 : 6;
  return `${Number(amount.toFixed(digits)).toString()} ${currency}`;
}

/** `0.0123 USD`, `0.01 USD + 0.5 EUR`, `no price`, `0.01 USD (+2 calls without a price)`; `—` for no provider call. */
export function costText(cost: CostTotal): string {
  const amounts = Object.entries(cost.amounts)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, amount]) => moneyText(amount, currency));
  if (amounts.length === 0) return cost.unpriced > 0 ? 'no price' : '—';
  const unpriced = cost.unpriced > 0 ? ` (+${counted(cost.unpriced, 'call')} without a price)` : '';
  return `${amounts.join(' + ')}${unpriced}`;
}
