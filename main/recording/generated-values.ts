// Values a run makes up (ids from new-uuid, clock readings and their formatting) differ between
// any two runs of the same brain. `brainbench diff` pairs them by position, the k-th id of one
// recording with the k-th of the other, and reads every later argument and answer of the second
// with the first's values put back, so a brain that passes an id or a time along does not diverge
// by it, and the changed values themselves are counted rather than listed.

import type { Json } from '../trace/trace-event.ts';
import type { RecordedAgent } from './recording.ts';

export type GeneratedKind = 'id' | 'time';

const GENERATED_OPS: Readonly<Record<string, GeneratedKind>> = {
  'host.new-uuid': 'id',
  'host.time-now': 'time',
  'host.time-format': 'time',
};

/** The kind of value a call makes up, or undefined for a call whose answer is the world's. */
export const generatedKind = (op: string): GeneratedKind | undefined =>
  Object.hasOwn(GENERATED_OPS, op) ? GENERATED_OPS[op] : undefined;

/** An id is long and unlike anything else, so it is also replaced inside longer text. */
const MIN_EMBEDDED_LENGTH = 16;

export class GeneratedValues {
  /** The second recording's value → the first's, at the same position. */
  private readonly aliases = new Map<string | number, string | number>();
  private readonly embedded: [string, string][] = [];

  /** Pairs the values made up by both recordings' agents, call by call, while their ops agree. */
  static between(a: Iterable<RecordedAgent | undefined>, b: Iterable<RecordedAgent | undefined>): GeneratedValues {
    const values = new GeneratedValues();
    const right = [...b];
    [...a].forEach((left, index) => values.pairAgent(left, right[index]));
    return values;
  }

  private pairAgent(a: RecordedAgent | undefined, b: RecordedAgent | undefined): void {
    if (!a || !b) return;
    for (let i = 0; i < Math.min(a.iterations.length, b.iterations.length); i++) {
      const left = a.iterations[i]!.calls;
      const right = b.iterations[i]!.calls;
      for (let k = 0; k < Math.min(left.length, right.length); k++) {
        const x = left[k]!;
        const y = right[k]!;
        if (x.op !== y.op) break;
        if (generatedKind(x.op) && x.ok && y.ok) this.pair(x.value, y.value);
      }
    }
  }

  private pair(a: Json | undefined, b: Json | undefined): void {
    const scalar = (value: Json | undefined) => typeof value === 'string' || typeof value === 'number';
    if (!scalar(a) || !scalar(b) || a === b || this.aliases.has(b as string | number)) return;
    this.aliases.set(b as string | number, a as string | number);
    // A clock reading is often passed on as its digits.
    if (typeof a === 'number' && typeof b === 'number') this.aliases.set(String(b), String(a));
    if (typeof a === 'string' && typeof b === 'string' && b.length >= MIN_EMBEDDED_LENGTH) this.embedded.push([b, a]);
  }

  /** `value` (from the second recording) with its made-up values replaced by the first's. */
  aligned(value: Json | undefined): Json | undefined {
    if (this.aliases.size === 0 || value === undefined || value === null) return value;
    if (typeof value === 'string' || typeof value === 'number') {
      const alias = this.aliases.get(value);
      if (alias !== undefined) return alias;
      if (typeof value !== 'string') return value;
      let text = value;
      for (const [from, to] of this.embedded) if (text.includes(from)) text = text.split(from).join(to);
      return text;
    }
    if (Array.isArray(value)) return value.map((item) => this.aligned(item)!);
    if (typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.aligned(item)!]));
    return value;
  }
}
