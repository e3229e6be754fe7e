import { RecordingError } from '../recording/recording-reader.ts';
import { exportRecording } from '../telemetry/export-recording.ts';
import { describeDestination, TelemetryError, tracesUrl, type OtlpDestination } from '../telemetry/otlp-destination.ts';
import { CommandError } from './command-error.ts';
import { UsageError } from './usage-error.ts';

/** `--otlp URL` or `--otlp-file OUT` (not both); undefined for neither. */
export function otlpDestinationOption(url: string | undefined, file: string | undefined): OtlpDestination | undefined {
  if (url !== undefined && file !== undefined) throw new UsageError('--otlp and --otlp-file: give one of them');
  try {
    if (url !== undefined) return { url: tracesUrl(url) };
  } catch (error) {
    if (error instanceof TelemetryError) throw new UsageError(error.message);
    throw error;
  }
  return file !== undefined ? { file } : undefined;
}

export interface ExportCommandOptions {
  file: string;
  destination: OtlpDestination;
  /** `--otlp-content`: prompts, completions and tool arguments and results as well. */
  content: boolean;
  print: (line: string) => void;
}

/** `brainbench export FILE --otlp URL | --otlp-file OUT`: exit 0 once every span went out. */
export async function exportCommand(options: ExportCommandOptions): Promise<number> {
  const { file, destination } = options;
  let report;
  try {
    report = await exportRecording(file, destination, { content: options.content });
  } catch (error) {
    if (error instanceof RecordingError || error instanceof TelemetryError)
      throw new CommandError(error instanceof RecordingError ? `${file}: ${error.message}` : error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (error as NodeJS.ErrnoException).path === file)
      throw new CommandError(`${file}: no such recording`);
    throw error;
  }
  if (report.error !== undefined)
    throw new CommandError(`${report.error} (${report.spans} spans went out, ${report.failed} did not)`);
  options.print(`exported ${report.spans} spans to ${describeDestination(destination)}`);
  return 0;
}
