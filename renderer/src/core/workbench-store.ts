// The renderer's state: the open workspace, agents' live status, open editor buffers and UI
// choices. Bulk trace data lives in model/trace-log.ts; here only its version counter changes.

import { create } from 'zustand';
import type { AgentStatus } from '../../../contract/agent-status.ts';
import type { TestCaseResult, WorkspaceView } from '../../../contract/views.ts';
import type { ApiMethod, ApiParams, ApiResult } from '../../../contract/workbench-api.ts';
import type { WorkbenchEvent } from '../../../contract/workbench-event.ts';
import type { WorkbenchTransport } from '../../../contract/workbench-transport.ts';
import type { TraceEvent } from '../../../main/trace/trace-event.ts';
import { traceLog } from '../shared/trace/trace-log.ts';
import { announceEvent, announceResync } from './workbench-listeners.ts';
import { failureText } from './failure-text.ts';
import type { BottomPanelId } from './bottom-panel-table.ts';
import type { ConnectedTransport } from '../transport/connected-transport.ts';
import type { UiSettings } from '../../../contract/ui-settings.ts';

export interface OpenFile {
  path: string;
  text: string;
  /** What is on disk, as far as we know. */
  saved: string;
  mtimeMs: number;
  /** Changed on disk while the buffer had unsaved edits: the user chooses. */
  externalChange?: boolean;
}

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

interface WorkbenchState {
  connected: boolean;
  workspace: WorkspaceView | undefined;
  statuses: Record<string, AgentStatus>;
  traceVersion: number;
  selectedAgent: string | undefined;
  files: Record<string, OpenFile>;
  fileOrder: string[];
  activeFile: string | undefined;
  bottomTab: BottomPanelId;
  notices: Notice[];
  testsRunning: boolean;
  testResults: TestCaseResult[] | undefined;
  /** A trace event to scroll to (jump from a failed test or a timeline row). */
  focusSeq: number | undefined;
  /** The wasm component picker, open on this path ('' for none chosen yet). */
  picking: string | undefined;
}

export const useWorkbench = create<WorkbenchState>(() => ({
  connected: false,
  workspace: undefined,
  statuses: {},
  traceVersion: 0,
  selectedAgent: undefined,
  files: {},
  fileOrder: [],
  activeFile: undefined,
  bottomTab: 'timeline',
  notices: [],
  testsRunning: false,
  testResults: undefined,
  focusSeq: undefined,
  picking: undefined,
}));

let transport: WorkbenchTransport | undefined;

/** What the renderer remembers of a workspace; store/session-persistence.ts provides it. */
export interface SessionMemory {
  /** The theme, pane sizes, bottom panel and agent: applied before the panels first draw. */
  applyView(ui: UiSettings, agents: readonly string[]): void;
  /** Reopens the remembered tabs; false when none could be. */
  restore(ui: UiSettings): Promise<boolean>;
}
let sessionMemory: SessionMemory | undefined;

export function rememberWith(memory: SessionMemory): void {
  sessionMemory = memory;
}
let noticeId = 1;
const set = useWorkbench.setState;
const get = useWorkbench.getState;

export function request<M extends ApiMethod>(method: M, ...params: ApiParams<M>): Promise<ApiResult<M>> {
  if (!transport) return Promise.reject(new Error('not connected'));
  return transport.request(method, ...params);
}

export function notify(kind: Notice['kind'], text: string): void {
  const notice = { id: noticeId++, kind, text };
  set((s) => ({ notices: [...s.notices.slice(-4), notice] }));
  setTimeout(() => dismiss(notice.id), kind === 'error' ? 12_000 : 4_000);
}

