// How reports write numbers: shares as percentages, scores to three places, costs per currency.

import type { CostTotal } from '../../../contract/accounting-views.ts';

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

export const score = (value: number): string => value.toFixed(3);

export function cost(total: CostTotal): string {
  const amounts = Object.entries(total.amounts).map(
    ([currency, amount]) => `${Number(amount.toPrecision(4))} ${currency}`,
  );
  const unpriced = total.unpriced > 0 ? `${total.unpriced} call${total.unpriced === 1 ? '' : 's'} without a price` : '';
  if (amounts.length === 0) return unpriced ? `no price (${unpriced})` : '0';
  return `${amounts.join(' + ')}${unpriced ? ` (+${unpriced})` : ''}`;
}

export const seconds = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

export function interval(range: [number, number] | undefined): string {
  return range ? `${score(range[0])}–${score(range[1])}` : 'n/a (one case)';
}
