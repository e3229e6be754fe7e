import { JsonValue } from '../../shared/values/JsonValue.tsx';
import { matrix, openCellRecording, showAddCase, useEvals } from './eval-store.ts';
import { score } from './eval-text.ts';
import { countEvalLines, evalLineCountsRunning, useEvalLineCounts } from './eval-line-counts-store.ts';
import { splitCaseTrials, trialSplitRunning, useEvalTrialSplit, whyNoTrialSplit } from './eval-trial-split-store.ts';

/** The selected trial: its answer, each scorer's verdict and reason, its case; Open recording. */
export function TrialDetail() {
  const selected = useEvals((s) => s.selected);
  const detail = useEvals((s) => s.detail);
  const counting = useEvalLineCounts(() => evalLineCountsRunning());
  const splitting = useEvalTrialSplit(() => trialSplitRunning());
  if (!selected) return <div className="eval-detail empty">Select a cell: a trial, its scores and its recording.</div>;
  if (!detail) return <div className="eval-detail progress">Reading the trial…</div>;
  const row = matrix.rows().find((r) => r.index === selected.caseIndex);
  const cell = row?.cells[selected.trial - 1];
  const noSplit = whyNoTrialSplit(row);
  return (
    <div className="eval-detail" data-testid="eval-trial-detail">
      <div className="eval-detail-head">
        <strong>{detail.case}</strong> #{detail.trial} ·{' '}
        <span className={`verdict ${detail.verdict}`}>{detail.verdict}</span> · score {score(detail.score)}
      </div>
      <div className="eval-detail-actions">
        <button onClick={() => cell && void openCellRecording(cell)} data-testid="eval-open-recording">
          Open recording
        </button>
        <button
          onClick={() => showAddCase({ recording: detail.recording, agent: null, iteration: null })}
          title="This trial's input and answer as a case of a dataset"
        >
          Add to dataset…
        </button>
        <button
          onClick={() => void countEvalLines(detail.case)}
          disabled={counting}
          data-testid="eval-case-line-counts"
          title={`Which lines do the trials of case ${detail.case} reach: each one's recording re-executed, each brain line counted (L on the matrix)`}
        >
          Line counts of the case
        </button>
        <button
          onClick={() => void splitCaseTrials(row)}
          disabled={noSplit !== undefined || splitting}
          data-testid="eval-case-trial-split"
          title={
            noSplit ??
            `Align the recordings of case ${detail.case}'s trials call by call: the first call where they split and the answer that split them, passing and failing trials marked (S on the matrix)`
          }
        >
          Where do the trials split?
        </button>
      </div>
      <div className="label">Outcome: {detail.outcome.kind}</div>
      <pre className="eval-answer" data-testid="eval-trial-answer">
        {detail.outcome.text ?? detail.outcome.error ?? detail.outcome.reason ?? '(no answer)'}
      </pre>
      <div className="label">Scores</div>
      <table className="eval-scores">
        <tbody>
          {detail.scores.map((s) => (
            <tr key={s.scorer} className={s.error ? 'error' : s.pass === false ? 'fail' : 'pass'}>
              <td>{s.scorer}</td>
              <td>{s.score === undefined ? 'error' : score(s.score)}</td>
              <td>{s.error ?? s.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="label">Input</div>
      <JsonValue value={detail.input} />
      {detail.expected !== undefined ? (
        <>
          <div className="label">Expected</div>
          <JsonValue value={detail.expected} />
        </>
      ) : null}
    </div>
  );
}
