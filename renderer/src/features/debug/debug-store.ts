// The debugger's state in the renderer: the workspace's breakpoints as the host placed them, and
// per stopped agent where it stopped, its call stack, the selected frame's scopes and the
// variables read so far (lazily, one level at a time), the watch expressions and the debug output.

import { create } from 'zustand';
import type {
  CallBreakpoint,
  DebugNotification,
  DebugSettingsView,
  PlacedSourceBreakpoint,
  ResumeHow,
  ScopeInfo,
  SourceBreakpoint,
  StackFrameInfo,
  VariableInfo,
  WhyView,
} from '../../../../contract/debug-views.ts';
import type { RuntimeKindView } from '../../../../contract/views.ts';
import type { WorkbenchEvent } from '../../../../contract/workbench-event.ts';
import { onResync, onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { attempt, notify, openFile, request, selectAgent, useWorkbench } from '../../core/workbench-store.ts';

/** Where an agent is stopped, and what the panes have read of it. */
export interface AgentStop {
  /** Counts the agent's stops, so an answer about an earlier one is dropped. */
  generation: number;
  reason: string;
  description?: string;
  /** Held at this host call. */
  op?: string;
  frames: StackFrameInfo[];
  frameId: number | undefined;
  scopes: ScopeInfo[];
  /** The line to show: the selected frame's, or where the stop was reported before the stack came. */
  location?: { path: string; line: number };
  /** The view is in the agent's past (time travel), not where its live brain is. */
  past?: { iteration: number; statement: number };
}

export interface WatchResult {
  value?: string;
  type?: string;
  error?: string;
  variablesReference?: number;
}

export interface OutputLine {
  agent: string;
  text: string;
  iteration?: number;
  recording?: string;
}

/** A logpoint's message in a past iteration (docs/debugging.md#logpoints-in-the-past). */
export interface PastLog {
  iteration: number;
  /** The brain file as the workspace names it. */
  path: string;
  line: number;
  text: string;
}

interface DebugState {
  settings: DebugSettingsView;
  stops: Record<string, AgentStop>;
  /** Children of a variable, by `agent/reference`; dropped when the agent goes on. */
  children: Record<string, VariableInfo[]>;
  watches: string[];
  watchResults: Record<string, WatchResult>;
  /** `iteration`: a logpoint's message in the past, from that iteration's re-execution (of `recording`, when one was opened). */
  output: OutputLine[];
  /** Per agent: what logpoints added later said in its past iterations, for the timeline. */
  pastLogs: Record<string, PastLog[]>;
  /** The last "Why?" asked: of which agent's call, and the chain of answers its arguments came from. */
  why: { agent: string; answer: WhyView } | undefined;
  /** A source breakpoint whose condition, hit count and log message are being edited. */
  editing: { path: string; line: number } | undefined;
  /**
   * Variables opened or closed by the user, by agent and path from the scope (`Locals/state/items`):
   * kept across steps and stops, as VS Code keeps them, so a step does not fold the tree.
   */
  expansion: Record<string, boolean>;
}

const EMPTY_SETTINGS: DebugSettingsView = {
  sourceBreakpoints: {},
  exceptions: { caught: false, uncaught: false },
  callBreakpoints: {},
};

export const useDebug = create<DebugState>(() => ({
  settings: EMPTY_SETTINGS,
  stops: {},
  children: {},
  watches: [],
  watchResults: {},
  output: [],
  pastLogs: {},
  why: undefined,
  editing: undefined,
  expansion: {},
}));

const set = useDebug.setState;
const get = useDebug.getState;
const OUTPUT_KEPT = 500;
/**
 * States an agent is in only after its stop ended. `running` is not one: its status can arrive
 * just after the stop's notification.
 */
const ENDED_STATES = new Set(['idle', 'starting', 'waiting', 'backoff', 'exited', 'completed', 'failed', 'stopped']);

/** A workspace file by its workspace-relative name, as the editor and the settings name it. */
export function workspacePath(source: string): string {
  const root = useWorkbench.getState().workspace?.root;
  return root && source.startsWith(`${root}/`) ? source.slice(root.length + 1) : source;
}

/** An agent's runtime kind, whose debugging level says whether it has source to stop in. */
export function runtimeKindOf(agent: string): RuntimeKindView | undefined {
  const workspace = useWorkbench.getState().workspace;
  const kind = workspace?.agents.find((a) => a.name === agent)?.runtimeKind;
  return workspace?.runtimeKinds.find((k) => k.kind === kind);
}

// ---- breakpoints ----

/** Requests in flight per file: a settings event must not undo a newer local change. */
const pendingPlacements = new Map<string, number>();

export function breakpointsOf(path: string): PlacedSourceBreakpoint[] {
  return get().settings.sourceBreakpoints[path] ?? [];
}

function withFileBreakpoints(path: string, breakpoints: PlacedSourceBreakpoint[]): DebugSettingsView {
  const sourceBreakpoints = { ...get().settings.sourceBreakpoints, [path]: breakpoints };
  if (breakpoints.length === 0) delete sourceBreakpoints[path];
  return { ...get().settings, sourceBreakpoints };
}

/**
 * Replaces a file's line breakpoints: shown at once, then as the host placed them (moved to the
 * nearest statement, or unverified with why). The editor's text goes along, so placement follows
 * unsaved edits.
 */
export async function setFileBreakpoints(
  path: string,
  breakpoints: PlacedSourceBreakpoint[],
  text: string | null = useWorkbench.getState().files[path]?.text ?? null,
): Promise<void> {
  const unique = [...new Map(breakpoints.map((b) => [b.line, b])).values()].sort((a, b) => a.line - b.line);
  set({ settings: withFileBreakpoints(path, unique) });
  const ticket = (pendingPlacements.get(path) ?? 0) + 1;
  pendingPlacements.set(path, ticket);
  const requested: SourceBreakpoint[] = unique.map(({ line, condition, hitCondition, logMessage }) => ({
    line,
    ...(condition ? { condition } : {}),
    ...(hitCondition ? { hitCondition } : {}),
    ...(logMessage ? { logMessage } : {}),
  }));
  const placed = await attempt('setSourceBreakpoints', path, requested, text);
  if (pendingPlacements.get(path) !== ticket) return;
  pendingPlacements.delete(path);
  if (placed) set({ settings: withFileBreakpoints(path, placed) });
  else await loadSettings();
}

export function toggleBreakpoint(path: string, line: number): void {
  const current = breakpointsOf(path);
  const at = current.find((b) => b.line === line);
  void setFileBreakpoints(
    path,
    at ? current.filter((b) => b !== at) : [...current, { line, verified: false, message: 'placing…' }],
  );
}

export function updateBreakpoint(
  path: string,
  line: number,
  change: Pick<SourceBreakpoint, 'condition' | 'hitCondition' | 'logMessage'>,
): void {
  void setFileBreakpoints(
    path,
    breakpointsOf(path).map((b) => (b.line === line ? { ...b, ...change } : b)),
  );
}

/** Opens a breakpoint's condition, hit count and log message for editing (adding it if needed). */
export function editBreakpoint(path: string, line: number): void {
  if (!breakpointsOf(path).some((b) => b.line === line)) toggleBreakpoint(path, line);
  set({ editing: { path, line } });
}

export function stopEditingBreakpoint(): void {
  set({ editing: undefined });
}

export async function setExceptionBreakpoints(caught: boolean, uncaught: boolean): Promise<void> {
  set({ settings: { ...get().settings, exceptions: { caught, uncaught } } });
  if ((await attempt('setExceptionBreakpoints', caught, uncaught)) === undefined) await loadSettings();
}

/** Host-call breakpoints of an agent (`*`: every agent), each with its condition on the call. */
export async function setCallBreakpoints(agent: string, breakpoints: CallBreakpoint[]): Promise<void> {
  const shown = breakpoints.map((b) => ({ ...b, verified: true }));
  set({ settings: { ...get().settings, callBreakpoints: { ...get().settings.callBreakpoints, [agent]: shown } } });
  const results = await attempt('setCallBreakpoints', agent, breakpoints);
  if (!results) return void (await loadSettings());
  set({ settings: { ...get().settings, callBreakpoints: { ...get().settings.callBreakpoints, [agent]: results } } });
  for (const failed of results.filter((r) => !r.verified)) notify('error', `${failed.op}: ${failed.message}`);
}

async function loadSettings(): Promise<void> {
  const settings = await attempt('debugSettings');
  if (settings) set({ settings });
}

function applySettings(settings: DebugSettingsView): void {
  // A file whose placement is in flight keeps what the user just did; its answer follows.
  const sourceBreakpoints = { ...settings.sourceBreakpoints };
  for (const path of pendingPlacements.keys()) {
    const local = get().settings.sourceBreakpoints[path];
    if (local) sourceBreakpoints[path] = local;
    else delete sourceBreakpoints[path];
  }
  set({ settings: { ...settings, sourceBreakpoints } });
}

// ---- stops ----

let generations = 0;

function updateStop(agent: string, generation: number, change: Partial<AgentStop>): void {
  const stop = get().stops[agent];
  if (stop?.generation !== generation) return;
  set({ stops: { ...get().stops, [agent]: { ...stop, ...change } } });
}

/** The agent stopped: the editor shows its brain at the line at once; the panes fill in after. */
function onStopped(agent: string, stop: Omit<AgentStop, 'generation' | 'frames' | 'frameId' | 'scopes'>): void {
  const generation = ++generations;
  set({ stops: { ...get().stops, [agent]: { ...stop, generation, frames: [], frameId: undefined, scopes: [] } } });
  selectAgent(agent);
  if (stop.location) void openFile(stop.location.path);
  void readStop(agent, generation);
}

function onContinued(agent: string): void {
  if (!get().stops[agent]) return;
  const stops = { ...get().stops };
  delete stops[agent];
  const children = Object.fromEntries(Object.entries(get().children).filter(([key]) => !key.startsWith(`${agent}/`)));
  set({ stops, children, watchResults: {} });
}

async function readStop(agent: string, generation: number): Promise<void> {
  const frames = await request('debugStack', agent).catch(() => [] as StackFrameInfo[]);
  updateStop(agent, generation, { frames });
  const frame = frames.find((f) => f.line > 0) ?? frames[0];
  if (frame) await selectFrame(agent, frame.id);
}

export async function selectFrame(agent: string, frameId: number): Promise<void> {
  const stop = get().stops[agent];
  if (!stop) return;
  const frame = stop.frames.find((f) => f.id === frameId);
  // Code without a file (Rhai `eval` text) is shown in the call stack pane, not opened.
  const inFile = frame && frame.line > 0 && frame.text === undefined;
  const location = inFile ? { path: workspacePath(frame.source), line: frame.line } : stop.location;
  updateStop(agent, stop.generation, { frameId, ...(location ? { location } : {}) });
  if (location) void openFile(location.path);
  const scopes = await attempt('debugScopes', agent, frameId);
  if (scopes) updateStop(agent, stop.generation, { scopes });
  await evaluateWatches();
}

/** The selected agent's stop, for the panes. */
export function useSelectedStop(): { agent: string; stop: AgentStop } | undefined {
  const agent = useWorkbench((s) => s.selectedAgent);
  const stop = useDebug((s) => (agent ? s.stops[agent] : undefined));
  return agent && stop ? { agent, stop } : undefined;
}

/**
 * Goes on from a stop: continue, or step over, into or out of a statement; `step-call` runs the
 * held host call and holds before the next one.
 */
export async function resume(agent: string, how: ResumeHow | 'step-call'): Promise<void> {
  const generation = get().stops[agent]?.generation;
  const resumed = how === 'step-call' ? await attempt('resume', agent, how) : await attempt('debugResume', agent, how);
  if (resumed && get().stops[agent]?.generation === generation) onContinued(agent);
}

export const pauseHere = (agent: string) => void attempt('debugPause', agent);

/** Time travel from a stop: resolves once the view is in the past (its `stopped` says where). */
export async function travel(agent: string, method: 'debugStepBack' | 'debugReverseContinue'): Promise<void> {
  await attempt(method, agent);
}

/** Where the arguments of a host call (its timeline event) came from; shown on the timeline. */
export async function askWhy(agent: string, seq: number): Promise<void> {
  const answer = await attempt('whyCall', agent, seq);
  if (answer) set({ why: { agent, answer } });
}

export const clearWhy = () => set({ why: undefined });

/** Time travel to the statement that made a host call (its timeline event), before the call. */
export async function goToCall(agent: string, seq: number): Promise<void> {
  await attempt('debugGoToCall', agent, seq);
}

// ---- variables and evaluation ----

/** A variable's place in the tree: its scope and the names down to it. */
export const variablePath = (agent: string, names: readonly string[]) => [agent, ...names].join('\u0000');

export function setExpanded(path: string, open: boolean): void {
  set({ expansion: { ...get().expansion, [path]: open } });
}

export async function expandVariable(agent: string, reference: number): Promise<void> {
  const variables = await attempt('debugVariables', agent, reference, null, null);
  if (variables) set({ children: { ...get().children, [`${agent}/${reference}`]: variables } });
}

/** Sets a variable of the stopped frame to the value of an expression in the brain's language. */
export async function setVariable(agent: string, reference: number, name: string, value: string): Promise<boolean> {
  const changed = await attempt('debugSetVariable', agent, reference, name, value);
  if (!changed) return false;
  const key = `${agent}/${reference}`;
  const siblings = get().children[key] ?? [];
  set({ children: { ...get().children, [key]: siblings.map((v) => (v.name === name ? changed : v)) } });
  await evaluateWatches();
  return true;
}

export async function evaluate(agent: string, expression: string): Promise<WatchResult> {
  const frameId = get().stops[agent]?.frameId ?? null;
  try {
    const answer = await request('debugEvaluate', agent, frameId, expression);
    return {
      value: answer.result,
      variablesReference: answer.variablesReference,
      ...(answer.type ? { type: answer.type } : {}),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const watchKey = () => `brainbench.watches:${useWorkbench.getState().workspace?.root ?? ''}`;

/** Lines said by the renderer's own requests (a logpoint or watch over an opened recording). */
export function addOutput(lines: readonly OutputLine[]): void {
  set({ output: [...get().output, ...lines].slice(-OUTPUT_KEPT) });
}

/** Replaces the logpoint on `line` of `path` (or adds one): live, and over the session's past. */
export function setLogpoint(path: string, line: number, logMessage: string): void {
  const others = breakpointsOf(path).filter((b) => b.line !== line);
  void setFileBreakpoints(path, [...others, { line, logMessage, verified: false, message: 'placing…' }]);
}

export function addWatch(expression: string): void {
  const watches = [...new Set([...get().watches, expression.trim()])].filter(Boolean);
  set({ watches });
  localStorage.setItem(watchKey(), JSON.stringify(watches));
  void evaluateWatches();
}

export function removeWatch(expression: string): void {
  const watches = get().watches.filter((w) => w !== expression);
  set({ watches });
  localStorage.setItem(watchKey(), JSON.stringify(watches));
}

async function evaluateWatches(): Promise<void> {
  const agent = useWorkbench.getState().selectedAgent;
  if (!agent || !get().stops[agent]) return set({ watchResults: {} });
  const results = await Promise.all(get().watches.map(async (w) => [w, await evaluate(agent, w)] as const));
  set({ watchResults: Object.fromEntries(results) });
}

function loadWatches(): void {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(watchKey()) ?? '[]');
    set({ watches: Array.isArray(saved) ? saved.filter((w): w is string => typeof w === 'string') : [] });
  } catch {
    set({ watches: [] });
  }
}

// ---- following the host ----

function onNotification(notification: DebugNotification): void {
  switch (notification.type) {
    case 'stopped': {
      const { agent, reason, description, source, line, op, past } = notification;
      onStopped(agent, {
        reason,
        ...(past ? { past } : {}),
        ...(description ? { description } : {}),
        ...(op ? { op } : {}),
        // `<eval>` and the like name code without a file: the call stack pane shows it.
        ...(source && line && !source.startsWith('<') ? { location: { path: workspacePath(source), line } } : {}),
      });
      return;
    }
    case 'continued':
      onContinued(notification.agent);
      return;
    case 'output':
      set({
        output: [
          ...get().output.slice(-(OUTPUT_KEPT - 1)),
          {
            agent: notification.agent,
            text: notification.text,
            ...(notification.iteration === undefined ? {} : { iteration: notification.iteration }),
          },
        ],
      });
      return;
    case 'past-logs': {
      const { agent, source, lines } = notification;
      const path = workspacePath(source);
      const replaced = new Set(lines.map((l) => l.line));
      const kept = (get().pastLogs[agent] ?? []).filter((l) => l.path !== path || !replaced.has(l.line));
      set({ pastLogs: { ...get().pastLogs, [agent]: [...kept, ...lines.map((l) => ({ ...l, path }))] } });
    }
  }
}

function onEvent(event: WorkbenchEvent): void {
  if (event.type === 'debug') onNotification(event.notification);
  else if (event.type === 'debug-settings') applySettings(event.settings);
}

/** A page load finds agents already stopped: their stops are read as if they had just happened. */
function onFreshStart(): void {
  loadWatches();
  set({ stops: {}, children: {}, watchResults: {} });
  void loadSettings();
  for (const status of Object.values(useWorkbench.getState().statuses)) {
    if (status.state !== 'paused' || (!status.stoppedAt && !status.pausedAt)) continue;
    const at = status.stoppedAt;
    onStopped(status.agent, {
      reason: at?.reason ?? 'function breakpoint',
      ...(status.pausedAt ? { op: status.pausedAt.op } : {}),
      ...(at ? { location: { path: workspacePath(at.source), line: at.line } } : {}),
    });
  }
}

/** An agent stopped or restarted without a `continued` (Stop, Restart): its stop is over. */
function dropEndedStops(): void {
  const statuses = useWorkbench.getState().statuses;
  for (const agent of Object.keys(get().stops)) {
    const state = statuses[agent]?.state;
    if (state === undefined || ENDED_STATES.has(state)) onContinued(agent);
  }
}

// ---- the debug target ----

/**
 * The debug target (the selected agent, which F5, F8 and the debug toolbar act on) follows the
 * brain in the focused editor, as VS Code's does: an agent that runs it, the selected one if it
 * does. A file no agent runs leaves the target as it is.
 */
export function followBrain(path: string | undefined): void {
  const { workspace, selectedAgent } = useWorkbench.getState();
  const runners = (workspace?.agents ?? []).filter((agent) => agent.script === path).map((agent) => agent.name);
  if (runners.length > 0 && !runners.includes(selectedAgent ?? '')) selectAgent(runners[0]!);
}

onWorkbenchEvent(onEvent);
onResync(onFreshStart);
useWorkbench.subscribe((state, previous) => {
  if (state.statuses !== previous.statuses) dropEndedStops();
  if (state.selectedAgent !== previous.selectedAgent) void evaluateWatches();
  if (state.activeFile !== previous.activeFile) followBrain(state.activeFile);
});
