// Canonical values (wit-types.generated.ts) to a brain's, by walking the WIT type, for every
// binding: records in the binding's spelling with absent options left out, JSON text parsed,
// bytes in the binding's form, and the event envelope flattened to `{id, kind, payload}` as
// omw's bindings hand inbox entries over. A streamed delta's JSON text is a fragment, not JSON:
// it stays the string the server sent (a fragment `4` parsed to a number, or `"a"` to `a`, could
// not be joined back into the arguments).

import { snakeCase } from '../../host-api/name-case.ts';
import { isBytes, parseWitType, type WitType } from '../../host-api/wit-type.ts';
import { isPayloadless, shapeOf, type WitCaseShape, type WitFieldShape } from '../../host-api/wit-shape.ts';
import type { EventEnvelope } from '../../host-api/wit-types.generated.ts';
import type { GuestRepresentation } from './guest-representation.ts';

export type OutputConversion<V> = (value: unknown) => V;

/** The conversion of a value of WIT type `type` (undefined: nothing) into the binding's values. */
export type OutputConversions<V> = (type: WitType | undefined) => OutputConversion<V>;

export function outputConversions<V>(rep: GuestRepresentation<V>): OutputConversions<V> {
  // Parsed types are shared (wit-type.ts parses each text once), so they key the cache.
  const built = new Map<WitType, OutputConversion<V>>();
  const same = (value: unknown) => value as V;

  function conversion(type: WitType, fragments = false): OutputConversion<V> {
    switch (type.kind) {
      case 'primitive':
        return same;
      case 'option': {
        const inner = conversion(type.inner, fragments);
        return (value) => (value === undefined ? (undefined as V) : inner(value));
      }
      case 'list': {
        if (isBytes(type)) return (value) => rep.bytes(value as Uint8Array);
        const element = conversion(type.element, fragments);
        return (value) => rep.list((value as unknown[]).map(element));
      }
      case 'named':
        return named(type.name, fragments);
      case 'result':
      case 'tuple':
        throw new Error(`no binding hands a ${type.kind} to a brain`);
    }
  }

  function named(name: string, fragments: boolean): OutputConversion<V> {
    if (name === 'event-envelope') return envelope();
    const shape = shapeOf(name);
    if (shape.kind === 'record') return record(shape.fields, fragments);
    // A resource is its configured name; the binding wraps it in a handle.
    if (shape.kind === 'resource' || isPayloadless(shape)) return same;
    throw new Error(`no binding hands a ${name} to a brain outside an event envelope`);
  }

  function record(shapeFields: readonly WitFieldShape[], fragments: boolean): OutputConversion<V> {
    const fields = shapeFields.map((field) => {
      const type = parseWitType(field.type);
      const inner = type.kind === 'option' ? type.inner : type;
      const parsed = field.json && !fragments;
      return {
        key: snakeCase(field.name),
        spelled: rep.name(field.name),
        convert: parsed ? (text: unknown) => rep.fromJsonText(text as string) : conversion(inner, fragments),
      };
    });
    return (value) => {
      const canonical = value as Record<string, unknown>;
      return rep.record(
        fields.map(({ key, spelled, convert }) => {
          const fieldValue = canonical[key];
          return [spelled, fieldValue === undefined ? undefined : convert(fieldValue)] as const;
        }),
      );
    };
  }

  function envelope(): OutputConversion<V> {
    const shape = shapeOf('event');
    const cases: readonly WitCaseShape[] = shape.kind === 'variant' ? shape.cases : [];
    const payloads = new Map(
      cases.map((c) => [
        c.name,
        c.type === undefined ? undefined : conversion(parseWitType(c.type), c.name === 'chat-delta'),
      ]),
    );
    return (value) => {
      const { id, event } = value as EventEnvelope;
      const payload = payloads.get(event.kind);
      return rep.envelope(id, event.kind, payload && 'data' in event ? payload(event.data) : undefined);
    };
  }

  return (type) => {
    if (type === undefined) return () => undefined as V;
    let found = built.get(type);
    if (found === undefined) {
      found = conversion(type);
      built.set(type, found);
    }
    return found;
  };
}
