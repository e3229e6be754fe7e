import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { ChatDelta } from '../../main/host-api/wit-types.generated.ts';
import { ChatResultAssembler } from '../../main/host-api/chat-result-assembler.ts';
import { OpenaiProvider } from '../../main/providers/openai/openai-provider.ts';
import type { ChatRequest } from '../../main/providers/provider.ts';
import {
  chunk,
  startChatCompletionsServer,
  usageChunk,
  type ChatCompletionsServer,
} from './chat-completions-server.ts';

const SCRIPTS = {
  content: {
    events: [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({}, 'stop'),
      usageChunk(5, 2),
    ],
  },
  reasoning: {
    events: [chunk({ reasoning_content: 'think ' }), chunk({ reasoning: 'more' }), chunk({ content: 'ok' }, 'stop')],
  },
  tools: {
    events: [
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'add', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":' } }] }),
      chunk({
        tool_calls: [
          { index: 0, function: { arguments: '1}' } },
          { index: 1, id: 'call_b', type: 'function', function: { name: 'neg', arguments: '{"x"' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }] }, 'tool_calls'),
    ],
  },
  'error-mid': {
    events: [chunk({ content: 'partial' }), { error: { message: 'the model crashed', type: 'server_error' } }],
  },
  stall: { events: [chunk({ content: 'first' })], end: 'stall' as const },
  dropped: { events: [chunk({ content: 'first' })], end: 'drop' as const },
  broken: { events: [], status: 500 },
};

let server: ChatCompletionsServer;
before(async () => {
  server = await startChatCompletionsServer(SCRIPTS);
});
after(() => server.close());

function provider(params: Record<string, unknown> = {}, env: Record<string, string> = {}): OpenaiProvider {
  return new OpenaiProvider('local', { base_url: `${server.origin}/v1`, max_retries: 0, ...params }, env);
}

const request = (model: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model,
  messages: [{ role: 'user', content: 'hi' }],
  tools: [],
  ...extra,
});

async function collect(source: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of source) deltas.push(delta);
  return deltas;
}

