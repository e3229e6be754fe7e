// omw's `--log-format auto|tty|pipe|journald` for what `run`, `loop` and `test` write to stderr:
// lines for a person (`tty`), one JSON object per line for a machine (`pipe`: omw-compat does not
// record omw's keys, so these are tracing-subscriber's JSON layout with the fields flattened, what
// a Rust program that reads RUST_LOG usually writes), syslog priorities for systemd (`journald`).

export type LogFormat = 'auto' | 'tty' | 'pipe' | 'journald';
export type ResolvedLogFormat = Exclude<LogFormat, 'auto'>;
export const LOG_FORMATS: readonly LogFormat[] = ['auto', 'tty', 'pipe', 'journald'];

export type Severity = 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** One thing to log, in the two shapes the formats need. */
export interface LogEntry {
  severity: Severity;
  /** The line as a person reads it (`tty`, `journald`). */
  text: string;
  /** `pipe`'s `message`; the text when absent. */
  message?: string;
  /** `pipe`'s other keys. */
  fields?: Record<string, unknown>;
  /** When it happened, in milliseconds since the Unix epoch; now when absent. */
  time?: number;
}

export type Log = (entry: LogEntry) => void;

/** sd-daemon(3) priorities: journald reads a `<N>` prefix on each line of a service's stderr. */
const PRIORITY: Record<Severity, number> = { error: 3, warn: 4, info: 6, debug: 7, trace: 7 };
const COLOR: Record<Severity, string> = {
  error: '\x1b[31m',
  warn: '\x1b[33m',
  info: '',
  debug: '\x1b[2m',
  trace: '\x1b[2m',
};

/** `auto` is journald under systemd (JOURNAL_STREAM), `tty` on a terminal, `pipe` otherwise. */
export function resolveLogFormat(
  format: LogFormat,
  env: Record<string, string | undefined> = process.env,
  isTerminal = process.stderr.isTTY === true,
): ResolvedLogFormat {
  if (format !== 'auto') return format;
  if (env.JOURNAL_STREAM) return 'journald';
  return isTerminal ? 'tty' : 'pipe';
}

/** The entry as the lines the format writes; `tty` is coloured unless NO_COLOR is set. */
export function formatLogEntry(
  entry: LogEntry,
  format: ResolvedLogFormat,
  env: Record<string, string | undefined> = process.env,
): string {
  switch (format) {
    case 'journald':
      return entry.text
        .split('\n')
        .map((part) => `<${PRIORITY[entry.severity]}>${part}`)
        .join('\n');
    case 'tty': {
      const color = env.NO_COLOR === undefined ? COLOR[entry.severity] : '';
      return color ? `${color}${entry.text}\x1b[0m` : entry.text;
    }
    case 'pipe':
      return JSON.stringify({
        timestamp: new Date(entry.time ?? Date.now()).toISOString(),
        level: entry.severity.toUpperCase(),
        message: entry.message ?? entry.text,
        ...entry.fields,
        target: 'brainbench',
      });
  }
}

/** A log on standard error in the format asked for, resolved once. */
export function stderrLog(format: LogFormat): Log {
  const resolved = resolveLogFormat(format);
  return (entry) => console.error(formatLogEntry(entry, resolved));
}
