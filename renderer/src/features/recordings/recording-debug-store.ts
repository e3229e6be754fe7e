// A debug session over an opened recording's agent (docs/debugging.md#time-travel-in-a-recording):
// which recording and agent it is on, where it is stopped (each move answers with that, and with
// what logpoints said on the way, which goes to the Debug output), the selected frame with its
// scopes and the values read so far (lazily, by reference, at that stop), the brain text that runs,
// and the watch expressions, evaluated again in the selected frame at every stop. The debugger keys
// act on it while it is open in the Recording view (command-actions.ts asks `recordingDebugKeys`).

import { create } from 'zustand';
import type {
  EvaluationResult,
  RecordingDebugMove,
  RecordingDebugView,
  RecordingSourceView,
  ScopeInfo,
  VariableInfo,
} from '../../../../contract/debug-views.ts';
import { attempt, request } from '../../core/workbench-store.ts';
import { addOutput } from '../debug/debug-store.ts';
import type { VariableSource } from '../debug/variable-source.ts';
import { useRecordings } from './recording-store.ts';

/** A watch's value at the current stop (a structured one opens by reference), or why it has none. */
export type RecordingWatchValue = Pick<EvaluationResult, 'type' | 'variablesReference'> & {
  value?: string;
  error?: string;
};

interface RecordingDebugState {
  session: { path: string; agent: string } | undefined;
  view: RecordingDebugView | undefined;
  /** A start or move is under way. */
  busy: boolean;
  /** Re-execute the recording's own brain text, not the workspace's. */
  recordedBrains: boolean;
  /** The frame whose scopes and variables show, and its scopes (the top frame's come with the view). */
  frameId: number | undefined;
  scopes: ScopeInfo[];
  /** Children read at the current stop, by variables reference. */
  children: Record<number, VariableInfo[]>;
  /** Values opened or closed by the user, by path from the scope: kept across moves. */
  expansion: Record<string, boolean>;
  /** The brain text the stopped iteration runs (all of it, or the lines around the stop). */
  source: RecordingSourceView | undefined;
  watches: string[];
  /** Each watch's value at the current stop, in the selected frame. */
  values: Record<string, RecordingWatchValue>;
}

export const useRecordingDebug = create<RecordingDebugState>(() => ({
  session: undefined,
  view: undefined,
  busy: false,
  recordedBrains: false,
  frameId: undefined,
  scopes: [],
  children: {},
  expansion: {},
  source: undefined,
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
  // Another agent's brain is another file: its text is asked for anew.
  if (previous?.agent !== agent) set({ source: undefined });
  set({ busy: true, session: { path, agent } });
  const view = await attempt('recordingDebugStart', path, agent, iteration, how, get().recordedBrains);
  if (!view) {
    set({ busy: false, session: get().view ? { path, agent } : undefined });
    return;
  }
  await shown(path, view);
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
  await shown(session.path, view);
}

export async function endRecordingDebug(): Promise<void> {
  const { session } = get();
  set({ session: undefined, view: undefined, busy: false, values: {}, children: {}, scopes: [], source: undefined });
  if (session) await attempt('recordingDebugEnd', session.path, session.agent);
}

export function setRecordedBrains(recordedBrains: boolean): void {
  set({ recordedBrains });
}

/** Shows frame `frameId`'s scopes and variables, and evaluates the watches in it. */
export async function selectRecordingFrame(frameId: number): Promise<void> {
  const { session, view } = get();
  if (!session || !view || !view.frames.some((f) => f.id === frameId)) return;
  set({ frameId });
  const top = view.frames[0]?.id === frameId;
  const scopes = top
    ? view.scopes
    : await attempt('recordingDebugScopes', session.path, session.agent, view.stop, frameId);
  if (get().view !== view || get().frameId !== frameId) return;
  set({ scopes: scopes ?? [] });
  await evaluateWatches();
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

/** Children being read, by reference, at the current stop: each is asked once. */
let reading = new Set<number>();

/** The values of the current stop, read by reference: the variable tree's source for the panel. */
export const recordingVariables: VariableSource = {
  path: (names) => names.join('\u0000'),
  useOpen: (path, initially) => useRecordingDebug((s) => s.expansion[path] ?? initially),
  setOpen: (path, open) => set((s) => ({ expansion: { ...s.expansion, [path]: open } })),
  useChildren: (reference) => useRecordingDebug((s) => (reference > 0 ? s.children[reference] : undefined)),
  read: (reference) => void readChildren(reference),
};

async function readChildren(reference: number): Promise<void> {
  const { session, view } = get();
  if (!session || !view || reading.has(reference)) return;
  reading.add(reference);
  const children = await attempt(
    'recordingDebugVariables',
    session.path,
    session.agent,
    view.stop,
    reference,
    null,
    null,
  );
  if (get().view !== view) return;
  reading.delete(reference);
  if (children) set((s) => ({ children: { ...s.children, [reference]: children } }));
}

async function shown(path: string, view: RecordingDebugView): Promise<void> {
  reading = new Set();
  set({ view, busy: false, frameId: view.frames[0]?.id, scopes: view.scopes, children: {} });
  if (view.output.length > 0) {
    addOutput(
      view.output.map((line) => ({
        agent: view.agent,
        text: line.text,
        recording: path,
        ...(line.iteration === undefined ? {} : { iteration: line.iteration }),
      })),
    );
  }
  await Promise.all([readSource(path, view), evaluateWatches()]);
}

/** The brain text the view's iteration runs, asked again only when another text runs or the line is out of it. */
async function readSource(path: string, view: RecordingDebugView): Promise<void> {
  const shownText = get().source;
  const inside =
    shownText !== undefined &&
    shownText.brain === view.brain &&
    view.line >= shownText.firstLine &&
    view.line < shownText.firstLine + shownText.text.split('\n').length;
  if (inside) return;
  const source = await attempt('recordingDebugSource', path, view.agent, view.iteration, view.line);
  if (source && get().view === view) set({ source });
}

async function evaluateWatches(): Promise<void> {
  const { session, watches, view, frameId } = get();
  if (!session || !view) return;
  const values: Record<string, RecordingWatchValue> = {};
  for (const expression of watches) {
    try {
      const answer = await request(
        'recordingDebugEvaluateIn',
        session.path,
        session.agent,
        view.stop,
        frameId ?? null,
        expression,
      );
      values[expression] = {
        value: answer.result,
        variablesReference: answer.variablesReference,
        ...(answer.type === undefined ? {} : { type: answer.type }),
      };
    } catch (error) {
      values[expression] = { error: (error as Error).message, variablesReference: 0 };
    }
  }
  if (get().view === view && get().frameId === frameId) set({ values });
}
