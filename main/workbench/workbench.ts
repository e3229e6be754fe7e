// The host side of the workbench: one open workspace (its config, Host and Supervisor), the API
// the renderer calls, and the events it pushes. No Electron here: the Electron shell and the web
// server both wrap this class, and tests drive it directly.

import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { IterationResult } from '../../contract/iteration-result.ts';
import {
  REGISTRY_NAMES,
  type AgentView,
  type BackendView,
  type ComponentFolderView,
  type ComponentView,
  type Diagnostic,
  type OpenSourceView,
  type RegistryName,
  type RuntimeKindView,
  type SaveResult,
  type SchemaProblem,
  type TestCaseResult,
  type ToolingDescription,
  type WorkspaceView,
} from '../../contract/views.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { ConfigError } from '../config/config-error.ts';
import type { OmwConfig } from '../config/config-types.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { ChatMessage, OmwEvent, ResourceContent } from '../host-api/wit-types.generated.ts';
import { Host } from '../host/host.ts';
import { describeComponent } from '../runtimes/wasm/describe-component.ts';
import { watchScripts } from '../supervisor/script-watcher.ts';
import { WorkbenchDebugging } from './workbench-debugging.ts';
import { SETTINGS_FOLDER } from './debug-settings-file.ts';
import type {
  CallBreakpoint,
  CallBreakpointResult,
  PastWatchView,
  PlacedSourceBreakpoint,
} from '../../contract/debug-views.ts';
import type { SourceBreakpoint } from '../runtimes/debug/debug-protocol.ts';
import { followBackendStates } from './backend-state-feed.ts';
import { ALL_AGENTS, Supervisor } from '../supervisor/supervisor.ts';
import { DEFAULT_SPARES, SparePool } from '../supervisor/spare-pool.ts';
import { discoverTests } from '../testing/discover-tests.ts';
import { formatResult } from '../testing/format-result.ts';
import { runTests } from '../testing/run-tests.ts';
import { LineCoverageMap, type LineCounts } from '../debugger/line-coverage-map.ts';
import { addAgentToConfig, setAgentScript } from './config-edit.ts';
import { checkConfigText, errorDiagnostic } from './config-diagnostics.ts';
import { RUNTIME_KINDS, RUNTIMES, runtimeDescriptor } from '../runtimes/runtimes.ts';
import { brainFileName } from './agent-templates.ts';
import { agentNameProblem } from '../../contract/agent-name.ts';
import { BrainSources, shownBrainFolders } from './brain-sources.ts';
import { isTemporaryFile, removeLeftoverTemporaries, writeFileDurably } from './durable-write.ts';
import { StatusCoalescer } from './status-coalescer.ts';
import { TraceBatcher } from './trace-batcher.ts';
import { realPathOf, WorkspaceBoundary } from '../files/folder-boundary.ts';
import { EvalLineCounts } from './eval-line-counts.ts';
import { WorkbenchEvals } from './workbench-evals.ts';
import { WorkbenchCounterfactuals } from './workbench-counterfactuals.ts';
import { toWorkspacePath } from './workspace-files.ts';
import { FileListFeed } from './file-list-feed.ts';
import { UserSettingsFile } from './user-settings-file.ts';
import { tryChat } from '../providers/chat-try.ts';
import { userConfigFolder } from '../trust/user-config-folder.ts';
import { isTestConfig, loadWorkspaceConfig, testSuiteRoot } from './workspace-config.ts';
import { locateWorkspace, type OpenOptions } from './workspace-location.ts';
import { recordSession, sessionTrace, setAsidePreviousSession } from './session-recording.ts';
import { claimSessionLock, type SessionLock } from './session-lock.ts';
import type { SessionRecorder } from '../recording/session-recorder.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import { exportSessionTelemetry } from './session-telemetry.ts';
import type { LiveTelemetry } from '../telemetry/live-telemetry.ts';
import { WorkbenchRecordings } from './workbench-recordings.ts';
import { RecordingPast } from './recording-past.ts';
import { RecordingDebugging } from './recording-debugging.ts';
import { ResourceWatches } from './resource-watches.ts';
import { listComponentFolder } from './component-folders.ts';
import { checkToolArguments } from './tool-arguments-check.ts';
import { UiSettingsFile } from './ui-settings-file.ts';
import { planRestart, type RestartPlan } from './config-change.ts';
import { agentInit } from '../supervisor/agent-init.ts';
import type { UiSettings } from '../../contract/ui-settings.ts';
import type { ChatTryView, TrustView } from '../../contract/views.ts';
import { WorkspaceTrust, type TrustDecision } from '../trust/workspace-trust.ts';
import { restrictionsOf } from '../trust/restriction-report.ts';
import type { Restrictions } from '../trust/restrictions.ts';

const RUNTIME_KIND_VIEWS: RuntimeKindView[] = Object.values(RUNTIMES).map(
  ({ kind, title, brain, check, debugging }) => ({
    kind,
    title,
    format: brain.format,
    extensions: [...brain.extensions],
    ...(brain.editorLanguage !== undefined ? { editorLanguage: brain.editorLanguage } : {}),
    hostCheck: check !== undefined,
    debugLevel: debugging.level,
  }),
);

