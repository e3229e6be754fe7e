// How the Evals view writes its numbers.

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

export const score = (value: number): string => value.toFixed(3);

export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export function cost(amount: number, currency: string | undefined): string {
  const digits = amount !== 0 && Math.abs(amount) < 0.01 ? 5 : 2;
  return `${amount.toFixed(digits)}${currency ? ` ${currency}` : ''}`;
}

export const signed = (delta: number): string =>
  `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta).toFixed(3)}`;
