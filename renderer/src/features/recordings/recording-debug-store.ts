// A debug session over an opened recording's agent (docs/debugging.md#time-travel-in-a-recording):
// which recording and agent it is on, where it is stopped (each move answers with that), and the
// watch expressions, evaluated again at every stop. The debugger keys act on it while it is open
// in the Recording view (command-actions.ts asks `recordingDebugKeys`).

import { create } from 'zustand';
import type { RecordingDebugMove, RecordingDebugView } from '../../../../contract/debug-views.ts';
import { attempt, request } from '../../core/workbench-store.ts';
import { useRecordings } from './recording-store.ts';

interface RecordingDebugState {
  session: { path: string; agent: string } | undefined;
  view: RecordingDebugView | undefined;
  /** A start or move is under way. */
  busy: boolean;
  watches: string[];
  /** Each watch's value (or why it has none) at the current stop. */
  values: Record<string, string>;
}

export const useRecordingDebug = create<RecordingDebugState>(() => ({
  session: undefined,
  view: undefined,
  busy: false,
  watches: [],
  values: {},
}));

const { setState: set, getState: get } = useRecordingDebug;

/** Debug this iteration (`entry`), or Debug from here (`continue`: to the first breakpoint hit on). */
export async function startRecordingDebug(
  path: string,
  agent: string,
  iteration: number | null,
  how: 'entry' | 'continue',
): Promise<void> {
  const previous = get().session;
  if (previous && (previous.path !== path || previous.agent !== agent)) void endRecordingDebug();
  set({ busy: true, session: { path, agent } });
  const view = await attempt('recordingDebugStart', path, agent, iteration, how, false);
  if (!view) {
    set({ busy: false, session: get().view ? { path, agent } : undefined });
    return;
  }
  await shown(view);
}

export async function moveRecordingDebug(move: RecordingDebugMove): Promise<void> {
  const { session, busy } = get();
  if (!session || busy) return;
  set({ busy: true });
  const view = await attempt('recordingDebugMove', session.path, session.agent, move);
  if (!view) {
    set({ busy: false });
    return;
  }
  await shown(view);
}

export async function endRecordingDebug(): Promise<void> {
  const { session } = get();
  set({ session: undefined, view: undefined, busy: false, values: {} });
  if (session) await attempt('recordingDebugEnd', session.path, session.agent);
}

export async function addRecordingWatch(expression: string): Promise<void> {
  const text = expression.trim();
  if (text === '' || get().watches.includes(text)) return;
  set((s) => ({ watches: [...s.watches, text] }));
  await evaluateWatches();
}

export function removeRecordingWatch(expression: string): void {
  set((s) => ({ watches: s.watches.filter((w) => w !== expression) }));
}

/** Whether the debugger keys act on the recording's session: open, and its recording on screen. */
export function recordingDebugKeys(): boolean {
  const { session } = get();
  return session !== undefined && useRecordings.getState().opened?.path === session.path;
}

async function shown(view: RecordingDebugView): Promise<void> {
  set({ view, busy: false });
  await evaluateWatches();
}

async function evaluateWatches(): Promise<void> {
  const { session, watches, view } = get();
  if (!session || !view) return;
  const values: Record<string, string> = {};
  for (const expression of watches) {
    try {
      values[expression] = await request('recordingDebugEvaluate', session.path, session.agent, expression);
    } catch (error) {
      values[expression] = `(${(error as Error).message})`;
    }
  }
  if (get().view === view) set({ values });
}
