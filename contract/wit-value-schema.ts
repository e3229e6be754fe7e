// The zod schema of a canonical value (wit-types.generated.ts) of a WIT type, built by walking the
// world's shapes, so what the host accepts from a client follows wit/omw.wit with no second,
// hand-written copy: records with their snake_case keys (nothing else) and options as absent
// fields, integers within their range, variants as `{kind, data}` (`{kind}` for a case without
// payload), and variants whose cases all lack a payload as their case names.

import { z } from 'zod';
import { snakeCase } from '../main/host-api/name-case.ts';
import { isPayloadless, shapeOf, type WitCaseShape, type WitFieldShape } from '../main/host-api/wit-shape.ts';
import { isBytes, parseWitType, type WitType } from '../main/host-api/wit-type.ts';

/** Canonical integers are JS numbers, so 64-bit ones stop at the safe range. */
const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  u8: [0, 2 ** 8 - 1],
  u16: [0, 2 ** 16 - 1],
  u32: [0, 2 ** 32 - 1],
  u64: [0, Number.MAX_SAFE_INTEGER],
  s8: [-(2 ** 7), 2 ** 7 - 1],
  s16: [-(2 ** 15), 2 ** 15 - 1],
  s32: [-(2 ** 31), 2 ** 31 - 1],
  s64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

const oneCodePoint = (text: string) => [...text].length === 1;

function primitive(name: string): z.ZodType {
  const range = INTEGER_RANGES[name];
  if (range) return z.int().min(range[0]).max(range[1]);
  switch (name) {
    case 'bool':
      return z.boolean();
    case 'f32':
    case 'f64':
      return z.number();
    case 'char':
      return z.string().refine(oneCodePoint, 'expected one character');
    case 'string':
      return z.string();
  }
  throw new Error(`unknown WIT primitive "${name}"`);
}

const named = new Map<string, z.ZodType>();

function schemaOf(type: WitType): z.ZodType {
  switch (type.kind) {
    case 'primitive':
      return primitive(type.name);
    case 'option':
      return schemaOf(type.inner).optional();
    case 'list':
      // Canonical bytes are a Uint8Array, which no JSON request can carry.
      if (isBytes(type)) throw new Error('no request carries list<u8>');
      return z.array(schemaOf(type.element));
    case 'named': {
      let schema = named.get(type.name);
      if (schema === undefined) {
        schema = namedSchema(type.name);
        named.set(type.name, schema);
      }
      return schema;
    }
    case 'result':
    case 'tuple':
      throw new Error(`no request carries a WIT ${type.kind}`);
  }
}

function namedSchema(name: string): z.ZodType {
  const shape = shapeOf(name);
  if (shape.kind === 'resource') throw new Error(`no request carries the resource ${name}`);
  if (shape.kind === 'record') return record(shape.fields);
  if (isPayloadless(shape)) return z.enum(shape.cases.map((c) => c.name) as [string, ...string[]]);
  return variant(shape.cases);
}

function record(fields: readonly WitFieldShape[]): z.ZodType {
  return z.strictObject(
    Object.fromEntries(fields.map((field) => [snakeCase(field.name), schemaOf(parseWitType(field.type))])),
  );
}

function variant(cases: readonly WitCaseShape[]): z.ZodType {
  const options = cases.map((c) =>
    z.strictObject(
      c.type === undefined
        ? { kind: z.literal(c.name) }
        : { kind: z.literal(c.name), data: schemaOf(parseWitType(c.type)) },
    ),
  );
  return z.discriminatedUnion('kind', options as [(typeof options)[number], ...typeof options]);
}

/** The schema of a canonical value of the WIT type `type` (`event`, `list<tool-call>`, `u64`). */
export function witValueSchema(type: string): z.ZodType {
  return schemaOf(parseWitType(type));
}
