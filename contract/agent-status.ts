// An agent's live state as the supervisor reports it: in the renderer's agents list, in `status`
// events, and to the CLI and tests on the host side.

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type { IterationResult } from './iteration-result.ts';
import type { StopReason } from '../main/runtimes/debug/debug-protocol.ts';

export type AgentState =
  | 'idle'
  | 'starting'
  | 'running'
  /** Held at a host-call breakpoint, or stopped in the debugger (`stoppedAt`). */
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

/**
 * What the user decides for a call held at a breakpoint (approve, edit or reject a tool call):
 * let it proceed, proceed with other arguments (canonical JSON, the receiver not included),
 * answer it without calling anything (the op's `ok` value; null for none), or fail it with an
 * error (ops whose result can carry one).
 */
export type HeldCallDecision =
  | { kind: 'proceed' }
  | { kind: 'edit'; args: unknown[] }
  | { kind: 'answer'; value: unknown }
  | { kind: 'reject'; error: string };

/** Where the debugger stopped the brain, at a statement of its source. */
export interface StoppedAt {
  reason: StopReason;
  /** The brain's file, absolute. */
  source: string;
  line: number;
  column: number;
  /** For an exception: its message. */
  description?: string;
}

export interface AgentStatus {
  agent: string;
  runtimeKind: string;
  state: AgentState;
  mode: RunMode | undefined;
  /**
   * In loop mode from the start of the loop until it ends: between two iterations `state` says
   * how the last one ended, and the agent still loops.
   */
  looping?: boolean;
  iteration: number;
  pausedAt?: PausedCall;
  stoppedAt?: StoppedAt;
  /**
   * A pause (or a step over a call) waits for the agent's next host call: one blocked in `recv`
   * holds once its next call comes. It applies to the running iteration (in loop mode, or to the
   * next) and lapses when the iteration ends first.
   */
  pausePending?: boolean;
  last?: IterationResult;
}
