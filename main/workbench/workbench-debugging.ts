// The workbench's debugger: the workspace's breakpoints and exception filters, which outlive the
// agents (a config save starts a new supervisor, a restart a new process) and the page (they are
// saved in the workspace's local settings), applied to each supervisor's Debugger; and the
// requests of the Call stack, Variables, Watch and agent-state panes. In a workspace that is not
// trusted, the expressions its settings file brought are held back (main/trust/held-expressions.ts).

import { isAbsolute, relative, resolve } from 'node:path';
import type { HeldCallDecision } from '../../contract/agent-status.ts';
import type {
  CallBreakpoint,
  CallBreakpointResult,
  DebugNotification,
  DebugSettingsView,
  PlacedSourceBreakpoint,
  ResumeHow,
} from '../../contract/debug-views.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { Debugger } from '../debugger/debugger.ts';
import type { SourceBreakpoint } from '../runtimes/debug/debug-protocol.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import type { HeldItem } from '../../contract/views.ts';
import { NOT_TRUSTED } from '../trust/restrictions.ts';
import {
  callKey,
  expressionKeys,
  hasSourceExpression,
  heldExpressionItems,
  keepHeld,
  sourceKey,
} from '../trust/held-expressions.ts';
import {
  EMPTY_DEBUG_SETTINGS,
  readDebugSettings,
  writeDebugSettings,
  type DebugSettings,
} from './debug-settings-file.ts';

const HELD_EXPRESSION = `${NOT_TRUSTED}: its expression came with .brainbench/debugger.json`;

export interface DebuggingEvents {
  notify(notification: DebugNotification): void;
  settingsChanged(view: DebugSettingsView): void;
  /** A problem the user should hear of (a settings file that could not be read). */
  warn(message: string): void;
}