export interface WorkbenchOptions {
  spawner: AgentSpawner;
  /** The agent-process entry script. */
  entry: string;
  /** Defaults to `process.env`; the workspace's `OMW__` overlay comes from here. */
  env?: Record<string, string | undefined>;
  /** Warm agent processes kept ready per runtime kind in use (default 1); 0: every start is cold. */
  spares?: number;
  /**
   * Which folders are trusted (docs/workbench.md#workspace-trust): the user's trust store and the
   * bundled example workspace by default. A folder that is not runs nothing outside the brain
   * sandboxes until the user trusts it.
   */
  trust?: WorkspaceTrust;
  /** Where the user's own settings (the theme) are kept: the user's settings folder by default. */
  userSettingsFolder?: string;
}

type Listener = (event: WorkbenchEvent) => void;

interface OpenWorkspace {
  /** The workspace folder's real path. */
  root: string;
  configFile: string;
  /** The files the config was layered from (a test config's bases, then itself). */
  configLayers: string[];
  boundary: WorkspaceBoundary;
  config?: OmwConfig;
  configError?: ConfigError | Error;
  host?: Host;
  supervisor?: Supervisor;
  /** The workspace's warm agent processes: its agents, restarts and saved configs start from them. */
  spares: SparePool;
  stopWatching: () => void;
  /** Stops the brain watcher of the agents running now (a partial restart watches anew). */
  stopReloading?: () => void;
  /** The renderer's remembered tabs and panels (`.brainbench/workbench.json`). */
  uiSettings: UiSettingsFile;
  /** The session's bounded recording (docs/recordings.md). */
  recorder?: SessionRecorder;
  /** Held by the one workbench that records the workspace's session; undefined when it could not be asked. */
  sessionLock: SessionLock | undefined;
  /** Why the session is not recorded, when it is not. */
  unrecorded?: string;
  /** The session's live OTLP export, when the OTEL_EXPORTER_OTLP_* variables ask for one. */
  telemetry?: LiveTelemetry;
  /** Whether the folder is trusted; decided when it opens, changed by Trust and Revoke. */
  trust: TrustDecision;
  /** The file tree's listing, sent again when files appear or go. */
  fileList: FileListFeed;
  /** What the running config holds back while the folder is not trusted. */
  restrictions?: Restrictions;
}

export class Workbench {
  private workspaceState: OpenWorkspace | undefined;
  private readonly listeners = new Set<Listener>();
  readonly debugging = new WorkbenchDebugging({
    notify: (notification) => this.emit({ type: 'debug', notification }),
    settingsChanged: (settings) => {
      this.emit({ type: 'debug-settings', settings });
    },
    warn: (message) => this.emit({ type: 'notice', message }),
  });
  private readonly batcher = new TraceBatcher((events) => this.emit({ type: 'trace', events }));
  private readonly statuses = new StatusCoalescer((status) => this.emit({ type: 'status', status }));
  private readonly brainSources = new BrainSources();
  /** Tools' input schemas by tooling and tool, as last listed: the tool form checks against them. */
  private readonly toolSchemas = new Map<string, unknown>();
  private readonly resourceWatches = new ResourceWatches((subscription, tooling, content) =>
    this.emit({ type: 'resource-update', subscription, tooling, content }),
  );
  /** Our own saves, so the file watcher does not report them back as external changes. */
  private readonly ownWrites = new Map<string, number>();
  /** Files being saved: renamed into place, their mtime not yet in `ownWrites`. */
  private readonly saving = new Set<string>();
  private opening: Promise<void> = Promise.resolve();
  /** Trace numbering continues across restarts, so renderers can tell new events from old. */
  private lastSeq = 0;
  /** History the next host keeps as its own: the agents' trace before a restart, or the previous session's. */
  private carriedTrace: TraceEvent[] = [];

  /** Recordings opened, forked, replayed, compared and saved as tests (docs/recordings.md). */
  readonly recordings: WorkbenchRecordings;
  /** Watches and line counts over an opened recording's past, re-executed (recording-past.ts). */
  readonly recordingPast: RecordingPast;
  /** Debug sessions over opened recordings' agents, stepping forward and back (recording-debugging.ts). */
  readonly recordingDebugging: RecordingDebugging;
  readonly trust: WorkspaceTrust;
  /** Evals run, read, compared and added to (docs/workbench.md#evals). */
  readonly evals: WorkbenchEvals;
  /** Corpus replay, chaos and where trials split (docs/counterfactuals.md#in-the-workbench). */
  readonly counterfactuals: WorkbenchCounterfactuals;
  /** Line counts over an eval's trials (eval-line-counts.ts). */
  readonly evalLineCounts: EvalLineCounts;
  /** The user's own settings, the same in every workspace: the theme. */
  private readonly userSettings: UserSettingsFile;

