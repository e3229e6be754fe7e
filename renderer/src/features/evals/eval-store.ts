// The Evals view's state (docs/workbench.md#evals): the workspace's evals and results files, a
// run and its progress, the results file open in the matrix (loaded chunk by chunk behind its
// first paint), the selected trial, a comparison with a baseline, and the Add to dataset dialog.

import { create } from 'zustand';
import type {
  EvalComparisonView,
  EvalFilesView,
  EvalProgressView,
  ResultsChunk,
  ResultsHeaderView,
  TrialCell,
  TrialDetailView,
} from '../../../../contract/eval-views.ts';
import { onResync, onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { attempt, notify, useWorkbench } from '../../core/workbench-store.ts';
import { openRecording, useRecordings } from '../recordings/recording-store.ts';
import { CaseMatrix, DEFAULT_QUERY, type MatrixQuery } from './eval-model.ts';

export type EvalsTab = 'matrix' | 'compare' | 'charts';

/** Where Add to dataset takes its case from: a recording or branch, or the live session (null). */
export interface AddCaseSource {
  recording: string | null;
  agent: string | null;
  iteration: number | null;
}

interface OpenResults {
  path: string;
  header: ResultsHeaderView;
  currency: string | undefined;
  /** Bytes read of the file's size; equal once it is all in. */
  read: number;
  size: number;
}

interface EvalsState {
  shown: boolean;
  tab: EvalsTab;
  files: EvalFilesView | undefined;
  /** The eval the Run button runs. */
  evalFile: string | undefined;
  trials: number | null;
  filter: string;
  progress: EvalProgressView | undefined;
  results: OpenResults | undefined;
  /** Bumped as chunks arrive: the matrix itself is kept outside the state (`matrix`). */
  version: number;
  query: MatrixQuery;
  selected: { caseIndex: number; trial: number } | undefined;
  detail: TrialDetailView | undefined;
  baseline: string | undefined;
  comparison: EvalComparisonView | 'running' | undefined;
  addCase: AddCaseSource | undefined;
}

export const useEvals = create<EvalsState>(() => ({
  shown: false,
  tab: 'matrix',
  files: undefined,
  evalFile: undefined,
  trials: null,
  filter: '',
  progress: undefined,
  results: undefined,
  version: 0,
  query: DEFAULT_QUERY,
  selected: undefined,
  detail: undefined,
  baseline: undefined,
  comparison: undefined,
  addCase: undefined,
}));

const set = useEvals.setState;
const get = useEvals.getState;

/** The open results file's cases; changes are announced by `version`. */
export const matrix = new CaseMatrix();

onWorkbenchEvent((event) => {
  if (event.type !== 'eval-progress') return;
  set({ progress: event.progress });
});

onResync(() => {
  if (get().shown) void refreshEvalFiles();
});

export async function refreshEvalFiles(): Promise<void> {
  const files = await attempt('evalFiles');
  if (!files) return;
  const evalFile = get().evalFile;
  set({ files, evalFile: evalFile && files.evals.includes(evalFile) ? evalFile : files.evals[0] });
}

export function showEvals(shown = true): void {
  set({ shown });
  if (shown) void refreshEvalFiles();
}

export function setEvalsTab(tab: EvalsTab): void {
  set({ tab });
}

export function chooseEval(evalFile: string): void {
  set({ evalFile });
}

export function setRunOptions(options: { trials?: number | null; filter?: string }): void {
  set(options);
}

export function setQuery(change: Partial<MatrixQuery>): void {
  set((s) => ({ query: { ...s.query, ...change } }));
}

export const evalRunning = (): boolean => {
  const progress = get().progress;
  return progress !== undefined && progress.ended === undefined;
};

/** Runs the chosen eval; when it ends (finished or cancelled) its results open in the matrix. */
export async function runChosenEval(): Promise<void> {
  const { evalFile, trials, filter } = get();
  if (!evalFile) {
    notify('error', 'Run eval: the workspace has no eval file (*.eval.toml)');
    return;
  }
  if (evalRunning()) return;
  showEvals();
  const filters = filter.split(/\s+/).filter((f) => f !== '');
  set({ progress: { eval: evalFile, results: '', done: 0, total: 0, failed: 0, elapsedMs: 0, etaMs: 0 } });
  const results = await attempt('runEval', evalFile, { trials, filter: filters });
  if (!results) {
    set((s) => ({ progress: s.progress?.ended ? s.progress : undefined }));
    return;
  }
  await refreshEvalFiles();
  await openResults(results);
}

export async function cancelEval(): Promise<void> {
  await attempt('cancelEval');
}

let loading = 0;

/** Opens a results file in the matrix: its first chunk paints at once, the rest follow. */
export async function openResults(path: string): Promise<void> {
  const load = ++loading;
  matrix.clear();
  set((s) => ({
    results: undefined,
    version: s.version + 1,
    selected: undefined,
    detail: undefined,
    comparison: undefined,
    baseline: undefined,
    // Regression needs a baseline, and the new file has none yet.
    query: s.query.sort === 'regression' ? { ...s.query, sort: 'failing' } : s.query,
    tab: s.tab === 'compare' ? 'matrix' : s.tab,
  }));
  let chunk: ResultsChunk | undefined = await attempt('evalResults', path, null);
  while (chunk && load === loading) {
    matrix.add(chunk.cells);
    const currency: string | undefined = get().results?.currency ?? chunk.currency;
    set((s) => ({
      results: { path, header: chunk!.header, currency, read: chunk!.read, size: chunk!.size },
      version: s.version + 1,
    }));
    if (!chunk.next) break;
    // Let the page paint what it has before the next chunk.
    await new Promise((resolve) => setTimeout(resolve, 0));
    chunk = await attempt('evalResults', path, chunk.next);
  }
}

export async function selectCell(cell: TrialCell): Promise<void> {
  const results = get().results;
  if (!results) return;
  set({ selected: { caseIndex: cell.caseIndex, trial: cell.trial }, detail: undefined });
  const detail = await attempt('evalTrial', results.path, cell.at);
  const selected = get().selected;
  if (detail && selected?.caseIndex === cell.caseIndex && selected.trial === cell.trial) set({ detail });
}

/** A cell's recording in the Recording view (its Fork, Replay and Compare work as for any recording). */
export async function openCellRecording(cell: TrialCell): Promise<void> {
  const results = get().results;
  if (!results) return;
  const detail =
    get().detail?.case === cell.case && get().detail?.trial === cell.trial
      ? get().detail
      : await attempt('evalTrial', results.path, cell.at);
  if (detail) await openRecording(detail.recording);
}

export async function compareWithBaseline(baseline: string | undefined): Promise<void> {
  const candidate = get().results?.path;
  set({ baseline, tab: 'compare' });
  if (!baseline || !candidate) {
    set({ comparison: undefined });
    return;
  }
  set({ comparison: 'running' });
  const comparison = await attempt('compareEvalResults', baseline, candidate);
  if (get().baseline === baseline && get().results?.path === candidate) set({ comparison });
}

/** Add to dataset from the recording open in the Recording view (its selected agent and iteration). */
export function addCaseFromOpenedRecording(): void {
  const { opened, agent, selected } = useRecordings.getState();
  if (!opened) return;
  showAddCase({ recording: opened.path, agent: agent ?? null, iteration: selected ?? null });
}

/** Add to dataset from the live session: the selected agent's last iteration. */
export function addCaseFromLiveIteration(): void {
  const { selectedAgent, statuses } = useWorkbench.getState();
  const status = selectedAgent ? statuses[selectedAgent] : undefined;
  if (!selectedAgent || !status || status.iteration < 1) {
    notify('error', 'Add to dataset: select an agent that has run an iteration, or open a recording');
    return;
  }
  showAddCase({ recording: null, agent: selectedAgent, iteration: status.iteration });
}

export function showAddCase(source: AddCaseSource | undefined): void {
  set({ addCase: source });
  if (source && !get().files) void refreshEvalFiles();
}

export async function addCase(dataset: string, id: string, expected: string | null): Promise<boolean> {
  const source = get().addCase;
  if (!source) return false;
  const added = await attempt('addEvalCase', source.recording, dataset, id, source.agent, source.iteration, expected);
  if (!added) return false;
  notify('info', `case "${added.id}" added to ${added.dataset}`);
  set({ addCase: undefined });
  return true;
}
