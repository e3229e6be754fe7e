import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { CloseReason, Json, SourceKind } from '../trace/trace-event.ts';
import type { AgentContext } from './agent-context.ts';
import type { Host } from './host.ts';

/** What a host-call handler gets: the calling agent, its abort signal and the trace. */
export interface CallScope {
  readonly host: Host;
  readonly ctx: AgentContext;
  readonly signal: AbortSignal;
  /** Records omw's `call` event, then flushes call-boundary injections. */
  record(op: string, detail: Json, uuid?: string | null): void;
  opened(source: SourceKind, uuid: string): void;
  closed(source: SourceKind, uuid: string, reason: CloseReason): void;
}

export type CallHandler = (scope: CallScope, args: readonly unknown[]) => unknown;

export type CallHandlers = Partial<Record<HostOp, CallHandler>>;
