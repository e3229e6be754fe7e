import { HostCallError } from '../host-api/host-call-error.ts';
import type { ChatDelta, ChatMessage, EventEnvelope, Tool } from '../host-api/wit-types.generated.ts';
import type { EndpointTransport } from './endpoint-transport.ts';
import { EndpointSession } from './endpoint-session.ts';
import {
  ENDPOINT_SHUT_DOWN,
  RECEIVER_CLOSED,
  SUBSCRIPTION_CANCELLED,
  UNKNOWN_SESSION,
  modelTaken,
  noAgentServes,
} from './endpoint-errors.ts';
import { ModelMap } from './model-map.ts';
import { SessionRegistry } from './session-registry.ts';

/** What the endpoint needs from the host: agents' inboxes and their trace. */
export interface EndpointInboxes {
  /** Puts an envelope into an agent's inbox; false when the inbox is full. */
  deliver(agent: string, envelope: EventEnvelope): boolean;
  warn(agent: string, message: string): void;
}

/** A client request, in omw's types. */
export interface EndpointRequest {
  model: string;
  messages: ChatMessage[];
  tools: Tool[];
  /** JSON text of the request's other fields. */
  params?: string;
}

export interface RouteFailure {
  failure: 'unknown-model' | 'inbox-full';
  message: string;
}

/**
 * omw's endpoint (omw-compat 12), whatever its transport: the model map, the sessions, routing a
 * request into the serving agent's inbox and the agent's replies back to the client. Every
 * session ends exactly once, and its agent always learns of it through one
 * `endpoint-session-end`, even when the agent's own terminal delta ended it.
 */
export class Endpoint {
  readonly models = new ModelMap();
  readonly sessions = new SessionRegistry();
  private attached: EndpointTransport | undefined;

  constructor(
    private readonly inboxes: EndpointInboxes,
    private readonly sessionBuffer: number,
  ) {}

  /** Set once, right after construction: transports need the endpoint to build. */
  attach(transport: EndpointTransport): void {
    this.attached = transport;
  }

  /** The transport, for the workbench and tests (the mock's recorded sessions, the server's address). */
  get transport(): EndpointTransport | undefined {
    return this.attached;
  }

  /** Why `model` cannot be subscribed now; undefined when it can. */
  subscribeFailure(model: string): string | undefined {
    if (this.attached?.unavailable !== undefined) return this.attached.unavailable;
    return this.models.owner(model) ? modelTaken(model) : undefined;
  }

  /** Serves `model` by `agent`; the caller has checked `subscribeFailure` first. */
  subscribe(agent: string, model: string, uuid: string): void {
    this.models.add({ model, agent, uuid, since: Date.now() });
  }

  /** Drops the caller's subscription and aborts its sessions; false when it was not the caller's. */
  unsubscribe(agent: string, uuid: string): boolean {
    const removed = this.models.remove(agent, uuid);
    if (!removed) return false;
    for (const session of this.sessions.dropSubscription(uuid)) this.end(session, SUBSCRIPTION_CANCELLED, false);
    return true;
  }

  /** omw's `stream-endpoint`: queues one reply delta; a finish reason ends the session. */
  stream(agent: string, uuid: string, delta: ChatDelta): void {
    const session = this.sessions.ownedBy(uuid, agent);
    if (!session) {
      if (!this.sessions.isHungUp(uuid, agent)) throw new HostCallError(UNKNOWN_SESSION);
      if (delta.finish_reason !== undefined) this.sessions.forgetHungUp(uuid);
      throw new HostCallError(RECEIVER_CLOSED);
    }
    if (!session.reply.push(delta) && session.reply.dropped === 1) {
      this.inboxes.warn(
        agent,
        `endpoint session ${uuid}: reply buffer full (${this.sessionBuffer} deltas), dropping deltas until the client catches up`,
      );
    }
    if (delta.finish_reason !== undefined) this.end(session, undefined, false);
  }

  /** A client request: opens a session for the model's agent and puts the message into its inbox. */
  route(request: EndpointRequest): EndpointSession | RouteFailure {
    const owner = this.models.owner(request.model);
    if (!owner) return { failure: 'unknown-model', message: noAgentServes(request.model) };
    const session = new EndpointSession(owner.agent, owner.uuid, request.model, this.sessionBuffer);
    this.sessions.add(session);
    const delivered = this.inboxes.deliver(owner.agent, {
      id: owner.uuid,
      event: {
        kind: 'endpoint-message',
        data: {
          session: session.uuid,
          messages: request.messages,
          tools: request.tools,
          ...(request.params !== undefined ? { params: request.params } : {}),
        },
      },
    });
    if (delivered) return session;
    // The agent never saw the request, so it gets no session end either.
    session.claimEnd();
    this.sessions.remove(session, false);
    return { failure: 'inbox-full', message: `the inbox of agent "${owner.agent}" is full` };
  }

  /** The client side ended the session: normally (`close`) or with an error. */
  hangUp(session: EndpointSession, error?: string): void {
    this.end(session, error, true);
  }

  /** Stops taking requests, ends every open session, and waits for the transport to wind down. */
  async close(): Promise<void> {
    const stopping = this.attached?.close();
    for (const session of this.sessions.all()) this.end(session, ENDPOINT_SHUT_DOWN, false);
    await stopping;
  }

  private end(session: EndpointSession, error: string | undefined, byClient: boolean): void {
    if (!session.claimEnd()) return;
    this.sessions.remove(session, byClient);
    session.reply.finish(error === undefined ? {} : { error });
    this.inboxes.deliver(session.agent, {
      id: session.subscription,
      event: {
        kind: 'endpoint-session-end',
        data: { session: session.uuid, ...(error !== undefined ? { error } : {}) },
      },
    });
  }
}
