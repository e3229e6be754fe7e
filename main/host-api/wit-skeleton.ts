// A placeholder canonical value of a WIT type, for a form the user fills in (the answer to a held
// call): every record field present (options left out), the first case of a variant, empty
// strings, zeros and lists. Field names are snake_case, as in canonical values; JSON-text fields
// hold "{}".

import { snakeCase } from './name-case.ts';
import { isPayloadless, shapeOf } from './wit-shape.ts';
import { parseWitType, type WitType } from './wit-type.ts';

export function witSkeleton(type: WitType): unknown {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'string' || type.name === 'char' ? '' : type.name === 'bool' ? false : 0;
    case 'option':
      return null;
    case 'list':
      return [];
    case 'result':
      return type.ok ? witSkeleton(type.ok) : null;
    case 'tuple':
      return type.items.map(witSkeleton);
    case 'named':
      return namedSkeleton(type.name);
  }
}

function namedSkeleton(name: string): unknown {
  const shape = shapeOf(name);
  if (shape.kind === 'resource') return '';
  if (shape.kind === 'record') {
    const fields = shape.fields
      .filter((field) => !field.type.startsWith('option<'))
      .map((field) => [snakeCase(field.name), field.json ? '{}' : witSkeleton(parseWitType(field.type))]);
    return Object.fromEntries(fields);
  }
  const first = shape.cases[0];
  if (!first) return null;
  if (isPayloadless(shape)) return first.name;
  return first.type === undefined
    ? { kind: first.name }
    : { kind: first.name, data: witSkeleton(parseWitType(first.type)) };
}
