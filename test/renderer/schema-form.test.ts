// The tool form's model: fields from a tool's input schema, starting values from defaults, edits
// at a path, number text, the raw JSON round trip, and schema problems placed at their fields.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  enumValues,
  fieldKind,
  fromRawText,
  getAt,
  initialArguments,
  numberFromText,
  pointer,
  problemsAt,
  problemsWithoutField,
  rawText,
  setAt,
  type JsonSchema,
} from '../../renderer/src/shared/forms/schema-form.ts';

const schema: JsonSchema = {
  type: 'object',
  required: ['query', 'limit', 'mode', 'filters'],
  properties: {
    query: { type: 'string', description: 'what to look for' },
    limit: { type: 'integer', default: 10 },
    ratio: { type: 'number' },
    exact: { type: 'boolean' },
    mode: { type: 'string', enum: ['fast', 'thorough'], default: 'fast' },
    tags: { type: 'array', items: { type: 'string' } },
    filters: {
      type: 'object',
      required: ['since'],
      properties: { since: { type: 'string', default: '2026-01-01' }, author: { type: ['string', 'null'] } },
    },
    extra: { type: 'object' },
    maybe: { anyOf: [{ type: 'number' }, { type: 'null' }], description: 'optional number' },
  },
};

describe('the schema form model', () => {
  it('asks for the field each schema describes', () => {
    const p = schema.properties!;
    assert.deepEqual(Object.fromEntries(Object.entries(p).map(([name, s]) => [name, fieldKind(s)])), {
      query: 'string',
      limit: 'integer',
      ratio: 'number',
      exact: 'boolean',
      mode: 'enum',
      tags: 'array',
      filters: 'object',
      extra: 'json',
      maybe: 'number',
    });
    assert.equal(fieldKind(p.filters!.properties!.author!), 'string');
    assert.equal(fieldKind({ const: 'only' }), 'enum');
    assert.deepEqual(enumValues({ const: 'only' }), ['only']);
    assert.equal(fieldKind({}), 'json');
  });

  it('starts from the defaults, filling in required fields and nested objects', () => {
    assert.deepEqual(initialArguments(schema), { limit: 10, mode: 'fast', filters: { since: '2026-01-01' } });
    assert.deepEqual(initialArguments(undefined), {});
    assert.deepEqual(initialArguments({ type: 'string' }), {});
  });

  it('edits at a path without touching the value it came from', () => {
    const start = { filters: { since: 'x' }, tags: ['a'] };
    const next = setAt(start, ['filters', 'author'], 'ada');
    assert.deepEqual(next, { filters: { since: 'x', author: 'ada' }, tags: ['a'] });
    assert.deepEqual(start, { filters: { since: 'x' }, tags: ['a'] });
    assert.deepEqual(setAt(next, ['tags', 1], 'b'), { filters: { since: 'x', author: 'ada' }, tags: ['a', 'b'] });
    assert.deepEqual(setAt(next, ['filters', 'since'], undefined), { filters: { author: 'ada' }, tags: ['a'] });
    assert.equal(getAt(next, ['filters', 'author']), 'ada');
    assert.equal(getAt(next, ['tags', 0]), 'a');
    assert.equal(getAt(next, ['nope', 'deeper']), undefined);
  });

  it('reads number text as a number, and keeps text that is none for the check to call out', () => {
    assert.equal(numberFromText('42'), 42);
    assert.equal(numberFromText(' -1.5 '), -1.5);
    assert.equal(numberFromText(''), undefined);
    assert.equal(numberFromText('12abc'), '12abc');
  });

  it('round-trips with the raw JSON mode, which must hold an object', () => {
    const value = { query: 'omw', filters: { since: 'x' }, tags: ['a', 'b'] };
    const back = fromRawText(rawText(value));
    assert.deepEqual(back, { value });
    assert.match((fromRawText('{query: 1}') as { problem: string }).problem, /^not JSON: /);
    assert.deepEqual(fromRawText('[1]'), { problem: 'a tool’s arguments are a JSON object ({…})' });
    assert.equal(rawText(undefined), '{}');
  });

  it('puts each schema problem at its field, and the rest above the form', () => {
    const problems = [
      { path: '/query', message: 'required' },
      { path: '/filters/since', message: 'must be string' },
      { path: '/tags/1', message: 'must be string' },
      { path: '/extra/anything', message: 'deep in a JSON box' },
      { path: '', message: 'has no field "bogus"' },
      { path: '/bogus', message: 'unknown' },
    ];
    assert.deepEqual(problemsAt(problems, ['query']), ['required']);
    assert.deepEqual(problemsAt(problems, ['filters', 'since']), ['must be string']);
    assert.deepEqual(problemsAt(problems, ['tags', 1]), ['must be string']);
    assert.deepEqual(problemsAt(problems, ['limit']), []);
    assert.deepEqual(
      problemsWithoutField(problems, schema).map((p) => p.path),
      ['/extra/anything', '', '/bogus'],
    );
    assert.equal(pointer(['a/b', 'c~d', 0]), '/a~1b/c~0d/0');
  });
});
