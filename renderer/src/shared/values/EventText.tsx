import type { TraceEvent } from '../../../../main/trace/trace-event.ts';
import { describeEvent } from '../trace/trace-text.ts';
import { ValueText } from './ValueText.tsx';

/**
 * One trace event in a line, as describeEvent writes it, with its values (a call's detail, a
 * result, an inbound event's data) cut short and opening whole in the value viewer.
 */
export function EventText({ event }: { event: TraceEvent }) {
  switch (event.type) {
    case 'call':
      return (
        <>
          {event.op}(<ValueText value={event.detail} title={`${event.op} call`} />)
          {event.uuid ? ` → ${event.uuid.slice(0, 8)}` : ''}
        </>
      );
    case 'result':
      return event.ok ? (
        <>
          ↳ <ValueText value={event.value ?? null} title="Result" /> ({event.durationMs.toFixed(1)} ms)
        </>
      ) : (
        <>
          ↳ error: <ValueText value={event.error} title="Error" />
        </>
      );
    case 'inbound':
      return (
        <>
          inbound {event.event.kind}{' '}
          {'data' in event.event ? <ValueText value={event.event.data} title={`${event.event.kind} event`} /> : null}
        </>
      );
    case 'held':
      return (
        <>
          {describeEvent(event)}
          {event.given !== undefined ? (
            <>
              {' '}
              <span className="badge given-by-user" title="The user gave this in the call's place, in the debugger">
                given by you
              </span>{' '}
              <ValueText value={event.given} title={`What you gave for ${event.op}`} testId="held-given" />
            </>
          ) : null}
        </>
      );
    case 'outcome':
      return (
        <>
          outcome <ValueText value={event.outcome} title="Outcome" />
        </>
      );
    default:
      return <>{describeEvent(event)}</>;
  }
}
