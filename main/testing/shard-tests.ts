// `brainbench test --shard I/N` (as Playwright's and Jest's `--shard`): N machines each run the
// I-th of N contiguous slices of the sorted tests, so that together they run every test once.

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

/** The shard's slice; the first `length % total` shards take one test more than the rest. */
export function shardTests<T>(tests: readonly T[], { index, total }: Shard): T[] {
  const size = Math.floor(tests.length / total);
  const larger = tests.length % total;
  const start = (index - 1) * size + Math.min(index - 1, larger);
  return tests.slice(start, start + size + (index <= larger ? 1 : 0));
}
