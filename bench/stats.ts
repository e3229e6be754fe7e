/** The middle value of a sample (mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `sample` `runs` times and returns the median of what it measured. */
export async function medianOf(runs: number, sample: () => Promise<number> | number): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(await sample());
  return median(values);
}
