import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { TrialCell } from '../../../../contract/eval-views.ts';
import {
  facets,
  moveCell,
  queryRows,
  trialsRun,
  type CaseRow,
  type MatrixSort,
  type VerdictFilter,
} from './eval-model.ts';
import { matrix, openCellRecording, selectCell, setQuery, useEvals } from './eval-store.ts';
import { countEvalLines } from './eval-line-counts-store.ts';
import { splitCaseTrials } from './eval-trial-split-store.ts';
import { cost, score } from './eval-text.ts';
import { TrialDetail } from './TrialDetail.tsx';

const ROW_HEIGHT = 24;
/** Columns drawn per row: past this, a row says how many more trials it has (its detail has them all). */
const SHOWN_TRIALS = 100;

const VERDICT_FILTERS: [VerdictFilter, string][] = [
  ['all', 'All cases'],
  ['failing', 'Not passing every trial'],
  ['disagreeing', 'Trials disagree'],
  ['errors', 'With errors'],
  ['passing', 'Passing every trial'],
];

const SORTS: [MatrixSort, string][] = [
  ['case', 'Case order'],
  ['failing', 'Failing first'],
  ['regression', 'Regression (vs baseline)'],
  ['score', 'Lowest score'],
  ['cost', 'Highest cost'],
  ['duration', 'Slowest'],
];

function Filters({ rows, shown }: { rows: CaseRow[]; shown: number }) {
  const query = useEvals((s) => s.query);
  const hasBaseline = useEvals((s) => typeof s.comparison === 'object');
  const { tags, splits } = useMemo(() => facets(rows), [rows]);
  return (
    <div className="panel-toolbar eval-filters">
      <input
        type="search"
        placeholder="Search cases (/)"
        value={query.search}
        onChange={(e) => setQuery({ search: e.target.value })}
        data-testid="eval-search"
        aria-label="search cases"
        size={18}
      />
      <select
        value={query.verdict}
        onChange={(e) => setQuery({ verdict: e.target.value as VerdictFilter })}
        data-testid="eval-verdict-filter"
        aria-label="verdict filter"
      >
        {VERDICT_FILTERS.map(([value, title]) => (
          <option key={value} value={value}>
            {title}
          </option>
        ))}
      </select>
      <select
        value={query.tag}
        onChange={(e) => setQuery({ tag: e.target.value })}
        aria-label="tag"
        data-testid="eval-tag"
      >
        <option value="">Any tag</option>
        {tags.map((tag) => (
          <option key={tag} value={tag}>
            {tag}
          </option>
        ))}
      </select>
      <select
        value={query.split}
        onChange={(e) => setQuery({ split: e.target.value })}
        aria-label="split"
        data-testid="eval-split"
      >
        <option value="">Any split</option>
        {splits.map((split) => (
          <option key={split} value={split}>
            {split}
          </option>
        ))}
      </select>
      <select
        value={query.sort}
        onChange={(e) => setQuery({ sort: e.target.value as MatrixSort })}
        aria-label="sort"
        data-testid="eval-sort"
      >
        {SORTS.map(([value, title]) => (
          <option key={value} value={value} disabled={value === 'regression' && !hasBaseline}>
            {title}
          </option>
        ))}
      </select>
      <span className="count" data-testid="eval-case-count">
        {shown} of {rows.length} cases
      </span>
    </div>
  );
}

function Cell({
  cell,
  trial,
  row,
  focused,
}: {
  cell: TrialCell | undefined;
  trial: number;
  row: CaseRow;
  focused: boolean;
}) {
  if (!cell) return <span className="eval-cell missing" title={`${row.id} #${trial}: not run`} />;
  return (
    <button
      className={`eval-cell ${cell.verdict} ${focused ? 'focused' : ''}`}
      title={`${row.id} #${trial}: ${cell.verdict}, score ${score(cell.score)} (Enter or double-click: open its recording)`}
      data-testid={`eval-cell-${row.id}-${trial}`}
      data-verdict={cell.verdict}
      tabIndex={-1}
      onClick={() => void selectCell(cell)}
      onDoubleClick={() => void openCellRecording(cell)}
    />
  );
}

