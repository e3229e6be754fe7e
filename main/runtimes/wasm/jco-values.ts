// Converts host-call values between the canonical shapes of wit-types.ts and the ones jco's glue
// reads and writes, guided by the value's WIT type:
//
//   canonical (snake_case)                 jco
//   { tool_call: ..., finish_reason }      { toolCall: ..., finishReason }
//   'user'                                 { tag: 'user' }            (a variant without payloads)
//   { kind: 'message', data: 'hi' }        { tag: 'message', val: 'hi' }
//   42                                     42n                        (u64)
//   absent field                           undefined                  (option)

import { RECORDS, VARIANTS } from './omw-type-shapes.ts';

const snakeCase = (kebab: string): string => kebab.replaceAll('-', '_');
/** `finish-reason` → `finishReason`, as jco names fields, functions and methods. */
export const camelCase = (kebab: string): string =>
  kebab.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The type inside `outer<...>`, or undefined when `type` is not of that form. */
function innerType(type: string, outer: string): string | undefined {
  return type.startsWith(`${outer}<`) && type.endsWith('>') ? type.slice(outer.length + 1, -1).trim() : undefined;
}

/** The ok type of `result<ok, err>` (`_` when there is none). */
export function okType(result: string): string {
  const inner = innerType(result, 'result');
  if (inner === undefined) return result;
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) return inner.slice(0, i).trim();
  }
  return inner;
}

type Direction = 'to-jco' | 'from-jco';

function convert(type: string, value: unknown, direction: Direction): unknown {
  if (value === undefined || value === null) return undefined;
  if (type === 'u64') return direction === 'to-jco' ? BigInt(value as number) : Number(value as bigint);
  if (type === 'list<u8>') return value;
  const optional = innerType(type, 'option');
  if (optional !== undefined) return convert(optional, value, direction);
  const element = innerType(type, 'list');
  if (element !== undefined) return (value as unknown[]).map((item) => convert(element, item, direction));
  const record = RECORDS[type];
  if (record) {
    const from = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [field, fieldType] of Object.entries(record)) {
      const [source, target] =
        direction === 'to-jco' ? [snakeCase(field), camelCase(field)] : [camelCase(field), snakeCase(field)];
      const converted = convert(fieldType, from[source], direction);
      if (converted !== undefined) out[target] = converted;
    }
    return out;
  }
  const variant = VARIANTS[type];
  if (variant) return convertVariant(variant, value, direction);
  return value;
}

function convertVariant(cases: Readonly<Record<string, string | undefined>>, value: unknown, direction: Direction) {
  const payloadless = Object.values(cases).every((payload) => payload === undefined);
  if (direction === 'to-jco') {
    if (payloadless) return { tag: value };
    const { kind, data } = value as { kind: string; data?: unknown };
    const payload = cases[kind];
    return payload === undefined ? { tag: kind } : { tag: kind, val: convert(payload, data, direction) };
  }
  const { tag, val } = value as { tag: string; val?: unknown };
  if (payloadless) return tag;
  const payload = cases[tag];
  return payload === undefined ? { kind: tag } : { kind: tag, data: convert(payload, val, direction) };
}

/** A canonical value as jco's glue expects it for a value of WIT type `type`. */
export const toJco = (type: string, value: unknown): unknown => convert(type, value, 'to-jco');

/** A value jco's glue produced for WIT type `type`, in its canonical shape. */
export const fromJco = (type: string, value: unknown): unknown => convert(type, value, 'from-jco');
