import { BackendStatusTracker, type BackendStatus } from '../backends/backend-status.ts';
import { describeFailure, providerFailure } from './provider-failure.ts';
import { SilenceWatch } from './server-silence.ts';
import { watchedFetch, type Fetch } from './watched-fetch.ts';

/** The SDKs' own defaults, kept when a provider configures neither. */
export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The HTTP requests of one provider: counts them for its status, aborts them all on restart,
 * fails a request whose server sends no bytes for longer than the timeout (a stalled server would
 * otherwise hold a blocking `chat` forever), and words every failure for the brain with the
 * provider's name. Each request gets the `fetch` its SDK client must use, which watches it.
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
  async run<T>(signal: AbortSignal, request: (signal: AbortSignal, fetch: Fetch) => Promise<T>): Promise<T> {
    const { own, combined, fetch } = this.begin(signal);
    const restart = this.restartController.signal;
    try {
      const value = await request(combined, fetch);
      combined.throwIfAborted();
      this.tracker.set('ready');
      return value;
    } catch (error) {
      throw this.failure(error, combined, signal, restart);
    } finally {
      this.inFlight--;
      own.abort(new Error('request over'));
    }
  }

  /**
   * Opens a streamed request and yields its items. Once the stream has ended, `problemAtEnd` says
   * what is wrong with the answer it carried, if anything (empty, cut off, refused), which fails it
   * like an error of the server.
   */
  async *stream<T>(
    signal: AbortSignal,
    open: (signal: AbortSignal, fetch: Fetch) => Promise<AsyncIterable<T> | Iterable<T>>,
    problemAtEnd: () => string | undefined,
  ): AsyncGenerator<T> {
    const { own, combined, fetch } = this.begin(signal);
    const restart = this.restartController.signal;
    try {
      yield* await open(combined, fetch);
      // The SDKs end an aborted stream quietly, as if it had finished.
      combined.throwIfAborted();
      const problem = problemAtEnd();
      if (problem !== undefined) throw new AnswerProblem(problem);
      this.tracker.set('ready');
    } catch (error) {
      throw this.failure(error, combined, signal, restart);
    } finally {
      this.inFlight--;
      // Ends the HTTP request when the consumer stops early.
      own.abort(new Error('stream closed'));
    }
  }

  /** A request's own abort (silence, or its end), the signal the SDK gets, and the fetch it uses. */
  private begin(signal: AbortSignal): { own: AbortController; combined: AbortSignal; fetch: Fetch } {
    const own = new AbortController();
    const combined = AbortSignal.any([signal, this.restartController.signal, own.signal]);
    const watch = new SilenceWatch(this.timeoutMs, (silence) => own.abort(silence));
    this.inFlight++;
    return { own, combined, fetch: watchedFetch(watch) };
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
