// "Why this call?" (docs/debugging.md#why-this-call): where a host call's arguments came from, at
// host-call granularity. An argument (or a part of it: a field, a list item, the JSON inside a
// string) that equals a part of an earlier call's answer came from that answer: the received
// event, the memory read, the provider's reply, the tool's result. The answering call's own
// arguments are then traced the same way, so the links make a chain back to what the brain was
// given. A value no earlier answer holds was made by the brain (a literal, or computed).

import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import type { PastIteration } from './past-iteration.ts';

/** One answer an argument was taken from. */
export interface WhyLink {
  /** The call whose answer held the value: its iteration, its index there, its op. */
  iteration: number;
  call: number;
  op: string;
  /** Which argument of which call it fed (`for` is the index in `links` of that call; -1: the asked call). */
  for: number;
  argument: string;
  /** The value, cut short for display. */
  value: string;
}

export interface WhyAnswer {
  op: string;
  links: WhyLink[];
  /** Arguments of the asked call no earlier answer holds: the brain made them. */
  made: string[];
}

const MAX_LINKS = 12;
/** Shorter strings match by chance too often; two characters keep a small number such as "42". */
const SHORTEST_STRING = 2;

interface FlatCall {
  iteration: number;
  call: number;
  op: string;
  args: readonly unknown[];
  /** The answer's parts, as canonical JSON. */
  parts: Set<string>;
}

export function whyCall(iterations: readonly PastIteration[], iteration: number, call: number): WhyAnswer {
  const flat: FlatCall[] = [];
  let target = -1;
  for (const past of iterations) {
    past.calls.forEach((recorded, index) => {
      if (past.iteration === iteration && index === call) target = flat.length;
      const parts = new Set<string>();
      if (recorded.ok) collectParts(recorded.value, parts);
      flat.push({ iteration: past.iteration, call: index, op: recorded.op, args: recorded.args, parts });
    });
  }
  const asked = flat[target];
  if (!asked) throw new Error(`call ${call + 1} of iteration ${iteration} is not in the recorded past`);
  const links: WhyLink[] = [];
  const made: string[] = [];
  const seen = new Set<number>([target]);
  const queue: { position: number; link: number }[] = [{ position: target, link: -1 }];
  while (queue.length > 0 && links.length < MAX_LINKS) {
    const { position, link } = queue.shift()!;
    const current = flat[position]!;
    for (const [name, value] of namedArguments(current)) {
      const sources = sourcesOf(flat, position, value);
      if (sources.length === 0 && link === -1 && isTraceable(value)) made.push(name);
      for (const source of sources) {
        const earlier = flat[source.position]!;
        links.push({
          iteration: earlier.iteration,
          call: earlier.call,
          op: earlier.op,
          for: link,
          argument: name,
          value: short(source.value),
        });
        if (!seen.has(source.position)) {
          seen.add(source.position);
          queue.push({ position: source.position, link: links.length - 1 });
        }
        if (links.length >= MAX_LINKS) break;
      }
      if (links.length >= MAX_LINKS) break;
    }
  }
  return { op: asked.op, links, made };
}

/** The call's arguments by name, its receiver (the provider or tool server it is made on) left out. */
function namedArguments(call: FlatCall): [string, unknown][] {
  const spec = HOST_OPS[call.op as HostOp] as { receiver?: string; params: readonly { name: string }[] } | undefined;
  const args = spec?.receiver ? call.args.slice(1) : call.args;
  return args.map((value, i) => [spec?.params[i]?.name ?? `argument ${i + 1}`, value]);
}

/**
 * The earlier answers the value came from: the latest one holding it whole, or else, part by
 * part, those holding its parts; one link per answer, with the biggest part it holds.
 */
function sourcesOf(flat: readonly FlatCall[], before: number, value: unknown): { position: number; value: unknown }[] {
  const found = new Map<number, unknown>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 4) return;
    if (isTraceable(v)) {
      const key = canonical(v);
      for (let position = before - 1; position >= 0; position--) {
        if (!flat[position]!.parts.has(key)) continue;
        if (!found.has(position)) found.set(position, v);
        return;
      }
    }
    const inner = typeof v === 'string' ? parsedJson(v) : undefined;
    if (inner !== undefined && typeof inner === 'object' && inner !== null) walk(inner, depth + 1);
    if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
      for (const item of Object.values(v)) walk(item, depth + 1);
    }
  };
  walk(value, 0);
  return [...found].map(([position, part]) => ({ position, value: part }));
}

function collectParts(value: unknown, parts: Set<string>, depth = 0): void {
  if (depth > 8) return;
  if (isTraceable(value)) parts.add(canonical(value));
  if (typeof value === 'string') {
    const inner = parsedJson(value);
    if (inner !== undefined && typeof inner === 'object' && inner !== null) collectParts(inner, parts, depth + 1);
  } else if (Array.isArray(value)) for (const item of value) collectParts(item, parts, depth + 1);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const item of Object.values(value)) collectParts(item, parts, depth + 1);
  }
}

/** Worth tracing: a string long enough not to match by chance, or a non-empty list or record. */
function isTraceable(value: unknown): boolean {
  if (typeof value === 'string') return value.length >= SHORTEST_STRING;
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && Object.keys(value).length > 0;
}

function parsedJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON with object keys sorted, so that equal values have equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return v;
  });
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : canonical(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
