import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { Inbox, type DeliveryOrder } from './inbox.ts';

interface AgentSubscription {
  subscriber: string;
  source: string;
}

/**
 * The message bus shared by all agents: one inbox per agent and the subscription maps of
 * omw-compat 4.2–4.3. A message reaches an agent only if it subscribed to the sender.
 */
export class Bus {
  private readonly inboxes = new Map<string, Inbox>();
  /** subscriber -> source -> subscription UUID */
  private readonly agentSubscriptions = new Map<string, Map<string, string>>();
  private readonly subscriptionsByUuid = new Map<string, AgentSubscription>();
  private readonly lifecycle = new Map<string, string>();
  private order: DeliveryOrder | undefined;

  /** `delivered` sees every envelope that entered an inbox (or went straight to a waiting `recv`). */
  constructor(
    private readonly inboxBound: number,
    private readonly delivered?: (agent: string, envelope: EventEnvelope) => void,
  ) {}

  inbox(agent: string): Inbox {
    let inbox = this.inboxes.get(agent);
    if (!inbox) {
      this.inboxes.set(agent, (inbox = new Inbox(this.inboxBound, agent)));
      if (this.order) inbox.orderBy(this.order);
    }
    return inbox;
  }

  /** Every inbox delivers events from different sources in `order`'s choice (schedule exploration). */
  orderBy(order: DeliveryOrder): void {
    this.order = order;
    for (const inbox of this.inboxes.values()) inbox.orderBy(order);
  }

  /** Puts an envelope into an agent's inbox; false when the inbox is full. */
  deliver(agent: string, envelope: EventEnvelope): boolean {
    if (!this.inbox(agent).push(envelope)) return false;
    this.delivered?.(agent, envelope);
    return true;
  }

  subscribeAgent(subscriber: string, source: string, uuid: string): void {
    let bySource = this.agentSubscriptions.get(subscriber);
    if (!bySource) this.agentSubscriptions.set(subscriber, (bySource = new Map()));
    const previous = bySource.get(source);
    if (previous) this.subscriptionsByUuid.delete(previous);
    bySource.set(source, uuid);
    this.subscriptionsByUuid.set(uuid, { subscriber, source });
  }

  /** Removes the subscription if it is the caller's; true when something was removed. */
  unsubscribeAgent(subscriber: string, uuid: string): boolean {
    const subscription = this.subscriptionsByUuid.get(uuid);
    if (!subscription || subscription.subscriber !== subscriber) return false;
    this.subscriptionsByUuid.delete(uuid);
    this.agentSubscriptions.get(subscriber)?.delete(subscription.source);
    return true;
  }

  /** The agents listening to `sender`, each with its subscription UUID, in subscription order. */
  listenersOf(sender: string): { agent: string; uuid: string }[] {
    const found: { agent: string; uuid: string }[] = [];
    for (const [agent, bySource] of this.agentSubscriptions) {
      const uuid = bySource.get(sender);
      if (uuid) found.push({ agent, uuid });
    }
    return found;
  }

  lifecycleOf(agent: string): string | undefined {
    return this.lifecycle.get(agent);
  }

  setLifecycle(agent: string, uuid: string): void {
    this.lifecycle.set(agent, uuid);
  }

  /** True when `uuid` was the agent's lifecycle handle and is now forgotten. */
  clearLifecycle(agent: string, uuid?: string): boolean {
    const current = this.lifecycle.get(agent);
    if (current === undefined || (uuid !== undefined && current !== uuid)) return false;
    this.lifecycle.delete(agent);
    return true;
  }
}
