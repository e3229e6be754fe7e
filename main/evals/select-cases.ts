// Which cases a run takes (docs/evals.md#choosing-cases): `--filter tag:x` / `split:y` (every
// filter must hold; a comma lists alternatives), then `--first N`, or `--sample N` drawn with the
// seed (kept in dataset order); then `--shard I/N` takes a contiguous slice of what is left, so
// that N machines together run every selected case once.

import { seededRandom } from './seeded-random.ts';
import type { EvalCase } from './dataset.ts';
import type { ResultsShard } from './results-format.ts';

export class SelectionError extends Error {}

export interface Selection {
  filter: readonly string[];
  first?: number;
  sample?: number;
  seed: number;
}

export function parseFilter(text: string): { key: 'tag' | 'split'; values: string[] } {
  const match = /^(tag|split):(.+)$/.exec(text);
  if (!match)
    throw new SelectionError(`--filter ${text}: expected tag:NAME or split:NAME (a comma lists alternatives)`);
  return { key: match[1] as 'tag' | 'split', values: match[2]!.split(',').filter(Boolean) };
}

export function selectCases(cases: readonly EvalCase[], selection: Selection): EvalCase[] {
  const filters = selection.filter.map(parseFilter);
  let chosen = cases.filter((c) =>
    filters.every(({ key, values }) =>
      key === 'tag' ? c.tags.some((tag) => values.includes(tag)) : c.split !== undefined && values.includes(c.split),
    ),
  );
  if (selection.first !== undefined) chosen = chosen.slice(0, selection.first);
  if (selection.sample !== undefined && selection.sample < chosen.length) {
    const random = seededRandom(selection.seed);
    const indexes = chosen.map((_, index) => index);
    // A partial Fisher-Yates draw; the drawn cases keep their dataset order.
    for (let i = 0; i < selection.sample; i++) {
      const j = i + Math.floor(random() * (indexes.length - i));
      [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
    }
    const drawn = new Set(indexes.slice(0, selection.sample));
    chosen = chosen.filter((_, index) => drawn.has(index));
  }
  return chosen;
}

/** The shard's cases: contiguous slices whose sizes differ by at most one (as `brainbench test --shard`). */
export function shardRange(count: number, { index, total }: ResultsShard): { start: number; end: number } {
  const size = Math.floor(count / total);
  const larger = count % total;
  const start = (index - 1) * size + Math.min(index - 1, larger);
  return { start, end: start + size + (index <= larger ? 1 : 0) };
}
