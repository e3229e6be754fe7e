import { useEffect } from 'react';
import { EvalCharts } from './EvalCharts.tsx';
import { EvalCompare } from './EvalCompare.tsx';
import { EvalLineCounts } from './EvalLineCounts.tsx';
import { EvalMatrix } from './EvalMatrix.tsx';
import { EvalTrialSplit } from './EvalTrialSplit.tsx';
import { EvalRunBar } from './EvalRunBar.tsx';
import { refreshEvalFiles, setEvalsTab, useEvals, type EvalsTab } from './eval-store.ts';
import { percent } from './eval-text.ts';
import './evals.css';

const TABS: [EvalsTab, string][] = [
  ['matrix', 'Matrix'],
  ['compare', 'Compare'],
  ['charts', 'Charts'],
];

function ResultsFacts() {
  const results = useEvals((s) => s.results);
  useEvals((s) => s.version);
  if (!results) return null;
  const loading = results.read < results.size;
  return (
    <span className="eval-facts" data-testid="eval-results-facts">
      {results.header.eval} · {new Date(results.header.createdAt).toLocaleString()} · scorers{' '}
      {results.header.scorers.join(', ')}
      {loading ? (
        <span className="progress" data-testid="eval-loading">
          {' '}
          · reading {percent(results.read / Math.max(1, results.size))}
        </span>
      ) : null}
    </span>
  );
}

/** The Evals view (docs/workbench.md#evals), in the editor's and bottom panels' place. */
export function EvalsScreen() {
  const tab = useEvals((s) => s.tab);
  useEffect(() => void refreshEvalFiles(), []);
  // `/` finds a case, as in a browser's or GitHub's lists, unless a field is being typed in.
  const onKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== '/' || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    const search = document.querySelector<HTMLInputElement>('.evals-screen input[type="search"]');
    if (!search) return;
    event.preventDefault();
    search.focus();
  };
  return (
    <div className="evals-screen" data-testid="evals-view" onKeyDown={onKeyDown}>
      <EvalRunBar />
      <EvalLineCounts />
      <EvalTrialSplit />
      <div className="eval-tabs" role="tablist">
        {TABS.map(([id, title]) => (
          <button
            key={id}
            role="tab"
            aria-selected={tab === id}
            onClick={() => setEvalsTab(id)}
            data-testid={`eval-tab-${id}`}
          >
            {title}
          </button>
        ))}
        <ResultsFacts />
      </div>
      <div className="eval-tab-body">
        {tab === 'matrix' ? <EvalMatrix /> : null}
        {tab === 'compare' ? <EvalCompare /> : null}
        {tab === 'charts' ? <EvalCharts /> : null}
      </div>
    </div>
  );
}
