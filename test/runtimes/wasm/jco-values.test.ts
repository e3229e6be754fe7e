import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromJco, toJco } from '../../../main/runtimes/wasm/jco-values.ts';

test('records go to camelCase with u64 as BigInt and absent options left out, and come back', () => {
  const canonical = {
    content: 'hi',
    tool_calls: [{ id: 'c1', name: 'add', arguments: '{}' }],
    finish_reason: 'stop',
    usage: { prompt_tokens: 5, total_tokens: 8 },
  };
  const jco = {
    content: 'hi',
    toolCalls: [{ id: 'c1', name: 'add', arguments: '{}' }],
    finishReason: 'stop',
    usage: { promptTokens: 5n, totalTokens: 8n },
  };
  assert.deepEqual(toJco('chat-result', canonical), jco);
  assert.deepEqual(fromJco('chat-result', jco), canonical);
});

test('a variant without payloads is a string on the host and a tag for jco', () => {
  assert.deepEqual(fromJco('list<chat-message>', [{ role: { tag: 'assistant' }, content: 'ok' }]), [
    { role: 'assistant', content: 'ok' },
  ]);
  assert.deepEqual(toJco('chat-message', { role: 'tool', tool_call: { id: 'x', name: 'n', arguments: '1' } }), {
    role: { tag: 'tool' },
    toolCall: { id: 'x', name: 'n', arguments: '1' },
  });
});

test('events become tagged values with converted payloads', () => {
  const envelope = {
    id: 'u1',
    event: { kind: 'tool-result', data: { name: 'add', arguments: '{}', content: '[]', structured_content: '{}' } },
  };
  assert.deepEqual(toJco('option<event-envelope>', envelope), {
    id: 'u1',
    event: { tag: 'tool-result', val: { name: 'add', arguments: '{}', content: '[]', structuredContent: '{}' } },
  });
  assert.deepEqual(toJco('event-envelope', { id: 'u2', event: { kind: 'timer' } }), {
    id: 'u2',
    event: { tag: 'timer' },
  });
  assert.equal(toJco('option<event-envelope>', undefined), undefined);
});

test('bytes pass through', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  assert.equal(toJco('list<u8>', bytes), bytes);
});
