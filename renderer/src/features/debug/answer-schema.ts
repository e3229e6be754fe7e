// The JSON Schema of a held call's answer, from the op's WIT result type, so the answer is a form
// as a tool's arguments are (SchemaForm): a record's fields (snake_case, as canonical values name
// them; optional ones not required; JSON-text fields as text), lists, numbers, flags, and a
// variant without payloads as a choice. Anything else (a variant with payloads, a tuple) is a
// JSON box in the form.

import { isPayloadless, shapeOf } from '../../../../main/host-api/wit-shape.ts';
import { parseWitType, type WitType } from '../../../../main/host-api/wit-type.ts';
import { snakeCase } from '../../../../main/host-api/name-case.ts';
import type { JsonSchema } from '../../shared/forms/schema-form.ts';

const INTEGERS = new Set(['s8', 's16', 's32', 's64', 'u8', 'u16', 'u32', 'u64']);

export function answerSchema(type: WitType): JsonSchema {
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'bool') return { type: 'boolean' };
      if (INTEGERS.has(type.name)) return { type: 'integer', ...(type.name.startsWith('u') ? { minimum: 0 } : {}) };
      if (type.name === 'f32' || type.name === 'f64') return { type: 'number' };
      return { type: 'string' };
    case 'option':
      return answerSchema(type.inner);
    case 'list':
      return { type: 'array', items: answerSchema(type.element) };
    case 'result':
      return type.ok ? answerSchema(type.ok) : { type: 'null' };
    case 'tuple':
      return {};
    case 'named':
      return namedSchema(type.name);
  }
}

function namedSchema(name: string): JsonSchema {
  const shape = shapeOf(name);
  if (shape.kind === 'resource') return { type: 'string' };
  if (shape.kind === 'record') {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of shape.fields) {
      const key = snakeCase(field.name);
      const optional = field.type.startsWith('option<');
      properties[key] = field.json
        ? { type: 'string', description: 'JSON text' }
        : answerSchema(parseWitType(field.type));
      if (!optional) required.push(key);
    }
    return { type: 'object', properties, required };
  }
  return isPayloadless(shape) ? { enum: shape.cases.map((c) => c.name) } : {};
}
