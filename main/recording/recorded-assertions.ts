// The assertions of a test written from a recording: the agent's omw trace events in order, as
// exact patterns, and its outcome. What would differ on every run is left open: UUIDs (any
// string), clock timestamps, the split of streamed deltas and when a stream's pump ends.

import type { Json, TraceEvent } from '../trace/trace-event.ts';
import { recordedResult } from './divergence.ts';
import type { RecordedIteration } from './recording.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Detail keys that hold clock time. */
const CLOCK_KEYS = new Set(['ts']);

export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A detail value as a pattern that matches exactly it: strings anchored and escaped; nulls dropped (TOML has none). */
export function exactPattern(value: Json): Json | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return UUID.test(value) ? '' : `^${escapeRegex(value)}$`;
  // An array pattern is a subsequence: the elements in order, each exactly.
  if (Array.isArray(value)) return value.map((item) => exactPattern(item) ?? {});
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value).flatMap(([key, item]) => {
    // omw reserves `$` keys in patterns (`$while`, `$until`): a JSON schema's `$schema` is left open.
    if (CLOCK_KEYS.has(key) || key.startsWith('$')) return [];
    const pattern = exactPattern(item);
    return pattern === undefined ? [] : [[key, pattern] as const];
  });
  return Object.fromEntries(entries);
}

function eventAssertion(event: TraceEvent): Json | undefined {
  switch (event.type) {
    case 'call': {
      const detail = exactPattern(event.detail);
      return { kind: 'call', op: `^${escapeRegex(event.op)}$`, ...(detail !== undefined ? { detail } : {}) };
    }
    case 'inbound':
      // Streamed deltas are split by the back end; the mock splits them its own way.
      return event.event.kind === 'chat-delta' ? undefined : { kind: 'inbound', event: event.event.kind };
    case 'opened':
      return { kind: 'opened', source: `^${event.source}$` };
    case 'closed':
      // A pump's end races the brain's calls; a cancel happens in the call that made it.
      return event.reason === 'ended'
        ? undefined
        : { kind: 'closed', source: `^${event.source}$`, reason: `^${event.reason}$` };
    default:
      return undefined;
  }
}

/** `[assertions.<agent>]` for one recorded iteration. */
export function recordedAssertions(iteration: RecordedIteration): { [key: string]: Json } {
  const events = iteration.events.flatMap((event) => eventAssertion(event) ?? []);
  const result = iteration.end ? recordedResult(iteration.end) : undefined;
  let outcome: Json | undefined;
  if (result?.kind === 'outcome') {
    const { outcome: value } = result;
    // An exit message that quotes a UUID would never be the same twice.
    if (value === 'completed') outcome = 'completed';
    else if (!UUID.test(value.exited)) outcome = { exited: value.exited };
  }
  return { ...(outcome !== undefined ? { outcome } : {}), events };
}
