import type { RestartTrace, TraceEvent } from '../../../../main/trace/trace-event.ts';

// toLocaleTimeString's own fields, in one formatter made once: the call builds a new one each
// time, which the bus inspector's rows paid for on every frame.
const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, {
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hour12: false,
});

export function clock(time: number): string {
  return `${TIME_OF_DAY.format(time)}.${String(new Date(time).getMilliseconds()).padStart(3, '0')}`;
}

export function compactJson(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `850 ms`, `12.4 s`: a span as people read it. */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const RESTARTED: Record<RestartTrace['cause'], string> = {
  agent: 'restarted',
  workspace: 'restarted with the saved config',
  session: 'the workbench started again',
};

/** What a restart of this cause is called, in the timeline's event lines and its dividers. */
export const restartText = (cause: RestartTrace['cause']): string => RESTARTED[cause];

/** The text as a sentence begins. */
export const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One line for a trace event, as the timeline lists it. */
export function describeEvent(event: TraceEvent): string {
  switch (event.type) {
    case 'call':
      return `${event.op}(${compactJson(event.detail)})${event.uuid ? ` → ${event.uuid.slice(0, 8)}` : ''}`;
    case 'host-call':
      return `${event.op}()`;
    case 'held':
      return `held before ${event.op} for ${duration(event.heldMs)}${event.decision ? `, ${event.decision}` : ''}`;
    case 'restart':
      return restartText(event.cause);
    case 'result':
      return event.ok
        ? `↳ ${compactJson(event.value ?? null)} (${event.durationMs.toFixed(1)} ms)`
        : `↳ error: ${event.error}`;
    case 'inbound':
      return `inbound ${event.event.kind}${'data' in event.event ? ` ${compactJson(event.event.data)}` : ''}`;
    case 'delivered':
      return `delivered ${event.event.kind} to the inbox`;
    case 'opened':
      return `opened ${event.source} ${event.uuid.slice(0, 8)}`;
    case 'closed':
      return `closed ${event.source} ${event.uuid.slice(0, 8)} (${event.reason})`;
    case 'log':
      return `${event.level}: ${event.message}`;
    case 'outcome':
      return `outcome ${compactJson(event.outcome)}`;
    case 'iteration-start':
      return `iteration ${event.iteration} (${event.trigger})`;
    case 'iteration-end':
      return `iteration end${event.error ? `: ${event.error}` : ''}`;
  }
}
