import { describeFailure } from '../supervisor/iteration-result.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { LogEntry, Severity } from './log-format.ts';

export interface TraceLogOptions {
  /** Every trace event, not only logs and iteration ends (`--trace`). */
  everything: boolean;
  /** The agent's brain as the user should see it, to name it in a failure. */
  brainOf: (agent: string) => string | undefined;
}

const LOG_SEVERITY: Record<Extract<TraceEvent, { type: 'log' }>['level'], Severity> = {
  error: 'error',
  warn: 'warn',
  info: 'info',
  print: 'info',
  debug: 'debug',
  trace: 'trace',
};

/** The log entry for a trace event: logs, prints and iteration ends always, the rest on request. */
export function traceLogEntry(event: TraceEvent, options: TraceLogOptions): LogEntry | undefined {
  const who = `[${event.agent}#${event.iteration}]`;
  const base = { agent: event.agent, iteration: event.iteration };
  switch (event.type) {
    case 'log':
      return {
        severity: LOG_SEVERITY[event.level],
        text: `${who} ${event.level.toUpperCase()} ${event.message}`,
        message: event.message,
        fields: { ...base, ...(event.level === 'print' ? { print: true } : {}) },
        time: event.time,
      };
    case 'iteration-end': {
      const ms = event.durationMs.toFixed(1);
      const timing = { ...base, duration_ms: Number(ms) };
      if (event.error !== undefined) {
        const brain = options.brainOf(event.agent);
        const failure = describeFailure({ error: event.error, line: event.line, column: event.column }, brain);
        return {
          severity: 'error',
          text: `${who} iteration failed after ${ms} ms: ${failure}`,
          message: 'iteration failed',
          fields: { ...timing, error: event.error, brain, line: event.line, column: event.column },
          time: event.time,
        };
      }
      const exited = event.outcome === 'completed' ? undefined : event.outcome?.exited;
      return {
        severity: 'info',
        text:
          exited === undefined
            ? `${who} iteration completed in ${ms} ms`
            : `${who} iteration exited: ${exited} in ${ms} ms`,
        message: exited === undefined ? 'iteration completed' : 'iteration exited',
        fields: exited === undefined ? timing : { ...timing, exited },
        time: event.time,
      };
    }
    default: {
      if (!options.everything) return undefined;
      const { agent: _agent, iteration: _iteration, seq: _seq, time: _time, type, ...detail } = event;
      return {
        severity: 'debug',
        text: `${who} ${type} ${JSON.stringify({ ...event, agent: undefined, seq: undefined })}`,
        message: type,
        fields: { ...base, event: detail },
        time: event.time,
      };
    }
  }
}
