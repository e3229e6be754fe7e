// Trace events as one line each in the failure diff, e.g. `call chat_stream {"provider":"p",...}`.
// Long JSON is cut so a diff of a chatty run stays readable.

import type { Json, OmwTraceEvent } from '../trace/trace-event.ts';
import { projectTraceEvent } from './event-projection.ts';
import { renderInline } from './render-assertion.ts';

const MAX_JSON_CHARS = 160;

export function renderTraceEvent(e: OmwTraceEvent): string {
  const p = projectTraceEvent(e);
  switch (p.kind) {
    case 'call':
      return `call ${p.op} ${compactJson(p.detail)}`;
    case 'inbound':
      return 'data' in p.payload ? `inbound ${p.event} ${compactJson(p.payload.data)}` : `inbound ${p.event}`;
    case 'opened':
      return `opened ${p.source}`;
    case 'closed':
      return `closed ${p.source} ${p.reason}`;
    case 'outcome':
      return `outcome ${renderInline(p.outcome)}`;
  }
}

function compactJson(value: Json): string {
  const text = JSON.stringify(value);
  return text.length <= MAX_JSON_CHARS ? text : `${text.slice(0, MAX_JSON_CHARS)}…`;
}
