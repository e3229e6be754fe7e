import type { EndpointSession } from './endpoint-session.ts';

/** A session whose client went away while its agent may still be replying. */
interface HungUpSession {
  agent: string;
  subscription: string;
}

/**
 * The endpoint's sessions by UUID. Ended sessions leave, except those the client side ended:
 * they are kept as hung up so that the agent's next reply fails with "receiver closed" rather
 * than "unknown session", until the agent ends its reply or drops the subscription.
 */
export class SessionRegistry {
  private readonly open = new Map<string, EndpointSession>();
  private readonly hungUp = new Map<string, HungUpSession>();

  add(session: EndpointSession): void {
    this.open.set(session.uuid, session);
  }

  /** The open session `uuid` if `agent` owns it. */
  ownedBy(uuid: string, agent: string): EndpointSession | undefined {
    const session = this.open.get(uuid);
    return session?.agent === agent ? session : undefined;
  }

  isHungUp(uuid: string, agent: string): boolean {
    return this.hungUp.get(uuid)?.agent === agent;
  }

  forgetHungUp(uuid: string): void {
    this.hungUp.delete(uuid);
  }

  /** Removes an ended session; `byClient` keeps it known as hung up. */
  remove(session: EndpointSession, byClient: boolean): void {
    this.open.delete(session.uuid);
    if (byClient) this.hungUp.set(session.uuid, { agent: session.agent, subscription: session.subscription });
  }

  /** The open sessions of a subscription; forgets its hung-up ones, which nobody can reply to any more. */
  dropSubscription(subscription: string): EndpointSession[] {
    for (const [uuid, session] of this.hungUp) if (session.subscription === subscription) this.hungUp.delete(uuid);
    return [...this.open.values()].filter((session) => session.subscription === subscription);
  }

  all(): EndpointSession[] {
    return [...this.open.values()];
  }
}