export function dismiss(id: number): void {
  set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

/** Runs a request and shows its failure where the user will see it; resolves undefined then. */
export async function attempt<M extends ApiMethod>(
  method: M,
  ...params: ApiParams<M>
): Promise<ApiResult<M> | undefined> {
  try {
    return await request(method, ...params);
  } catch (error) {
    notify('error', failureText(method, (error as Error).message));
    return undefined;
  }
}

export function connect(t: WorkbenchTransport & ConnectedTransport): void {
  transport = t;
  t.subscribe(onEvent);
  t.onConnection((connected) => {
    set({ connected });
    if (connected) void resync();
  });
  t.onResync((missed) => {
    notify(
      'info',
      `The page fell behind the host: ${missed.toLocaleString('en')} events held back; reloaded what they changed`,
    );
    void resync();
  });
}

/**
 * Trace events that arrived while a resync fetched the history: they are newer than some of it,
 * and the trace log reads events in order, so they wait for the history.
 */
let arrivedDuringResync: TraceEvent[][] | undefined;
let resyncs = Promise.resolve();

/** Fetches the host's state again (after a reconnect, or after the host held events back); one at a time. */
function resync(): Promise<void> {
  resyncs = resyncs.then(fetchAgain, fetchAgain);
  return resyncs;
}

async function fetchAgain(): Promise<void> {
  arrivedDuringResync = [];
  try {
    const [workspace, history, ui] = await Promise.all([
      request('workspace'),
      request('traceHistory'),
      request('uiSettings'),
    ]);
    applyWorkspace(workspace, ui);
    traceLog.add(history);
  } finally {
    for (const events of arrivedDuringResync) traceLog.add(events);
    arrivedDuringResync = undefined;
    set((s) => ({ traceVersion: s.traceVersion + 1 }));
  }
  announceResync();
}

/** `ui`: what the workbench remembered of this workspace, applied when it is first shown. */
function applyWorkspace(workspace: WorkspaceView, ui?: UiSettings): void {
  const statuses = Object.fromEntries(workspace.agents.map((a) => [a.name, a.status]));
  const previous = get().workspace;
  // Another workspace: the buffers and results of the old one do not apply to it.
  const another = previous !== undefined && previous.root !== workspace.root;
  if (another) {
    set({ files: {}, fileOrder: [], activeFile: undefined, testResults: undefined, picking: undefined });
  }
  const names = workspace.agents.map((a) => a.name);
  if (ui && !previous) sessionMemory?.applyView(ui, names);
  set((s) => ({
    workspace,
    statuses,
    selectedAgent: s.selectedAgent && statuses[s.selectedAgent] ? s.selectedAgent : workspace.agents[0]?.name,
  }));
  if (get().fileOrder.length === 0) void openRemembered(workspace, ui);
  if (another) announceResync();
}

/** The tabs the workspace had open last time; the first agent's brain when there were none. */
async function openRemembered(workspace: WorkspaceView, known: UiSettings | undefined): Promise<void> {
  const ui = known ?? (await request('uiSettings').catch(() => undefined));
  if (ui && !known)
    sessionMemory?.applyView(
      ui,
      workspace.agents.map((a) => a.name),
    );
  if (ui && sessionMemory && (await sessionMemory.restore(ui))) return;
  const first = workspace.agents.find((a) => !a.script.startsWith('/') && !a.script.endsWith('.wasm'));
  void openFile(first?.script ?? workspace.config);
}

/**
 * Status changes arrive one event each, hundreds a second while agents loop: they are applied
 * once a frame (the newest per agent), and before any other event, which keeps their order.
 */
let pendingStatuses: Record<string, AgentStatus> | undefined;

function queueStatus(status: AgentStatus): void {
  if (!pendingStatuses) {
    pendingStatuses = {};
    setTimeout(applyStatuses, 16);
  }
  pendingStatuses[status.agent] = status;
}

function applyStatuses(): void {
  const statuses = pendingStatuses;
  pendingStatuses = undefined;
  if (statuses) set((s) => ({ statuses: { ...s.statuses, ...statuses } }));
}

function onEvent(event: WorkbenchEvent): void {
  if (event.type === 'status') {
    queueStatus(event.status);
    return;
  }
  applyStatuses();
  announceEvent(event);
  switch (event.type) {
    case 'trace':
      if (arrivedDuringResync) {
        arrivedDuringResync.push(event.events);
        return;
      }
      traceLog.add(event.events);
      set((s) => ({ traceVersion: s.traceVersion + 1 }));
      return;
    case 'workspace':
      applyWorkspace(event.workspace);
      return;
    case 'file-changed':
      void onExternalChange(event.path, event.mtimeMs);
      return;
    case 'files':
      set((s) => (s.workspace ? { workspace: { ...s.workspace, files: event.files } } : {}));
      return;
    case 'notice':
      notify('info', event.message);
      return;
  }
}

/** Saves under way, by path: a change they cause is not another program's. */
const savesInFlight = new Map<string, Promise<unknown>>();

async function onExternalChange(path: string, mtimeMs: number): Promise<void> {
  await savesInFlight.get(path);
  const file = get().files[path];
  if (!file || file.mtimeMs >= mtimeMs) return;
  if (file.text === file.saved) {
    await reloadFile(path);
    notify('info', `${path} changed on disk and was reloaded`);
  } else {
    updateFile(path, { externalChange: true });
  }
}

function updateFile(path: string, change: Partial<OpenFile>): void {
  set((s) => {
    const file = s.files[path];
    return file ? { files: { ...s.files, [path]: { ...file, ...change } } } : {};
  });
}

export async function openFile(path: string): Promise<void> {
  if (get().files[path]) {
    set({ activeFile: path });
    return;
  }
  const read = await attempt('readFile', path);
  if (read) addFile({ path, text: read.text, saved: read.text, mtimeMs: read.mtimeMs });
}

/** A buffer joins the tabs, last, and becomes the active one. */
export function addFile(file: OpenFile): void {
  set((s) => ({
    files: { ...s.files, [file.path]: file },
    fileOrder: s.fileOrder.includes(file.path) ? s.fileOrder : [...s.fileOrder, file.path],
    activeFile: file.path,
  }));
}

export function editFile(path: string, text: string): void {
  updateFile(path, { text });
}

/**
 * Saves the buffer over the version it was edited from; when the file on disk is another one
 * (changed by New agent, Assign or another program), nothing is written and the banner asks.
 * `overwrite` is the user's answer: save over whatever is on disk.
 */
export async function saveFile(path: string, { overwrite = false } = {}): Promise<boolean> {
  const file = get().files[path];
  if (!file) return false;
  const text = file.text;
  if (CONFIG_FILE.test(path) && !(await confirmRestarts(path, text))) return false;
  const saving = attempt('writeFile', path, text, overwrite ? null : file.mtimeMs);
  savesInFlight.set(path, saving);
  const written = await saving.finally(() => {
    if (savesInFlight.get(path) === saving) savesInFlight.delete(path);
  });
  if (!written) return false;
  if (!written.saved) {
    updateFile(path, { externalChange: true });
    notify('error', `${path} was not saved: it changed on disk since you opened it`);
    return false;
  }
  // Edits typed while the save was in flight stay unsaved.
  updateFile(path, { saved: text, mtimeMs: written.mtimeMs, externalChange: false });
  return true;
}

/** A file that may be a config (the host knows whether it is the workspace's): its save may restart agents. */
const CONFIG_FILE = /\.(toml|ya?ml|json)$/;

/**
 * Saving a config restarts the agents it rewires; those mid-iteration lose that iteration, so
 * the user says first. Declined: nothing is saved and the edits stay in the buffer, unsaved.
 */
async function confirmRestarts(path: string, text: string): Promise<boolean> {
  const plan = await request('configSavePlan', path, text).catch(() => undefined);
  if (!plan || plan.busy.length === 0) return true;
  const names = plan.busy.map((agent) => `"${agent}"`).join(', ');
  const verb = plan.busy.length === 1 ? 'is' : 'are';
  return confirm(
    `Saving ${path} restarts ${names}, which ${verb} in the middle of an iteration: that iteration is discarded. Save and restart?`,
  );
}

export async function reloadFile(path: string): Promise<void> {
  const read = await attempt('readFile', path);
  if (read) updateFile(path, { text: read.text, saved: read.text, mtimeMs: read.mtimeMs, externalChange: false });
}

export function closeFile(path: string): void {
  set((s) => {
    const files = { ...s.files };
    delete files[path];
    const fileOrder = s.fileOrder.filter((p) => p !== path);
    return { files, fileOrder, activeFile: s.activeFile === path ? fileOrder[fileOrder.length - 1] : s.activeFile };
  });
}

export function openPicker(path = ''): void {
  set({ picking: path });
}

export function closePicker(): void {
  set({ picking: undefined });
}

export function selectAgent(agent: string): void {
  set({ selectedAgent: agent });
}

export function showTab(bottomTab: BottomPanelId): void {
  set({ bottomTab });
}

export function focusTrace(seq: number): void {
  set({ focusSeq: seq, bottomTab: 'timeline' });
}

export async function runTests(): Promise<void> {
  set({ testsRunning: true, bottomTab: 'tests' });
  const results = await attempt('runTests');
  set({ testsRunning: false, ...(results ? { testResults: results } : {}) });
  if (results) {
    const failed = results.filter((r) => !r.pass).length;
    notify(failed ? 'error' : 'info', `${results.length - failed} passed, ${failed} failed`);
  }
}
