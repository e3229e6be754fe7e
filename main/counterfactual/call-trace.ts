// What an agent did in a run of `brainbench explore`, as comparable text: its traced calls (omw's
// `call` events: op and detail) in order. Handles and ids the run made up (UUIDs) are named by
// their order of first appearance, so two runs that made the same calls compare equal.

import type { Json } from '../trace/trace-event.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CallTrace {
  readonly #lines = new Map<string, string[]>();
  readonly #ids = new Map<string, Map<string, string>>();

  add(agent: string, op: string, detail: Json): void {
    let ids = this.#ids.get(agent);
    if (!ids) this.#ids.set(agent, (ids = new Map()));
    let lines = this.#lines.get(agent);
    if (!lines) this.#lines.set(agent, (lines = []));
    lines.push(`${op} ${JSON.stringify(named(detail, ids))}`);
  }

  /** Per agent of `agents`, its calls (none for one that made none). */
  of(agents: readonly string[]): Record<string, string[]> {
    return Object.fromEntries(agents.map((agent) => [agent, this.#lines.get(agent) ?? []]));
  }
}

function named(value: Json, ids: Map<string, string>): Json {
  if (typeof value === 'string') {
    if (!UUID.test(value)) return value;
    let name = ids.get(value);
    if (!name) ids.set(value, (name = `<id ${ids.size + 1}>`));
    return name;
  }
  if (Array.isArray(value)) return value.map((item) => named(item, ids));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, named(item as Json, ids)]));
  return value;
}

/** The first call where two traces of one agent part: its index and both sides (undefined past an end). */
export function firstDifference(
  expected: readonly string[],
  found: readonly string[],
): { index: number; expected: string | undefined; found: string | undefined } | undefined {
  const length = Math.max(expected.length, found.length);
  for (let index = 0; index < length; index++)
    if (expected[index] !== found[index]) return { index, expected: expected[index], found: found[index] };
  return undefined;
}
