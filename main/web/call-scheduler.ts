// Which API call runs next, over every socket of the web server. Each socket has its own queue;
// calls start one per turn of the event loop (so that requests arriving meanwhile are read and
// queued), from the socket that has used the least of the host's time, so that a socket flooding
// the host with calls cannot keep another's waiting: a newcomer starts level with the least busy
// socket that has calls waiting, not behind all of them. A socket may hold only so many calls in
// its queue (more are refused at once, with an error that says so) and have only so many
// started and not yet answered; a call still unanswered after a grace period no longer counts,
// since it is waiting (on an agent, a tool, a disk) rather than working.

export interface SchedulerLimits {
  /** Calls a socket may have waiting to start; more are refused. */
  maxQueued: number;
  /** Bytes of requests a socket may have waiting (one request is always taken); more are refused. */
  maxQueuedBytes: number;
  /** Calls of a socket that may be working at once. */
  maxWorking: number;
  /** How long a started call counts as working. */
  graceMs: number;
}

export const DEFAULT_SCHEDULER_LIMITS: SchedulerLimits = {
  maxQueued: 256,
  maxQueuedBytes: 32 * 1024 * 1024,
  maxWorking: 4,
  graceMs: 250,
};

type Call = () => Promise<void>;

/** One socket's calls. */
export class CallQueue {
  readonly waiting: { call: Call; bytes: number }[] = [];
  waitingBytes = 0;
  working = 0;
  /** Milliseconds of the host's time its calls took (on the fair-share clock, see `submit`). */
  used = 0;
  closed = false;

  /** `canStart`: whether the socket can take answers now (it is reading them). */
  constructor(readonly canStart: () => boolean) {}
}

export class CallScheduler {
  private readonly queues = new Set<CallQueue>();
  private turnScheduled = false;

  constructor(readonly limits: SchedulerLimits = DEFAULT_SCHEDULER_LIMITS) {}

  open(canStart: () => boolean): CallQueue {
    const queue = new CallQueue(canStart);
    this.queues.add(queue);
    return queue;
  }

  /** The socket is gone: its waiting calls have nobody to answer. */
  close(queue: CallQueue): void {
    queue.closed = true;
    queue.waiting.length = 0;
    queue.waitingBytes = 0;
    this.queues.delete(queue);
  }

  /** Queues a call of a request of `bytes`; what is wrong when the socket has as many waiting as it may. */
  submit(queue: CallQueue, call: Call, bytes: number): string | undefined {
    const { maxQueued, maxQueuedBytes } = this.limits;
    if (queue.waiting.length >= maxQueued)
      return `too many calls waiting on this connection (${maxQueued}): send more once some are answered`;
    if (queue.waiting.length > 0 && queue.waitingBytes + bytes > maxQueuedBytes)
      return `too many bytes of calls waiting on this connection (${maxQueuedBytes}): send more once some are answered`;
    if (queue.closed) return 'the connection is closing';
    if (queue.waiting.length === 0) queue.used = Math.max(queue.used, this.leastUsedWaiting());
    queue.waiting.push({ call, bytes });
    queue.waitingBytes += bytes;
    this.wake();
    return undefined;
  }

  /** Host time spent for the socket outside its calls (sending its answers). */
  charge(queue: CallQueue, ms: number): void {
    queue.used += ms;
  }

  get queued(): number {
    let count = 0;
    for (const queue of this.queues) count += queue.waiting.length;
    return count;
  }

  /** Something changed that may let a call start (a socket drained its answers). */
  wake(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => this.turn());
  }

  private leastUsedWaiting(): number {
    let least = Infinity;
    for (const queue of this.queues) if (queue.waiting.length > 0) least = Math.min(least, queue.used);
    return least === Infinity ? 0 : least;
  }

  private turn(): void {
    this.turnScheduled = false;
    let next: CallQueue | undefined;
    for (const queue of this.queues) {
      if (queue.waiting.length === 0 || queue.working >= this.limits.maxWorking || !queue.canStart()) continue;
      if (!next || queue.used < next.used) next = queue;
    }
    if (!next) return;
    const { call, bytes } = next.waiting.shift()!;
    next.waitingBytes -= bytes;
    this.start(next, call);
    this.wake();
  }

  private start(queue: CallQueue, call: Call): void {
    queue.working++;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      queue.working--;
      this.wake();
    };
    const grace = setTimeout(release, this.limits.graceMs);
    const started = performance.now();
    const done = call();
    queue.used += performance.now() - started;
    const settle = () => {
      clearTimeout(grace);
      release();
    };
    done.then(settle, settle);
  }
}
