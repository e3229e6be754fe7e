// Line counts over the open results file's trials, or one case's (docs/debugging.md#which-lines-ran):
// asked of the host (`evalLineCounts`), followed by its progress events until it answers, then
// shown as a summary per brain and, as a recording's line counts are, in the editor's gutter.
// Cleared when another results file opens.

import { create } from 'zustand';
import type { EvalLineCountsProgressView, EvalLineCountsView } from '../../../../contract/eval-views.ts';
import { counted } from '../../../../contract/counted.ts';
import { onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { attempt, notify } from '../../core/workbench-store.ts';
import { showLineCounts } from '../editor/monaco/coverage-decorations.ts';
import { matrix, useEvals } from './eval-store.ts';

interface EvalLineCountsState {
  /** What is being counted, or was last: the results file and the case (null: every trial). */
  asked: { results: string; case: string | null } | undefined;
  progress: EvalLineCountsProgressView | undefined;
  counts: EvalLineCountsView | undefined;
}

export const useEvalLineCounts = create<EvalLineCountsState>(() => ({
  asked: undefined,
  progress: undefined,
  counts: undefined,
}));

const set = useEvalLineCounts.setState;
const get = useEvalLineCounts.getState;

const isAsked = (results: string, caseId: string | null) =>
  get().asked?.results === results && get().asked?.case === caseId;

onWorkbenchEvent((event) => {
  if (event.type !== 'eval-line-counts-progress') return;
  if (isAsked(event.progress.results, event.progress.case)) set({ progress: event.progress });
});

useEvals.subscribe((state, previous) => {
  if (state.results?.path !== previous.results?.path && get().asked?.results !== state.results?.path)
    set({ asked: undefined, progress: undefined, counts: undefined });
});

export const evalLineCountsRunning = (): boolean => {
  const progress = get().progress;
  return progress !== undefined && progress.ended === undefined;
};

/** What the counts are over, as the editor's hover says it: `in 30 trials`, `in the 2 trials of case x`. */
export function countedOver(counts: EvalLineCountsView): string {
  const trials =
    counts.trials === counts.of
      ? counted(counts.trials, 'trial')
      : `${counts.trials} of ${counted(counts.of, 'trial')}`;
  return counts.case === null ? trials : `the ${trials} of case ${counts.case}`;
}

/** Re-executes every trial's recording of the open results file (or of one case's trials) and counts each brain line. */
export async function countEvalLines(caseId: string | null): Promise<void> {
  const results = useEvals.getState().results?.path;
  if (!results) {
    notify('error', 'Line counts: open a results file first');
    return;
  }
  if (evalLineCountsRunning()) return;
  set({
    asked: { results, case: caseId },
    progress: { results, case: caseId, phase: 'checking', done: 0, of: 0 },
    counts: undefined,
  });
  const counts = await attempt('evalLineCounts', results, caseId);
  if (!isAsked(results, caseId)) return;
  if (!counts) {
    // The refusal is said in the progress line (its `ended` error) as well as in the notice.
    set((s) => ({ progress: s.progress?.ended ? s.progress : undefined }));
    return;
  }
  set({ counts });
  showLineCounts(counts.files, countedOver(counts));
}

/** Line counts over the trials of the case of the selected cell. */
export function countSelectedCaseLines(): void {
  const selected = useEvals.getState().selected;
  const row = selected ? matrix.rows().find((r) => r.index === selected.caseIndex) : undefined;
  if (!row) {
    notify('error', 'Line counts of a case: select one of its trials in the matrix first');
    return;
  }
  void countEvalLines(row.id);
}

export async function cancelEvalLineCounts(): Promise<void> {
  await attempt('cancelEvalLineCounts');
}

export function closeEvalLineCounts(): void {
  if (!evalLineCountsRunning()) set({ asked: undefined, progress: undefined, counts: undefined });
}
