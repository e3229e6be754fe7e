import type { MockEndpointParams, MockEndpointRequest } from './mock-endpoint-params.ts';
import type { ChatDelta, Tool } from '../../host-api/wit-types.generated.ts';
import type { BackendEnvironment } from '../../backends/backend-kind.ts';
import { TraceGate } from '../../backends/trace-gate.ts';
import type { Endpoint, EndpointRequest } from '../endpoint.ts';
import type { EndpointSession } from '../endpoint-session.ts';
import type { EndpointTransport } from '../endpoint-transport.ts';
import { SESSION_ABORTED } from '../endpoint-errors.ts';

/** One scripted request the mock sent, for the workbench and test snapshots. */
export interface RecordedEndpointSession {
  /** The test's label for the request. */
  session_id: string;
  /** The real session UUID. */
  session: string;
  model: string;
  /** Every delta the client received, in order. */
  deltas: ChatDelta[];
  /** Null while the session is open. */
  end: { error: string | null } | null;
}

/** What the mock sent, for omw-test's `--dump` (a Brainbench shape: omw's is not known). */
export interface EndpointSnapshot {
  kind: 'endpoint';
  requests_total: number;
  requests_sent: number;
  sessions: RecordedEndpointSession[];
}

const jsonText = (value: unknown): string => JSON.stringify(value ?? null);

function endpointRequest(request: MockEndpointRequest): EndpointRequest {
  const tools: Tool[] = request.tools.map((t) => ({
    name: t.name,
    ...(t.description !== undefined ? { description: t.description } : {}),
    input_schema: jsonText(t.input_schema ?? {}),
    ...(t.output_schema !== undefined ? { output_schema: jsonText(t.output_schema) } : {}),
  }));
  return {
    model: request.model,
    messages: request.messages.map((m) => ({
      role: m.role,
      ...(m.content !== undefined ? { content: m.content } : {}),
      ...(m.reasoning !== undefined ? { reasoning: m.reasoning } : {}),
    })),
    tools,
    ...(request.params !== null ? { params: jsonText(request.params) } : {}),
  };
}

/**
 * omw's scripted endpoint client (omw-compat 13.3). Every request is registered as a
 * call-boundary injection when the host is built, before any agent runs, and is sent once its
 * model is subscribed and its `after` gate holds. The mock reads each reply as it is streamed,
 * so a `session_end` after N deltas lands at a deterministic point of the agent's trace.
 */
export class MockEndpoint implements EndpointTransport {
  readonly kind = 'mock';
  readonly unavailable = undefined;
  readonly sessions: RecordedEndpointSession[] = [];

  snapshot(): EndpointSnapshot {
    return {
      kind: 'endpoint',
      requests_total: this.requestsTotal,
      requests_sent: this.sessions.length,
      sessions: [...this.sessions],
    };
  }

  private readonly requestsTotal: number;

  constructor(
    private readonly endpoint: Endpoint,
    params: MockEndpointParams,
    env: BackendEnvironment,
  ) {
    this.requestsTotal = params.requests.length;
    params.requests.forEach((request, i) => {
      const gate = new TraceGate(request.after, `endpoint.requests[${i}].after`, env.trace);
      env.injections.register({
        attempt: () => {
          if (!endpoint.models.owner(request.model) || !gate.open) return 'pending';
          this.send(request);
          return 'delivered';
        },
      });
    });
  }

  async close(): Promise<void> {}

  private send(request: MockEndpointRequest): void {
    const session = this.endpoint.route(endpointRequest(request));
    // A full inbox dropped the request; the host traced that on the agent.
    if ('failure' in session) return;
    const recorded: RecordedEndpointSession = {
      session_id: request.session_id,
      session: session.uuid,
      model: request.model,
      deltas: [],
      end: null,
    };
    this.sessions.push(recorded);
    const cutOff = request.session_end;
    const limit = cutOff ? ('close' in cutOff ? cutOff.close : cutOff.abort) : undefined;
    const hangUp = () => this.endpoint.hangUp(session, cutOff && 'abort' in cutOff ? SESSION_ABORTED : undefined);
    session.reply.read(() => this.receive(session, recorded, limit, hangUp));
    if (limit === 0) hangUp();
  }

  private receive(
    session: EndpointSession,
    recorded: RecordedEndpointSession,
    limit: number | undefined,
    hangUp: () => void,
  ): void {
    for (let delta = session.reply.take(); delta; delta = session.reply.take()) {
      recorded.deltas.push(delta);
      // The agent's terminal delta ended the reply first: the scripted end is then a no-op.
      if (delta.finish_reason === undefined && recorded.deltas.length === limit) hangUp();
    }
    const end = session.reply.end;
    if (end && !recorded.end) recorded.end = { error: end.error ?? null };
  }
}
