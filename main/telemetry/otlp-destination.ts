// Where spans go: an OTLP/HTTP collector (protobuf, through the official exporter) or an OTLP
// JSON file; and how a failed export reads.

import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { OtlpFileExporter } from './otlp-file-exporter.ts';

export type OtlpDestination = { url: string } | { file: string };

export class TelemetryError extends Error {}

const TRACES_PATH = '/v1/traces';

/** A `--otlp` URL as given, or with OTLP/HTTP's `/v1/traces` when it names only the collector. */
export function tracesUrl(given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new TelemetryError(`--otlp ${given}: not a URL (expected e.g. http://localhost:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TelemetryError(`--otlp ${given}: expected an http:// or https:// URL (OTLP/HTTP)`);
  if (url.pathname === '/' || url.pathname === '') url.pathname = TRACES_PATH;
  return url.toString();
}

/**
 * The standard variables' destination: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is, else
 * `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` appended (the OTLP exporter spec's rule).
 */
export function destinationFromEnv(env: NodeJS.ProcessEnv): OtlpDestination | undefined {
  const traces = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  if (traces) return { url: traces };
  const base = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  if (base) return { url: `${base.replace(/\/+$/, '')}${TRACES_PATH}` };
  return undefined;
}

export const describeDestination = (destination: OtlpDestination): string =>
  'url' in destination ? destination.url : destination.file;

export function createExporter(destination: OtlpDestination): SpanExporter {
  if ('url' in destination) return new OTLPTraceExporter({ url: destination.url });
  try {
    return new OtlpFileExporter(destination.file);
  } catch (error) {
    throw new TelemetryError(`--otlp-file ${destination.file}: ${(error as Error).message}`);
  }
}

interface ExportFailure extends Error {
  /** An HTTP status (OTLPExporterError) or a system error's code (ECONNREFUSED, ...). */
  code?: number | string;
  /** The collector's answer body (OTLPExporterError). */
  data?: string;
}

/** One line that says what went wrong, for a person to fix. */
export function describeExportError(destination: OtlpDestination, error: Error): string {
  const where = describeDestination(destination);
  if (!('url' in destination)) return `OTLP export to ${where} failed: ${error.message}`;
  const { code, data } = error as ExportFailure;
  if (typeof code === 'number') {
    const body = data?.trim() ? `: ${data.trim().slice(0, 200)}` : '';
    return `OTLP export to ${where} failed: the collector answered HTTP ${code} ${error.message}${body}`;
  }
  if (code === 'ECONNREFUSED') return `OTLP export to ${where} failed: connection refused (is the collector running?)`;
  return `OTLP export to ${where} failed: ${error.message || String(code ?? error.name)}`;
}
