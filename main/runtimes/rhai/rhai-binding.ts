// The Rhai binding's representation of WIT values (omw-compat 10): records are object maps with
// snake_case keys, unit `()` is nothing, bytes are BLOBs, and JSON text is handed over parsed
// into maps and arrays. A value the binding cannot use is a Rhai runtime error the script may
// catch. Conversions themselves are the shared ones (runtimes/binding/).

import { snakeCase } from '../../host-api/name-case.ts';
import { runtimeError } from '../../rhai/language/types/errors.ts';
import { Blob, typeOf, type Value } from '../../rhai/language/types/values.ts';
import { bindingOps } from '../binding/binding-ops.ts';
import type { GuestExpectation, GuestRepresentation } from '../binding/guest-representation.ts';
import { opaqueJsonFromRhai, parseOpaqueJson } from './opaque-json.ts';

function expectation(expected: GuestExpectation): string {
  switch (expected.kind) {
    case 'string':
      return 'a string';
    case 'record':
      return 'an object map';
    case 'list':
      return 'an array';
    case 'bytes':
      return 'a BLOB';
    case 'case':
      return `one of ${expected.cases.map((c) => `"${c}"`).join(', ')}`;
  }
}

const rhaiRepresentation: GuestRepresentation<Value> = {
  name: snakeCase,
  isAbsent: (value) => value === undefined,
  readString: (value) => (typeof value === 'string' ? value : undefined),
  /** A Rhai INT; negatives are rejected as omw's Rhai binding does. */
  readU64(value, path) {
    if (typeof value !== 'number' && typeof value !== 'bigint') {
      throw runtimeError(`${path}: expected an integer, got ${typeOf(value)}`);
    }
    if (value < 0) throw runtimeError(`${path}: expected a non-negative integer`);
    return Number(value);
  },
  readList: (value) => (Array.isArray(value) ? value : undefined),
  readRecord: (value) => (value instanceof Map ? (field) => value.get(snakeCase(field)) : undefined),
  readBytes: (value) => (value instanceof Blob ? Uint8Array.from(value.bytes) : undefined),
  toJsonText: opaqueJsonFromRhai,
  mismatch: (path, expected, value) => runtimeError(`${path}: expected ${expectation(expected)}, got ${typeOf(value)}`),

  record: (entries) => new Map(entries.filter((entry): entry is [string, Value] => entry[1] !== undefined)),
  // The payload key is there even for unit events, holding `()`.
  envelope: (id, kind, payload) =>
    new Map<string, Value>([
      ['id', id],
      ['kind', kind],
      ['payload', payload],
    ]),
  fromJsonText: parseOpaqueJson,
  bytes: (bytes) => new Blob(Array.from(bytes)),
  list: (items) => items,
};

export const RHAI_OPS = bindingOps(rhaiRepresentation);