/** Cases down, trials across, each cell coloured by its verdict; virtualized, so any size scrolls alike. */
export function EvalMatrix() {
  const version = useEvals((s) => s.version);
  const query = useEvals((s) => s.query);
  const comparison = useEvals((s) => s.comparison);
  const selected = useEvals((s) => s.selected);
  const currency = useEvals((s) => s.results?.currency);
  const results = useEvals((s) => s.results?.path);
  const rows = useMemo(() => matrix.rows(), [version]);
  const deltas = useMemo(
    () => (typeof comparison === 'object' ? new Map(comparison.cases.map((c) => [c.case, c.delta])) : undefined),
    [comparison],
  );
  const shown = useMemo(() => queryRows(rows, query, deltas), [rows, query, deltas]);
  const trials = matrix.trials;
  const columns = Math.min(trials, SHOWN_TRIALS);
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
  });
  const at = useMemo(() => {
    if (!selected) return undefined;
    const row = shown.findIndex((r) => r.index === selected.caseIndex);
    return row < 0 ? undefined : { row, trial: selected.trial - 1 };
  }, [selected, shown]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (shown.length === 0) return;
    const key = event.key;
    if (key === 'Enter') {
      const cell = at ? shown[at.row]!.cells[at.trial] : undefined;
      if (cell) void openCellRecording(cell);
      event.preventDefault();
      return;
    }
    // L: which lines the selected case's trials reach.
    if (key.toLowerCase() === 'l' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (at) void countEvalLines(shown[at.row]!.id);
      event.preventDefault();
      return;
    }
    // S: where the selected case's trials split.
    if (key.toLowerCase() === 's' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (at) void splitCaseTrials(shown[at.row]);
      event.preventDefault();
      return;
    }
    if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key)) return;
    event.preventDefault();
    const next = moveCell(at ?? { row: 0, trial: 0 }, key as 'ArrowUp', shown.length, Math.max(1, columns));
    const cell = shown[next.row]!.cells[next.trial];
    virtualizer.scrollToIndex(next.row);
    if (cell) void selectCell(cell);
  };

  return (
    <div className="eval-matrix-area">
      <Filters rows={rows} shown={shown.length} />
      <div className="eval-matrix-body">
        <div
          className="eval-matrix"
          ref={parent}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="eval-matrix"
          data-results={results}
          aria-label="cases by trials: arrows move, Enter opens the recording, L counts the lines the case's trials ran, S shows where its trials split"
        >
          <div className="eval-row eval-head" style={{ ['--trials' as string]: Math.max(1, trials) }}>
            <span className="eval-case">case</span>
            <span className="eval-cells">
              trials 1–{columns}
              {trials > columns ? ` of ${trials}` : ''}
            </span>
            <span className="eval-num">passed</span>
            <span className="eval-num">score</span>
            <span className="eval-num">cost</span>
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = shown[item.index]!;
              return (
                <div
                  key={row.index}
                  className={`eval-row ${selected?.caseIndex === row.index ? 'selected' : ''}`}
                  data-testid="eval-row"
                  data-case={row.id}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  <span
                    className="eval-case"
                    title={`${row.id} · ${row.tags.join(' ')}${row.split ? ` · ${row.split}` : ''}`}
                  >
                    {row.id}
                  </span>
                  <span className="eval-cells">
                    {Array.from({ length: columns }, (_, t) => (
                      <Cell
                        key={t}
                        cell={row.cells[t]}
                        trial={t + 1}
                        row={row}
                        focused={at?.row === item.index && at.trial === t}
                      />
                    ))}
                  </span>
                  <span className="eval-num">
                    {row.passes}/{trialsRun(row)}
                  </span>
                  <span className="eval-num">{score(row.meanScore)}</span>
                  <span className="eval-num">{cost(row.cost, currency)}</span>
                </div>
              );
            })}
          </div>
          {shown.length === 0 ? <div className="empty">No case matches.</div> : null}
        </div>
        <TrialDetail />
      </div>
    </div>
  );
}
