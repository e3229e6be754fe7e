// Converts host-call values between the canonical shapes of wit-types.generated.ts and the ones
// jco's glue reads and writes, guided by the value's WIT type:
//
//   canonical (snake_case)                 jco
//   { tool_call: ..., finish_reason }      { toolCall: ..., finishReason }
//   'user'                                 { tag: 'user' }            (a variant without payloads)
//   { kind: 'message', data: 'hi' }        { tag: 'message', val: 'hi' }
//   42                                     42n                        (u64)
//   absent field                           undefined                  (option)

import { camelCase, snakeCase } from '../../host-api/name-case.ts';
import { shapeOf, type WitCaseShape } from '../../host-api/wit-shape.ts';
import { isBytes, parseWitType, type WitType } from '../../host-api/wit-type.ts';

type Direction = 'to-jco' | 'from-jco';

function convert(type: WitType, value: unknown, direction: Direction): unknown {
  if (value === undefined || value === null) return undefined;
  switch (type.kind) {
    case 'primitive':
      if (type.name !== 'u64') return value;
      return direction === 'to-jco' ? BigInt(value as number) : Number(value as bigint);
    case 'option':
      return convert(type.inner, value, direction);
    case 'list':
      if (isBytes(type)) return value;
      return (value as unknown[]).map((item) => convert(type.element, item, direction));
    case 'named':
      return convertNamed(type.name, value, direction);
    case 'result':
    case 'tuple':
      return value;
  }
}

function convertNamed(name: string, value: unknown, direction: Direction): unknown {
  const shape = shapeOf(name);
  switch (shape.kind) {
    case 'record': {
      const from = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const field of shape.fields) {
        const [source, target] =
          direction === 'to-jco'
            ? [snakeCase(field.name), camelCase(field.name)]
            : [camelCase(field.name), snakeCase(field.name)];
        const converted = convert(parseWitType(field.type), from[source], direction);
        if (converted !== undefined) out[target] = converted;
      }
      return out;
    }
    case 'variant':
      return convertVariant(shape.cases, value, direction);
    case 'enum':
    case 'resource':
      return value;
  }
}

function convertVariant(cases: readonly WitCaseShape[], value: unknown, direction: Direction): unknown {
  const payloadless = cases.every((c) => c.type === undefined);
  const payloadOf = (name: string) => cases.find((c) => c.name === name)?.type;
  if (direction === 'to-jco') {
    if (payloadless) return { tag: value };
    const { kind, data } = value as { kind: string; data?: unknown };
    const payload = payloadOf(kind);
    return payload === undefined ? { tag: kind } : { tag: kind, val: convert(parseWitType(payload), data, direction) };
  }
  const { tag, val } = value as { tag: string; val?: unknown };
  if (payloadless) return tag;
  const payload = payloadOf(tag);
  return payload === undefined ? { kind: tag } : { kind: tag, data: convert(parseWitType(payload), val, direction) };
}

const typeOf = (type: string | WitType): WitType => (typeof type === 'string' ? parseWitType(type) : type);

/** A canonical value as jco's glue expects it for a value of WIT type `type`. */
export const toJco = (type: string | WitType, value: unknown): unknown => convert(typeOf(type), value, 'to-jco');

/** A value jco's glue produced for WIT type `type`, in its canonical shape. */
export const fromJco = (type: string | WitType, value: unknown): unknown => convert(typeOf(type), value, 'from-jco');
