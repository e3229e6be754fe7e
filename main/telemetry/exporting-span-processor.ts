// Hands ended spans to an exporter in batches, one export at a time, and counts what went out.
// Unlike the SDK's BatchSpanProcessor it never drops spans unless told to (`maxPending`): an
// export of a big recording waits on `drained()` between lines instead, so the file streams
// through at the collector's pace. A live run bounds what waits, so a slow or absent collector
// costs spans, never the run's memory.

import type { ReadableSpan, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ExportResultCode } from '@opentelemetry/core';

const BATCH = 512;

export interface ProcessorOptions {
  /** Called with each failed export's error. */
  onError(error: Error): void;
  /** Spans waiting or in flight beyond which new ones are dropped (live runs). */
  maxPending?: number;
  /** Export what waits this often, not only when a batch is full (live runs). */
  intervalMs?: number;
  /** After a failed export, fail the rest at once rather than wait on a collector that is not there. */
  stopAfterError?: boolean;
}

export class ExportingSpanProcessor implements SpanProcessor {
  /** Spans the destination accepted, failed to take, and dropped before an export (`maxPending`). */
  exported = 0;
  failed = 0;
  dropped = 0;
  private queue: ReadableSpan[] = [];
  private inFlight = 0;
  private exports: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly exporter: SpanExporter,
    private readonly options: ProcessorOptions,
  ) {
    if (options.intervalMs !== undefined) {
      this.timer = setInterval(() => this.send(), options.intervalMs);
      this.timer.unref();
    }
  }

  get pending(): number {
    return this.queue.length + this.inFlight;
  }

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    if (this.options.maxPending !== undefined && this.pending >= this.options.maxPending) {
      this.dropped++;
      return;
    }
    this.queue.push(span);
    if (this.queue.length >= BATCH) this.send();
  }

  /** Resolves once the exports started so far are done. */
  drained(): Promise<void> {
    return this.exports;
  }

  async forceFlush(): Promise<void> {
    this.send();
    await this.exports;
  }

  async shutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.forceFlush();
    await this.exporter.shutdown();
  }

  private send(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      this.inFlight += batch.length;
      this.exports = this.exports.then(() => this.export(batch));
    }
  }

  private export(batch: ReadableSpan[]): Promise<void> {
    if (this.options.stopAfterError && this.failed > 0) {
      this.inFlight -= batch.length;
      this.failed += batch.length;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.exporter.export(batch, (result) => {
        this.inFlight -= batch.length;
        if (result.code === ExportResultCode.SUCCESS) this.exported += batch.length;
        else {
          this.failed += batch.length;
          this.options.onError(result.error ?? new Error('the export failed'));
        }
        resolve();
      });
    });
  }
}
