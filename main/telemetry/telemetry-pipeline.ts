// The OpenTelemetry SDK set up for one export: a tracer provider with Brainbench's resource,
// and the processor that hands its spans to the destination.

import type { Tracer } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { ATTR_BRAINBENCH_CONFIG_FILE, ATTR_BRAINBENCH_MODE } from './brainbench-attributes.ts';
import { ExportingSpanProcessor } from './exporting-span-processor.ts';
import { createExporter, describeExportError, type OtlpDestination } from './otlp-destination.ts';

export interface PipelineFacts {
  /** Brainbench's version that made the run (a recording's, when exporting one). */
  brainbench: string;
  configFile: string;
  mode: string;
}

export interface PipelineOptions {
  /**
   * A live run: spans go out every second, beyond 10,000 waiting new ones are dropped, and a
   * failed export does not stop the next. Otherwise (a recording) the first failure stops the export.
   */
  live: boolean;
  /** Each failed export, described. */
  onError(message: string): void;
}

const LIVE_MAX_PENDING = 10_000;
const LIVE_INTERVAL_MS = 1000;
/** Iterations are long-lived spans with many events (cheap calls, logs). */
const EVENTS_PER_SPAN = 10_000;

export class TelemetryPipeline {
  readonly tracer: Tracer;
  private readonly provider: BasicTracerProvider;
  private readonly processor: ExportingSpanProcessor;

  constructor(
    readonly destination: OtlpDestination,
    facts: PipelineFacts,
    options: PipelineOptions,
  ) {
    this.processor = new ExportingSpanProcessor(createExporter(destination), {
      onError: (error) => options.onError(describeExportError(destination, error)),
      ...(options.live ? { maxPending: LIVE_MAX_PENDING, intervalMs: LIVE_INTERVAL_MS } : { stopAfterError: true }),
    });
    const resource = defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: 'brainbench',
        [ATTR_SERVICE_VERSION]: facts.brainbench,
        [ATTR_BRAINBENCH_CONFIG_FILE]: facts.configFile,
        [ATTR_BRAINBENCH_MODE]: facts.mode,
      }),
    );
    this.provider = new BasicTracerProvider({
      resource,
      spanProcessors: [this.processor],
      spanLimits: { eventCountLimit: EVENTS_PER_SPAN },
    });
    this.tracer = this.provider.getTracer('brainbench', facts.brainbench);
  }

  get exported(): number {
    return this.processor.exported;
  }

  get failed(): number {
    return this.processor.failed;
  }

  get dropped(): number {
    return this.processor.dropped;
  }

  /** Spans waiting for or in an export. */
  get pending(): number {
    return this.processor.pending;
  }

  drained(): Promise<void> {
    return this.processor.drained();
  }

  /** Exports what is left and closes the destination. */
  close(): Promise<void> {
    return this.provider.shutdown();
  }
}
