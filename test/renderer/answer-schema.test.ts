// Issue 28 item 17, the model under the held-call answer form: a JSON Schema from the op's WIT
// result type, which SchemaForm draws as it draws a tool's arguments.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOST_OPS } from '../../main/host-api/host-ops.generated.ts';
import { answerType } from '../../main/host-api/wit-type.ts';
import { answerSchema } from '../../renderer/src/features/debug/answer-schema.ts';

const schemaOf = (op: keyof typeof HOST_OPS) => answerSchema(answerType((HOST_OPS[op] as { result?: string }).result)!);

test('a tool result is a form of its fields, JSON-text fields as text, optional ones not required', () => {
  assert.deepEqual(schemaOf('tooling.call-tool-blocking'), {
    type: 'object',
    properties: {
      name: { type: 'string' },
      arguments: { type: 'string', description: 'JSON text' },
      content: { type: 'string', description: 'JSON text' },
      structured_content: { type: 'string', description: 'JSON text' },
    },
    required: ['name', 'arguments', 'content'],
  });
});

test('a chat result nests its tool calls and usage; the role of a message is a choice', () => {
  const chat = schemaOf('provider.chat');
  assert.equal(chat.type, 'object');
  assert.deepEqual(chat.required, ['tool_calls']);
  assert.equal(chat.properties?.['tool_calls']?.type, 'array');
  assert.equal(chat.properties?.['tool_calls']?.items?.type, 'object');
  assert.deepEqual(chat.properties?.['usage']?.properties?.['prompt_tokens'], { type: 'integer', minimum: 0 });
  assert.deepEqual(answerSchema({ kind: 'named', name: 'role' }), { enum: ['system', 'user', 'assistant', 'tool'] });
  assert.deepEqual(answerSchema({ kind: 'list', element: { kind: 'primitive', name: 'string' } }), {
    type: 'array',
    items: { type: 'string' },
  });
});
