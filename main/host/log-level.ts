import type { LogTrace } from '../trace/trace-event.ts';

const LOG_LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error']);

/** A brain's `host.log` level as traced: anything but trace, debug, info, warn or error is info. */
export const logLevelOf = (level: string): LogTrace['level'] =>
  LOG_LEVELS.has(level) ? (level as LogTrace['level']) : 'info';
