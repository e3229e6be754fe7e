import { BackendStatusTracker, type BackendStatus } from '../backends/backend-status.ts';
import { describeFailure, providerFailure } from './provider-failure.ts';

/** The SDKs' own defaults, kept when a provider configures neither. */
export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The HTTP requests of one provider: counts them for its status, aborts them all on restart,
 * fails a stream that stays silent longer than the timeout (a stalled server would otherwise hold
 * a blocking `chat` forever), and words every failure for the brain with the provider's name.
 */
export class ProviderRequests {
  private readonly tracker = new BackendStatusTracker('idle');
  private restartController = new AbortController();
  private inFlight = 0;

  constructor(
    private readonly provider: string,
    private readonly timeoutMs: number,
  ) {}

  status(): BackendStatus {
    return this.tracker.snapshot(this.inFlight);
  }

  restart(): void {
    this.abortAll(new Error('restarted'));
    this.tracker.countRestart();
    this.tracker.set('idle');
  }

  close(): void {
    this.abortAll(new Error('closed'));
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

  /**
   * Opens a streamed request and yields its items; the timeout restarts with every item. Once the
   * stream has ended, `problemAtEnd` says what is wrong with the answer it carried, if anything
   * (empty, cut off, refused), which fails it like an error of the server.
   */
  async *stream<T>(
    signal: AbortSignal,
    open: (signal: AbortSignal) => Promise<AsyncIterable<T> | Iterable<T>>,
    problemAtEnd: () => string | undefined,
  ): AsyncGenerator<T> {
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
      const problem = problemAtEnd();
      if (problem !== undefined) throw new AnswerProblem(problem);
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
    return new Error(`no data from the server for ${this.timeoutMs} ms (timeout_ms)`);
  }

  /**
   * The error to report: why we aborted rather than the SDK's generic abort error, named after the
   * provider. A cancel by the caller is the caller's reason as it is.
   */
  private failure(error: unknown, combined: AbortSignal, caller: AbortSignal, restart: AbortSignal): Error {
    if (caller.aborted) return asError(caller.reason);
    const cause = asError(combined.aborted ? combined.reason : error);
    const problem = cause instanceof AnswerProblem ? cause.message : describeFailure(cause);
    // A restart or close is not the provider failing.
    if (!restart.aborted) this.tracker.set('failed', problem);
    return providerFailure(this.provider, problem);
  }
}

/** A stream that ended without a usable answer: already in words. */
class AnswerProblem extends Error {}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));
