// "Where do the trials split?" (docs/evals.md, For the workbench): the trials of one case of the
// open results file, their recordings aligned call by call on the host (`evalTrialSplit`), shown
// above the matrix until closed or another results file opens. A case of one trial has nothing
// to compare: the action says so instead of asking.

import { create } from 'zustand';
import type { EvalTrialSplitView } from '../../../../contract/eval-views.ts';
import { attempt, notify } from '../../core/workbench-store.ts';
import { trialsRun, type CaseRow } from './eval-model.ts';
import { matrix, useEvals } from './eval-store.ts';

interface EvalTrialSplitState {
  /** The case asked about, of which results file. */
  asked: { results: string; case: string } | undefined;
  view: EvalTrialSplitView | 'running' | undefined;
}

export const useEvalTrialSplit = create<EvalTrialSplitState>(() => ({ asked: undefined, view: undefined }));

const set = useEvalTrialSplit.setState;
const get = useEvalTrialSplit.getState;

useEvals.subscribe((state, previous) => {
  if (state.results?.path !== previous.results?.path) set({ asked: undefined, view: undefined });
});

export const trialSplitRunning = (): boolean => get().view === 'running';

/** Why the trials of `row` cannot be compared, or undefined when they can. */
export function whyNoTrialSplit(row: CaseRow | undefined): string | undefined {
  if (!row) return 'Select a trial in the matrix first';
  const trials = trialsRun(row);
  if (trials < 2)
    return `Case ${row.id} has ${trials === 1 ? 'one trial' : 'no trial'}: there is nothing to compare it with`;
  return undefined;
}

/** The row of the selected cell. */
export function selectedRow(): CaseRow | undefined {
  const selected = useEvals.getState().selected;
  return selected ? matrix.rows().find((row) => row.index === selected.caseIndex) : undefined;
}

/** Aligns the recordings of the trials of `row`'s case: where they split, passing and failing trials marked. */
export async function splitCaseTrials(row: CaseRow | undefined): Promise<void> {
  const results = useEvals.getState().results?.path;
  const why = results ? whyNoTrialSplit(row) : 'Open a results file first';
  if (why || !row || !results) {
    notify('error', `Where do the trials split? ${why}`);
    return;
  }
  if (trialSplitRunning()) return;
  const asked = { results, case: row.id };
  set({ asked, view: 'running' });
  const view = await attempt('evalTrialSplit', results, row.id);
  if (get().asked !== asked) return;
  set(view ? { view } : { asked: undefined, view: undefined });
}

export function closeTrialSplit(): void {
  set({ asked: undefined, view: undefined });
}
