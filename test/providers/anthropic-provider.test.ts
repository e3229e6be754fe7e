import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { ChatDelta } from '../../main/host-api/wit-types.generated.ts';
import { AnthropicProvider } from '../../main/providers/anthropic/anthropic-provider.ts';
import type { ChatRequest } from '../../main/providers/provider.ts';
import { startChatCompletionsServer, type ChatCompletionsServer } from './chat-completions-server.ts';

const message = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content: [],
  stop_reason: null,
  stop_sequence: null,
  usage: { input_tokens: 11, output_tokens: 1 },
};

const SCRIPTS = {
  'claude-test': {
    events: [],
    named: [
      ['message_start', { type: 'message_start', message }],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Adding.' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'add', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '1}' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 2 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 7 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ] as [string, unknown][],
  },
  'claude-thinks': {
    events: [],
    named: [
      ['message_start', { type: 'message_start', message }],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'add them, ' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'with the tool' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-of-thought' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'content_block_start',
        { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'opaque' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_9', name: 'add', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 2 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 7 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ] as [string, unknown][],
  },
  'claude-error': {
    events: [],
    named: [
      ['message_start', { type: 'message_start', message }],
      ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    ] as [string, unknown][],
  },
};

let server: ChatCompletionsServer;
before(async () => {
  server = await startChatCompletionsServer(SCRIPTS);
});
after(() => server.close());

const provider = (params: Record<string, unknown> = {}) =>
  new AnthropicProvider('claude', { base_url: server.origin, max_retries: 0, api_key: 'sk-ant-test', ...params }, {});

const request = (model: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model,
  messages: [{ role: 'user', content: 'add 1' }],
  tools: [],
  ...extra,
});

async function collect(source: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of source) deltas.push(delta);
  return deltas;
}

describe('anthropic provider against a local SSE server', () => {
  it('maps thinking, text, tool input fragments, the stop reason and usage', async () => {
    const deltas = await collect(provider().stream(request('claude-test'), AbortSignal.timeout(5000)));
    assert.deepEqual(deltas, [
      { reasoning: 'hmm' },
      { content: 'Adding.' },
      { tool_call: { id: 'toolu_1', name: 'add', arguments: '' } },
      { tool_call: { id: 'toolu_1', name: 'add', arguments: '{"a":' } },
      { tool_call: { id: 'toolu_1', name: 'add', arguments: '1}' } },
      { finish_reason: 'tool_calls', usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } },
    ]);
  });

  it('sends system text, merged turns, tool_use and tool_result blocks, and default max_tokens', async () => {
    await collect(
      provider({ model: 'claude-test', params: { temperature: 0 } }).stream(
        request('', {
          params: { top_k: 3 },
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: 'add' },
            { role: 'assistant', tool_call: { id: 't1', name: 'add', arguments: '{"a":1}' } },
            { role: 'assistant', tool_call: { id: 't2', name: 'add', arguments: 'oops' } },
            { role: 'tool', content: '1', tool_call: { id: 't1', name: 'add', arguments: '' } },
            { role: 'tool', content: '2', tool_call: { id: 't2', name: 'add', arguments: '' } },
          ],
          tools: [{ name: 'add', input_schema: '{"type":"object"}' }],
        }),
        AbortSignal.timeout(5000),
      ),
    );
    const sent = server.requests.at(-1)!;
    assert.equal(sent.headers.authorization, 'Bearer sk-ant-test');
    assert.deepEqual(sent.body, {
      max_tokens: 4096,
      temperature: 0,
      top_k: 3,
      model: 'claude-test',
      system: 'be brief',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'add' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'add', input: { a: 1 } },
            { type: 'tool_use', id: 't2', name: 'add', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: '1' },
            { type: 'tool_result', tool_use_id: 't2', content: '2' },
          ],
        },
      ],
      tools: [{ name: 'add', input_schema: { type: 'object' } }],
      stream: true,
    });
  });

  it('sends the signed thinking blocks back with the tool call they led to, as the API requires', async () => {
    const claude = provider();
    const first = await collect(claude.stream(request('claude-thinks'), AbortSignal.timeout(5000)));
    assert.deepEqual(
      first.filter((d) => d.reasoning !== undefined).map((d) => d.reasoning),
      ['add them, ', 'with the tool'],
    );
    // The brain sends the conversation on as omw messages: reasoning text, no signature.
    await collect(
      claude.stream(
        request('claude-thinks', {
          messages: [
            { role: 'user', content: 'add 1' },
            {
              role: 'assistant',
              reasoning: 'add them, with the tool',
              tool_call: { id: 'toolu_9', name: 'add', arguments: '{"a":1}' },
            },
            { role: 'tool', content: '1', tool_call: { id: 'toolu_9', name: 'add', arguments: '' } },
          ],
        }),
        AbortSignal.timeout(5000),
      ),
    );
    const sent = server.requests.at(-1)!.body as { messages: { role: string; content: unknown[] }[] };
    assert.deepEqual(sent.messages[1], {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'add them, with the tool', signature: 'sig-of-thought' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'tool_use', id: 'toolu_9', name: 'add', input: { a: 1 } },
      ],
    });
  });

  it('fails on an error event and lists models', async () => {
    await assert.rejects(collect(provider().stream(request('claude-error'), AbortSignal.timeout(5000))), /Overloaded/);
    assert.deepEqual(await provider().listModels(AbortSignal.timeout(5000)), [
      'claude-test',
      'claude-thinks',
      'claude-error',
    ]);
  });
});
