// Live export: a running Supervisor's session as the spans of its recording, as it happens. It
// taps what the SessionRecorder taps (every host call through `Host.callTap`, with the calls
// the agent processes answer themselves reported, and the trace) and feeds the converter the
// very lines a recording would hold. It shares the call tap with a recorder installed before it.
// Export failures are warned about once; the run never waits on the collector but at the end.

import type { CallTap, TappedCall } from '../host/host.ts';
import { encodeValue } from '../agent-protocol/recorded-values.ts';
import type { CallLine } from '../recording/recording-format.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import { RecordingSpans, type SpanOptions } from './recording-spans.ts';
import type { OtlpDestination } from './otlp-destination.ts';
import { TelemetryPipeline, type PipelineFacts } from './telemetry-pipeline.ts';

/** Where a live export goes, and whether with contents: `--otlp URL | --otlp-file OUT [--otlp-content]`. */
export interface LiveTarget extends SpanOptions {
  destination: OtlpDestination;
}

export interface LiveOptions extends LiveTarget, PipelineFacts {
  /** Said once, at the first failed export (the collector is down, or refuses the spans). */
  warn(message: string): void;
  /** The longest `close()` waits for the last spans to go out. */
  flushTimeoutMs?: number;
}

const FLUSH_TIMEOUT_MS = 5000;

export class LiveTelemetry {
  private readonly pipeline: TelemetryPipeline;
  private readonly spans: RecordingSpans;
  private readonly detach: () => void;
  private readonly positions = new Map<string, { iteration: number; index: number }>();
  private closing: Promise<void> | undefined;

  constructor(
    private readonly supervisor: Supervisor,
    private readonly options: LiveOptions,
  ) {
    const { host } = supervisor;
    let warned = false;
    this.pipeline = new TelemetryPipeline(options.destination, options, {
      live: true,
      onError: (message) => {
        if (warned) return;
        warned = true;
        options.warn(`${message}; the run goes on, and later export failures are not reported`);
      },
    });
    this.spans = new RecordingSpans(
      this.pipeline.tracer,
      {
        providerKind: (name) => host.config.providers[name]?.kind,
        brainPath: (agent) => host.config.agents[agent]?.script,
      },
      options,
    );
    const unsubscribe = host.trace.subscribe((event) => this.traced(event));
    const previous = host.callTap;
    const tap: CallTap = (call) => {
      previous?.(call);
      this.called(call);
    };
    host.callTap = tap;
    supervisor.reportLocalCalls(true);
    this.detach = () => {
      unsubscribe();
      // A recorder that closed first took the tap away with it.
      if (host.callTap === tap) host.callTap = previous;
      supervisor.reportLocalCalls(false);
    };
  }

  get exported(): number {
    return this.pipeline.exported;
  }

  /** Ends what is still open and sends the rest; waits at most `flushTimeoutMs` (5 s) for the destination. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.detach();
      this.spans.end(Date.now());
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.flushTimeoutMs ?? FLUSH_TIMEOUT_MS);
        timer.unref();
      });
      await Promise.race([this.pipeline.close(), timeout]);
      clearTimeout(timer);
    })();
    return this.closing;
  }

  private traced(event: TraceEvent): void {
    // A recording leaves these out too: the call lines hold the calls whole.
    if (event.type === 'result' || event.type === 'host-call') return;
    this.spans.line({ kind: 'trace', event });
  }

  private called(call: TappedCall): void {
    const redactor = this.supervisor.host.trace.redactor;
    const last = this.positions.get(call.agent);
    const index = last && last.iteration === call.iteration ? last.index + 1 : 1;
    this.positions.set(call.agent, { iteration: call.iteration, index });
    const { outcome } = call;
    // Redacted as a recording is; converted to recorded JSON (bytes) only when contents are exported.
    const encode = (value: unknown) => {
      const redacted = redactor.value(value);
      return this.options.content ? encodeValue(call.op, redacted) : redacted;
    };
    const value = outcome.ok ? encode(outcome.value) : undefined;
    const line = {
      kind: 'call',
      agent: call.agent,
      iteration: call.iteration,
      index,
      op: call.op,
      args: encode(call.args),
      ok: outcome.ok,
      ...(value !== undefined ? { value } : {}),
      ...(outcome.ok ? {} : { error: redactor.text(outcome.error), ...(outcome.fault ? { fault: true } : {}) }),
      ...(call.local ? { local: true } : {}),
      time: call.startedAt,
      durationMs: call.durationMs,
    } as CallLine;
    this.spans.line(line);
  }
}
