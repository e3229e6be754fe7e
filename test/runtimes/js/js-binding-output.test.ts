import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  ChatResult,
  EventEnvelope,
  ResourceContent,
  ResourceInfo,
  Tool,
  ToolResult,
} from '../../../main/host-api/wit-types.generated.ts';
import { parseWitType } from '../../../main/host-api/wit-type.ts';
import { outputConversions } from '../../../main/runtimes/binding/output-conversion.ts';
import { jsRepresentation } from '../../../main/runtimes/js/js-binding.ts';

const forGuest = outputConversions(jsRepresentation);
const conversion =
  <T>(type: string) =>
  (value: T) =>
    forGuest(parseWitType(type))(value) as Record<string, unknown>;
const chatResultForGuest = conversion<ChatResult>('chat-result');
const toolForGuest = conversion<Tool>('tool');
const toolResultForGuest = conversion<ToolResult>('tool-result');
const resourceInfoForGuest = conversion<ResourceInfo>('resource-info');
const resourceContentForGuest = conversion<ResourceContent>('resource-content');
const eventForGuest = conversion<EventEnvelope>('event-envelope');
import { parseOpaqueJson, serializeOpaqueJson } from '../../../main/runtimes/js/opaque-json.ts';

describe('opaque JSON fields', () => {
  it('parses valid JSON and leaves anything else as the raw string', () => {
    assert.deepEqual(parseOpaqueJson('{"a":[1,2]}'), { a: [1, 2] });
    assert.equal(parseOpaqueJson('"quoted"'), 'quoted');
    assert.equal(parseOpaqueJson('not json'), 'not json');
    assert.equal(parseOpaqueJson(''), '');
  });

  it('re-serializes values and passes strings as they are', () => {
    assert.equal(serializeOpaqueJson({ a: 1 }), '{"a":1}');
    assert.equal(serializeOpaqueJson('raw text'), 'raw text');
    assert.equal(serializeOpaqueJson(3), '3');
    assert.equal(serializeOpaqueJson(undefined), 'null');
  });
});

describe('guest output: records', () => {
  it('gives a chat result camelCase keys and parsed tool-call arguments', () => {
    assert.deepEqual(
      chatResultForGuest({
        content: 'ok',
        tool_calls: [
          { id: '1', name: 'f', arguments: '{"x":1}' },
          { id: '2', name: 'g', arguments: 'oops' },
        ],
        finish_reason: 'tool_calls',
        usage: { prompt_tokens: 1, total_tokens: 3 },
      }),
      {
        content: 'ok',
        toolCalls: [
          { id: '1', name: 'f', arguments: { x: 1 } },
          { id: '2', name: 'g', arguments: 'oops' },
        ],
        finishReason: 'tool_calls',
        usage: { promptTokens: 1, totalTokens: 3 },
      },
    );
  });

  it('leaves absent options out instead of setting them to undefined', () => {
    const result = chatResultForGuest({ tool_calls: [] });
    assert.deepEqual(Object.keys(result), ['toolCalls']);
  });

  it('parses tool schemas', () => {
    assert.deepEqual(toolForGuest({ name: 't', input_schema: '{"type":"object"}', output_schema: '{}' }), {
      name: 't',
      inputSchema: { type: 'object' },
      outputSchema: {},
    });
  });

  it('parses tool-result JSON fields so a text result reads as content[0].text', () => {
    const result = toolResultForGuest({
      name: 'echo',
      arguments: '{"text":"hi"}',
      content: '[{"type":"text","text":"hi"}]',
      structured_content: '{"echoed":"hi"}',
    });
    assert.deepEqual(result, {
      name: 'echo',
      arguments: { text: 'hi' },
      content: [{ type: 'text', text: 'hi' }],
      structuredContent: { echoed: 'hi' },
    });
  });

  it('renames resource fields', () => {
    assert.deepEqual(resourceInfoForGuest({ uri: 'u', name: 'n', mime_type: 'text/plain' }), {
      uri: 'u',
      name: 'n',
      mimeType: 'text/plain',
    });
    assert.deepEqual(resourceContentForGuest({ uri: 'u', content: 'c' }), { uri: 'u', content: 'c' });
  });
});

describe('guest output: events', () => {
  it('gives message and error events a string payload', () => {
    assert.deepEqual(eventForGuest({ id: 'a', event: { kind: 'message', data: 'hello' } }), {
      id: 'a',
      kind: 'message',
      payload: 'hello',
    });
    assert.deepEqual(eventForGuest({ id: 'a', event: { kind: 'error', data: 'bad' } }).payload, 'bad');
  });

  it('gives unit events a null payload', () => {
    for (const kind of ['timer', 'reload', 'shutdown', 'chat-end'] as const) {
      assert.deepEqual(eventForGuest({ id: 'b', event: { kind } }), { id: 'b', kind, payload: null });
    }
  });

  it('converts record payloads to camelCase, a delta argument fragment left the string it was', () => {
    assert.deepEqual(
      eventForGuest({
        id: 's',
        event: {
          kind: 'chat-delta',
          data: { tool_call: { id: 'c', name: 'f', arguments: '{}' }, finish_reason: 'stop' },
        },
      }).payload,
      { toolCall: { id: 'c', name: 'f', arguments: '{}' }, finishReason: 'stop' },
    );
    assert.deepEqual(
      eventForGuest({
        id: 'r',
        event: { kind: 'resource-list-updated', data: [{ uri: 'u', name: 'n', mime_type: 'm' }] },
      }).payload,
      [{ uri: 'u', name: 'n', mimeType: 'm' }],
    );
    assert.deepEqual(
      eventForGuest({
        id: 'e',
        event: {
          kind: 'endpoint-message',
          data: {
            session: 's1',
            messages: [{ role: 'user', content: 'hi', tool_call: { id: 'c', name: 'f', arguments: '[1]' } }],
            tools: [{ name: 't', input_schema: '{}' }],
            params: '{"temperature":0}',
          },
        },
      }).payload,
      {
        session: 's1',
        messages: [{ role: 'user', content: 'hi', toolCall: { id: 'c', name: 'f', arguments: [1] } }],
        tools: [{ name: 't', inputSchema: {} }],
        params: { temperature: 0 },
      },
    );
    assert.deepEqual(
      eventForGuest({ id: 'e', event: { kind: 'endpoint-session-end', data: { session: 's1', error: 'gone' } } })
        .payload,
      { session: 's1', error: 'gone' },
    );
  });
});
