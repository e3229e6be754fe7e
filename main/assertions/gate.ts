// `after` gates of the mock back ends (omw-compat 13.5): a scripted step waits until any agent's
// trace holds an event matching its gate. Gates only look; they never consume events, so any
// number of them can watch the same trace.

import type { OmwTraceEvent } from '../trace/trace-event.ts';
import { AssertionParseError } from './assertion-parse-error.ts';
import type { EventAssertion } from './assertion-types.ts';
import { matchesEvent } from './match-event.ts';
import { parseEventAssertion } from './parse-assertions.ts';

/** `start`: ready at once. */
export type Gate = 'start' | EventAssertion;

/** Reads a mock step's `after` key; absent means `start`. */
export function parseGate(raw: unknown, path: string): Gate {
  if (raw === undefined || raw === 'start') return 'start';
  if (typeof raw === 'string') {
    throw new AssertionParseError(path, `expected "start" or an event assertion, got ${JSON.stringify(raw)}`);
  }
  return parseEventAssertion(raw, path);
}

export function gateSatisfied(gate: Gate, observed: readonly OmwTraceEvent[]): boolean {
  return gate === 'start' || observed.some((e) => matchesEvent(gate, e));
}

/** Follows the trace as it grows, so a pending gate costs one match per new event. */
export class GateWatcher {
  #satisfied: boolean;

  constructor(private readonly gate: Gate) {
    this.#satisfied = gate === 'start';
  }

  get satisfied(): boolean {
    return this.#satisfied;
  }

  observe(e: OmwTraceEvent): void {
    if (!this.#satisfied && this.gate !== 'start') this.#satisfied = matchesEvent(this.gate, e);
  }
}
