// The Evals view's model, free of React: a results file's trial cells gathered into case rows as
// its chunks arrive (in any order, a case's trials possibly split over two chunks), the rows the
// matrix shows under its filters, search and sort, and the numbers its charts draw.

import type { ComparedCase, TrialCell } from '../../../../contract/eval-views.ts';

export interface CaseRow {
  id: string;
  index: number;
  tags: string[];
  split?: string;
  /** By trial number - 1; a gap is a trial the file does not hold (a cancelled run). */
  cells: (TrialCell | undefined)[];
  passes: number;
  fails: number;
  errors: number;
  meanScore: number;
  cost: number;
  durationMs: number;
}

export class CaseMatrix {
  private readonly byIndex = new Map<number, CaseRow>();
  private scoreSum = new Map<number, number>();
  /** The most trials any case has: the matrix's columns. */
  trials = 0;
  cells = 0;

  add(cells: readonly TrialCell[]): void {
    for (const cell of cells) {
      let row = this.byIndex.get(cell.caseIndex);
      if (!row) {
        row = {
          id: cell.case,
          index: cell.caseIndex,
          tags: cell.tags,
          ...(cell.split !== undefined ? { split: cell.split } : {}),
          cells: [],
          passes: 0,
          fails: 0,
          errors: 0,
          meanScore: 0,
          cost: 0,
          durationMs: 0,
        };
        this.byIndex.set(cell.caseIndex, row);
      }
      if (row.cells[cell.trial - 1]) continue;
      row.cells[cell.trial - 1] = cell;
      if (cell.verdict === 'pass') row.passes++;
      else if (cell.verdict === 'fail') row.fails++;
      else row.errors++;
      const sum = (this.scoreSum.get(cell.caseIndex) ?? 0) + cell.score;
      this.scoreSum.set(cell.caseIndex, sum);
      const count = row.passes + row.fails + row.errors;
      row.meanScore = sum / count;
      row.cost += cell.cost;
      row.durationMs += cell.durationMs;
      this.trials = Math.max(this.trials, cell.trial);
      this.cells++;
    }
  }

  /** In case order. */
  rows(): CaseRow[] {
    return [...this.byIndex.values()].sort((a, b) => a.index - b.index);
  }

  clear(): void {
    this.byIndex.clear();
    this.scoreSum = new Map();
    this.trials = 0;
    this.cells = 0;
  }
}

export const trialsRun = (row: CaseRow): number => row.passes + row.fails + row.errors;
/** Some trials passed and some did not: the cases to look at first. */
export const disagrees = (row: CaseRow): boolean => row.passes > 0 && row.passes < trialsRun(row);

export type VerdictFilter = 'all' | 'failing' | 'disagreeing' | 'errors' | 'passing';
export type MatrixSort = 'case' | 'failing' | 'score' | 'regression' | 'cost' | 'duration';

export interface MatrixQuery {
  verdict: VerdictFilter;
  /** '' for any. */
  tag: string;
  split: string;
  /** Part of the case id, any case. */
  search: string;
  sort: MatrixSort;
}

export const DEFAULT_QUERY: MatrixQuery = { verdict: 'all', tag: '', split: '', search: '', sort: 'case' };

const VERDICT_TESTS: Record<VerdictFilter, (row: CaseRow) => boolean> = {
  all: () => true,
  failing: (row) => row.passes < trialsRun(row),
  disagreeing: disagrees,
  errors: (row) => row.errors > 0,
  passing: (row) => row.passes === trialsRun(row),
};

/**
 * The rows the matrix shows. `deltas` (case id to the mean score change against a baseline) sorts
 * by regression, the largest drop first; cases the baseline lacks come after.
 */
