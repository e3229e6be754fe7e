// `--otlp-file OUT`: OTLP JSON, one ExportTraceServiceRequest object per line, as the
// OpenTelemetry Collector's file exporter writes it, so the collector (or anything that reads
// its files) can take it in again.

import { closeSync, openSync, writeSync } from 'node:fs';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

const NEWLINE = new Uint8Array([0x0a]);

export class OtlpFileExporter implements SpanExporter {
  private fd: number | undefined;

  /** Creates (or empties) the file at once, so that a path that cannot be written fails before the run. */
  constructor(readonly file: string) {
    this.fd = openSync(file, 'w');
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    try {
      if (this.fd === undefined) throw new Error('the file is closed');
      const request = JsonTraceSerializer.serializeRequest(spans);
      if (request) writeSync(this.fd, Buffer.concat([request, NEWLINE]));
      done({ code: ExportResultCode.SUCCESS });
    } catch (error) {
      done({ code: ExportResultCode.FAILED, error: error as Error });
    }
  }

  async shutdown(): Promise<void> {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
