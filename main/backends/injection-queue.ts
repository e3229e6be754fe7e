/** What one flush did with an injection. */
export type InjectionState = 'delivered' | 'pending' | 'discard';

export interface Injection {
  /** Delivers what is ready; `pending` keeps the injection queued in its place. */
  attempt(): InjectionState;
}

/**
 * omw's call-boundary injections (omw-compat 13.4): deterministic deliveries from mock back ends,
 * attempted in registration order right after every traced call and after every received
 * envelope, so where an event lands is a pure function of the config and the brain.
 */
export class InjectionQueue {
  private queue: Injection[] = [];
  private flushing = false;

  register(injection: Injection): void {
    this.queue.push(injection);
  }

  flush(): void {
    // A delivery can trace and so re-enter; the outer flush already covers the whole queue.
    if (this.flushing) return;
    this.flushing = true;
    try {
      this.queue = this.queue.filter((injection) => injection.attempt() === 'pending');
    } finally {
      this.flushing = false;
    }
  }

  get pending(): number {
    return this.queue.length;
  }
}
