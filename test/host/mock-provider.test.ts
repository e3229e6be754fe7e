import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatDelta } from '../../main/host-api/wit-types.generated.ts';
import { ChatResultAssembler } from '../../main/host-api/chat-result-assembler.ts';
import { mockProviderParamsSchema } from '../../main/providers/mock-provider-params.ts';
import { MockProvider } from '../../main/providers/mock-provider.ts';

/** A mock provider with its params read as the config loader reads them. */
const mock = (params: unknown) => new MockProvider('p', mockProviderParamsSchema.parse(params));

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

async function collect(provider: MockProvider, signal = new AbortController().signal): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of provider.stream(request, signal)) deltas.push(delta);
  return deltas;
}

test('a plain content turn is one delta with the content and "stop"', async () => {
  const provider = mock({ turns: [{ content: 'hello' }], models: [] });
  assert.deepEqual(await collect(provider), [{ content: 'hello', finish_reason: 'stop' }]);
});

test('reasoning, content and a tool call come as separate deltas; usage rides on the last', async () => {
  const turn = {
    reasoning: 'think',
    content: 'calling',
    tool_call: { id: 't1', name: 'add', arguments: '{"a":1}' },
    usage: { total_tokens: 9 },
  };
  const provider = mock({ turns: [turn], models: [] });
  assert.deepEqual(await collect(provider), [
    { reasoning: 'think' },
    { content: 'calling' },
    {
      tool_call: { id: 't1', name: 'add', arguments: '{"a":1}' },
      finish_reason: 'tool_calls',
      usage: { total_tokens: 9 },
    },
  ]);
});

test('turns are consumed per call and the last one repeats; no turns is an empty stream', async () => {
  const provider = mock({ turns: [{ content: 'one' }, { content: 'two' }], models: [] });
  const texts = [];
  for (let i = 0; i < 4; i++) texts.push((await collect(provider))[0]!.content);
  assert.deepEqual(texts, ['one', 'two', 'two', 'two']);
  assert.deepEqual(
    provider.calls.map((call) => [call.request.model, call.turn]),
    [
      ['m', 0],
      ['m', 1],
      ['m', 1],
      ['m', 1],
    ],
    'every call is recorded with the turn that answered it',
  );
  assert.deepEqual(await collect(mock({ turns: [], models: [] })), []);
  assert.deepEqual(await mock({ turns: [], models: [] }).listModels(), ['mock-model']);
});

test('an error turn emits its deltas, then fails the stream', async () => {
  const provider = mock({ turns: [{ content: 'partial', error: 'rate limited' }], models: [] });
  const seen: ChatDelta[] = [];
  await assert.rejects(async () => {
    for await (const delta of provider.stream(request, new AbortController().signal)) seen.push(delta);
  }, /rate limited/);
  assert.deepEqual(seen, [{ content: 'partial' }]);
});

test('a pending turn yields nothing until it is aborted', async () => {
  const provider = mock({ turns: [{ pending: true }], models: [] });
  const controller = new AbortController();
  const streaming = collect(provider, controller.signal);
  setTimeout(() => controller.abort(new Error('cancelled')), 20);
  await assert.rejects(streaming, /cancelled/);
});

test('a blocking chat assembles the stream as omw does', () => {
  const assembler = new ChatResultAssembler();
  const deltas: ChatDelta[] = [
    { reasoning: 'a' },
    { content: 'Hel' },
    { tool_call: { id: 'x', name: 'f', arguments: '{"q":' } },
    { content: 'lo', reasoning: 'b' },
    { tool_call: { id: 'y', name: 'g', arguments: '{}' } },
    { tool_call: { id: 'x', name: '', arguments: '1}' } },
    { tool_call: { id: 'y', name: 'g', arguments: '{}' } },
    { finish_reason: 'tool_calls', usage: { total_tokens: 3 } },
    { usage: { total_tokens: 4 } },
  ];
  deltas.forEach((d) => assembler.add(d));
  assert.deepEqual(assembler.result(), {
    content: 'Hello',
    reasoning: 'ab',
    tool_calls: [
      { id: 'x', name: 'f', arguments: '{"q":1}' },
      { id: 'y', name: 'g', arguments: '{}' },
    ],
    finish_reason: 'tool_calls',
    usage: { total_tokens: 4 },
  });
  assert.deepEqual(new ChatResultAssembler().result(), { tool_calls: [] }, 'empty text is absent');
});

test('stream_delay_ms streams content and reasoning a word per delta, that far apart, folding to the same reply', async () => {
  const turn = { reasoning: 'let me see', content: 'Hello there, Ada', usage: { total_tokens: 3 } };
  const provider = mock({ turns: [turn], stream_delay_ms: 30 });
  const arrivals: number[] = [];
  const deltas: ChatDelta[] = [];
  const started = performance.now();
  for await (const delta of provider.stream(request, new AbortController().signal)) {
    arrivals.push(performance.now() - started);
    deltas.push(delta);
  }
  assert.deepEqual(deltas, [
    { reasoning: 'let ' },
    { reasoning: 'me ' },
    { reasoning: 'see' },
    { content: 'Hello ' },
    { content: 'there, ' },
    { content: 'Ada', finish_reason: 'stop', usage: { total_tokens: 3 } },
  ]);
  // Each delta waits for the one before it: the last arrives at least five delays after the first.
  assert.ok(arrivals.at(-1)! - arrivals[0]! >= 5 * 30 - 5, `arrivals ${arrivals.join(', ')}`);
  const fold = new ChatResultAssembler();
  for (const delta of deltas) fold.add(delta);
  assert.equal(fold.result().content, 'Hello there, Ada');
  assert.equal(fold.result().reasoning, 'let me see');
});

test('stream_delay_ms is checked: a whole number of milliseconds from 0 to 60000', () => {
  assert.equal(mockProviderParamsSchema.parse({}).stream_delay_ms, 0);
  for (const bad of [-1, 1.5, 60_001, '50']) {
    assert.throws(() => mockProviderParamsSchema.parse({ stream_delay_ms: bad }), `${bad} is rejected`);
  }
});

test('a delayed stream stops at once when aborted between deltas', async () => {
  const provider = mock({ turns: [{ content: 'one two three four' }], stream_delay_ms: 10_000 });
  const controller = new AbortController();
  const seen: ChatDelta[] = [];
  const reading = (async () => {
    for await (const delta of provider.stream(request, controller.signal)) {
      seen.push(delta);
      controller.abort(new Error('stopped'));
    }
  })();
  await assert.rejects(reading, /stopped/);
  assert.deepEqual(seen, [{ content: 'one ' }]);
});
