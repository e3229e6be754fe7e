import { brainbenchVersion } from '../cli/version.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { LiveTelemetry } from '../telemetry/live-telemetry.ts';
import { describeDestination, destinationFromEnv } from '../telemetry/otlp-destination.ts';

/** The variable OpenTelemetry's GenAI instrumentations read to export prompts and completions. */
const CAPTURE_CONTENT = 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT';

/**
 * Exports the session live as OpenTelemetry spans when the standard variables name a collector
 * (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_EXPORTER_OTLP_ENDPOINT`), with contents when
 * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`. Install it after the session's
 * recorder, whose call tap it shares. A collector that is down costs a warning, never the session.
 */
export function exportSessionTelemetry(
  supervisor: Supervisor,
  configFile: string,
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): LiveTelemetry | undefined {
  const destination = destinationFromEnv(env);
  if (!destination) return undefined;
  try {
    return new LiveTelemetry(supervisor, {
      destination,
      content: env[CAPTURE_CONTENT]?.toLowerCase() === 'true',
      mode: 'session',
      configFile,
      brainbench: brainbenchVersion(),
      warn,
    });
  } catch (error) {
    warn(`the session is not exported to ${describeDestination(destination)}: ${(error as Error).message}`);
    return undefined;
  }
}
