// A brain's values to the canonical shapes of wit-types.generated.ts, by walking the WIT type, for
// every binding: records by field (in the binding's spelling), options absent or present, lists,
// bytes, JSON text, and omw's defaults for what a brain may leave out (guest-defaults.ts).

import { DEFAULT_CASES, FIELD_DEFAULTS, OMITTABLE_ARGUMENTS } from '../../host-api/guest-defaults.ts';
import { isBytes, parseWitType, type WitType } from '../../host-api/wit-type.ts';
import { isPayloadless, shapeOf, type WitFieldShape } from '../../host-api/wit-shape.ts';
import { snakeCase } from '../../host-api/name-case.ts';
import type { GuestExpectation, GuestRepresentation } from './guest-representation.ts';

/** Converts one value; `path` names it in errors (`messages[0].content`). */
export type InputConversion<V> = (value: V, path: string) => unknown;

export interface InputConversions<V> {
  /** The conversion of a host-call argument of this WIT type; `json` for JSON-text parameters. */
  argument(type: string, json?: boolean): InputConversion<V>;
  /** True when a brain may leave an argument of this type out. */
  omittable(type: string): boolean;
}

export function inputConversions<V>(rep: GuestRepresentation<V>): InputConversions<V> {
  const built = new Map<string, InputConversion<V>>();

  const jsonText: InputConversion<V> = (value) => rep.toJsonText(value);

  function conversion(type: WitType): InputConversion<V> {
    switch (type.kind) {
      case 'primitive':
        return primitive(type.name);
      case 'option': {
        const inner = conversion(type.inner);
        return (value, path) => (rep.isAbsent(value) ? undefined : inner(value, path));
      }
      case 'list': {
        if (isBytes(type)) {
          return (value, path) => rep.readBytes(value) ?? fail(path, { kind: 'bytes' }, value);
        }
        const element = conversion(type.element);
        return (value, path) => {
          const items = rep.readList(value) ?? fail(path, { kind: 'list' }, value);
          return items.map((item, i) => element(item, `${path}[${i}]`));
        };
      }
      case 'named':
        return named(type.name);
      case 'result':
      case 'tuple':
        throw new Error(`no binding takes a ${type.kind} from a brain`);
    }
  }

  function primitive(name: string): InputConversion<V> {
    if (name === 'string') return (value, path) => rep.readString(value) ?? fail(path, { kind: 'string' }, value);
    if (name === 'u64') return (value, path) => rep.readU64(value, path);
    throw new Error(`no binding takes a ${name} from a brain`);
  }

  function named(name: string): InputConversion<V> {
    const shape = shapeOf(name);
    if (shape.kind === 'record') return record(name, shape.fields);
    if (isPayloadless(shape) && shape.kind !== 'resource') {
      const cases = shape.cases.map((c) => c.name);
      const fallback = DEFAULT_CASES[name];
      return (value, path) => {
        const text = rep.readString(value);
        if (text !== undefined && cases.includes(text)) return text;
        return fallback ?? fail(path, { kind: 'case', cases }, value);
      };
    }
    throw new Error(`no binding takes a ${name} from a brain`);
  }

  function record(name: string, shapeFields: readonly WitFieldShape[]): InputConversion<V> {
    const defaults = FIELD_DEFAULTS[name] ?? {};
    const fields = shapeFields.map((field) => {
      const type = parseWitType(field.type);
      const optional = type.kind === 'option';
      const valueType = type.kind === 'option' ? type.inner : type;
      return {
        key: snakeCase(field.name),
        spelled: rep.name(field.name),
        field: field.name,
        optional,
        fallback: defaults[field.name],
        convert: field.json ? jsonText : conversion(valueType),
      };
    });
    return (value, path) => {
      const lookup = rep.readRecord(value) ?? fail(path, { kind: 'record' }, value);
      const canonical: Record<string, unknown> = {};
      for (const field of fields) {
        const fieldValue = lookup(field.field);
        if (!rep.isAbsent(fieldValue)) canonical[field.key] = field.convert(fieldValue, `${path}.${field.spelled}`);
        else if (field.fallback !== undefined) canonical[field.key] = field.fallback;
        // A required field left out gets what its conversion makes of nothing: an error, or `null` JSON.
        else if (!field.optional) canonical[field.key] = field.convert(fieldValue, `${path}.${field.spelled}`);
      }
      return canonical;
    };
  }

  function fail(path: string, expected: GuestExpectation, value: V): never {
    throw rep.mismatch(path, expected, value);
  }

  return {
    argument(type, json = false) {
      const key = `${json ? 'json ' : ''}${type}`;
      let found = built.get(key);
      if (found === undefined) {
        const parsed = parseWitType(type);
        const convert = json
          ? parsed.kind === 'option'
            ? (value: V) => (rep.isAbsent(value) ? undefined : rep.toJsonText(value))
            : jsonText
          : conversion(parsed);
        const omitted = OMITTABLE_ARGUMENTS[type];
        found = omitted ? (value, path) => (rep.isAbsent(value) ? omitted() : convert(value, path)) : convert;
        built.set(key, found);
      }
      return found;
    },
    omittable: (type) => OMITTABLE_ARGUMENTS[type] !== undefined || parseWitType(type).kind === 'option',
  };
}
