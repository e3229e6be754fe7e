import type { TraceEvent } from '../trace/trace-event.ts';

/** One log line for a trace event; logs, prints and iteration ends always, the rest on request. */
export function renderTraceLine(event: TraceEvent, everything: boolean): string | undefined {
  const who = `[${event.agent}#${event.iteration}]`;
  switch (event.type) {
    case 'log':
      return `${who} ${event.level.toUpperCase()} ${event.message}`;
    case 'iteration-end': {
      const ms = event.durationMs.toFixed(1);
      if (event.error !== undefined) {
        const at = event.line !== undefined ? ` at line ${event.line}:${event.column ?? 1}` : '';
        return `${who} iteration failed after ${ms} ms: ${event.error}${at}`;
      }
      const outcome = event.outcome === 'completed' ? 'completed' : `exited: ${event.outcome?.exited}`;
      return `${who} iteration ${outcome} in ${ms} ms`;
    }
    default:
      return everything
        ? `${who} ${event.type} ${JSON.stringify({ ...event, agent: undefined, seq: undefined })}`
        : undefined;
  }
}
