import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { HostCallError } from '../host-api/host-call-error.ts';

interface Waiter {
  resolve: (envelope: EventEnvelope) => void;
  reject: (error: Error) => void;
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

  constructor(readonly bound: number) {}

  get size(): number {
    return this.queue.length - this.head;
  }

  /** Queued envelopes, oldest first (for inspection). */
  peek(): readonly EventEnvelope[] {
    return this.queue.slice(this.head);
  }

  push(envelope: EventEnvelope): boolean {
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
    const ready = this.tryTake();
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
    });
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
