// `brainbench export FILE`: a recording's spans sent to a collector or written to a file. The
// file is streamed line by line, and reading waits while the destination is behind, so a
// recording of any size goes out in bounded memory.

import { streamRecording } from '../recording/recording-reader.ts';
import type { HeaderLine } from '../recording/recording-format.ts';
import { RecordingSpans, type SpanFacts, type SpanOptions } from './recording-spans.ts';
import type { OtlpDestination } from './otlp-destination.ts';
import { TelemetryPipeline } from './telemetry-pipeline.ts';

/** Spans waiting beyond which reading the file waits for the destination. */
const HIGH_WATER = 4096;

export interface ExportReport {
  /** Spans the destination took. */
  spans: number;
  /** Spans that did not go out, and why (the first failure stops the export). */
  failed: number;
  error?: string;
}

export const headerFacts = (header: HeaderLine): SpanFacts => ({
  providerKind: (name) => header.config.providers[name]?.kind,
  brainPath: (agent) => header.brains[agent]?.path,
});

export async function exportRecording(
  file: string,
  destination: OtlpDestination,
  options: SpanOptions,
): Promise<ExportReport> {
  let pipeline: TelemetryPipeline | undefined;
  let spans: RecordingSpans | undefined;
  let error: string | undefined;
  try {
    for await (const read of streamRecording(file)) {
      if (!('line' in read)) continue;
      const { line } = read;
      if (line.kind === 'header') {
        if (pipeline) continue;
        const facts = { brainbench: line.brainbench, configFile: line.configFile, mode: line.mode };
        pipeline = new TelemetryPipeline(destination, facts, {
          live: false,
          onError: (message) => (error ??= message),
        });
        spans = new RecordingSpans(pipeline.tracer, headerFacts(line), options);
        continue;
      }
      spans?.line(line);
      if (pipeline && pipeline.pending >= HIGH_WATER) await pipeline.drained();
      if (error !== undefined) break;
    }
  } finally {
    spans?.end();
    await pipeline?.close();
  }
  return { spans: pipeline?.exported ?? 0, failed: pipeline?.failed ?? 0, ...(error !== undefined ? { error } : {}) };
}
