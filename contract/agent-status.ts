// An agent's live state as the supervisor reports it: in the renderer's agents list, in `status`
// events, and to the CLI and tests on the host side.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type { IterationResult } from './iteration-result.ts';

export type AgentState =
  | 'idle'
  | 'starting'
  | 'running'
  /** Held at a host-call breakpoint. */
  | 'paused'
  /** Blocked in `recv`. */
  | 'waiting'
  | 'backoff'
  | 'exited'
  | 'completed'
  | 'failed'
  | 'stopped';

export type RunMode = 'run' | 'loop' | 'step';

export interface PausedCall {
  op: HostOp;
  args: readonly unknown[];
}

export interface AgentStatus {
  agent: string;
  runtimeKind: string;
  state: AgentState;
  mode: RunMode | undefined;
  iteration: number;
  pausedAt?: PausedCall;
  /**
   * A pause (or a step over a call) waits for the agent's next host call: one blocked in `recv`
   * holds once its next call comes. It applies to the running iteration (in loop mode, or to the
   * next) and lapses when the iteration ends first.
   */
  pausePending?: boolean;
  last?: IterationResult;
}
