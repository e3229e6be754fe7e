import { BackendStatusTracker, type BackendStatus } from '../backends/backend-status.ts';

/** The SDKs' own defaults, kept when a provider configures neither. */
export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The HTTP requests of one provider: counts them for its status, aborts them all on restart, and
 * fails a stream that stays silent longer than the timeout (a stalled server would otherwise hold
 * a blocking `chat` forever).
 */
export class ProviderRequests {
  private readonly tracker = new BackendStatusTracker('idle');
  private restartController = new AbortController();
  private inFlight = 0;

  constructor(private readonly timeoutMs: number) {}

  status(): BackendStatus {
    return this.tracker.snapshot(this.inFlight);
  }

  restart(): void {
    this.abortAll(new Error('provider restarted'));
    this.tracker.countRestart();
    this.tracker.set('idle');
  }

  close(): void {
    this.abortAll(new Error('provider closed'));
    this.tracker.set('stopped');
  }

  private abortAll(reason: Error): void {
    this.restartController.abort(reason);
    this.restartController = new AbortController();
  }

  /** Runs one non-streamed request. */
  async run<T>(signal: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const own = new AbortController();
    const timer = setTimeout(() => own.abort(this.timeoutError()), this.timeoutMs);
    const restart = this.restartController.signal;
    const combined = AbortSignal.any([signal, restart, own.signal]);
    this.inFlight++;
    try {
      const value = await request(combined);
      combined.throwIfAborted();
      this.tracker.set('ready');
      return value;
    } catch (error) {
      throw this.failure(error, combined, signal, restart);
    } finally {
      clearTimeout(timer);
      this.inFlight--;
    }
  }

  /** Opens a streamed request and yields its items; the timeout restarts with every item. */
  async *stream<T>(signal: AbortSignal, open: (signal: AbortSignal) => Promise<AsyncIterable<T>>): AsyncGenerator<T> {
    const own = new AbortController();
    let timer = setTimeout(() => own.abort(this.timeoutError()), this.timeoutMs);
    const restart = this.restartController.signal;
    const combined = AbortSignal.any([signal, restart, own.signal]);
    this.inFlight++;
    try {
      for await (const item of await open(combined)) {
        clearTimeout(timer);
        yield item;
        timer = setTimeout(() => own.abort(this.timeoutError()), this.timeoutMs);
      }
      // The SDKs end an aborted stream quietly, as if it had finished.
      combined.throwIfAborted();
      this.tracker.set('ready');
    } catch (error) {
      throw this.failure(error, combined, signal, restart);
    } finally {
      clearTimeout(timer);
      this.inFlight--;
      // Ends the HTTP request when the consumer stops early.
      own.abort(new Error('stream closed'));
    }
  }

  private timeoutError(): Error {
    return new Error(`no data from the provider for ${this.timeoutMs} ms`);
  }

  /** The error to report: why we aborted rather than the SDK's generic abort error. */
  private failure(error: unknown, combined: AbortSignal, caller: AbortSignal, restart: AbortSignal): Error {
    if (caller.aborted) return asError(caller.reason);
    const failure = asError(combined.aborted ? combined.reason : error);
    // A restart or close is not the provider failing.
    if (!restart.aborted) this.tracker.set('failed', failure.message);
    return failure;
  }
}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));
