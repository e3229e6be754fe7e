// A Python brain's values as the host reads them. Arguments that are all str, int or None arrive
// as they are; any others arrive as JSON text that python-prelude.ts tagged where JSON alone would
// lose what the value was: a float keeps Python's own text (`1.0` stays `1.0` in JSON the host
// forwards), bytes travel as base64, a value with no JSON form as its type's name.

import { PythonArgumentError } from './python-argument-error.ts';

/** A Python `float`. */
export class PyFloat {
  constructor(
    readonly value: number,
    /** `repr()` of the float: valid JSON unless it is `inf`, `-inf` or `nan`. */
    readonly text: string,
  ) {}
}

export class PyBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** A value the binding has no use for (a set, a function, a handle); the host names its type. */
export class PyOpaque {
  constructor(readonly typeName: string) {}
}

/** undefined is None as an argument, null is None inside JSON; records are plain objects. */
export type PyValue =
  | undefined
  | null
  | boolean
  | number
  | bigint
  | string
  | PyFloat
  | PyBytes
  | PyOpaque
  | PyValue[]
  | { [field: string]: PyValue };

const FLOAT = '\u0000f';
const BYTES = '\u0000b';
const OPAQUE = '\u0000o';

function revive(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const tagged = value as Record<string, unknown>;
  if (typeof tagged[FLOAT] === 'string') return new PyFloat(Number(tagged[FLOAT]), tagged[FLOAT]);
  if (typeof tagged[BYTES] === 'string') return new PyBytes(Buffer.from(tagged[BYTES], 'base64'));
  if (typeof tagged[OPAQUE] === 'string') return new PyOpaque(tagged[OPAQUE]);
  return value;
}

/** The arguments of a call that python-prelude.ts sent as JSON text. */
export const argumentsFromJson = (text: string): PyValue[] => JSON.parse(text, revive) as PyValue[];

export const isRecord = (value: PyValue): value is { [field: string]: PyValue } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof PyFloat) &&
  !(value instanceof PyBytes) &&
  !(value instanceof PyOpaque);

/** The Python type name of a value, for error messages. */
export function pythonTypeName(value: PyValue): string {
  if (value === undefined || value === null) return 'NoneType';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'int';
  }
  if (value instanceof PyFloat) return 'float';
  if (value instanceof PyBytes) return 'bytes';
  if (value instanceof PyOpaque) return value.typeName;
  return Array.isArray(value) ? 'list' : 'dict';
}

/**
 * JSON text of a value, as Python's `json.dumps` writes it compactly, except that bytes become a
 * list of ints (as the other bindings' byte lists do) and non-finite floats `null`. A value with
 * no JSON form is the brain's error.
 */
export function pythonJsonText(value: PyValue, path: string): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return String(value);
  if (value instanceof PyFloat) return Number.isFinite(value.value) ? value.text : 'null';
  if (value instanceof PyBytes) return `[${value.bytes.join(',')}]`;
  if (value instanceof PyOpaque) {
    throw new PythonArgumentError(`${path}: object of type ${value.typeName} is not JSON serializable`);
  }
  if (Array.isArray(value)) return `[${value.map((item, i) => pythonJsonText(item, `${path}[${i}]`)).join(',')}]`;
  const fields = Object.entries(value).map(
    ([key, item]) => `${JSON.stringify(key)}:${pythonJsonText(item, `${path}.${key}`)}`,
  );
  return `{${fields.join(',')}}`;
}
