// The Python binding's representation of WIT values (omw-compat 11b): records are dicts or
// attribute objects with snake_case names on the way in and attribute objects on the way out,
// None is nothing, bytes are `bytes`, and JSON text is handed over parsed. Conversions themselves
// are the shared ones (runtimes/binding/); python-values.ts has how the values cross.

import { snakeCase } from '../../host-api/name-case.ts';
import { bindingOps } from '../binding/binding-ops.ts';
import type { GuestExpectation, GuestRepresentation } from '../binding/guest-representation.ts';
import { PythonArgumentError } from './python-argument-error.ts';
import { isRecord, PyBytes, PyFloat, pythonJsonText, pythonTypeName, type PyValue } from './python-values.ts';

function expectation(expected: GuestExpectation): string {
  switch (expected.kind) {
    case 'string':
      return 'str';
    case 'record':
      return 'a dict or an attribute object';
    case 'list':
      return 'a list';
    case 'bytes':
      return 'bytes';
    case 'case':
      return `one of ${expected.cases.map((c) => `'${c}'`).join(', ')}`;
  }
}

/** How python-prelude.ts recognises opaque JSON text and bytes among the records it receives. */
const OPAQUE_JSON = '\u0000j';
const BYTES = '\u0000b';

export const pythonRepresentation: GuestRepresentation<PyValue> = {
  name: snakeCase,
  isAbsent: (value) => value === undefined || value === null,
  readString: (value) => (typeof value === 'string' ? value : undefined),
  /** An int; a float is truncated as Python's `int()` would; bool, negatives and the rest are refused. */
  readU64(value, path) {
    const number = value instanceof PyFloat ? Math.trunc(value.value) : value;
    if ((typeof number === 'number' || typeof number === 'bigint') && number >= 0 && Number.isFinite(Number(number))) {
      return Number(number);
    }
    const wanted = typeof number === 'number' || typeof number === 'bigint' ? 'a non-negative int' : 'int';
    throw new PythonArgumentError(`${path} must be ${wanted}, not ${pythonTypeName(value)}`);
  },
  readList: (value) => (Array.isArray(value) ? value : undefined),
  readRecord: (value) => (isRecord(value) ? (field) => value[snakeCase(field)] : undefined),
  readBytes: (value) => (value instanceof PyBytes ? value.bytes : undefined),
  // A str is already-JSON text (an endpoint message's params passes through as it came).
  toJsonText: (value) => (typeof value === 'string' ? value : pythonJsonText(value, 'value')),
  mismatch: (path, expected, value) =>
    new PythonArgumentError(`${path} must be ${expectation(expected)}, not ${pythonTypeName(value)}`),

  // Every field is an attribute, None when absent, so `ev.payload.reasoning` never raises.
  record: (entries) => Object.fromEntries(entries.map(([name, value]) => [name, value ?? null])),
  envelope: (id, kind, payload) => ({ id, kind, payload: payload ?? null }),
  fromJsonText: (text) => ({ [OPAQUE_JSON]: text }),
  bytes: (bytes) => ({ [BYTES]: Buffer.from(bytes).toString('base64') }),
  list: (items) => items,
};

export const PY_OPS = bindingOps(pythonRepresentation);
