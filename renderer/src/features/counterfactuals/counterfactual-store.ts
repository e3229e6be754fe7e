// The workbench's counterfactual tools (docs/counterfactuals.md#in-the-workbench): the Corpus
// replay view (a folder of recordings replayed against the workspace's brains, its results as
// they come), chaos on the opened recording (its mutations as they come), and k recordings
// aligned where they split (Compare with several recordings). The host runs each; Cancel ends it
// and keeps what was done.

import { create } from 'zustand';
import type {
  ChaosEntryView,
  ChaosMutationRef,
  ChaosProgressView,
  CorpusEntryView,
  CorpusProgressView,
  CorpusSummaryView,
  SplitView,
} from '../../../../contract/counterfactual-views.ts';
import { onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { attempt, notify } from '../../core/workbench-store.ts';
import { openRecording, replayOpened, showRecordingDialog } from '../recordings/recording-store.ts';

interface CounterfactualState {
  corpusShown: boolean;
  folder: string;
  /** `--expect-divergence` globs, separated by spaces or commas. */
  expect: string;
  corpusProgress: CorpusProgressView | undefined;
  /** By their place in the corpus, as they come. */
  corpusEntries: CorpusEntryView[];
  corpusSummary: CorpusSummaryView | undefined;
  unmatched: string[];
  chaosShown: boolean;
  seed: string;
  max: string;
  chaosProgress: ChaosProgressView | undefined;
  chaosEntries: ChaosEntryView[];
  split: SplitView | 'running' | undefined;
}

export const useCounterfactuals = create<CounterfactualState>(() => ({
  corpusShown: false,
  folder: '',
  expect: '',
  corpusProgress: undefined,
  corpusEntries: [],
  corpusSummary: undefined,
  unmatched: [],
  chaosShown: false,
  seed: '1',
  max: '20',
  chaosProgress: undefined,
  chaosEntries: [],
  split: undefined,
}));

const set = useCounterfactuals.setState;
const get = useCounterfactuals.getState;

onWorkbenchEvent((event) => {
  if (event.type === 'corpus-progress') {
    const { progress } = event;
    const entries = progress.entry ? [...get().corpusEntries] : get().corpusEntries;
    if (progress.entry) entries[progress.entry.index] = progress.entry.view;
    set({ corpusProgress: progress, corpusEntries: entries });
  } else if (event.type === 'chaos-progress') {
    const { progress } = event;
    set({
      chaosProgress: progress,
      ...(progress.entry ? { chaosEntries: [...get().chaosEntries, progress.entry] } : {}),
    });
  }
});

export const corpusRunning = (): boolean => {
  const progress = get().corpusProgress;
  return progress !== undefined && progress.ended === undefined;
};

export const chaosRunning = (): boolean => {
  const progress = get().chaosProgress;
  return progress !== undefined && progress.ended === undefined;
};

export function showCorpus(shown = true): void {
  set({ corpusShown: shown });
}

export function setCorpusFields(fields: Partial<Pick<CounterfactualState, 'folder' | 'expect'>>): void {
  set(fields);
}

/** Replays the chosen folder; the list fills as each recording is done. */
export async function runCorpus(): Promise<void> {
  if (corpusRunning()) return;
  const { folder, expect } = get();
  const patterns = expect.split(/[\s,]+/).filter((pattern) => pattern !== '');
  set({ corpusEntries: [], corpusSummary: undefined, unmatched: [], corpusProgress: undefined });
  const view = await attempt('replayCorpus', folder.trim() || '.', patterns);
  if (!view) return;
  set({ corpusEntries: view.entries, corpusSummary: view.summary, unmatched: view.unmatchedExpectations });
}

export async function cancelCorpus(): Promise<void> {
  await attempt('cancelCorpusReplay');
}

/** A result's side-by-side replay: the recording opened, replayed again with the workspace's brains. */
export async function openCorpusEntry(entry: CorpusEntryView): Promise<void> {
  if (await openRecording(entry.path)) await replayOpened(false);
}

export function showChaos(shown = true): void {
  set({ chaosShown: shown });
}

export function setChaosFields(fields: Partial<Pick<CounterfactualState, 'seed' | 'max'>>): void {
  set(fields);
}

/** Why the seed or the maximum will not do, or undefined. */
export function chaosFieldProblem(seed: string, max: string): string | undefined {
  if (!/^\d+$/.test(seed.trim())) return 'the seed is a whole number, 0 or more';
  if (max.trim() !== '' && !(/^\d+$/.test(max.trim()) && Number(max) >= 1))
    return 'at most: a whole number, 1 or more (empty: every mutation)';
  return undefined;
}

export async function runChaos(path: string): Promise<void> {
  if (chaosRunning()) return;
  const { seed, max } = get();
  const problem = chaosFieldProblem(seed, max);
  if (problem) {
    notify('error', problem);
    return;
  }
  set({ chaosEntries: [], chaosProgress: undefined, chaosShown: true });
  const view = await attempt('runChaos', path, Number(seed), max.trim() === '' ? null : Number(max));
  if (view) set({ chaosEntries: view.entries });
}

export async function cancelChaos(): Promise<void> {
  await attempt('cancelChaos');
}

/** Save as test: the omw test `brainbench chaos --save` writes for the mutation. */
export async function saveChaosTest(path: string, entry: ChaosEntryView, dir: string): Promise<boolean> {
  const ref: ChaosMutationRef = { kind: entry.kind, agent: entry.agent, iteration: entry.iteration, call: entry.call };
  const saved = await attempt('saveChaosTest', path, ref, dir);
  if (saved) notify('info', `test written to ${saved.dir} (${saved.files.length} files)`);
  return saved !== undefined;
}

/** Compare with several recordings: where they split, and the answer that split them. */
export async function splitRecordings(paths: string[]): Promise<void> {
  showRecordingDialog(undefined);
  set({ split: 'running' });
  const view = await attempt('splitRecordings', paths);
  set({ split: view });
}

export function closeSplit(): void {
  set({ split: undefined });
}
