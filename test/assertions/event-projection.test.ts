import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { projectEvent, projectTraceEvent } from '../../main/assertions/event-projection.ts';
import { call, closed, inbound, opened, outcome } from './trace-event-builders.ts';

describe('projectEvent', () => {
  it('gives unit events a kind and no data', () => {
    for (const kind of ['timer', 'reload', 'shutdown', 'chat-end'] as const) {
      const projection = projectEvent({ kind });
      assert.deepEqual(projection, { kind });
      assert.equal('data' in projection, false);
    }
  });

  it('carries message and error text as a string', () => {
    assert.deepEqual(projectEvent({ kind: 'message', data: 'ping' }), { kind: 'message', data: 'ping' });
    assert.deepEqual(projectEvent({ kind: 'error', data: 'boom' }), { kind: 'error', data: 'boom' });
  });

  it('shows every chat-delta field, absent ones as null', () => {
    assert.deepEqual(projectEvent({ kind: 'chat-delta', data: {} }), {
      kind: 'chat-delta',
      data: { content: null, reasoning: null, tool_call: null, finish_reason: null, usage: null },
    });
    const full = projectEvent({
      kind: 'chat-delta',
      data: {
        content: 'hi',
        reasoning: 'think',
        tool_call: { id: 'c1', name: 'search', arguments: '{"q":"x"}' },
        finish_reason: 'tool_calls',
        usage: { prompt_tokens: 3, total_tokens: 5 },
      },
    });
    assert.deepEqual(full, {
      kind: 'chat-delta',
      data: {
        content: 'hi',
        reasoning: 'think',
        tool_call: { id: 'c1', name: 'search', arguments: '{"q":"x"}' },
        finish_reason: 'tool_calls',
        usage: { prompt_tokens: 3, completion_tokens: null, total_tokens: 5 },
      },
    });
  });

  it('keeps tool-result arguments and contents as JSON text', () => {
    const data = { name: 'search', arguments: '{"q":"x"}', content: '[{"type":"text","text":"one"}]' };
    assert.deepEqual(projectEvent({ kind: 'tool-result', data }), {
      kind: 'tool-result',
      data: { ...data, structured_content: null },
    });
    const structured = projectEvent({ kind: 'tool-result', data: { ...data, structured_content: '{"n":1}' } });
    assert.deepEqual(structured, { kind: 'tool-result', data: { ...data, structured_content: '{"n":1}' } });
  });

  it('projects resource lists and contents with null optionals', () => {
    const list = projectEvent({
      kind: 'resource-list-updated',
      data: [
        { uri: 'file:///a', name: 'a' },
        { uri: 'file:///b', name: 'b', description: 'B', mime_type: 'text/plain' },
      ],
    });
    assert.deepEqual(list, {
      kind: 'resource-list-updated',
      data: [
        { uri: 'file:///a', name: 'a', description: null, mime_type: null },
        { uri: 'file:///b', name: 'b', description: 'B', mime_type: 'text/plain' },
      ],
    });
    assert.deepEqual(projectEvent({ kind: 'resource-updated', data: { uri: 'file:///a', content: 'x' } }), {
      kind: 'resource-updated',
      data: { uri: 'file:///a', mime_type: null, content: 'x' },
    });
  });

  it('projects endpoint messages with parsed params and schemas', () => {
    const projection = projectEvent({
      kind: 'endpoint-message',
      data: {
        session: 's1',
        messages: [
          { role: 'user', content: 'hello' },
          { role: 'assistant', tool_call: { id: 'c1', name: 't', arguments: '{}' } },
        ],
        tools: [
          { name: 't', input_schema: '{"type":"object"}' },
          { name: 'u', description: 'U', input_schema: 'not json', output_schema: '{"type":"string"}' },
        ],
        params: '{"temperature":0.5}',
      },
    });
    assert.deepEqual(projection, {
      kind: 'endpoint-message',
      data: {
        session: 's1',
        messages: [
          { role: 'user', content: 'hello', reasoning: null, tool_call: null },
          { role: 'assistant', content: null, reasoning: null, tool_call: { id: 'c1', name: 't', arguments: '{}' } },
        ],
        tools: [
          { name: 't', description: null, input_schema: { type: 'object' }, output_schema: null },
          { name: 'u', description: 'U', input_schema: 'not json', output_schema: { type: 'string' } },
        ],
        params: { temperature: 0.5 },
      },
    });
  });

  it('shows endpoint params that are absent as null and that are not JSON as the string', () => {
    const message = { session: 's', messages: [], tools: [] };
    assert.deepEqual(projectEvent({ kind: 'endpoint-message', data: message }), {
      kind: 'endpoint-message',
      data: { ...message, params: null },
    });
    assert.deepEqual(projectEvent({ kind: 'endpoint-message', data: { ...message, params: '{oops' } }), {
      kind: 'endpoint-message',
      data: { ...message, params: '{oops' },
    });
  });

  it('projects endpoint session ends with a null error when there is none', () => {
    assert.deepEqual(projectEvent({ kind: 'endpoint-session-end', data: { session: 's' } }), {
      kind: 'endpoint-session-end',
      data: { session: 's', error: null },
    });
    assert.deepEqual(projectEvent({ kind: 'endpoint-session-end', data: { session: 's', error: 'aborted' } }), {
      kind: 'endpoint-session-end',
      data: { session: 's', error: 'aborted' },
    });
  });
});

describe('projectTraceEvent', () => {
  it('names exactly the fields each assertion kind matches, never agents or UUIDs', () => {
    assert.deepEqual(projectTraceEvent(call('chat_stream', { provider: 'p' })), {
      kind: 'call',
      op: 'chat_stream',
      detail: { provider: 'p' },
    });
    assert.deepEqual(projectTraceEvent(inbound({ kind: 'message', data: 'hi' })), {
      kind: 'inbound',
      event: 'message',
      payload: { kind: 'message', data: 'hi' },
    });
    assert.deepEqual(projectTraceEvent(opened('timer')), { kind: 'opened', source: 'timer' });
    assert.deepEqual(projectTraceEvent(closed('resource', 'cancelled')), {
      kind: 'closed',
      source: 'resource',
      reason: 'cancelled',
    });
    assert.deepEqual(projectTraceEvent(outcome({ exited: 'bye' })), { kind: 'outcome', outcome: { exited: 'bye' } });
  });

  it('projects each trace event once', () => {
    const e = inbound({ kind: 'chat-end' });
    assert.equal(projectTraceEvent(e), projectTraceEvent(e));
  });
});
