// The one contract between the renderer and the host. Both transports carry it unchanged:
// Electron IPC through the preload script, and a WebSocket in web mode. Everything here is plain
// data (JSON), so the same messages work over either.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type { OmwEvent } from '../main/host-api/wit-types.generated.ts';
import type { AgentStatus } from '../main/supervisor/agent-status.ts';
import type { IterationResult } from '../main/supervisor/iteration-result.ts';
import type { TraceEvent } from '../main/trace/trace-event.ts';

export type { AgentStatus, HostOp, IterationResult, OmwEvent, TraceEvent };

/** 1-based positions, as editors show them. */
export interface Diagnostic {
  message: string;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export type FileKind = 'config' | 'brain' | 'wasm' | 'test' | 'other';

export interface WorkspaceFile {
  /** Relative to the workspace root, with `/` separators. */
  path: string;
  kind: FileKind;
}

export interface AgentView {
  name: string;
  runtime: string;
  runtimeKind: string;
  /** The brain, relative to the workspace root when it lies inside it. */
  script: string;
  status: AgentStatus;
  breakpoints: HostOp[];
}

export interface WorkspaceView {
  root: string;
  /** The config file, relative to the root. */
  config: string;
  /** Why the config could not be used; the agents list is empty then. */
  configError?: Diagnostic & { file: string };
  agents: AgentView[];
  /** Breakpoints that hold every agent. */
  allBreakpoints: HostOp[];
  files: WorkspaceFile[];
  providers: BackendView[];
  tooling: BackendView[];
}

export interface BackendView {
  section: 'providers' | 'tooling';
  name: string;
  kind: string;
  state: string;
  detail?: string;
}

export type RegistryName = 'streams' | 'timers' | 'resources' | 'toolCalls';

export interface OpenSourceView {
  registry: RegistryName;
  uuid: string;
  source: string;
  openedAt: number;
  info: Record<string, string | number | undefined>;
}

export interface ToolingDescription {
  tools: { name: string; description?: string; inputSchema?: unknown }[];
  resources: { uri: string; name: string; description?: string }[];
  error?: string;
}

export interface TestCaseResult {
  /** The test file, relative to the workspace root. */
  file: string;
  pass: boolean;
  /** omw-test's PASS/FAIL text, with where an assertion stopped matching. */
  report: string;
  durationMs: number;
  /** The run's trace, for jumping from a failure to the events around it. */
  trace: TraceEvent[];
}

export interface ComponentView {
  path: string;
  size: number;
  component: boolean;
  imports: string[];
  exports: string[];
  problems: string[];
}

export type NewAgentKind = 'rhai' | 'js' | 'wasm';

/** Every request the renderer can make; each returns a promise of its result. */
export interface WorkbenchApi {
  workspace(): WorkspaceView;
  openWorkspace(path: string): WorkspaceView;
  readFile(path: string): { text: string; mtimeMs: number };
  /** Atomic: written to a temporary file, then renamed over the original. */
  writeFile(path: string, text: string): { mtimeMs: number };
  checkConfig(text: string): Diagnostic[];
  createAgent(name: string, kind: NewAgentKind): WorkspaceView;
  assignScript(agent: string, script: string): WorkspaceView;
  step(agent: string): IterationResult;
  loop(agent: string): void;
  /** Holds the agent at its next host call. */
  pause(agent: string): void;
  stop(agent: string): void;
  restart(agent: string): void;
  setBreakpoints(agent: string, ops: HostOp[]): void;
  resume(agent: string, how: 'continue' | 'step-call'): boolean;
  inject(agent: string, event: OmwEvent): boolean;
  registries(agent: string): OpenSourceView[];
  cancel(agent: string, registry: RegistryName, uuid: string): boolean;
  describeTooling(name: string): ToolingDescription;
  callTool(tooling: string, tool: string, args: string): string;
  runTests(): TestCaseResult[];
  inspectComponent(path: string): ComponentView;
  traceHistory(): TraceEvent[];
  /** The JSON Schema of omw configs (`brainbench schema`), for completion in the TOML editor. */
  configSchema(): Record<string, unknown>;
}

export type ApiMethod = keyof WorkbenchApi;
export type ApiParams<M extends ApiMethod> = Parameters<WorkbenchApi[M]>;
export type ApiResult<M extends ApiMethod> = ReturnType<WorkbenchApi[M]>;

export const API_METHODS: readonly ApiMethod[] = [
  'workspace',
  'openWorkspace',
  'readFile',
  'writeFile',
  'checkConfig',
  'createAgent',
  'assignScript',
  'step',
  'loop',
  'pause',
  'stop',
  'restart',
  'setBreakpoints',
  'resume',
  'inject',
  'registries',
  'cancel',
  'describeTooling',
  'callTool',
  'runTests',
  'inspectComponent',
  'traceHistory',
  'configSchema',
];

/** Pushed from the host to every connected renderer. */
export type WorkbenchEvent =
  | { type: 'trace'; events: TraceEvent[] }
  | { type: 'status'; status: AgentStatus }
  | { type: 'workspace'; workspace: WorkspaceView }
  | { type: 'file-changed'; path: string; mtimeMs: number };

export interface ApiRequest {
  id: number;
  method: ApiMethod;
  params: unknown[];
}

export type ApiResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** What a transport gives the renderer: requests, and a subscription to host events. */
export interface WorkbenchTransport {
  request<M extends ApiMethod>(method: M, ...params: ApiParams<M>): Promise<ApiResult<M>>;
  subscribe(listener: (event: WorkbenchEvent) => void): () => void;
}

/** Host-to-renderer messages on a transport that carries both answers and events (the WebSocket). */
export type ServerMessage = ({ kind: 'response' } & ApiResponse) | { kind: 'event'; event: WorkbenchEvent };