describe('openai provider against a local SSE server', () => {
  it('streams content, then the finish reason, then usage', async () => {
    const deltas = await collect(provider().stream(request('content'), AbortSignal.timeout(5000)));
    assert.deepEqual(deltas, [
      { content: 'Hel' },
      { content: 'lo' },
      { finish_reason: 'stop' },
      { usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } },
    ]);
  });

  it('maps both reasoning fields', async () => {
    const deltas = await collect(provider().stream(request('reasoning'), AbortSignal.timeout(5000)));
    assert.deepEqual(deltas, [
      { reasoning: 'think ' },
      { reasoning: 'more' },
      { content: 'ok', finish_reason: 'stop' },
    ]);
  });

  it('reassembles tool-call fragments by index, carrying the id and name on every delta', async () => {
    const deltas = await collect(provider().stream(request('tools'), AbortSignal.timeout(5000)));
    assert.deepEqual(
      deltas.map((d) => d.tool_call),
      [
        { id: 'call_a', name: 'add', arguments: '' },
        { id: 'call_a', name: 'add', arguments: '{"a":' },
        { id: 'call_a', name: 'add', arguments: '1}' },
        { id: 'call_b', name: 'neg', arguments: '{"x"' },
        { id: 'call_b', name: 'neg', arguments: ':2}' },
      ],
    );
    const assembler = new ChatResultAssembler();
    deltas.forEach((d) => assembler.add(d));
    assert.deepEqual(assembler.result(), {
      tool_calls: [
        { id: 'call_a', name: 'add', arguments: '{"a":1}' },
        { id: 'call_b', name: 'neg', arguments: '{"x":2}' },
      ],
      finish_reason: 'tool_calls',
    });
  });

  it('fails the stream on an error event after the deltas before it', async () => {
    const deltas: ChatDelta[] = [];
    await assert.rejects(async () => {
      for await (const delta of provider().stream(request('error-mid'), AbortSignal.timeout(5000))) deltas.push(delta);
    }, /the model crashed/);
    assert.deepEqual(deltas, [{ content: 'partial' }]);
  });

  it('times out a stalled stream and a dropped connection fails', async () => {
    const stalled = provider({ timeout_ms: 300 });
    const started = Date.now();
    await assert.rejects(
      collect(stalled.stream(request('stall'), AbortSignal.timeout(5000))),
      /provider "local": no bytes from the server for 300 ms \(timeout_ms\)/,
    );
    assert.ok(Date.now() - started < 2000);
    await server.clientGone('stall');
    assert.equal(stalled.status().state, 'failed');
    assert.match(stalled.status().detail ?? '', /300 ms/);
    await assert.rejects(collect(provider().stream(request('dropped'), AbortSignal.timeout(5000))));
  });

  it('reports an HTTP error with its status', async () => {
    await assert.rejects(collect(provider().stream(request('broken'), AbortSignal.timeout(5000))), /500/);
  });

  it('aborting the signal closes the HTTP request', async () => {
    const controller = new AbortController();
    const source = provider();
    const stream = source.stream(request('stall'), controller.signal)[Symbol.asyncIterator]();
    assert.deepEqual((await stream.next()).value, { content: 'first' });
    assert.equal(source.status().inFlight, 1);
    const pending = stream.next();
    controller.abort(new Error('chat stream cancelled'));
    await assert.rejects(pending, /chat stream cancelled/);
    await server.clientGone('stall');
    assert.equal(source.status().inFlight, 0);
    assert.notEqual(source.status().state, 'failed', 'a cancel is not a provider failure');
  });

  it('restart and close abort in-flight streams; a restart is counted', async () => {
    const source = provider();
    const stream = source.stream(request('stall'), AbortSignal.timeout(5000))[Symbol.asyncIterator]();
    await stream.next();
    const pending = stream.next();
    await source.restart();
    await assert.rejects(pending, /provider "local": restarted/);
    assert.equal(source.status().restarts, 1);
    assert.equal(source.status().state, 'idle', 'a restart is not a failure');
    const again = source.stream(request('stall'), AbortSignal.timeout(5000))[Symbol.asyncIterator]();
    await again.next();
    const closing = again.next();
    await source.close();
    await assert.rejects(closing, /provider "local": closed/);
    assert.equal(source.status().state, 'stopped');
  });

  it('merges per-call params over the defaults, shallowly, and sends the model, messages and tools', async () => {
    const source = provider({ model: 'content', params: { temperature: 0.1, max_tokens: 9, extra: { a: 1 } } });
    await collect(
      source.stream(
        request('', {
          params: { temperature: 0.7, extra: { b: 2 } },
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'assistant', tool_call: { id: 'c1', name: 'add', arguments: '{}' } },
            { role: 'tool', content: '3', tool_call: { id: 'c1', name: 'add', arguments: '{}' } },
          ],
          tools: [{ name: 'add', description: 'adds', input_schema: '{"type":"object"}' }],
        }),
        AbortSignal.timeout(5000),
      ),
    );
    const body = server.requests.at(-1)!.body!;
    assert.equal(body['model'], 'content');
    assert.equal(body['temperature'], 0.7);
    assert.equal(body['max_tokens'], 9);
    assert.deepEqual(body['extra'], { b: 2 });
    assert.equal(body['stream'], true);
    assert.deepEqual(body['stream_options'], { include_usage: true });
    assert.deepEqual(body['messages'], [
      { role: 'system', content: 'be brief' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '3' },
    ]);
    assert.deepEqual(body['tools'], [
      { type: 'function', function: { name: 'add', description: 'adds', parameters: { type: 'object' } } },
    ]);
  });

  it('sends the API key from the config, else from OPENAI_API_KEY, else no Authorization header', async () => {
    const authorization = async (source: OpenaiProvider) => {
      await collect(source.stream(request('content'), AbortSignal.timeout(5000)));
      return server.requests.at(-1)!.headers.authorization;
    };
    assert.equal(
      await authorization(provider({ api_key: 'sk-config' }, { OPENAI_API_KEY: 'sk-env' })),
      'Bearer sk-config',
    );
    assert.equal(await authorization(provider({}, { OPENAI_API_KEY: 'sk-env' })), 'Bearer sk-env');
    assert.equal(await authorization(provider()), undefined);
  });

  it('lists models', async () => {
    const source = provider();
    assert.deepEqual(await source.listModels(AbortSignal.timeout(5000)), Object.keys(SCRIPTS));
    assert.equal(source.status().state, 'ready');
  });
});
