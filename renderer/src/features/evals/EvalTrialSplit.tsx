import { Fragment } from 'react';
import type { EvalTrialSplitView } from '../../../../contract/eval-views.ts';
import { SplitAgents } from '../counterfactuals/SplitResult.tsx';
import { openRecording, showRecordedIteration } from '../recordings/recording-store.ts';
import { closeTrialSplit, useEvalTrialSplit } from './eval-trial-split-store.ts';
import { score } from './eval-text.ts';

const MARKS = { pass: '✓', fail: '✗', error: '!' } as const;

/**
 * A trial where the comparison names it: its number and verdict, a link to its recording (at the
 * agent's iteration `at`, by position, where the split shows it).
 */
function TrialLink({
  view,
  member,
  at,
}: {
  view: EvalTrialSplitView;
  member: number;
  at: { agent: string; iteration: number } | undefined;
}) {
  const trial = view.trials[member]!;
  const recorded = at
    ? view.places.find((place) => place.agent === at.agent && place.position === at.iteration)?.iterations[member]
    : undefined;
  const where = at && recorded != null ? ` at ${at.agent}'s iteration ${recorded}` : '';
  const open = () =>
    at && recorded != null
      ? void showRecordedIteration(trial.recording, at.agent, recorded)
      : void openRecording(trial.recording);
  return (
    <button
      className={`link eval-split-trial ${trial.verdict}`}
      onClick={open}
      data-testid="eval-split-trial"
      data-trial={trial.trial}
      data-verdict={trial.verdict}
      title={`Trial ${trial.trial}: ${trial.verdict}, score ${score(trial.score)}. Open its recording${where} in the Recording view`}
    >
      trial {trial.trial} <span aria-label={trial.verdict}>{MARKS[trial.verdict]}</span>
    </button>
  );
}

/** Where the trials of one case split: said in a sentence, then per agent, each trial marked and linked. */
export function EvalTrialSplit() {
  const asked = useEvalTrialSplit((s) => s.asked);
  const view = useEvalTrialSplit((s) => s.view);
  if (!asked || !view) return null;
  return (
    <section className="eval-trial-split" data-testid="eval-trial-split" aria-label="Where the trials split">
      <div className="label">
        <strong>Where the trials of case {asked.case} split</strong>
        <span className="spacer" />
        <button
          className="link"
          onClick={closeTrialSplit}
          title="Hide the comparison"
          data-testid="eval-trial-split-close"
        >
          Hide
        </button>
      </div>
      {view === 'running' ? (
        <div className="progress">Aligning the trials’ recordings…</div>
      ) : (
        <>
          <p className="eval-split-said" data-testid="eval-trial-split-said">
            {view.said}
          </p>
          <p className="meta" data-testid="eval-trial-split-trials">
            Compared:{' '}
            {view.trials.map((trial, i) => (
              <Fragment key={trial.trial}>
                {i > 0 ? ', ' : null}
                <TrialLink view={view} member={i} at={undefined} />
              </Fragment>
            ))}
          </p>
          {view.missing.map((trial) => (
            <p key={trial.trial} className="error-text" data-testid="eval-trial-split-missing">
              Trial {trial.trial} ({trial.verdict}) is left out: its recording <code>{trial.recording}</code> is
              missing.
            </p>
          ))}
          {view.leftOver > 0 ? (
            <p className="meta">
              The first {view.trials.length + view.missing.length} trials are compared; {view.leftOver} more are left
              out.
            </p>
          ) : null}
          <SplitAgents view={view.split} member={(member, at) => <TrialLink view={view} member={member} at={at} />} />
        </>
      )}
    </section>
  );
}