  constructor(private readonly options: WorkbenchOptions) {
    this.trust = options.trust ?? WorkspaceTrust.forUser(options.env ?? process.env);
    this.userSettings = new UserSettingsFile(
      options.userSettingsFolder ?? userConfigFolder(options.env ?? process.env),
      (message) => this.emit({ type: 'notice', message }),
    );
    this.recordings = new WorkbenchRecordings({
      workspace: () => {
        const { root, boundary, recorder, config } = this.state();
        return { root, boundary, recorder, config };
      },
      spawner: options.spawner,
      entry: options.entry,
      emit: (event) => this.emit(event),
    });
    this.recordingPast = new RecordingPast({
      recording: (path) => this.recordings.recording(path),
      workspace: () => {
        const { root, boundary, config } = this.state();
        return { root, boundary, config };
      },
      spawner: options.spawner,
      entry: options.entry,
    });
    this.recordingDebugging = new RecordingDebugging({
      recording: (path) => this.recordings.recording(path),
      workspace: () => {
        const { root, boundary, config } = this.state();
        return { root, boundary, config };
      },
      spawner: options.spawner,
      entry: options.entry,
      breakpoints: (source) => {
        const { root } = this.state();
        const placed = Object.entries(this.debugging.view.sourceBreakpoints).find(
          ([file]) => resolve(root, file) === source,
        )?.[1];
        return (placed ?? []).filter((b) => b.verified).map(({ verified: _v, message: _m, ...b }) => b);
      },
      exceptions: () => this.debugging.view.exceptions,
    });
    this.evals = new WorkbenchEvals({
      workspace: () => {
        const { root, boundary, trust } = this.state();
        const { recorder, notRecordedHere } = this.recordingPlaces();
        return { root, boundary, trusted: trust.trusted, recorder, notRecordedHere };
      },
      spawner: options.spawner,
      entry: options.entry,
      emit: (event) => this.emit(event),
    });
    this.counterfactuals = new WorkbenchCounterfactuals({
      workspace: () => {
        const { root, boundary, recorder, config } = this.state();
        return { root, boundary, recorder, config };
      },
      spawner: options.spawner,
      entry: options.entry,
      emit: (event) => this.emit(event),
    });
    this.evalLineCounts = new EvalLineCounts({
      workspace: () => {
        const { root, boundary, config } = this.state();
        return { root, boundary, config };
      },
      spawner: options.spawner,
      entry: options.entry,
      emit: (event) => this.emit(event),
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Opens a folder holding an omw config, or a config file (workspace-location.ts says which). A
   * bad config still opens, with its error; a refused path leaves the open workspace as it is.
   */
  async open(path: string, options: OpenOptions = {}): Promise<WorkspaceView> {
    const { root, configFile } = locateWorkspace(path, options);
    await this.close();
    // What saves interrupted last time (a crash, a full disk) left in the folders Brainbench writes most.
    for (const folder of [root, join(root, SETTINGS_FOLDER)]) await removeLeftoverTemporaries(folder);
    const trust = this.trust.decide(root);
    if (!trust.trusted && trust.problem) this.emit({ type: 'notice', message: trust.problem });
    this.debugging.open(root, trust.trusted);
    const { sessionLock, unrecorded } = this.claimSession(root);
    this.carriedTrace = sessionLock?.held ? this.previousSession(root) : [];
    this.workspaceState = {
      sessionLock,
      ...(unrecorded === undefined ? {} : { unrecorded }),
      root,
      configFile,
      configLayers: [configFile],
      boundary: new WorkspaceBoundary(root),
      spares: new SparePool({
        spawner: this.options.spawner,
        entry: this.options.entry,
        perKind: this.options.spares ?? DEFAULT_SPARES,
      }),
      stopWatching: this.watchFiles(root),
      uiSettings: new UiSettingsFile(root, (message) => this.emit({ type: 'notice', message })),
      trust,
      fileList: new FileListFeed(root, (files) => this.emit({ type: 'files', files })),
    };
    await this.startAgents();
    const view = this.workspace();
    this.emit({ type: 'workspace', workspace: view });
    return view;
  }

  async close(): Promise<void> {
    const state = this.workspaceState;
    if (!state) return;
    this.evals.dispose();
    this.counterfactuals.dispose();
    this.evalLineCounts.dispose();
    this.recordingDebugging.close();
    state.stopWatching();
    state.fileList.close();
    await this.stopAgents();
    state.spares.dispose();
    // A breakpoint set just before closing is on disk before the workspace is let go: a write that
    // landed later would overwrite what the next opening (or the user) put there meanwhile.
    await this.debugging.saved();
    if (state.sessionLock?.held) state.sessionLock.release();
    this.workspaceState = undefined;
  }

  /** The session lock, or why this workbench does not record the session. */
  private claimSession(root: string): { sessionLock: SessionLock | undefined; unrecorded?: string } {
    let sessionLock: SessionLock;
    try {
      sessionLock = claimSessionLock(root);
    } catch (error) {
      const unrecorded = `the session is not recorded: ${(error as Error).message}`;
      this.emit({ type: 'notice', message: unrecorded });
      return { sessionLock: undefined, unrecorded };
    }
    if (sessionLock.held) return { sessionLock };
    const unrecorded =
      `this workspace is open in another workbench (process ${sessionLock.holder}), which records its ` +
      `session: this one is not recorded and leaves the recordings alone (if no other workbench is open, ` +
      `delete .brainbench/session.lock and open the workspace again)`;
    this.emit({ type: 'notice', message: unrecorded });
    return { sessionLock, unrecorded };
  }

  workspace(): WorkspaceView {
    const state = this.state();
    const { config, supervisor, host, configError } = state;
    const agents: AgentView[] =
      config && supervisor
        ? Object.entries(config.agents).map(([name, agent]) => ({
            name,
            runtime: agent.runtime,
            runtimeKind: config.runtime[agent.runtime]?.kind ?? 'unknown',
            script: this.displayPath(agent.script),
            status: supervisor.runner(name).status,
            breakpoints: this.debugging.callOps(name),
          }))
        : [];
    const backends = backendViews(host);
    return {
      root: state.root,
      config: toWorkspacePath(state.root, state.configFile),
      ...(configError
        ? { configError: { ...errorDiagnostic(configError), file: this.configErrorFile(configError) } }
        : {}),
      agents,
      session:
        state.recorder && !state.recorder.cut
          ? { recording: toWorkspacePath(state.root, state.recorder.file) }
          : {
              unrecorded:
                state.unrecorded ??
                (configError ? 'nothing runs while the config has an error' : 'the session is not recorded'),
            },
      allBreakpoints: this.debugging.callOps(ALL_AGENTS),
      files: state.fileList.shown(),
      runtimeKinds: RUNTIME_KIND_VIEWS,
      providers: backends.filter((b) => b.section === 'providers'),
      tooling: backends.filter((b) => b.section === 'tooling'),
      trust: this.trustView(state),
    };
  }

  private trustView({ trust, restrictions }: OpenWorkspace): TrustView {
    if (trust.trusted) return { trusted: true, by: trust.by, held: [] };
    const held = [...(restrictions?.items ?? []), ...this.debugging.heldExpressions()].map(
      ({ kind, subject, where, text }) => ({ kind, subject, text, ...(where === undefined ? {} : { where }) }),
    );
    return { trusted: false, held, ...(trust.problem === undefined ? {} : { problem: trust.problem }) };
  }

  /**
   * Trusts the open folder (kept in the user's settings, by real path) and starts what was held
   * back, as a saved config restarts what it rewires: the session, its trace and recording go on.
   */
  async trustWorkspace(): Promise<WorkspaceView> {
    const state = this.state();
    if (state.trust.trusted) return this.workspace();
    const { setAside } = await this.trust.store.trust(state.root);
    if (setAside !== undefined) {
      this.emit({ type: 'notice', message: `the damaged trust file was kept as ${setAside}, and a new one started` });
    }
    await this.queued(async () => {
      state.trust = { trusted: true, by: 'user' };
      this.debugging.trust();
      const held = state.restrictions;
      state.restrictions = undefined;
      if (!state.supervisor || !state.config || !held) return;
      if (held.items.some((item) => item.target.section !== 'runtime')) return this.restartAll(state);
      // Only runtimes were held: their agents start, and the others run on undisturbed.
      state.supervisor.host.restrictions = undefined;
      const config = state.config;
      const runtimes = new Set(held.items.map((item) => item.target.name));
      const agents = Object.keys(config.agents).filter((agent) => runtimes.has(config.agents[agent]!.runtime));
      if (agents.length > 0)
        await this.rewire(
          state,
          { ...config, layers: state.configLayers },
          { everyone: false, restart: agents, removed: [] },
        );
    });
    return this.workspace();
  }

  /**
   * Refuses work that would start the back ends on a config of its own, outside the gate (a
   * recording's branch), while the folder holds something back.
   */
  refuseWhileHeldBack(what: string): void {
    const held = this.state().restrictions?.items ?? [];
    if (held.length === 0) return;
    const names = held.map((item) => item.subject).join(', ');
    throw new Error(`${what}, and this workspace is not trusted (${names} held back): trust it first`);
  }

  /** Stops trusting the open folder: everything starts again, restricted. */
  async revokeTrust(): Promise<WorkspaceView> {
    const state = this.state();
    await this.trust.store.revoke(state.root);
    const trust = this.trust.decide(state.root);
    if (trust.trusted) {
      throw new Error(
        trust.by === 'bundled-example'
          ? 'the example workspace Brainbench ships is always trusted'
          : `${state.root} is still trusted`,
      );
    }
    if (state.trust.trusted) {
      await this.queued(async () => {
        state.trust = trust;
        this.debugging.restrict();
        await this.restartAll(state);
      });
    }
    return this.workspace();
  }

  readFile(path: string): { text: string; mtimeMs: number } {
    const file = this.state().boundary.fileToRead(path);
    return { text: readFileSync(file, 'utf8'), mtimeMs: statSync(file).mtimeMs };
  }

  /**
   * Saves `text`; with `editedFrom`, only over that version (its mtime): a file changed on disk
   * since, by another program or by the workbench itself (New agent, Assign), is kept.
   */
  async writeFile(path: string, text: string, editedFrom: number | null = null): Promise<SaveResult> {
    const { file, exists } = this.state().boundary.fileToWrite(path);
    if (editedFrom !== null && exists) {
      const onDisk = statSync(file).mtimeMs;
      if (onDisk !== editedFrom) return { saved: false, mtimeMs: onDisk };
    }
    const mtimeMs = await this.save(file, text);
    if (this.isConfigFile(file)) await this.restartAgents();
    return { saved: true, mtimeMs };
  }

  /** A file the user picked in a native dialog may be inspected and assigned wherever it is. */
  allowPickedFile(path: string): void {
    this.brainSources.allowPicked(path);
  }

  checkConfig(text: string): Diagnostic[] {
    return checkConfigText(this.state().configFile, text);
  }

  async createAgent(name: string, kind: string): Promise<WorkspaceView> {
    const state = this.state();
    const problem = agentNameProblem(name, Object.keys(state.config?.agents ?? {}));
    if (problem) throw new Error(problem);
    const runtime = runtimeDescriptor(kind);
    if (!runtime) throw new Error(`"${kind}" is not a runtime kind; kinds: ${RUNTIME_KINDS.join(', ')}`);
    if (!state.config) throw new Error('fix the config before adding agents');
    const script = brainFileName(runtime, name);
    const { file, exists } = state.boundary.fileToWrite(script, 'create');
    if (exists) throw new Error(`${script} already exists`);
    // Refused before the brain is written, so a config that cannot be saved leaves nothing behind.
    state.boundary.fileToWrite(this.displayPath(state.configFile));
    const { template } = runtime;
    await this.save(file, template.kind === 'copy' ? readFileSync(template.file()) : template.text(name));
    const configText = readFileSync(state.configFile, 'utf8');
    const updated = addAgentToConfig(state.configFile, configText, state.config, name, kind, script);
    await this.writeFile(this.displayPath(state.configFile), updated);
    return this.workspace();
  }

  /** Points an agent at another brain (a picked wasm component, usually) by editing the config. */
  async assignScript(agent: string, script: string): Promise<WorkspaceView> {
    const state = this.state();
    if (!state.config?.agents[agent]) throw new Error(`unknown agent "${agent}"`);
    this.brainSources.resolve(state.root, script);
    const configText = readFileSync(state.configFile, 'utf8');
    const updated = setAgentScript(state.configFile, configText, agent, script);
    await this.writeFile(this.displayPath(state.configFile), updated);
    return this.workspace();
  }

  step(agent: string): Promise<IterationResult> {
    return this.supervisor().step(agent);
  }

  loop(agent: string): void {
    this.supervisor().loop([agent]);
  }

  pause(agent: string): void {
    this.supervisor().requestPause(agent);
  }

  cancelPause(agent: string): boolean {
    return this.supervisor().cancelPause(agent);
  }

  stop(agent: string): Promise<void> {
    return this.supervisor().stop(agent);
  }

  /**
   * As a fresh start would find it: a new process, an empty inbox, nothing left open, and the
   * mock back ends at their first scripted answer (they are shared: the other agents' next
   * calls start there too).
   */
  async restart(agent: string): Promise<void> {
    const runner = this.supervisor().runner(agent);
    await runner.stop('stop');
    runner.process.kill();
    const host = this.host();
    host.cancelAll(agent);
    host.bus.inbox(agent).clear();
    host.rewindBackends();
    host.trace.record({ type: 'restart', agent, iteration: host.context(agent).iteration, cause: 'agent' });
    await runner.process.start();
    runner.restarted();
  }

  /** Host-op breakpoints without conditions (the agents list's checkboxes). */
  setBreakpoints(agent: string, ops: HostOp[]): void {
    const kept = new Map(this.debugging.view.callBreakpoints[agent]?.map((b) => [b.op, b.condition]) ?? []);
    this.setCallBreakpoints(
      agent,
      ops.map((op) => ({ op, ...(kept.get(op) === undefined ? {} : { condition: kept.get(op)! }) })),
    );
  }

  /** A watch in the agent's past (docs/debugging.md#watches-in-the-past): on a brain the workspace may read. */
  watchInPast(agent: string, path: string, line: number, expression: string): Promise<PastWatchView> {
    const file = this.state().boundary.fileToRead(path);
    return this.debugging.debugger.watchInPast(agent, file, line, expression);
  }

  /**
   * A brain file's line breakpoints. The file must be one the workspace may read (placing them
   * reads it); they are kept under the path as given, which is the name the engine runs it by.
   */
  setSourceBreakpoints(path: string, breakpoints: SourceBreakpoint[], text: string | null): PlacedSourceBreakpoint[] {
    this.state().boundary.fileToRead(path);
    return this.debugging.setSourceBreakpoints(path, breakpoints, text);
  }

  setCallBreakpoints(agent: string, breakpoints: CallBreakpoint[]): CallBreakpointResult[] {
    if (agent !== ALL_AGENTS) this.supervisor().runner(agent);
    const results = this.debugging.setCallBreakpoints(agent, breakpoints);
    this.emit({ type: 'workspace', workspace: this.workspace() });
    return results;
  }

  resume(agent: string, how: 'continue' | 'step-call'): boolean {
    return this.supervisor().resume(agent, how);
  }

  /** Puts an event into the agent's inbox as if a source had delivered it. */
  inject(agent: string, event: OmwEvent): boolean {
    const host = this.host();
    const ctx = host.context(agent);
    return host.deliver(ctx, { id: crypto.randomUUID(), event });
  }

  registries(agent: string): OpenSourceView[] {
    const ctx = this.host().context(agent);
    return REGISTRY_NAMES.flatMap((registry) =>
      ctx[registry].list().map(({ uuid, source, openedAt, info }) => ({ registry, uuid, source, openedAt, info })),
    );
  }

  /** The cancel a brain would do: the registry entry stops its deliveries and closes as cancelled. */
  cancel(agent: string, registry: RegistryName, uuid: string): boolean {
    const host = this.host();
    const ctx = host.context(agent);
    const entry = ctx[registry].cancel(uuid);
    if (!entry) return false;
    host.traceClosed(ctx, entry.source, uuid, 'cancelled');
    host.traceLog(ctx, 'info', `${entry.source} ${uuid} cancelled from the workbench`);
    return true;
  }

  async describeTooling(name: string): Promise<ToolingDescription> {
    const tooling = this.host().tooling.get(name);
    if (!tooling) throw new Error(`no tooling named "${name}"`);
    const signal = AbortSignal.timeout(10_000);
    try {
      const [tools, resources] = await Promise.all([
        tooling.listTools(signal),
        tooling.listResources(signal).catch(() => []),
      ]);
      const described = tools.map((t) => ({
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        inputSchema: parseJson(t.input_schema),
      }));
      for (const t of described) this.toolSchemas.set(`${name}\0${t.name}`, t.inputSchema);
      return {
        tools: described,
        resources: resources.map((r) => ({
          uri: r.uri,
          name: r.name,
          ...(r.description ? { description: r.description } : {}),
        })),
      };
    } catch (error) {
      return { tools: [], resources: [], error: (error as Error).message };
    }
  }

  /** Try a tool call: what agents observe stays as it was (a mock's scripts are not used up). */
  async callTool(name: string, tool: string, args: string): Promise<string> {
    const tooling = this.host().tooling.get(name);
    if (!tooling) throw new Error(`no tooling named "${name}"`);
    try {
      JSON.parse(args);
    } catch (error) {
      throw new Error(`the arguments are not JSON: ${(error as Error).message}`, { cause: error });
    }
    const result = tooling.tryCall
      ? await tooling.tryCall(tool, args)
      : await tooling.callTool(tool, args, AbortSignal.timeout(30_000));
    return JSON.stringify(result, null, 2);
  }

  /** Try a chat: what agents observe stays as it was (a mock's turns are not used up). */
  tryChat(name: string, model: string, messages: ChatMessage[]): Promise<ChatTryView> {
    const provider = this.host().providers.get(name);
    if (!provider) throw new Error(`no provider named "${name}"`);
    return tryChat(provider, model, messages);
  }

  /** What is wrong with a tool call's arguments (JSON text) under the tool's input schema. */
  async checkToolArguments(name: string, tool: string, args: string): Promise<SchemaProblem[]> {
    const key = `${name}\0${tool}`;
    if (!this.toolSchemas.has(key)) await this.describeTooling(name);
    if (!this.toolSchemas.has(key)) throw new Error(`${name} has no tool named "${tool}"`);
    return checkToolArguments(this.toolSchemas.get(key), args);
  }

  readResource(name: string, uri: string): Promise<ResourceContent> {
    return this.tooling(name).readResource(uri, AbortSignal.timeout(10_000));
  }

  subscribeResource(name: string, uri: string): Promise<string> {
    return this.resourceWatches.subscribe(this.tooling(name), uri);
  }

  unsubscribeResource(subscription: string): boolean {
    return this.resourceWatches.unsubscribe(subscription);
  }

  listComponentFolder(path: string): ComponentFolderView {
    return listComponentFolder(this.state().root, path);
  }

  private tooling(name: string) {
    const tooling = this.host().tooling.get(name);
    if (!tooling) throw new Error(`no tooling named "${name}"`);
    return tooling;
  }

  async runTests(): Promise<TestCaseResult[]> {
    const { root, configFile, trust } = this.state();
    const tests = discoverTests(root);
    const results = await runTests(tests, {
      spawner: this.options.spawner,
      entry: this.options.entry,
      // A test workspace's tests layer the bases its own config does.
      root: isTestConfig(configFile) ? testSuiteRoot(configFile) : root,
      all: true,
      coverage: true,
      env: this.options.env ?? process.env,
      ...(this.options.spares !== undefined ? { spares: this.options.spares } : {}),
      // The tests' configs come with the folder too.
      ...(trust.trusted ? {} : { restrict: (config: OmwConfig) => restrictionsOf(config, { root }) }),
    });
    return results
      .map((result) => {
        const file = toWorkspacePath(root, result.file);
        return {
          file,
          pass: result.pass,
          report: formatResult(dirname(file), result),
          durationMs: result.durationMs,
          trace: result.trace,
          ...(result.coverage ? { coverage: workspaceCoverage(root, result.coverage) } : {}),
        };
      })
      .sort((a, b) => a.file.localeCompare(b.file));
  }

  async inspectComponent(path: string): Promise<ComponentView> {
    const file = this.brainSources.resolve(this.state().root, path);
    const size = statSync(file).size;
    const described = await describeComponent(file);
    if (!described.component)
      return { path, size, component: false, imports: [], exports: [], problems: described.problems };
    return {
      path,
      size,
      component: true,
      imports: described.world.imports,
      exports: described.world.exports,
      problems: described.problems,
    };
  }

  /**
   * What the renderer remembered of this workspace (tabs, panels, pane sizes) and the user's
   * theme, which is the same in every workspace. A workspace remembered before the theme was the
   * user's lends its theme until the user chooses one.
   */
  uiSettings(): UiSettings {
    const { theme, ...remembered } = this.state().uiSettings.read();
    return { ...remembered, theme: this.userSettings.theme() ?? theme ?? 'system' };
  }

  async saveUiSettings(settings: UiSettings): Promise<void> {
    const { theme, ...remembered } = settings;
    await Promise.all([this.userSettings.saveTheme(theme), this.state().uiSettings.save(remembered)]);
  }

  /**
   * The last session's trace, which this one shows before its own, its recording kept aside; a
   * recording that cannot be read costs the history only, with a notice.
   */
  private previousSession(root: string): TraceEvent[] {
    try {
      const previous = setAsidePreviousSession(root);
      return previous ? sessionTrace(previous) : [];
    } catch (error) {
      this.emit({
        type: 'notice',
        message: `the previous session's history is not shown: ${(error as Error).message}`,
      });
      return [];
    }
  }

  traceHistory() {
    const host = this.workspaceState?.host;
    if (!host) return [];
    return [...host.agents.keys()].flatMap((agent) => host.trace.events(agent)).sort((a, b) => a.seq - b.seq);
  }

  /** `restarted`: on a saved config, which the trace marks for each agent before its first iteration. */
  private async startAgents(restarted = false): Promise<void> {
    const state = this.state();
    try {
      const config = loadWorkspaceConfig(state.configFile, { env: this.options.env ?? process.env });
      state.config = config;
      state.configLayers = config.layers;
      state.restrictions = this.restrictionsOf(state, config);
      state.host = new Host(state.config, {
        traceSeqAfter: this.lastSeq,
        earlierTrace: this.carriedTrace,
        brainFolders: shownBrainFolders(state.root),
        ...(state.restrictions ? { restrictions: state.restrictions } : {}),
      });
      this.carriedTrace = [];
      const { spawner, entry } = this.options;
      state.supervisor = new Supervisor(state.host, { spawner, entry, spares: state.spares });
      state.configError = undefined;
    } catch (error) {
      state.configError = error as Error;
      await state.host?.close();
      state.host = undefined;
      state.supervisor = undefined;
      return;
    }
    const { host, supervisor } = state;
    if (state.sessionLock?.held) {
      delete state.unrecorded;
      state.recorder = recordSession(
        state.root,
        state.configFile,
        supervisor,
        { unrecorded: (reason, notice) => this.sessionRecordingChanged(state, reason, notice) },
        restarted,
      );
    }
    const notice = (message: string) => this.emit({ type: 'notice', message });
    state.telemetry = exportSessionTelemetry(supervisor, state.configFile, this.options.env ?? process.env, notice);
    host.trace.subscribe((event) => this.batcher.add(event));
    if (restarted) {
      for (const agent of host.agents.keys())
        host.trace.record({ type: 'restart', agent, iteration: 0, cause: 'workspace' });
    }
    supervisor.onStatus((status) => this.statuses.add(status));
    this.debugging.attach(supervisor);
    state.stopReloading = watchScripts(supervisor);
    const stopFollowing = followBackendStates(
      () => backendViews(host),
      () => this.emit({ type: 'workspace', workspace: this.workspace() }),
    );
    const previous = state.stopWatching;
    state.stopWatching = () => {
      state.stopReloading?.();
      stopFollowing();
      previous();
    };
    await supervisor.start();
  }

  /**
   * The session recording was cut (the disk refused it), or goes on again: the status says so at
   * once, wherever the writer noticed (a flush inside a trace event, say).
   */
  private sessionRecordingChanged(state: OpenWorkspace, reason: string | undefined, notice: string): void {
    if (reason === undefined) delete state.unrecorded;
    else state.unrecorded = reason;
    queueMicrotask(() => {
      this.emit({ type: 'notice', message: notice });
      if (this.workspaceState === state) this.emit({ type: 'workspace', workspace: this.workspace() });
    });
  }

  private async stopAgents(): Promise<void> {
    const state = this.workspaceState;
    if (!state?.supervisor) return;
    this.batcher.drain();
    this.resourceWatches.clear();
    this.toolSchemas.clear();
    this.debugging.detach();
    await state.supervisor.shutdown();
    this.statuses.flush();
    state.recorder?.close();
    state.recorder = undefined;
    await state.telemetry?.close();
    state.telemetry = undefined;
    this.lastSeq = state.host?.trace.lastSeq ?? this.lastSeq;
    this.carriedTrace = this.traceHistory();
    state.supervisor = undefined;
    state.host = undefined;
  }

  /**
   * A saved config takes effect at once. When it rewires some agents only, those restart and
   * the others run on undisturbed (config-change.ts says which); otherwise every agent stops
   * and starts again on a new host.
   */
  private restartAgents(): Promise<void> {
    return this.queued(async () => {
      const state = this.state();
      const partial = this.partialRestart(state);
      if (partial) await this.rewire(state, partial.config, partial.plan);
      else await this.restartAll(state);
    });
  }

  /** Runs a restart after those before it, then shows the workspace as it is now. */
  private queued(work: () => Promise<void>): Promise<void> {
    const restart = this.opening.then(async () => {
      await work();
      this.emit({ type: 'workspace', workspace: this.workspace() });
    });
    // Restarts run one after another; a failed one must not stop the ones after it.
    this.opening = restart.catch(() => undefined);
    return restart;
  }

  /** Every agent stops, and starts again on a new host. */
  private async restartAll(state: OpenWorkspace): Promise<void> {
    state.stopWatching();
    await this.stopAgents();
    state.stopWatching = this.watchFiles(state.root);
    await this.startAgents(true);
  }

  /** What the config holds back while the folder is not trusted; undefined when it is. */
  private restrictionsOf(state: OpenWorkspace, config: OmwConfig): Restrictions | undefined {
    return state.trust.trusted ? undefined : restrictionsOf(config, { root: state.root });
  }

  /** The new config and what it rewires, when that is not every agent and it starts cleanly. */
  private partialRestart(
    state: OpenWorkspace,
    text?: string,
  ): { config: OmwConfig & { layers: string[] }; plan: RestartPlan } | undefined {
    if (!state.config || !state.supervisor) return undefined;
    try {
      const config = loadWorkspaceConfig(state.configFile, { env: this.options.env ?? process.env, text });
      const plan = planRestart(state.config, config);
      if (plan.everyone) return undefined;
      // A rewired agent that cannot start makes the config's error; the full path reports it.
      for (const agent of plan.restart) agentInit(config, agent);
      return { config, plan };
    } catch {
      return undefined;
    }
  }

  private async rewire(state: OpenWorkspace, config: OmwConfig & { layers: string[] }, plan: RestartPlan) {
    const supervisor = state.supervisor!;
    state.config = config;
    state.configLayers = config.layers;
    // A runtime the new config gives host folders or network is held back as its agents start again.
    state.restrictions = this.restrictionsOf(state, config);
    supervisor.host.restrictions = state.restrictions;
    state.stopReloading?.();
    await supervisor.reconfigure(config, plan.restart, plan.removed);
    // The recording so far ran the old config: a new header segment starts under the new one.
    state.recorder?.startSegment(plan.restart);
    for (const agent of plan.restart) {
      supervisor.host.trace.record({ type: 'restart', agent, iteration: 0, cause: 'workspace' });
    }
    state.stopReloading = watchScripts(supervisor);
    this.debugging.attach(supervisor);
  }

  /**
   * What saving `text` over `path` would restart, and which of those agents are mid-iteration
   * (their iteration would be discarded): the renderer asks the user before saving over them.
   */
  configSavePlan(path: string, text: string): { restart: string[]; busy: string[] } {
    const state = this.state();
    const { file } = state.boundary.fileToWrite(path);
    if (!this.isConfigFile(file) || !state.supervisor) return { restart: [], busy: [] };
    const ownText = realPathOf(file) === realPathOf(state.configFile) ? text : undefined;
    const partial = ownText === undefined ? undefined : this.partialRestart(state, ownText);
    const restart = partial ? [...partial.plan.restart, ...partial.plan.removed] : [...state.supervisor.runners.keys()];
    const busy = restart.filter((agent) => state.supervisor!.runners.get(agent)?.running);
    return { restart, busy };
  }

  /** External edits: the renderer offers to reload a buffer; a changed config restarts the agents. */
  private watchFiles(root: string): () => void {
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(root, { recursive: true, persistent: false }, (_event, name) => {
        if (!name) return;
        // The local settings folder is the workbench's own, not the user's files.
        if (name.toString().split(/[\\/]/)[0] === SETTINGS_FOLDER) return;
        const file = resolve(root, name.toString());
        if (isTemporaryFile(file)) return;
        // Something appeared, went or changed: the file tree looks again.
        this.filesMayHaveChanged();
        if (this.saving.has(file) || !existsSync(file)) return;
        const mtimeMs = statSync(file).mtimeMs;
        if (this.ownWrites.get(file) === mtimeMs) return;
        this.ownWrites.set(file, mtimeMs);
        this.emit({ type: 'file-changed', path: toWorkspacePath(root, file), mtimeMs });
        if (this.isConfigFile(file)) void this.restartAgents();
      });
    } catch {
      return () => {};
    }
    return () => watcher?.close();
  }

  /**
   * The host wrote or removed files (a test saved from a recording, a new brain): the file tree
   * shows them without a reload. The watcher says so for everyone else's changes.
   */
  filesMayHaveChanged(): void {
    this.workspaceState?.fileList.mayHaveChanged();
  }

  private emit(event: WorkbenchEvent): void {
    // A workspace view holds every agent's newest status: none held back may follow it.
    if (event.type === 'workspace') this.statuses.flush();
    for (const listener of this.listeners) listener(event);
  }

  /**
   * Where the workspace's recordings are: its root, its file boundary, the session's recorder, and
   * why this workbench does not record the session, when it does not (another one may).
   */
  recordingPlaces(): {
    root: string;
    boundary: WorkspaceBoundary;
    recorder: SessionRecorder | undefined;
    notRecordedHere: string | undefined;
  } {
    const { root, boundary, recorder, sessionLock, unrecorded } = this.state();
    const notRecordedHere = sessionLock?.held ? undefined : (unrecorded ?? 'the session is not recorded');
    return { root, boundary, recorder, notRecordedHere };
  }

  private state(): OpenWorkspace {
    if (!this.workspaceState) throw new Error('no workspace is open');
    return this.workspaceState;
  }

  private supervisor(): Supervisor {
    const { supervisor, configError } = this.state();
    if (!supervisor) throw new Error(`the config has an error: ${configError?.message ?? 'not loaded'}`);
    return supervisor;
  }

  private host(): Host {
    const { host, configError } = this.state();
    if (!host) throw new Error(`the config has an error: ${configError?.message ?? 'not loaded'}`);
    return host;
  }

  /** `file` is a real path the boundary handed out; its missing folders are created. */
  private async save(file: string, data: string | Uint8Array): Promise<number> {
    await mkdir(dirname(file), { recursive: true });
    this.saving.add(file);
    try {
      const mtimeMs = await writeFileDurably(file, data);
      this.ownWrites.set(file, mtimeMs);
      this.filesMayHaveChanged();
      // Every renderer holding the file learns of the new version, as of any change on disk.
      this.emit({ type: 'file-changed', path: toWorkspacePath(this.state().root, file), mtimeMs });
      return mtimeMs;
    } finally {
      this.saving.delete(file);
    }
  }

  /** The config or one of its bases, by real path: it may be reached through a link, and saved through one. */
  private isConfigFile(file: string): boolean {
    const real = realPathOf(file);
    return (this.workspaceState?.configLayers ?? []).some((layer) => realPathOf(layer) === real);
  }

  private displayPath(file: string): string {
    const path = toWorkspacePath(this.state().root, file);
    return path.startsWith('..') ? file : path;
  }

  private configErrorFile(error: Error): string {
    const state = this.state();
    return error instanceof ConfigError && error.file
      ? this.displayPath(error.file)
      : this.displayPath(state.configFile);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function backendViews(host: Host | undefined): BackendView[] {
  return (host?.backends() ?? []).map((b) => ({
    section: b.section,
    name: b.name,
    kind: b.kind,
    state: b.status?.state ?? 'ready',
    ...(b.status?.detail ? { detail: b.status.detail } : {}),
    ...(b.status?.protocolRevision ? { protocolRevision: b.status.protocolRevision } : {}),
  }));
}

/** A test's line counts by workspace path, every statement line with its count; brains outside the workspace left out. */
function workspaceCoverage(root: string, counts: LineCounts): Record<string, [number, number][]> {
  const map = new LineCoverageMap();
  map.add(counts);
  const shown: Record<string, [number, number][]> = {};
  for (const [file, lines] of Object.entries(map.statementCounts())) {
    const path = relative(root, file);
    if (!path.startsWith('..') && !isAbsolute(path)) shown[path.split(sep).join('/')] = lines;
  }
  return shown;
}
