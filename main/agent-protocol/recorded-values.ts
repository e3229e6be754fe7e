// Host-call values as JSON: the canonical values are JSON already except byte lists
// (`list<u8>`, a Uint8Array), which a recording writes as `{"$bytes": "<base64>"}`. Only the ops
// whose WIT signature has bytes pay for the conversion.

import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import type { Json } from '../trace/trace-event.ts';

const BYTES_KEY = '$bytes';

const hasBytes = (type: string): boolean => type.includes('list<u8>');

const BYTE_OPS = new Set(
  (Object.entries(HOST_OPS) as [HostOp, { params: readonly { type: string }[]; result?: string }][])
    .filter(([, spec]) => spec.params.some((p) => hasBytes(p.type)) || hasBytes(spec.result ?? ''))
    .map(([op]) => op),
);

const bytesReplacer = (_key: string, value: unknown): unknown =>
  value instanceof Uint8Array ? { [BYTES_KEY]: Buffer.from(value).toString('base64') } : value;

const bytesReviver = (_key: string, value: unknown): unknown => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const bytes = (value as Record<string, unknown>)[BYTES_KEY];
    if (typeof bytes === 'string' && Object.keys(value).length === 1)
      return new Uint8Array(Buffer.from(bytes, 'base64'));
  }
  return value;
};

/** A call's arguments or answer as recorded JSON; `undefined` stays undefined (an absent value). */
export function encodeValue(op: HostOp, value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  if (!BYTE_OPS.has(op)) return JSON.parse(JSON.stringify(value)) as Json;
  return JSON.parse(JSON.stringify(value, bytesReplacer)) as Json;
}

/** The canonical value of a recorded answer, as the engine's binding expects it. */
export function decodeValue(op: HostOp, value: Json | undefined): unknown {
  if (value === undefined || !BYTE_OPS.has(op)) return value;
  return JSON.parse(JSON.stringify(value), bytesReviver);
}

/** One line of JSON text for a record whose fields hold `op`'s canonical values. */
export function valuesLineText(op: HostOp, record: object): string {
  return BYTE_OPS.has(op) ? JSON.stringify(record, bytesReplacer) : JSON.stringify(record);
}