export function queryRows(
  rows: readonly CaseRow[],
  query: MatrixQuery,
  deltas?: ReadonlyMap<string, number>,
): CaseRow[] {
  const search = query.search.trim().toLowerCase();
  const verdict = VERDICT_TESTS[query.verdict];
  const shown = rows.filter(
    (row) =>
      verdict(row) &&
      (query.tag === '' || row.tags.includes(query.tag)) &&
      (query.split === '' || row.split === query.split) &&
      (search === '' || row.id.toLowerCase().includes(search)),
  );
  const byIndex = (a: CaseRow, b: CaseRow) => a.index - b.index;
  const order: Record<MatrixSort, (a: CaseRow, b: CaseRow) => number> = {
    case: byIndex,
    // As the command line's report: disagreeing cases first, then the failing, each by score.
    failing: (a, b) =>
      Number(disagrees(b)) - Number(disagrees(a)) ||
      Number(b.passes < trialsRun(b)) - Number(a.passes < trialsRun(a)) ||
      a.meanScore - b.meanScore ||
      byIndex(a, b),
    score: (a, b) => a.meanScore - b.meanScore || byIndex(a, b),
    regression: (a, b) =>
      (deltas?.get(a.id) ?? Infinity) - (deltas?.get(b.id) ?? Infinity) || a.meanScore - b.meanScore || byIndex(a, b),
    cost: (a, b) => b.cost - a.cost || byIndex(a, b),
    duration: (a, b) => b.durationMs - a.durationMs || byIndex(a, b),
  };
  return shown.sort(order[query.sort]);
}

/** Every tag and split the rows have, sorted, for the filters' choices. */
export function facets(rows: readonly CaseRow[]): { tags: string[]; splits: string[] } {
  const tags = new Set<string>();
  const splits = new Set<string>();
  for (const row of rows) {
    for (const tag of row.tags) tags.add(tag);
    if (row.split !== undefined) splits.add(row.split);
  }
  return { tags: [...tags].sort(), splits: [...splits].sort() };
}

export interface HistogramBin {
  /** The bin holds scores from `from` up to `to` (the last bin includes 1). */
  from: number;
  to: number;
  pass: number;
  fail: number;
  error: number;
}

/** The trials' scores in `bins` equal bins over [0, 1], counted by verdict. */
export function scoreHistogram(rows: readonly CaseRow[], bins = 10): HistogramBin[] {
  const histogram = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    pass: 0,
    fail: 0,
    error: 0,
  }));
  for (const row of rows)
    for (const cell of row.cells) {
      if (!cell) continue;
      const bin = histogram[Math.min(bins - 1, Math.max(0, Math.floor(cell.score * bins)))]!;
      bin[cell.verdict]++;
    }
  return histogram;
}

export interface CostBar {
  /** The first and last case the bar stands for (the same when it is one case). */
  first: string;
  last: string;
  /** The highest cost of a case among them. */
  cost: number;
  cases: number;
}

/** Cost per case in the rows' order; past `width` cases, neighbours share a bar showing their highest. */
export function costBars(rows: readonly CaseRow[], width = 400): CostBar[] {
  const per = Math.max(1, Math.ceil(rows.length / width));
  const bars: CostBar[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const group = rows.slice(i, i + per);
    bars.push({
      first: group[0]!.id,
      last: group.at(-1)!.id,
      cost: Math.max(...group.map((row) => row.cost)),
      cases: group.length,
    });
  }
  return bars;
}

export type CompareStatusFilter = 'all' | ComparedCase['status'];

/** The comparison's cases under a status filter and a search; their order (regressions first) is kept. */
export function queryComparison(
  cases: readonly ComparedCase[],
  status: CompareStatusFilter,
  search: string,
): ComparedCase[] {
  const text = search.trim().toLowerCase();
  return cases.filter(
    (c) => (status === 'all' || c.status === status) && (text === '' || c.case.toLowerCase().includes(text)),
  );
}

/** The next cell from `at` (row, trial) on an arrow key, kept inside the matrix. */
export function moveCell(
  at: { row: number; trial: number },
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End',
  rows: number,
  trials: number,
): { row: number; trial: number } {
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max - 1, value));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), trial: at.trial };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), trial: at.trial };
    case 'ArrowLeft':
      return { row: at.row, trial: clamp(at.trial - 1, trials) };
    case 'ArrowRight':
      return { row: at.row, trial: clamp(at.trial + 1, trials) };
    case 'Home':
      return { row: 0, trial: at.trial };
    case 'End':
      return { row: clamp(rows - 1, rows), trial: at.trial };
  }
}
