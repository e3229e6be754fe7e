// The JavaScript binding's representation of WIT values (omw-compat 11): records are plain
// objects with omw's camelCase keys (the legacy snake_case keys of older omw brains are read too),
// `null` and `undefined` are nothing, bytes are arrays of integers 0..255, and JSON text is
// handed over parsed. Conversions themselves are the shared ones (runtimes/binding/).

import { camelCase, snakeCase } from '../../host-api/name-case.ts';
import { bindingOps } from '../binding/binding-ops.ts';
import type { GuestExpectation, GuestRepresentation } from '../binding/guest-representation.ts';
import { GuestArgumentError } from './guest-argument-error.ts';
import { parseOpaqueJson, serializeOpaqueJson } from './opaque-json.ts';

const isByte = (b: unknown): b is number => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255;

function expectation(expected: GuestExpectation): string {
  switch (expected.kind) {
    case 'string':
      return 'a string';
    case 'record':
      return 'an object';
    case 'list':
      return 'an array';
    case 'bytes':
      return 'an array of integers 0..255';
    case 'case':
      return `one of ${expected.cases.map((c) => `'${c}'`).join(', ')}`;
  }
}

export const jsRepresentation: GuestRepresentation<unknown> = {
  name: camelCase,
  isAbsent: (value) => value === undefined || value === null,
  readString: (value) => (typeof value === 'string' ? value : undefined),
  /** Fractions truncate; negative, non-finite or non-numbers are rejected. */
  readU64(value, path) {
    if (typeof value === 'bigint' && value >= 0n) return Number(value);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new GuestArgumentError(`${path} must be a non-negative integer`);
    }
    return Math.trunc(value);
  },
  readList: (value) => (Array.isArray(value) ? value : undefined),
  readRecord(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    return (field) => record[camelCase(field)] ?? record[snakeCase(field)];
  },
  readBytes: (value) => (Array.isArray(value) && value.every(isByte) ? Uint8Array.from(value) : undefined),
  toJsonText: serializeOpaqueJson,
  mismatch: (path, expected) => new GuestArgumentError(`${path} must be ${expectation(expected)}`),

  // An absent WIT option is an absent property, not a property holding `undefined`.
  record: (entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined)),
  envelope: (id, kind, payload) => ({ id, kind, payload: payload ?? null }),
  fromJsonText: parseOpaqueJson,
  bytes: (bytes) => Array.from(bytes),
  list: (items) => items,
};

export const JS_OPS = bindingOps(jsRepresentation);
