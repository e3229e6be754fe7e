// One trace event per thing that happens to an agent. The trace is the single source of truth
// for the bus inspector, the iteration timeline, the omw-test assertion engine and replay.
// `call`, `inbound`, `opened`, `closed` and `outcome` are omw's trace events (omw-compat 14.5);
// the others are Brainbench's and are never matched by assertions.

import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { OmwEvent } from '../host-api/wit-types.generated.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What produced an inbox event: pump- or injection-backed sources and bus-backed ones. */
export type SourceKind =
  'chat-stream' | 'timer' | 'resource-list' | 'resource' | 'tool-call' | 'endpoint' | 'agent' | 'lifecycle';

export type CloseReason = 'ended' | 'cancelled' | 'failed';

interface TraceBase {
  /** Process-wide order of recording, starting at 1. */
  seq: number;
  /** Milliseconds since the Unix epoch (fractional). */
  time: number;
  agent: string;
  /** The agent's iteration this happened in (1-based; 0 before the first). */
  iteration: number;
}

export interface InboundTrace extends TraceBase {
  type: 'inbound';
  /** UUID of the envelope's source. */
  id: string;
  event: OmwEvent;
}

/**
 * An event entered the agent's inbox, or went straight to its waiting `recv`. Brainbench's: its
 * `inbound` follows when the brain receives it (inboxes are first in, first out), so the bus
 * inspector can tell what is still pending.
 */
export interface DeliveredTrace extends TraceBase {
  type: 'delivered';
  /** UUID of the envelope's source. */
  id: string;
  event: OmwEvent;
}

export interface CallTrace extends TraceBase {
  type: 'call';
  /** omw's snake_case op name, e.g. `chat_stream`. */
  op: string;
  /** The handle the call returned; null when it returned none or failed. */
  uuid: string | null;
  detail: Json;
}

export interface OpenedTrace extends TraceBase {
  type: 'opened';
  source: SourceKind;
  uuid: string;
}

export interface ClosedTrace extends TraceBase {
  type: 'closed';
  source: SourceKind;
  uuid: string;
  reason: CloseReason;
}

export interface OutcomeTrace extends TraceBase {
  type: 'outcome';
  outcome: RunOutcome;
}

/** The answer of a traced call (a `call` or a `host-call`), recorded when the call returns. */
export interface ResultTrace extends TraceBase {
  type: 'result';
  callSeq: number;
  ok: boolean;
  /** The returned value (omitted for large payloads) or the error text. */
  value?: Json;
  error?: string;
  durationMs: number;
  /**
   * What the brain passed that omw's `detail` leaves out (memory_set's value, send_agent's
   * payload), for the timeline. Here rather than on the `call`, which assertions match and test
   * dumps show exactly as omw traces it.
   */
  omitted?: { [key: string]: Json };
}

/**
 * A host call omw does not trace (`recv`: omw traces only the `inbound` it returns), recorded for
 * the timeline; its `result` follows, with how long it blocked.
 */
export interface HostCallTrace extends TraceBase {
  type: 'host-call';
  /** snake_case, as omw names ops. */
  op: string;
}

/** How long the agent was held before a host call (a breakpoint, Pause, Step over call). */
export interface HeldTrace extends TraceBase {
  type: 'held';
  op: string;
  heldMs: number;
  /** What the user did with the call, when not simply letting it proceed. */
  decision?: 'edited' | 'answered' | 'rejected';
  /**
   * What the user gave the brain in the call's place: the answer, the arguments the call ran
   * with, or the error; the timeline shows it marked as the user's.
   */
  given?: Json;
}

/**
 * The agent starts afresh: Restart (`agent`), all agents on a saved config (`workspace`), or a
 * new workbench session after the previous one's history (`session`).
 */
export interface RestartTrace extends TraceBase {
  type: 'restart';
  cause: 'agent' | 'workspace' | 'session';
}

export interface IterationStartTrace extends TraceBase {
  type: 'iteration-start';
  trigger: 'run' | 'loop' | 'step' | 'reload' | 'restart';
}

export interface IterationEndTrace extends TraceBase {
  type: 'iteration-end';
  /** The iteration's own time: without `heldMs`. */
  durationMs: number;
  /** Time held at host calls (breakpoints, Pause), when it was. */
  heldMs?: number;
  outcome?: RunOutcome;
  error?: string;
  /** Where the error happened in the brain source, when the engine knows. */
  line?: number;
  column?: number;
}

export interface LogTrace extends TraceBase {
  type: 'log';
  /** trace, debug, info, warn, error; print and debug output of scripts use `print`/`debug`. */
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'print';
  message: string;
}

export type TraceEvent =
  | InboundTrace
  | DeliveredTrace
  | CallTrace
  | OpenedTrace
  | ClosedTrace
  | OutcomeTrace
  | ResultTrace
  | IterationStartTrace
  | IterationEndTrace
  | LogTrace
  | HostCallTrace
  | HeldTrace
  | RestartTrace;

/** The events omw itself traces, the only ones assertions and `after` gates look at. */
export type OmwTraceEvent = InboundTrace | CallTrace | OpenedTrace | ClosedTrace | OutcomeTrace;

export const isOmwTraceEvent = (e: TraceEvent): e is OmwTraceEvent =>
  e.type === 'inbound' || e.type === 'call' || e.type === 'opened' || e.type === 'closed' || e.type === 'outcome';
