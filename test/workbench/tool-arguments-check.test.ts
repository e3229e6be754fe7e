// The tool form's schema check on the host (Ajv): problems at the field they are about, a missing
// field at its own place, drafts by `$schema`, and a schema that cannot be compiled said as such.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkToolArguments } from '../../main/workbench/tool-arguments-check.ts';

const schema = {
  type: 'object',
  required: ['query', 'limit'],
  additionalProperties: false,
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    mode: { enum: ['fast', 'thorough'] },
    tags: { type: 'array', items: { type: 'string' } },
    'a/b': { type: 'boolean' },
    maybe: { anyOf: [{ type: 'number' }, { type: 'null' }] },
  },
};

describe('checking a tool call’s arguments against its input schema', () => {
  it('finds nothing wrong with arguments that fit, or a tool without a schema', () => {
    assert.deepEqual(checkToolArguments(schema, '{"query": "omw", "limit": 3, "tags": ["a"]}'), []);
    assert.deepEqual(checkToolArguments(undefined, '{"anything": 1}'), []);
  });

  it('says each problem at its field', () => {
    const problems = checkToolArguments(
      schema,
      JSON.stringify({ limit: 1.5, mode: 'slow', tags: ['a', 2], 'a/b': 'yes', maybe: 'x', bogus: 1 }),
    );
    assert.deepEqual(problems, [
      { path: '/query', message: 'required' },
      { path: '', message: 'has no field "bogus"' },
      { path: '/limit', message: 'must be integer' },
      { path: '/mode', message: 'must be one of "fast", "thorough"' },
      { path: '/tags/1', message: 'must be string' },
      { path: '/a~1b', message: 'must be boolean' },
      { path: '/maybe', message: 'must match a schema in anyOf' },
    ]);
  });

  it('reads draft-07 schemas as draft-07', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', items: [{ type: 'string' }] };
    assert.deepEqual(checkToolArguments(draft7, '{}'), []);
  });

  it('says when the text is not JSON or the schema cannot be used', () => {
    assert.match(checkToolArguments(schema, '{query')[0]!.message, /^not JSON: /);
    assert.match(
      checkToolArguments({ type: 'nonsense' }, '{}')[0]!.message,
      /^the tool's input schema cannot be used: /,
    );
  });
});
