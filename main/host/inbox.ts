import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { HostCallError } from '../host-api/host-call-error.ts';

interface Waiter {
  resolve: (envelope: EventEnvelope) => void;
  reject: (error: Error) => void;
}

/**
 * Chooses which of the events ready for an agent it receives next (docs/counterfactuals.md,
 * Explore): without one, an inbox is first in, first out.
 */
export interface DeliveryOrder {
  /** How long a waiting `recv` collects events after the first arrives, before one is chosen. */
  settleMs: number;
  /** The index, in `ready` (each source's oldest pending event, in arrival order), of the one to deliver. */
  choose(agent: string, ready: readonly EventEnvelope[]): number;
}

/**
 * One agent's bounded FIFO of envelopes. omw documents a full inbox as "sends fail"; Brainbench
 * rejects the delivery (the sender's `push` returns false and the caller reports it) instead of
 * blocking the producer, so one slow brain can never stall the bus.
 */
export class Inbox {
  private readonly queue: EventEnvelope[] = [];
  private head = 0;
  private readonly waiters: Waiter[] = [];
  private order: DeliveryOrder | undefined;
  private settling: NodeJS.Timeout | undefined;

  constructor(
    readonly bound: number,
    private readonly agent = '',
  ) {}

  /** From now on, events from different sources are delivered in `order`'s choice; events of one source stay in order. */
  orderBy(order: DeliveryOrder): void {
    this.order = order;
  }

  get size(): number {
    return this.queue.length - this.head;
  }

  /** Queued envelopes, oldest first (for inspection). */
  peek(): readonly EventEnvelope[] {
    return this.queue.slice(this.head);
  }

  push(envelope: EventEnvelope): boolean {
    if (this.order) return this.pushOrdered(envelope, this.order);
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.resolve(envelope);
      return true;
    }
    if (this.size >= this.bound) return false;
    this.queue.push(envelope);
    return true;
  }

  tryTake(): EventEnvelope | undefined {
    if (this.head >= this.queue.length) return undefined;
    if (this.order) this.moveChosenFirst(this.order);
    const envelope = this.queue[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return envelope;
  }

  /** Waits for the next envelope; fails with `no event available` after `timeoutMs`. */
  take(timeoutMs: number, signal: AbortSignal): Promise<EventEnvelope> {
    // An aborted iteration must leave queued events for the next one (omw-compat 3.6).
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    // In a chosen order, every wait lets other agents' events join the ready ones first.
    const ready = this.order ? undefined : this.tryTake();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
      };
      const waiter: Waiter = {
        resolve: (envelope) => {
          finish();
          resolve(envelope);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const onAbort = () => waiter.reject(signal.reason as Error);
      const timer = setTimeout(() => waiter.reject(new HostCallError('no event available')), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      if (this.order && this.size > 0) this.settle(this.order);
    });
  }

  /** A waiting `recv` gets its event once the settle time is over, so that other events can join it. */
  private pushOrdered(envelope: EventEnvelope, order: DeliveryOrder): boolean {
    if (this.size >= this.bound) return false;
    this.queue.push(envelope);
    if (this.waiters.length > 0) this.settle(order);
    return true;
  }

  /** The waiting `recv` gets the chosen event once the settle time is over (from the first event it could take). */
  private settle(order: DeliveryOrder): void {
    if (this.settling) return;
    this.settling = setTimeout(() => {
      this.settling = undefined;
      const waiter = this.waiters.shift();
      const next = waiter && this.tryTake();
      if (waiter && next) waiter.resolve(next);
      if (this.waiters.length > 0 && this.size > 0) this.settle(order);
    }, order.settleMs);
  }

  /** Puts the chosen ready event at the head, when several sources have one pending. */
  private moveChosenFirst(order: DeliveryOrder): void {
    const pending = this.peek();
    const seen = new Set<string>();
    const ready: number[] = [];
    pending.forEach((envelope, at) => {
      if (!seen.has(envelope.id)) ready.push(at);
      seen.add(envelope.id);
    });
    if (ready.length < 2) return;
    const chosen = order.choose(
      this.agent,
      ready.map((at) => pending[at]!),
    );
    const at = ready[Math.min(Math.max(0, Math.floor(chosen)), ready.length - 1)]!;
    if (at === 0) return;
    const [envelope] = this.queue.splice(this.head + at, 1);
    this.queue.splice(this.head, 0, envelope!);
  }

  /** Removes every queued envelope the predicate rejects, keeping the order of the rest. */
  retain(keep: (envelope: EventEnvelope) => boolean): void {
    const kept = this.peek().filter(keep);
    this.queue.length = 0;
    this.head = 0;
    this.queue.push(...kept);
  }

  /**
   * Drops the pending envelope at `index` (0 = the next to be taken), if it is still the one from
   * source `id`: a drop asked for from a stale view never takes another envelope.
   */
  drop(index: number, id: string): boolean {
    const at = this.head + index;
    if (index < 0 || at >= this.queue.length || this.queue[at]!.id !== id) return false;
    this.queue.splice(at, 1);
    return true;
  }

  clear(): void {
    this.retain(() => false);
  }
}
