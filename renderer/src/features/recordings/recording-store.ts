// Recordings in the workbench (docs/recordings.md "In the workbench"): the files the host lists,
// the recording opened offline in the Recording view, its selected iteration, a replay's report,
// the fork dialog and a comparison. No agent starts for any of it but a fork's own branch, which
// the host runs headless.

import { create } from 'zustand';
import type {
  BranchView,
  ForkEdits,
  RecordedIterationView,
  RecordingComparisonView,
  RecordingFileView,
  RecordingView,
  ReplayPlanView,
  ReplayView,
} from '../../../../contract/recording-views.ts';
import { onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { attempt, notify } from '../../core/workbench-store.ts';

export type RecordingDialog = 'open' | 'compare' | 'save-test' | 'replay';

export interface ForkTarget {
  path: string;
  agent: string;
  afterIteration: number;
}

interface RecordingState {
  files: RecordingFileView[] | undefined;
  dialog: RecordingDialog | undefined;
  /** Being opened (the request is out), then open. */
  opening: string | undefined;
  opened: RecordingView | undefined;
  agent: string | undefined;
  selected: number | undefined;
  detail: RecordedIterationView | undefined;
  replay: ReplayView | 'running' | undefined;
  /** What the Replay dialog would run (asked again when "Run the recorded brains" changes). */
  replayPlan: ReplayPlanView | undefined;
  fork: ForkTarget | undefined;
  forking: boolean;
  /** The running branch's last reported iteration (`recording-progress`). */
  progress: { iteration: number; of: number } | undefined;
  comparison: RecordingComparisonView | 'running' | undefined;
  /** The last branch forked with every agent: where each started live, and how each went. */
  forkedAll: { path: string; branch: BranchView } | undefined;
}

export const useRecordings = create<RecordingState>(() => ({
  files: undefined,
  dialog: undefined,
  opening: undefined,
  opened: undefined,
  agent: undefined,
  selected: undefined,
  detail: undefined,
  replay: undefined,
  replayPlan: undefined,
  fork: undefined,
  forking: false,
  progress: undefined,
  comparison: undefined,
  forkedAll: undefined,
}));

const set = useRecordings.setState;
const get = useRecordings.getState;

onWorkbenchEvent((event) => {
  if (event.type === 'recording-progress' && get().forking)
    set({ progress: { iteration: event.iteration, of: event.of } });
});

export async function refreshRecordings(): Promise<RecordingFileView[]> {
  const files = await attempt('recordings');
  if (files) set({ files });
  return files ?? get().files ?? [];
}

export function showRecordingDialog(dialog: RecordingDialog | undefined): void {
  set({ dialog });
  if (dialog) void refreshRecordings();
}

/** Opens a recording offline in the Recording view; the live session stays as it is behind it. */
export async function openRecording(path: string): Promise<boolean> {
  set({ opening: path, dialog: undefined });
  const view = await attempt('openRecording', path);
  if (get().opening !== path) return false;
  if (!view) {
    set({ opening: undefined });
    return false;
  }
  const agent = view.agents.find((a) => a.iterations.length > 0)?.name ?? view.agents[0]?.name;
  set({
    opened: view,
    opening: undefined,
    agent,
    selected: undefined,
    detail: undefined,
    replay: undefined,
    comparison: undefined,
  });
  return true;
}

/** Back to the live session. */
export function closeRecording(): void {
  set({
    opened: undefined,
    opening: undefined,
    detail: undefined,
    selected: undefined,
    replay: undefined,
    comparison: undefined,
  });
}

export function selectRecordedAgent(agent: string): void {
  set({ agent, selected: undefined, detail: undefined });
}

export async function selectRecordedIteration(iteration: number): Promise<void> {
  const { opened, agent } = get();
  if (!opened || !agent) return;
  set({ selected: iteration, detail: undefined });
  const detail = await attempt('recordedIteration', opened.path, agent, iteration);
  if (detail && get().selected === iteration && get().agent === agent) set({ detail });
}

/** Opens (if need be) a recording at one agent's iteration: where a value from its past links to. */
export async function showRecordedIteration(path: string, agent: string, iteration: number): Promise<void> {
  if (get().opened?.path !== path && !(await openRecording(path))) return;
  if (get().agent !== agent) selectRecordedAgent(agent);
  await selectRecordedIteration(iteration);
}

/** Replay…: the dialog that says what a replay of the opened recording would run, before it runs. */
export function showReplayDialog(): void {
  set({ dialog: 'replay', replayPlan: undefined });
  void planReplay(false);
}

export async function planReplay(recordedBrains: boolean): Promise<void> {
  const opened = get().opened;
  if (!opened) return;
  const plan = await attempt('replayPlan', opened.path, recordedBrains);
  if (get().dialog === 'replay' && get().opened === opened) set({ replayPlan: plan });
}

/** Runs the replay the dialog planned; its report (REPLAYED, DIVERGED, the agents left out) shows in the view. */
export async function replayOpened(recordedBrains: boolean): Promise<void> {
  const opened = get().opened;
  if (!opened) return;
  set({ replay: 'running', dialog: undefined });
  const report = await attempt('replayRecording', opened.path, recordedBrains);
  if (get().opened === opened) set({ replay: report });
}

export function openFork(target: ForkTarget | undefined): void {
  set({ fork: target });
  if (target) void refreshRecordings();
}

/**
 * Runs the branch; when it is done, lists it, opens it and compares it with what it was forked
 * from. Resolves the branch, or undefined when the fork failed (the error is shown).
 */
export async function runFork(
  target: ForkTarget,
  edits: ForkEdits,
  recordedBrains: boolean,
): Promise<BranchView | undefined> {
  set({ forking: true, progress: undefined });
  const branch = await attempt(
    'forkRecording',
    target.path,
    target.agent,
    target.afterIteration,
    edits,
    recordedBrains,
  );
  set({ forking: false, progress: undefined });
  if (!branch) return undefined;
  set({ fork: undefined, forkedAll: branch.cut ? { path: branch.branch.path, branch } : undefined });
  notify('info', `branch ${branch.branch.branch?.name ?? branch.branch.path} written`);
  await refreshRecordings();
  if (await openRecording(branch.branch.path)) await compare(target.path, branch.branch.path);
  return branch;
}

export async function compare(a: string, b: string): Promise<void> {
  set({ comparison: 'running', dialog: undefined });
  const comparison = await attempt('compareRecordings', a, b);
  set({ comparison });
}

export function closeComparison(): void {
  set({ comparison: undefined });
}
