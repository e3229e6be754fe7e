// A small protobuf wire reader for OTLP trace requests, written for the tests from the public
// field numbers of opentelemetry/proto/collector/trace/v1 and trace/v1, common/v1, resource/v1:
// what a real collector decodes, without the SDK's own encoder on the reading side.

export type AttributeValue = string | boolean | number | AttributeValue[];
export type Attributes = Record<string, AttributeValue>;

export interface WireEvent {
  name: string;
  timeNanos: bigint;
  attributes: Attributes;
}

export interface WireSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Attributes;
  events: WireEvent[];
  status: { code: number; message: string };
  /** The resource's attributes and the scope's name, from the enclosing messages. */
  resource: Attributes;
  scope: string;
}

interface Field {
  number: number;
  /** A varint or fixed value, or the bytes of a length-delimited one. */
  value: bigint | Uint8Array;
}

function readVarint(bytes: Uint8Array, at: { pos: number }): bigint {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    const byte = bytes[at.pos++];
    if (byte === undefined) throw new Error('protobuf: truncated varint');
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return result;
    shift += 7n;
  }
}

function fields(bytes: Uint8Array): Field[] {
  const out: Field[] = [];
  const at = { pos: 0 };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (at.pos < bytes.length) {
    const key = Number(readVarint(bytes, at));
    const number = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ number, value: readVarint(bytes, at) });
    else if (wire === 1) {
      out.push({ number, value: view.getBigUint64(at.pos, true) });
      at.pos += 8;
    } else if (wire === 2) {
      const length = Number(readVarint(bytes, at));
      out.push({ number, value: bytes.subarray(at.pos, at.pos + length) });
      at.pos += length;
    } else if (wire === 5) {
      out.push({ number, value: BigInt(view.getUint32(at.pos, true)) });
      at.pos += 4;
    } else throw new Error(`protobuf: wire type ${wire} unsupported`);
  }
  return out;
}

const text = (value: bigint | Uint8Array) => new TextDecoder().decode(value as Uint8Array);
const hex = (value: bigint | Uint8Array) => Buffer.from(value as Uint8Array).toString('hex');
const each = (bytes: Uint8Array, number: number) =>
  fields(bytes)
    .filter((f) => f.number === number)
    .map((f) => f.value as Uint8Array);

/** AnyValue: 1 string, 2 bool, 3 int, 4 double, 5 array (ArrayValue: 1 values). */
function anyValue(bytes: Uint8Array): AttributeValue {
  for (const { number, value } of fields(bytes)) {
    if (number === 1) return text(value);
    if (number === 2) return value === 1n;
    if (number === 3) return Number(BigInt.asIntN(64, value as bigint));
    if (number === 4) {
      const buffer = new DataView(new ArrayBuffer(8));
      buffer.setBigUint64(0, value as bigint, true);
      return buffer.getFloat64(0, true);
    }
    if (number === 5) return each(value as Uint8Array, 1).map(anyValue);
  }
  return '';
}

/** KeyValue: 1 key, 2 value. */
function attributes(list: Uint8Array[]): Attributes {
  const out: Attributes = {};
  for (const pair of list) {
    const parts = fields(pair);
    const key = parts.find((f) => f.number === 1);
    const value = parts.find((f) => f.number === 2);
    if (key) out[text(key.value)] = value ? anyValue(value.value as Uint8Array) : '';
  }
  return out;
}

/** Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 7/8 times, 9 attributes, 11 events, 15 status. */
function span(bytes: Uint8Array, resource: Attributes, scope: string): WireSpan {
  const parts = fields(bytes);
  const one = (number: number) => parts.find((f) => f.number === number)?.value;
  const status = one(15) as Uint8Array | undefined;
  const statusFields = status ? fields(status) : [];
  return {
    traceId: hex(one(1) ?? new Uint8Array()),
    spanId: hex(one(2) ?? new Uint8Array()),
    parentSpanId: hex(one(4) ?? new Uint8Array()),
    name: text(one(5) ?? new Uint8Array()),
    kind: Number(one(6) ?? 0n),
    startNanos: (one(7) as bigint | undefined) ?? 0n,
    endNanos: (one(8) as bigint | undefined) ?? 0n,
    attributes: attributes(each(bytes, 9)),
    // Event: 1 time_unix_nano, 2 name, 3 attributes.
    events: each(bytes, 11).map((event) => {
      const eventFields = fields(event);
      return {
        timeNanos: (eventFields.find((f) => f.number === 1)?.value as bigint | undefined) ?? 0n,
        name: text(eventFields.find((f) => f.number === 2)?.value ?? new Uint8Array()),
        attributes: attributes(each(event, 3)),
      };
    }),
    // Status: 2 message, 3 code.
    status: {
      message: text(statusFields.find((f) => f.number === 2)?.value ?? new Uint8Array()),
      code: Number(statusFields.find((f) => f.number === 3)?.value ?? 0n),
    },
    resource,
    scope,
  };
}

/**
 * ExportTraceServiceRequest: 1 resource_spans; ResourceSpans: 1 resource (Resource: 1
 * attributes), 2 scope_spans; ScopeSpans: 1 scope (InstrumentationScope: 1 name), 2 spans.
 */
export function decodeTraceRequest(body: Uint8Array): WireSpan[] {
  return each(body, 1).flatMap((resourceSpans) => {
    const resource = each(resourceSpans, 1)[0];
    const resourceAttributes = resource ? attributes(each(resource, 1)) : {};
    return each(resourceSpans, 2).flatMap((scopeSpans) => {
      const scope = each(scopeSpans, 1)[0];
      const scopeName = scope ? text(each(scope, 1)[0] ?? new Uint8Array()) : '';
      return each(scopeSpans, 2).map((bytes) => span(bytes, resourceAttributes, scopeName));
    });
  });
}
