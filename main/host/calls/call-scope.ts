// What a host-call handler sees: the calling agent's context, its abort signal, the trace, and
// the part of the host that handlers use (HostServices, which the Host implements), typed per op
// by the WIT world's signatures.

import type { OmwConfig } from '../../config/config-types.ts';
import type { Endpoint } from '../../endpoint/endpoint.ts';
import type { HostOp, HostOpAnswer, HostOpArgs } from '../../host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../../host-api/wit-types.generated.ts';
import type { Provider } from '../../providers/provider.ts';
import type { Tooling } from '../../tooling/tooling.ts';
import type { CloseReason, Json, LogTrace, SourceKind } from '../../trace/trace-event.ts';
import type { AgentContext } from '../agent-context.ts';
import type { Bus } from '../bus.ts';

export interface HostServices {
  readonly config: OmwConfig;
  readonly bus: Bus;
  readonly providers: ReadonlyMap<string, Provider>;
  readonly tooling: ReadonlyMap<string, Tooling>;
  /** omw's `[endpoint]`, when one is configured. */
  readonly endpoint: Endpoint | undefined;
  /** Puts an envelope into an agent's inbox; a full inbox drops it and returns false. */
  deliver(ctx: AgentContext, envelope: EventEnvelope): boolean;
  /** omw's send-agent: delivered only if `dest` subscribed to the sender. */
  sendAgent(ctx: AgentContext, dest: string, payload: string): void;
  traceInbound(ctx: AgentContext, envelope: EventEnvelope): void;
  traceClosed(ctx: AgentContext, source: SourceKind, uuid: string, reason: CloseReason): void;
  traceLog(ctx: AgentContext, level: LogTrace['level'], message: string): void;
}

export interface CallScope {
  readonly host: HostServices;
  readonly ctx: AgentContext;
  readonly signal: AbortSignal;
  /**
   * Records omw's `call` event, then flushes call-boundary injections. `omitted`: what the call
   * was given that omw's detail leaves out, kept on Brainbench's `result` for the timeline.
   */
  record(op: string, detail: Json, uuid?: string | null, omitted?: { [key: string]: Json }): void;
  /** Records a call omw does not trace (Brainbench's `host-call`), and its result; flushes nothing. */
  recordUntraced(op: string): void;
  opened(source: SourceKind, uuid: string): void;
  closed(source: SourceKind, uuid: string, reason: CloseReason): void;
}

export type CallHandler<Op extends HostOp> = (
  scope: CallScope,
  args: HostOpArgs<Op>,
) => HostOpAnswer<Op> | Promise<HostOpAnswer<Op>>;

export type CallHandlers = { readonly [Op in HostOp]?: CallHandler<Op> };
