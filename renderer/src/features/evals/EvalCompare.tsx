import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { ComparedSide, EvalComparisonView } from '../../../../contract/eval-views.ts';
import { queryComparison, type CompareStatusFilter } from './eval-model.ts';
import { compareWithBaseline, useEvals } from './eval-store.ts';
import { cost, percent, score, signed } from './eval-text.ts';

const ROW_HEIGHT = 48;

function Verdicts({ side }: { side: ComparedSide }) {
  return (
    <span className="eval-verdicts">
      {[...side.verdicts].map((v, i) => (
        <span key={i} className={`eval-cell small ${v === 'p' ? 'pass' : v === 'f' ? 'fail' : 'error'}`} />
      ))}
    </span>
  );
}

function Side({ side }: { side: ComparedSide }) {
  return (
    <div className="eval-side">
      <div>
        <Verdicts side={side} /> {side.passes}/{side.trials} · {score(side.meanScore)}
      </div>
      <div className="eval-side-outcome" title={side.outcome}>
        {side.outcome}
      </div>
    </div>
  );
}

function Summary({ view, currency }: { view: EvalComparisonView; currency: string | undefined }) {
  const { base, candidate } = view;
  return (
    <div className="eval-compare-summary" data-testid="eval-compare-summary">
      <span className="regressed">{view.counts.regressed} regressed</span> ·{' '}
      <span className="improved">{view.counts.improved} improved</span> · {view.counts.unchanged} unchanged · mean score{' '}
      {score(base.meanScore)} → {score(candidate.meanScore)} ({signed(view.meanDelta)}, p ={' '}
      {Number.isFinite(view.p) ? view.p.toFixed(3) : '–'}) · pass@k {percent(base.passAtK)} →{' '}
      {percent(candidate.passAtK)} · pass^k {percent(base.passHatK)} → {percent(candidate.passHatK)} · cost{' '}
      {cost(base.cost, currency)} → {cost(candidate.cost, currency)}
      {view.onlyInBase.length + view.onlyInCandidate.length > 0
        ? ` · ${view.onlyInBase.length} only in the baseline, ${view.onlyInCandidate.length} only in this run`
        : ''}
    </div>
  );
}

/** This results file against a baseline: regressions first, each case's two outcomes side by side. */
export function EvalCompare() {
  const files = useEvals((s) => s.files);
  const results = useEvals((s) => s.results);
  const baseline = useEvals((s) => s.baseline);
  const comparison = useEvals((s) => s.comparison);
  const [status, setStatus] = useState<CompareStatusFilter>('all');
  const [search, setSearch] = useState('');
  const cases = useMemo(
    () => (typeof comparison === 'object' ? queryComparison(comparison.cases, status, search) : []),
    [comparison, status, search],
  );
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: cases.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  if (!results) return <div className="empty">Open a results file first: it is compared with the baseline.</div>;
  return (
    <div className="eval-compare">
      <div className="panel-toolbar">
        <label>
          Baseline{' '}
          <select
            value={baseline ?? ''}
            onChange={(e) => void compareWithBaseline(e.target.value || undefined)}
            data-testid="eval-baseline"
          >
            <option value="">choose the run to compare with</option>
            {(files?.results ?? [])
              .filter((file) => file.path !== results.path)
              .map((file) => (
                <option key={file.path} value={file.path}>
                  {file.path}
                </option>
              ))}
          </select>
        </label>
        <span>→ {results.path}</span>
        <span className="spacer" />
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as CompareStatusFilter)}
          aria-label="status filter"
          data-testid="eval-compare-status"
        >
          <option value="all">All cases</option>
          <option value="regressed">Regressed</option>
          <option value="improved">Improved</option>
          <option value="unchanged">Unchanged</option>
        </select>
        <input
          type="search"
          placeholder="Search cases"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="search compared cases"
        />
      </div>
      {comparison === 'running' ? <div className="progress">Comparing…</div> : null}
      {typeof comparison === 'object' ? <Summary view={comparison} currency={results.currency} /> : null}
      {typeof comparison === 'object' ? (
        <div
          className="eval-compare-list"
          ref={parent}
          data-testid="eval-compare-list"
          data-base={comparison.base.path}
          data-candidate={comparison.candidate.path}
        >
          <div className="eval-compare-row eval-head">
            <span>case</span>
            <span>Δ score</span>
            <span>baseline</span>
            <span>this run</span>
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const c = cases[item.index]!;
              return (
                <div
                  key={c.case}
                  className={`eval-compare-row ${c.status}`}
                  data-testid="eval-compare-row"
                  data-status={c.status}
                  data-case={c.case}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  <span className="eval-case">
                    <span className={`eval-status ${c.status}`}>{c.status}</span> {c.case}
                  </span>
                  <span className="eval-num">{signed(c.delta)}</span>
                  <Side side={c.base} />
                  <Side side={c.candidate} />
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
      {!comparison ? <div className="empty">Choose a baseline: another results file of this eval.</div> : null}
    </div>
  );
}
