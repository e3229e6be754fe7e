import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GuestArgumentError } from '../../../main/runtimes/js/guest-argument-error.ts';
import type { ChatMessage } from '../../../main/host-api/wit-types.generated.ts';
import { JS_OPS } from '../../../main/runtimes/js/js-binding.ts';

const requireU64 = JS_OPS.argument('u64');
const requireString = JS_OPS.argument('string');
const bytesFromGuest = JS_OPS.argument('list<u8>');
const chatMessagesFromGuest = JS_OPS.argument('list<chat-message>') as (value: unknown, path: string) => ChatMessage[];
const toolsFromGuest = JS_OPS.argument('list<tool>');
const chatDeltaFromGuest = JS_OPS.argument('chat-delta');
const paramsFromGuest = JS_OPS.argument('option<string>', true);
const chatParamsFromGuest = (value: unknown) => paramsFromGuest(value, 'params');

const rejects = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (error: unknown) => error instanceof GuestArgumentError && error.message === message);

describe('guest input: scalars', () => {
  it('takes u64 from non-negative numbers and truncates fractions', () => {
    assert.equal(requireU64(0, 'ms'), 0);
    assert.equal(requireU64(1500.9, 'ms'), 1500);
    assert.equal(requireU64(7n, 'ms'), 7);
  });

  it('rejects negative, non-finite and non-number u64 values, naming the argument', () => {
    for (const bad of [-1, -0.5, Infinity, NaN, '5', undefined, null, -3n]) {
      rejects(() => requireU64(bad, 'ts'), 'ts must be a non-negative integer');
    }
  });

  it('requires strings', () => {
    assert.equal(requireString('x', 'key'), 'x');
    rejects(() => requireString(1, 'key'), 'key must be a string');
    rejects(() => requireString(undefined, 'agent'), 'agent must be a string');
  });

  it('takes bytes as integers 0..255', () => {
    assert.deepEqual(bytesFromGuest([0, 1, 255], 'bytes'), Uint8Array.from([0, 1, 255]));
    for (const bad of [[256], [-1], [1.5], ['1'], 'abc', undefined]) {
      rejects(() => bytesFromGuest(bad, 'bytes'), 'bytes must be an array of integers 0..255');
    }
  });
});

describe('guest input: chat messages', () => {
  it('converts camelCase messages to canonical snake_case ones', () => {
    const messages = chatMessagesFromGuest(
      [
        { role: 'system', content: 'be brief' },
        { role: 'assistant', reasoning: 'hm', toolCall: { id: 'c1', name: 'add', arguments: { a: 1 } } },
      ],
      'messages',
    );
    assert.deepEqual(messages, [
      { role: 'system', content: 'be brief' },
      { role: 'assistant', reasoning: 'hm', tool_call: { id: 'c1', name: 'add', arguments: '{"a":1}' } },
    ]);
  });

  it('accepts the legacy snake_case tool_call key', () => {
    const [message] = chatMessagesFromGuest(
      [{ role: 'tool', tool_call: { id: 'c1', name: 'add', arguments: '{"a":1}' } }],
      'messages',
    );
    assert.deepEqual(message, { role: 'tool', tool_call: { id: 'c1', name: 'add', arguments: '{"a":1}' } });
  });

  it('prefers the camelCase key when both are present', () => {
    const [message] = chatMessagesFromGuest(
      [{ toolCall: { id: 'new', name: 'n', arguments: '{}' }, tool_call: { id: 'old', name: 'o', arguments: '{}' } }],
      'messages',
    );
    assert.equal(message?.tool_call?.id, 'new');
  });

  it('defaults a missing or unknown role to user and treats null fields as absent', () => {
    assert.deepEqual(chatMessagesFromGuest([{ content: 'hi' }, { role: 'developer', content: null }], 'messages'), [
      { role: 'user', content: 'hi' },
      { role: 'user' },
    ]);
  });

  it('passes string tool-call arguments through and re-serializes parsed ones', () => {
    const [asText, asValue, absent] = chatMessagesFromGuest(
      [
        { toolCall: { id: '1', name: 'f', arguments: 'not json' } },
        { toolCall: { id: '2', name: 'f', arguments: [1, { b: null }] } },
        { toolCall: { id: '3', name: 'f' } },
      ],
      'messages',
    );
    assert.equal(asText?.tool_call?.arguments, 'not json');
    assert.equal(asValue?.tool_call?.arguments, '[1,{"b":null}]');
    assert.equal(absent?.tool_call?.arguments, 'null');
  });

  it('names the offending field in errors', () => {
    rejects(() => chatMessagesFromGuest('hi', 'messages'), 'messages must be an array');
    rejects(() => chatMessagesFromGuest([1], 'messages'), 'messages[0] must be an object');
    rejects(() => chatMessagesFromGuest([{}, { content: 5 }], 'messages'), 'messages[1].content must be a string');
    rejects(
      () => chatMessagesFromGuest([{ toolCall: { name: 'f' } }], 'messages'),
      'messages[0].toolCall.id must be a string',
    );
  });
});

