import { counted } from '../../../../contract/counted.ts';
import type { EvalLineCountsView } from '../../../../contract/eval-views.ts';
import { openFile } from '../../core/workbench-store.ts';
import { LineCountsSummary } from '../../shared/line-counts/LineCountsSummary.tsx';
import { ProgressBar } from '../../shared/progress/ProgressBar.tsx';
import {
  cancelEvalLineCounts,
  closeEvalLineCounts,
  countedOver,
  evalLineCountsRunning,
  useEvalLineCounts,
} from './eval-line-counts-store.ts';
import { showEvals } from './eval-store.ts';

function Progress() {
  const progress = useEvalLineCounts((s) => s.progress);
  const running = useEvalLineCounts(() => evalLineCountsRunning());
  if (!progress || progress.ended === 'finished') return null;
  const what = progress.case === null ? 'trials' : `trials of case ${progress.case}`;
  const ended = progress.ended;
  const state =
    ended === undefined
      ? progress.of === 0
        ? 'Line counts: reading the results…'
        : progress.phase === 'checking'
          ? `Line counts: checking ${progress.done}/${progress.of} recordings`
          : `Line counts: ${progress.done}/${progress.of} ${what} re-executed`
      : ended === 'cancelled'
        ? `Line counts cancelled after ${progress.done} of ${progress.of} ${what}`
        : `Line counts refused: ${ended.error}`;
  return (
    <div className="eval-progress" data-testid="eval-line-counts-progress">
      {running ? <ProgressBar done={progress.done} of={progress.of} label="line counts progress" /> : null}
      <span className={typeof ended === 'object' ? 'error-text' : ''} data-testid="eval-line-counts-progress-text">
        {state}
      </span>
      {running ? (
        <button
          onClick={() => void cancelEvalLineCounts()}
          data-testid="eval-line-counts-cancel"
          title="Stop counting now and end its agent processes; the trials counted so far are kept"
        >
          Cancel
        </button>
      ) : (
        <button onClick={closeEvalLineCounts} title="Hide" aria-label="hide the line counts">
          ×
        </button>
      )}
    </div>
  );
}

function notesOf(counts: EvalLineCountsView): string[] {
  const notes = counts.leftOut.map(({ case: id, trial, reason }) => `case ${id} trial ${trial} left out: ${reason}`);
  if (counts.diverged > 0)
    notes.push(
      `${counted(counts.diverged, 'iteration')} did not run as recorded (the brain changed since the run): their lines count up to there`,
    );
  return notes;
}

/** The line counts of the open results file (or a case of it): progress and Cancel, then the summary per brain. */
export function EvalLineCounts() {
  const counts = useEvalLineCounts((s) => s.counts);
  return (
    <>
      <Progress />
      {counts ? (
        <LineCountsSummary
          coverage={counts}
          className="eval-line-counts"
          title={
            <span data-testid="eval-line-counts-title">
              Line counts over {countedOver(counts)}
              {counts.cancelled ? ' (cancelled)' : ''}, {counted(counts.iterations, 'iteration')} re-executed
            </span>
          }
          openTitle="Close the Evals view and open the brain, its lines marked by how often the trials ran them"
          onOpen={(brain) => {
            showEvals(false);
            void openFile(brain);
          }}
          notes={notesOf(counts)}
          actions={
            <button
              className="link"
              onClick={closeEvalLineCounts}
              title="Hide the line counts (the editor keeps its marks)"
              data-testid="eval-line-counts-close"
            >
              Hide
            </button>
          }
        />
      ) : null}
    </>
  );
}
