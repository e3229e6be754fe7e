import { shortcutOf } from '../../app/shortcuts.ts';
import {
  addCaseFromLiveIteration,
  cancelEval,
  chooseEval,
  evalRunning,
  openResults,
  runChosenEval,
  setRunOptions,
  showEvals,
  useEvals,
} from './eval-store.ts';
import { ProgressBar } from '../../shared/progress/ProgressBar.tsx';
import { duration } from './eval-text.ts';
import { countEvalLines, evalLineCountsRunning, useEvalLineCounts } from './eval-line-counts-store.ts';

function RunProgress() {
  const progress = useEvals((s) => s.progress);
  if (!progress) return null;
  const ended = progress.ended;
  const state =
    ended === undefined
      ? progress.total === 0
        ? 'starting…'
        : `${progress.done}/${progress.total} trials, ${progress.failed} not passing, ${duration(progress.etaMs)} left`
      : ended === 'finished'
        ? `done: ${progress.done} trials, ${progress.failed} not passing, in ${duration(progress.elapsedMs)}`
        : ended === 'cancelled'
          ? `cancelled after ${progress.done} of ${progress.total} trials (kept)`
          : `failed: ${ended.error}`;
  return (
    <div className="eval-progress" data-testid="eval-progress">
      <ProgressBar done={progress.done} of={progress.total} label="eval progress" failing={progress.failed > 0} />
      <span className={typeof ended === 'object' ? 'error-text' : ''} data-testid="eval-progress-text">
        {state}
      </span>
    </div>
  );
}

/** What to run and what to look at: the eval, its trials and filters, Run or Cancel, the results file open. */
export function EvalRunBar() {
  const files = useEvals((s) => s.files);
  const evalFile = useEvals((s) => s.evalFile);
  const trials = useEvals((s) => s.trials);
  const filter = useEvals((s) => s.filter);
  const results = useEvals((s) => s.results);
  const running = useEvals(() => evalRunning());
  const counting = useEvalLineCounts(() => evalLineCountsRunning());
  return (
    <>
      <div className="panel-toolbar eval-run-bar">
        <label>
          Eval{' '}
          <select
            value={evalFile ?? ''}
            onChange={(e) => chooseEval(e.target.value)}
            data-testid="eval-file"
            disabled={running}
          >
            {(files?.evals ?? []).map((path) => (
              <option key={path} value={path}>
                {path}
              </option>
            ))}
          </select>
        </label>
        <label title="Trials per case (empty: the eval's own)">
          Trials{' '}
          <input
            type="number"
            min={1}
            max={1000}
            value={trials ?? ''}
            placeholder="eval's"
            onChange={(e) => setRunOptions({ trials: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="eval-trials"
            style={{ width: 64 }}
            disabled={running}
          />
        </label>
        <label title="tag:x or split:y, separated by spaces; every one must hold">
          Filter{' '}
          <input
            value={filter}
            placeholder="tag:math split:dev"
            onChange={(e) => setRunOptions({ filter: e.target.value })}
            data-testid="eval-filter"
            size={16}
            disabled={running}
          />
        </label>
        {running ? (
          <button
            onClick={() => void cancelEval()}
            data-testid="eval-cancel"
            title="Stop taking new trials; what ran is kept"
          >
            Cancel
          </button>
        ) : (
          <button
            onClick={() => void runChosenEval()}
            disabled={!evalFile}
            data-testid="eval-run"
            title={`Run the eval (${shortcutOf('run-eval')})`}
          >
            Run
          </button>
        )}
        <span className="spacer" />
        <label>
          Results{' '}
          <select
            value={results?.path ?? ''}
            onChange={(e) => void openResults(e.target.value)}
            data-testid="eval-results-file"
          >
            <option value="" disabled>
              {files && files.results.length === 0 ? 'none yet: run an eval' : 'choose a results file'}
            </option>
            {(files?.results ?? []).map((file) => (
              <option key={file.path} value={file.path}>
                {file.path}
              </option>
            ))}
          </select>
        </label>
        <button
          onClick={() => void countEvalLines(null)}
          disabled={!results || counting}
          data-testid="eval-line-counts"
          title="Re-execute every trial's recording and count how often each brain line ran (as brainbench coverage does): a summary per brain, and the editor's gutter"
        >
          Line counts
        </button>
        <button
          onClick={addCaseFromLiveIteration}
          title="Add the selected agent's last live iteration to a dataset as a case"
          data-testid="eval-add-live"
        >
          Add live iteration…
        </button>
        <button onClick={() => showEvals(false)} data-testid="evals-close" title="Back to the editor">
          Close
        </button>
      </div>
      <RunProgress />
    </>
  );
}