describe('guest input: tools', () => {
  it('converts tools and serializes their schemas', () => {
    assert.deepEqual(
      toolsFromGuest(
        [{ name: 'add', description: 'adds', inputSchema: { type: 'object' }, outputSchema: { type: 'number' } }],
        'tools',
      ),
      [{ name: 'add', description: 'adds', input_schema: '{"type":"object"}', output_schema: '{"type":"number"}' }],
    );
  });

  it('accepts legacy input_schema / output_schema keys and schema strings as they are', () => {
    assert.deepEqual(toolsFromGuest([{ name: 't', input_schema: '{"type":"object"}', output_schema: {} }], 'tools'), [
      { name: 't', input_schema: '{"type":"object"}', output_schema: '{}' },
    ]);
  });

  it('defaults inputSchema to {} and a missing tool list to none', () => {
    assert.deepEqual(toolsFromGuest([{ name: 't' }], 'tools'), [{ name: 't', input_schema: '{}' }]);
    assert.deepEqual(toolsFromGuest(undefined, 'tools'), []);
    assert.deepEqual(toolsFromGuest(null, 'tools'), []);
  });

  it('requires a tool name', () => {
    rejects(() => toolsFromGuest([{ description: 'x' }], 'tools'), 'tools[0].name must be a string');
  });
});

describe('guest input: chat deltas and params', () => {
  it('converts a camelCase delta', () => {
    assert.deepEqual(
      chatDeltaFromGuest(
        {
          content: 'hi',
          reasoning: 'r',
          toolCall: { id: 'c', name: 'f', arguments: { x: 1 } },
          finishReason: 'stop',
          usage: { promptTokens: 3, completionTokens: 4.7, totalTokens: 7 },
        },
        'delta',
      ),
      {
        content: 'hi',
        reasoning: 'r',
        tool_call: { id: 'c', name: 'f', arguments: '{"x":1}' },
        finish_reason: 'stop',
        usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      },
    );
  });

  it('accepts a legacy snake_case delta', () => {
    assert.deepEqual(
      chatDeltaFromGuest(
        { tool_call: { id: 'c', name: 'f', arguments: '{}' }, finish_reason: 'length', usage: { total_tokens: 2 } },
        'delta',
      ),
      { tool_call: { id: 'c', name: 'f', arguments: '{}' }, finish_reason: 'length', usage: { total_tokens: 2 } },
    );
  });

  it('validates usage counts as u64', () => {
    rejects(
      () => chatDeltaFromGuest({ usage: { promptTokens: -1 } }, 'delta'),
      'delta.usage.promptTokens must be a non-negative integer',
    );
    rejects(() => chatDeltaFromGuest('x', 'delta'), 'delta must be an object');
  });

  it('takes chat params as an object or as already-JSON text', () => {
    assert.equal(chatParamsFromGuest({ temperature: 0.2 }), '{"temperature":0.2}');
    assert.equal(chatParamsFromGuest('{"temperature":1}'), '{"temperature":1}');
    assert.equal(chatParamsFromGuest(undefined), undefined);
    assert.equal(chatParamsFromGuest(null), undefined);
  });
});
