import type { TraceEvent } from '../main/trace/trace-event.ts';
import type { AgentStatus } from './agent-status.ts';
import type { WorkspaceFile, WorkspaceView } from './views.ts';
import type { ResourceContent } from '../main/host-api/wit-types.generated.ts';
import type { EvalLineCountsProgressView, EvalProgressView } from './eval-views.ts';
import type { DebugNotification, DebugSettingsView } from './debug-views.ts';
import type { ChaosProgressView, CorpusProgressView } from './counterfactual-views.ts';

/** Pushed from the host to every connected renderer. */
export type WorkbenchEvent =
  | { type: 'trace'; events: TraceEvent[] }
  | { type: 'status'; status: AgentStatus }
  | { type: 'workspace'; workspace: WorkspaceView }
  | { type: 'file-changed'; path: string; mtimeMs: number }
  /**
   * The workspace's files as the file tree lists them, after a file or folder appeared or went
   * (a save as test, a new agent, another program), by the host or anyone else.
   */
  | { type: 'files'; files: WorkspaceFile[] }
  | { type: 'debug'; notification: DebugNotification }
  | { type: 'debug-settings'; settings: DebugSettingsView }
  /** Something the user should know that belongs to no request (a settings file set aside). */
  | { type: 'notice'; message: string }
  /** A resource the user subscribed to from the tooling panel (`subscribeResource`) changed. */
  | { type: 'resource-update'; subscription: string; tooling: string; content: ResourceContent }
  /** A branch being forked (`forkRecording`): the iteration it ran, of how many it will run. */
  | { type: 'recording-progress'; branch: string; agent: string; iteration: number; of: number }
  /** An eval run started from the workbench (`runEval`), as it goes and once at its end. */
  | { type: 'eval-progress'; progress: EvalProgressView }
  /** A corpus replay started from the workbench (`replayCorpus`), per recording and once at its end. */
  | { type: 'corpus-progress'; progress: CorpusProgressView }
  /** A chaos run started from the workbench (`runChaos`), per mutation and once at its end. */
  | { type: 'chaos-progress'; progress: ChaosProgressView }
  /** Line counts over an eval's trials (`evalLineCounts`), as they go and once at their end. */
  | { type: 'eval-line-counts-progress'; progress: EvalLineCountsProgressView };
