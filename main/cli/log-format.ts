// omw's `--log-format auto|tty|pipe|journald` for the lines `run` and `loop` write to stderr.

import type { TraceEvent } from '../trace/trace-event.ts';

export type LogFormat = 'auto' | 'tty' | 'pipe' | 'journald';
export const LOG_FORMATS: readonly LogFormat[] = ['auto', 'tty', 'pipe', 'journald'];

type Severity = 'error' | 'warn' | 'info' | 'debug';

/** sd-daemon(3) priorities: journald reads a `<N>` prefix on each line of a service's stderr. */
const PRIORITY: Record<Severity, number> = { error: 3, warn: 4, info: 6, debug: 7 };
const COLOR: Record<Severity, string> = { error: '\x1b[31m', warn: '\x1b[33m', info: '', debug: '\x1b[2m' };

/** `auto` is journald under systemd (JOURNAL_STREAM), colours on a terminal, plain text otherwise. */
export function resolveLogFormat(
  format: LogFormat,
  env: Record<string, string | undefined> = process.env,
  isTerminal = process.stderr.isTTY === true,
): Exclude<LogFormat, 'auto'> {
  if (format !== 'auto') return format;
  if (env.JOURNAL_STREAM) return 'journald';
  return isTerminal && env.NO_COLOR === undefined ? 'tty' : 'pipe';
}

export function severityOf(event: TraceEvent): Severity {
  if (event.type === 'iteration-end') return event.error !== undefined ? 'error' : 'info';
  if (event.type !== 'log') return 'debug';
  switch (event.level) {
    case 'error':
      return 'error';
    case 'warn':
      return 'warn';
    case 'info':
    case 'print':
      return 'info';
    default:
      return 'debug';
  }
}

export function formatLogLine(line: string, severity: Severity, format: Exclude<LogFormat, 'auto'>): string {
  switch (format) {
    case 'journald':
      return line
        .split('\n')
        .map((part) => `<${PRIORITY[severity]}>${part}`)
        .join('\n');
    case 'tty':
      return COLOR[severity] ? `${COLOR[severity]}${line}\x1b[0m` : line;
    case 'pipe':
      return line;
  }
}
