import type { ChatDelta } from '../host-api/wit-types.generated.ts';

/** How a reply ended: normally, or cut off with an error. */
export interface ReplyEnd {
  error?: string;
}

/**
 * The deltas of one session's reply that its client has not taken yet, bounded by
 * `session_buffer` (omw-compat 1.8). A delta that finds the buffer full is dropped, except a
 * terminal one: it carries the finish reason, the one thing a client must always learn.
 */
export class ReplyBuffer {
  private readonly waiting: ChatDelta[] = [];
  private ending: ReplyEnd | undefined;
  private listener: (() => void) | undefined;
  dropped = 0;

  constructor(private readonly bound: number) {}

  /** Queues a delta for the client; false when it was dropped. */
  push(delta: ChatDelta): boolean {
    if (this.waiting.length >= this.bound && delta.finish_reason === undefined) {
      this.dropped++;
      return false;
    }
    this.waiting.push(delta);
    this.listener?.();
    return true;
  }

  /** No more deltas will come; the client still takes the waiting ones first. */
  finish(end: ReplyEnd): void {
    if (this.ending) return;
    this.ending = end;
    this.listener?.();
  }

  take(): ChatDelta | undefined {
    return this.waiting.shift();
  }

  /** Set once every delta has been taken and the reply has finished. */
  get end(): ReplyEnd | undefined {
    return this.waiting.length === 0 ? this.ending : undefined;
  }

  /** The client's reader: called now if there is something to take, then on every push and at the finish. */
  read(listener: () => void): void {
    this.listener = listener;
    if (this.waiting.length > 0 || this.ending) listener();
  }
}
