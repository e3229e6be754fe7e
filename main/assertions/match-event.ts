// Whether one trace event is what an event assertion describes. Only the fields of the event's
// projection take part, so agent names and UUIDs can never influence a match.

import type { Json, OmwTraceEvent } from '../trace/trace-event.ts';
import type { EventAssertion } from './assertion-types.ts';
import { projectTraceEvent } from './event-projection.ts';
import { matchPattern } from './pattern.ts';

export function matchesEvent(a: EventAssertion, e: OmwTraceEvent): boolean {
  const p = projectTraceEvent(e);
  switch (a.kind) {
    case 'call':
      return p.kind === 'call' && optionallyMatches(a.op, p.op) && optionallyMatches(a.detail, p.detail);
    case 'inbound':
      return (
        p.kind === 'inbound' &&
        (a.event === undefined || a.event === p.event) &&
        optionallyMatches(a.payload, p.payload)
      );
    case 'opened':
      return p.kind === 'opened' && optionallyMatches(a.source, p.source);
    case 'closed':
      return p.kind === 'closed' && optionallyMatches(a.source, p.source) && optionallyMatches(a.reason, p.reason);
  }
}

function optionallyMatches(pattern: Json | undefined, candidate: Json): boolean {
  return pattern === undefined || matchPattern(pattern, candidate);
}
