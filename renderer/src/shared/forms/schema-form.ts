// The tool form's model (pure, no DOM): which field a JSON Schema asks for, the value the form
// starts from, edits at a path, text typed into a field as a value, and the host's schema problems
// at the field they are about. The form's value is the arguments object itself, so the raw JSON
// mode is its text and the two round-trip.

import type { SchemaProblem } from '../../../../contract/views.ts';

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'json';

export type Path = (string | number)[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema without a `null` alternative (`["string", "null"]`, `anyOf: [X, {type: "null"}]`). */
export function nonNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const rest = alternatives.filter((s) => s.type !== 'null');
    if (rest.length === 1) return { ...rest[0], description: schema.description ?? rest[0]!.description };
  }
  return schema;
}

/** The field a schema asks for; `json` (a JSON text box) for whatever a form cannot say better. */
export function fieldKind(input: JsonSchema): FieldKind {
  const schema = nonNull(input);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  if (schema.const !== undefined) return 'enum';
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'array':
      return schema.type;
    case 'object':
      return schema.properties && Object.keys(schema.properties).length > 0 ? 'object' : 'json';
    default:
      return schema.properties ? 'object' : 'json';
  }
}

export function enumValues(schema: JsonSchema): unknown[] {
  const plain = nonNull(schema);
  return plain.enum ?? (plain.const !== undefined ? [plain.const] : []);
}

/** What the form starts from: the schema's defaults, an object's required fields' defaults filled in. */
export function initialValue(input: JsonSchema): unknown {
  const schema = nonNull(input);
  if (schema.default !== undefined) return structuredClone(schema.default);
  const kind = fieldKind(schema);
  if (kind === 'object') {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const start =
        property.default !== undefined || schema.required?.includes(name) ? initialValue(property) : undefined;
      if (start !== undefined) value[name] = start;
    }
    return value;
  }
  if (kind === 'array') return [];
  if (kind === 'boolean') return false;
  return undefined;
}

/** The starting value of the whole arguments object: always an object. */
export function initialArguments(schema: JsonSchema | undefined): Record<string, unknown> {
  const start = schema ? initialValue(schema) : undefined;
  return isObject(start) ? start : {};
}

/** A JSON pointer (RFC 6901), as the host's schema problems name places. */
export function pointer(path: Path): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function getAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (Array.isArray(at) && typeof key === 'number') at = at[key];
    else if (isObject(at) && typeof key === 'string') at = at[key];
    else return undefined;
  }
  return at;
}

/** `value` with `next` at `path` (a new object; `undefined` removes an object's key). */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[key] = setAt(list[key], rest, next);
    return list;
  }
  const object = isObject(value) ? { ...value } : {};
  const child = setAt(object[key!], rest, next);
  if (child === undefined) delete object[key!];
  else object[key!] = child;
  return object;
}

/**
 * What text typed into a number field means: nothing when empty, the number when it is one, else
 * the text itself, which the schema check then calls out (`must be number`) by the field.
 */
export function numberFromText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  // A fraction in an integer field stays a number: the check says `must be integer` by it.
  return Number.isFinite(number) ? number : text;
}

/** The raw JSON mode's text for a value. */
export function rawText(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}

/** The value raw JSON text holds, or why it holds none the form can show (it must be an object). */
export function fromRawText(text: string): { value: Record<string, unknown> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
  if (!isObject(value)) return { problem: 'a tool’s arguments are a JSON object ({…})' };
  return { value };
}

/** The problems about exactly the field at `path`. */
export function problemsAt(problems: readonly SchemaProblem[], path: Path): string[] {
  const at = pointer(path);
  return problems.filter((p) => p.path === at).map((p) => p.message);
}

/** Problems at places the form has no field for (an unknown key), said above the form. */
export function problemsWithoutField(
  problems: readonly SchemaProblem[],
  schema: JsonSchema | undefined,
): SchemaProblem[] {
  return problems.filter((p) => !hasField(schema, p.path));
}

function hasField(schema: JsonSchema | undefined, path: string): boolean {
  if (path === '') return false;
  let at = schema && nonNull(schema);
  // Inside a JSON box there are no fields: a problem there is said above the form.
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at) return false;
    const kind = fieldKind(at);
    if (kind === 'array') at = at.items && nonNull(at.items);
    else if (kind === 'object') at = at.properties?.[key] && nonNull(at.properties[key]!);
    else return false;
  }
  return at !== undefined;
}