export class WorkbenchDebugging {
  #root: string | undefined;
  #settings: DebugSettings = EMPTY_DEBUG_SETTINGS;
  #view: DebugSettingsView = {
    sourceBreakpoints: {},
    exceptions: { caught: false, uncaught: false },
    callBreakpoints: {},
  };
  #debugger: Debugger | undefined;
  /** Saves run one after another, so the file always ends as the last change left it. */
  #saving: Promise<void> = Promise.resolve();
  /** Breakpoints whose expressions came with the settings file of a workspace not trusted (held-expressions.ts keys). */
  #held = new Set<string>();

  constructor(private readonly events: DebuggingEvents) {}

  /**
   * A workspace was opened: its saved settings become the current ones; `trusted` false holds
   * back every expression they hold.
   */
  open(root: string, trusted: boolean): void {
    this.#root = root;
    const { settings, problem } = readDebugSettings(root);
    this.#settings = settings;
    this.#held = trusted ? new Set() : expressionKeys(settings);
    if (problem) this.events.warn(problem);
  }

  /** The workspace is trusted now: its expressions are placed on the running agents. */
  trust(): void {
    this.#held.clear();
    if (this.#debugger) this.attach(this.#debugger.supervisor);
  }

  /** The workspace's trust was revoked: every expression in the settings is held again (applied at the next attach). */
  restrict(): void {
    this.#held = expressionKeys(this.#settings);
  }

  /** The expressions held back, for the workspace trust banner. */
  heldExpressions(): HeldItem[] {
    return this.#held.size === 0 ? [] : heldExpressionItems(this.#settings, this.#held);
  }

  /** A supervisor started on the workspace's config: the settings are applied to its agents. */
  attach(supervisor: Supervisor): void {
    this.#debugger?.dispose();
    const debug = new Debugger(supervisor);
    this.#debugger = debug;
    debug.enableTimeTravel();
    debug.onEvent((event) => this.events.notify(event));
    const agents = new Set(supervisor.runners.keys());
    const sourceBreakpoints: DebugSettingsView['sourceBreakpoints'] = {};
    for (const [file, breakpoints] of Object.entries(this.#settings.sourceBreakpoints)) {
      sourceBreakpoints[file] = this.#place(debug, file, breakpoints);
    }
    debug.setExceptionFilters(this.#settings.exceptions);
    const callBreakpoints: DebugSettingsView['callBreakpoints'] = {};
    for (const [agent, breakpoints] of Object.entries(this.#settings.callBreakpoints)) {
      if (agent !== '*' && !agents.has(agent)) continue;
      callBreakpoints[agent] = this.#setCalls(debug, agent, breakpoints);
    }
    this.#view = { sourceBreakpoints, exceptions: this.#settings.exceptions, callBreakpoints };
  }

  detach(): void {
    this.#debugger?.dispose();
    this.#debugger = undefined;
  }

  get view(): DebugSettingsView {
    return this.#view;
  }

  /** Host-op breakpoints of an agent (or `*`), for the agents list. */
  callOps(agent: string): HostOp[] {
    return (this.#settings.callBreakpoints[agent] ?? []).map((b) => b.op);
  }

  /** `text`: the brain as the editor holds it, unsaved edits included; null reads the file. */
  setSourceBreakpoints(path: string, breakpoints: SourceBreakpoint[], text: string | null): PlacedSourceBreakpoint[] {
    const file = this.#workspacePath(path);
    // Those the user left as the settings file had them stay held; an edited one is the user's own.
    keepHeld(
      this.#held,
      'source',
      file,
      breakpoints.filter(hasSourceExpression).map((b) => sourceKey(file, b)),
    );
    const placed = this.#place(this.#current(), file, breakpoints, text ?? undefined);
    this.#view = { ...this.#view, sourceBreakpoints: { ...this.#view.sourceBreakpoints, [file]: placed } };
    if (placed.length === 0) delete this.#view.sourceBreakpoints[file];
    const kept = placed.map(({ verified: _verified, message: _message, ...b }) => b);
    const sourceBreakpoints = { ...this.#settings.sourceBreakpoints, [file]: kept };
    if (kept.length === 0) delete sourceBreakpoints[file];
    this.#change({ ...this.#settings, sourceBreakpoints });
    return placed;
  }

  setExceptionBreakpoints(caught: boolean, uncaught: boolean): void {
    const exceptions = { caught, uncaught };
    this.#current().setExceptionFilters(exceptions);
    this.#view = { ...this.#view, exceptions };
    this.#change({ ...this.#settings, exceptions });
  }

  setCallBreakpoints(agent: string, breakpoints: CallBreakpoint[]): CallBreakpointResult[] {
    keepHeld(
      this.#held,
      'call',
      agent,
      breakpoints.map((b) => callKey(agent, b)),
    );
    const results = this.#setCalls(this.#current(), agent, breakpoints);
    this.#view = { ...this.#view, callBreakpoints: { ...this.#view.callBreakpoints, [agent]: results } };
    const callBreakpoints = { ...this.#settings.callBreakpoints, [agent]: breakpoints };
    if (breakpoints.length === 0) delete callBreakpoints[agent];
    this.#change({ ...this.#settings, callBreakpoints });
    return results;
  }

  resume(agent: string, how: ResumeHow): boolean {
    return this.#current().resume(agent, how);
  }

  decideHeldCall(agent: string, decision: HeldCallDecision): boolean {
    return this.#current().decideHeldCall(agent, decision);
  }

  pause(agent: string): void {
    this.#current().pause(agent);
  }

  get debugger(): Debugger {
    return this.#current();
  }

  /** The agent's memory, as the host keeps it (strings; `_as` values are JSON text). */
  memory(agent: string): Record<string, string> {
    return Object.fromEntries(this.#current().supervisor.host.context(agent).memory);
  }

  /** Sets a memory entry, or removes it with null. */
  setMemory(agent: string, key: string, value: string | null): void {
    const memory = this.#current().supervisor.host.context(agent).memory;
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }

  inbox(agent: string): readonly EventEnvelope[] {
    return this.#current().supervisor.host.bus.inbox(agent).peek();
  }

  /** Drops the pending event at `index`, if it is still the one from source `id`. */
  dropInboxEvent(agent: string, index: number, id: string): boolean {
    return this.#current().supervisor.host.bus.inbox(agent).drop(index, id);
  }

  #place(debug: Debugger, file: string, breakpoints: SourceBreakpoint[], text?: string): PlacedSourceBreakpoint[] {
    const held = (b: SourceBreakpoint) => this.#held.has(sourceKey(file, b));
    const placed = debug.setSourceBreakpoints(
      resolve(this.#root ?? '.', file),
      breakpoints.filter((b) => !held(b)),
      text,
    );
    let next = 0;
    return breakpoints.map((b) => {
      if (held(b)) return { ...b, verified: false, message: HELD_EXPRESSION };
      const where = placed[next++]!;
      return { ...b, line: where.line, verified: where.verified, ...(where.message ? { message: where.message } : {}) };
    });
  }

  #setCalls(debug: Debugger, agent: string, breakpoints: CallBreakpoint[]): CallBreakpointResult[] {
    const held = (b: CallBreakpoint) => this.#held.has(callKey(agent, b));
    const set = breakpoints.filter((b) => !held(b));
    const results = debug.setFunctionBreakpoints(
      set.map((b) => ({ name: b.op, ...(b.condition === undefined ? {} : { condition: b.condition }) })),
      agent,
    );
    return breakpoints.map((b) =>
      held(b) ? { ...b, verified: false, message: HELD_EXPRESSION } : { ...b, ...results[set.indexOf(b)]! },
    );
  }

  /** Settles once every change made so far is on disk (or was warned of as not saved). */
  saved(): Promise<void> {
    return this.#saving;
  }

  #change(settings: DebugSettings): void {
    this.#settings = settings;
    this.events.settingsChanged(this.#view);
    const root = this.#root;
    if (!root) return;
    this.#saving = this.#saving
      .then(() => writeDebugSettings(root, settings))
      .catch((error: unknown) =>
        this.events.warn(`the debugger settings could not be saved: ${(error as Error).message}`),
      );
  }

  /** Breakpoints are kept by workspace-relative path, so a moved workspace keeps them. */
  #workspacePath(path: string): string {
    const root = this.#root ?? '.';
    const absolute = isAbsolute(path) ? path : resolve(root, path);
    const inside = relative(root, absolute);
    return inside.startsWith('..') || isAbsolute(inside) ? absolute : inside.split('\\').join('/');
  }

  #current(): Debugger {
    if (!this.#debugger) throw new Error('the agents are not running: fix the config first');
    return this.#debugger;
  }
}
