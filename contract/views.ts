// What the host's answers and events describe: the open workspace, its agents, back-ends, open
// sources, test results and components. All plain data (JSON), so either transport carries it.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type { ToolCall, Usage } from '../main/host-api/wit-types.generated.ts';
import type { TraceEvent } from '../main/trace/trace-event.ts';
import type { AgentStatus } from './agent-status.ts';

/** 1-based positions, as editors show them. */
export interface Diagnostic {
  message: string;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * A save's answer: `saved`, with the new version's mtime; or not, because the file on disk is
 * another version than the text was edited from (its mtime given), which would be lost.
 */
export type SaveResult = { saved: true; mtimeMs: number } | { saved: false; mtimeMs: number };

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
  /**
   * The session's recording (a workspace path), or why there is none: another workbench records
   * the workspace, or the settings folder cannot take it.
   */
  session: { recording: string } | { unrecorded: string };
  /** Breakpoints that hold every agent. */
  allBreakpoints: HostOp[];
  files: WorkspaceFile[];
  providers: BackendView[];
  tooling: BackendView[];
  /** The runtime kinds this build runs (New agent, file kinds, the editor's languages). */
  runtimeKinds: RuntimeKindView[];
  /** Whether the folder is trusted, and what is held back until it is (docs/workbench.md#workspace-trust). */
  trust: TrustView;
}

/**
 * Something a workspace that is not trusted names and Brainbench does not run or send: a tool
 * server's command, a component's host folders or network, a key from the user's environment
 * bound for another server, an expression from the workspace's settings.
 */
export interface HeldItem {
  kind: 'command' | 'runtime' | 'credential' | 'expression';
  /** Whose it is: `tooling "notes"`, `runtime "tools"`, `provider "gpt"`, `logpoint`. */
  subject: string;
  /** Where it is set: `omw.toml:12`, a brain's `file:line`, or `$OMW__…` for a variable. */
  where?: string;
  /** What would run or be sent, in full, hidden characters escaped (a command line as a shell shows it). */
  text: string;
}

export interface TrustView {
  trusted: boolean;
  /** Why it is trusted: the user trusted it, or it is the example workspace Brainbench ships. */
  by?: 'user' | 'bundled-example';
  /** What is held back; empty when trusted. */
  held: HeldItem[];
  /** The user's trust file could not be used: nothing is trusted until a folder is trusted again. */
  problem?: string;
}

export interface BackendView {
  section: 'providers' | 'tooling';
  name: string;
  kind: string;
  state: string;
  detail?: string;
  /** The protocol revision a connected tool server negotiated. */
  protocolRevision?: string;
}

export const REGISTRY_NAMES = ['streams', 'timers', 'resources', 'toolCalls'] as const;

export type RegistryName = (typeof REGISTRY_NAMES)[number];

export interface OpenSourceView {
  registry: RegistryName;
  uuid: string;
  source: string;
  openedAt: number;
  info: Record<string, string | number | undefined>;
}

/** A chat tried from the Backends panel: the reply folded from its deltas, or where it failed. */
export interface ChatTryView {
  reply: {
    content: string;
    reasoning: string;
    toolCalls: ToolCall[];
    finishReason?: string;
    usage?: Usage;
  };
  /** Why the chat failed; the reply holds what came before. */
  error?: string;
  durationMs: number;
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
  /**
   * How often each statement line of each brain in the workspace was entered (0: never), by
   * workspace path, for the editor's heat map (docs/debugging.md#which-lines-ran).
   */
  coverage?: Record<string, [line: number, hits: number][]>;
}

export interface ComponentView {
  path: string;
  size: number;
  component: boolean;
  imports: string[];
  exports: string[];
  problems: string[];
}

/** A runtime kind as the workbench offers it, from the host's runtime descriptors. */
export interface RuntimeKindView {
  kind: string;
  title: string;
  /** `script`: source the editor opens; `component`: a binary the component picker shows. */
  format: 'script' | 'component';
  extensions: string[];
  /** The editor's language for a script brain. */
  editorLanguage?: string;
  /** The editor gets a brain's live problems from the host (`checkBrain`), not in the browser. */
  hostCheck: boolean;
  /** `source`: line breakpoints, steps and variables; `host-calls`: it holds at host calls only. */
  debugLevel: 'source' | 'host-calls';
}

/** One entry of a folder in the component browser: a folder to open or a file to pick. */
export interface ComponentFolderEntry {
  name: string;
  /** What to pass back: to `listComponentFolder` for a folder, to `inspectComponent` for a file. */
  path: string;
  kind: 'folder' | 'wasm' | 'file';
}

/**
 * A folder the component browser shows. The top (`path` '') lists the two places components may
 * come from: the workspace and Brainbench's bundled guests; nothing outside them is listed.
 */
export interface ComponentFolderView {
  path: string;
  /** Where "up" goes; null at the top. */
  parent: string | null;
  /** Which of the two places the folder is in; undefined at the top. */
  place?: 'workspace' | 'bundled';
  entries: ComponentFolderEntry[];
}

/** A value's miss against a JSON schema, at the place it is about (a JSON pointer; '' the whole). */
export interface SchemaProblem {
  path: string;
  message: string;
}
