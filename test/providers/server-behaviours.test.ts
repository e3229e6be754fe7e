import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { ChatDelta, ChatResult } from '../../main/host-api/wit-types.generated.ts';
import { ChatResultAssembler } from '../../main/host-api/chat-result-assembler.ts';
import { AnthropicProvider } from '../../main/providers/anthropic/anthropic-provider.ts';
import { OpenaiProvider } from '../../main/providers/openai/openai-provider.ts';
import type { ChatRequest, Provider } from '../../main/providers/provider.ts';
import {
  chunk,
  startChatCompletionsServer,
  usageChunk,
  type ChatCompletionsServer,
  type ScriptedReply,
} from './chat-completions-server.ts';

// Servers as they really behave, over real HTTP: JSON where a stream was asked for, streams cut
// anywhere, broken or empty, HTTP errors and silence. Every failure is an error naming the
// provider, never an empty answer.

const completion = (message: Record<string, unknown>, finishReason: string | null = 'stop') => ({
  id: 'chatcmpl-json',
  object: 'chat.completion',
  created: 0,
  model: 'test',
  choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }],
  usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
});

const toolFragments = (withIds: boolean) => [
  chunk({ tool_calls: [{ index: 0, ...(withIds ? { id: 'call_x' } : {}), function: { name: 'add', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }, 'tool_calls'),
  usageChunk(2, 5),
];

/** A chunk as small as a server may send, so that dripping it byte by byte takes seconds, not minutes. */
const tiny = (content: string) => ({ choices: [{ index: 0, delta: { content }, finish_reason: 'stop' }] });

/** One delta of 20 MiB of text. */
const HUGE = 'brainbench'.repeat((20 * 1024 * 1024) / 10);

/** Tool-call argument fragments that are JSON by themselves (`4`), or are not (`{`, `}`). */
const ODD_FRAGMENTS = ['', '{', '"n":', '4', '}'];

const OPENAI: Record<string, ScriptedReply> = {
  // One byte every 50 ms, about 5 s in all: slow, never silent for a second.
  drip: { events: [tiny('slow but alive')], dripMs: 50 },
  huge: { events: [chunk({ content: HUGE }, 'stop')] },
  'odd-fragments': {
    events: ODD_FRAGMENTS.map((piece, i) =>
      chunk(
        {
          tool_calls: [
            {
              index: 0,
              ...(i === 0
                ? { id: 'call_odd', function: { name: 'count', arguments: piece } }
                : { function: { arguments: piece } }),
            },
          ],
        },
        i === ODD_FRAGMENTS.length - 1 ? 'tool_calls' : null,
      ),
    ),
  },
  'json-text': { events: [], json: completion({ content: 'plain JSON' }) },
  'json-tools': {
    events: [],
    json: completion(
      {
        tool_calls: [{ id: 'call_j', type: 'function', function: { name: 'add', arguments: '{"a":1}' } }],
      },
      'tool_calls',
    ),
  },
  'json-error': { events: [], json: { error: { message: 'model not loaded' } } },
  split: {
    events: [chunk({ content: 'héllo wörld 🌍 ' }), ...toolFragments(true)],
    pieceBytes: 7,
  },
  'fragments-without-ids': { events: toolFragments(false) },
  malformed: { events: [chunk({ content: 'fine' })], rawData: '{"choices": [ not json' },
  'cut-off': { events: [chunk({ content: 'half an ans' })], end: 'close' },
  empty: { events: [] },
  'no-choices': { events: [usageChunk(1, 0)] },
  refusal: { events: [chunk({ refusal: "I can't help with that." }, 'stop')] },
  filtered: { events: [chunk({ content: 'Well' }), chunk({}, 'content_filter')] },
  'http-500': { events: [], status: 500, errorBody: 'database on fire' },
  'http-429': { events: [], status: 429, errorBody: 'slow down', headers: { 'retry-after': '7' } },
  'busy-then-ok': {
    events: [],
    status: 429,
    errorBody: 'slow down',
    headers: { 'retry-after': '0' },
    then: { events: [chunk({ content: 'after the wait' }, 'stop')] },
  },
  reset: { events: [chunk({ content: 'first' })], end: 'reset' },
  silent: { events: [], silent: true },
};

const message = (content: unknown[], stopReason: string) => ({
  id: 'msg_json',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content,
  stop_reason: stopReason,
  stop_sequence: null,
  usage: { input_tokens: 9, output_tokens: 4 },
});

const started = (stopReason: string | null = null) =>
  ['message_start', { type: 'message_start', message: { ...message([], 'end_turn'), stop_reason: stopReason } }] as [
    string,
    unknown,
  ];

const ANTHROPIC: Record<string, ScriptedReply> = {
  'claude-json': {
    events: [],
    json: message(
      [
        { type: 'thinking', thinking: 'sum it', signature: 'sig' },
        { type: 'text', text: 'Adding.' },
        { type: 'tool_use', id: 'toolu_j', name: 'add', input: { a: 1 } },
      ],
      'tool_use',
    ),
  },
  'claude-empty': { events: [], named: [] },
  'claude-cut-off': {
    events: [],
    named: [
      started(),
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Half' } }],
    ],
    end: 'close',
  },
  'claude-refusal': {
    events: [],
    named: [
      started(),
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'refusal', stop_sequence: null }, usage: { output_tokens: 0 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ],
  },
  'claude-500': { events: [], status: 500, errorBody: 'overloaded backend' },
};

let server: ChatCompletionsServer;
before(async () => {
  server = await startChatCompletionsServer({ ...OPENAI, ...ANTHROPIC });
});
after(() => server.close());

const openai = (params: Record<string, unknown> = {}) =>
  new OpenaiProvider('local', { base_url: `${server.origin}/v1`, max_retries: 0, ...params }, {});
const anthropic = () =>
  new AnthropicProvider('claude', { base_url: server.origin, api_key: 'sk-ant-test', max_retries: 0 }, {});

const request = (model: string): ChatRequest => ({ model, messages: [{ role: 'user', content: 'hi' }], tools: [] });

async function collect(source: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of source) deltas.push(delta);
  return deltas;
}

/**
 * The least CPU time, in ms, that `work` took in `runs` runs. CPU time rather than time on the
 * clock, and the least of several, because the machine is shared: what other work takes from us
 * shows on the clock, not in our CPU time.
 */
async function leastCpuMs(runs: number, work: () => Promise<void>): Promise<number> {
  let least = Infinity;
  for (let run = 0; run < runs; run++) {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

/** What a blocking `chat` returns: the stream folded by the host's assembler. */
async function chat(provider: Provider, model: string): Promise<ChatResult> {
  const assembler = new ChatResultAssembler();
  for await (const delta of provider.stream(request(model), AbortSignal.timeout(10_000))) assembler.add(delta);
  return assembler.result();
}

describe('openai provider against servers as they behave', () => {
  it('reads a JSON completion sent in answer to a streamed request', async () => {
    assert.deepEqual(await chat(openai(), 'json-text'), {
      content: 'plain JSON',
      tool_calls: [],
      finish_reason: 'stop',
      usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
    });
    assert.deepEqual((await chat(openai(), 'json-tools')).tool_calls, [
      { id: 'call_j', name: 'add', arguments: '{"a":1}' },
    ]);
    await assert.rejects(chat(openai(), 'json-error'), /^Error: provider "local": .*model not loaded/);
  });

  it('reads SSE cut at odd byte boundaries, inside lines and characters, as if it came whole', async () => {
    const deltas = await collect(openai().stream(request('split'), AbortSignal.timeout(10_000)));
    assert.deepEqual(deltas, [
      { content: 'héllo wörld 🌍 ' },
      { tool_call: { id: 'call_x', name: 'add', arguments: '' } },
      { tool_call: { id: 'call_x', name: 'add', arguments: '{"a":' } },
      { tool_call: { id: 'call_x', name: 'add', arguments: '1}' }, finish_reason: 'tool_calls' },
      { usage: { prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 } },
    ]);
  });

  it('joins tool-call fragments that carry no id, with usage only in the last chunk', async () => {
    assert.deepEqual(await chat(openai(), 'fragments-without-ids'), {
      tool_calls: [{ id: 'call_0', name: 'add', arguments: '{"a":1}' }],
      finish_reason: 'tool_calls',
      usage: { prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 },
    });
  });

  const failures: [string, RegExp][] = [
    ['malformed', /the stream held an event that is not JSON/],
    ['cut-off', /the stream ended before the answer did \(no finish reason\): cut off/],
    ['empty', /the server answered with an empty stream/],
    ['no-choices', /the answer has no choices/],
    ['refusal', /the model refused: I can't help with that\./],
    ['filtered', /content filter stopped the answer/],
    ['http-500', /the server answered HTTP 500: database on fire$/],
    ['http-429', /the server answered HTTP 429: slow down; it asks to retry after 7 s$/],
    ['reset', /the connection broke mid-answer/],
  ];
  for (const [model, expected] of failures) {
    it(`${model}: a catchable error naming the provider, never an empty answer`, async () => {
      const source = openai();
      await assert.rejects(chat(source, model), (error: Error) => {
        assert.match(error.message, /^provider "local": /);
        assert.match(error.message, expected);
        return true;
      });
      assert.equal(source.status().state, 'failed');
      assert.match(source.status().detail ?? '', expected);
    });
  }

  it('a server that never answers fails after timeout_ms, saying it sent no bytes', async () => {
    const begun = Date.now();
    await assert.rejects(
      chat(openai({ timeout_ms: 300 }), 'silent'),
      /^Error: provider "local": no bytes from the server for 300 ms \(timeout_ms\)$/,
    );
    assert.ok(Date.now() - begun < 3000, `took ${Date.now() - begun} ms`);
  });

  it('a server that sends one byte at a time is slow, not silent: timeout_ms measures silence', async () => {
    const begun = Date.now();
    const result = await chat(openai({ timeout_ms: 1000 }), 'drip');
    assert.equal(result.content, 'slow but alive');
    // Several times timeout_ms in all, which a bound on whole events would have cut.
    assert.ok(Date.now() - begun > 3000, `took ${Date.now() - begun} ms`);
  });

  it('decodes a 20 MiB delta within twice the CPU time its bytes take to read, and under a 3 s timeout_ms', async () => {
    const raw = await leastCpuMs(9, async () => {
      const response = await fetch(`${server.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'huge', messages: [], stream: true }),
      });
      let bytes = 0;
      for await (const piece of response.body!) bytes += (piece as Uint8Array).length;
      assert.ok(bytes > HUGE.length);
    });
    const decoded = await leastCpuMs(9, async () => {
      const deltas = await collect(openai({ timeout_ms: 3000 }).stream(request('huge'), AbortSignal.timeout(60_000)));
      assert.equal(deltas[0]!.content, HUGE);
    });
    assert.ok(
      decoded < 2 * raw,
      `decoding took ${decoded.toFixed(0)} ms of CPU, reading the bytes ${raw.toFixed(0)} ms`,
    );
  });

  it('hands on tool-call argument fragments as the strings the server sent, JSON or not', async () => {
    const deltas = await collect(openai().stream(request('odd-fragments'), AbortSignal.timeout(10_000)));
    assert.deepEqual(
      deltas.map((delta) => delta.tool_call?.arguments),
      ODD_FRAGMENTS,
    );
    assert.deepEqual((await chat(openai(), 'odd-fragments')).tool_calls, [
      { id: 'call_odd', name: 'count', arguments: '{"n":4}' },
    ]);
  });

  it('a 429 is retried after its retry-after as max_retries allows', async () => {
    assert.equal((await chat(openai({ max_retries: 1 }), 'busy-then-ok')).content, 'after the wait');
  });
});

describe('anthropic provider against servers as they behave', () => {
  it('reads a JSON message sent in answer to a streamed request', async () => {
    const deltas = await collect(anthropic().stream(request('claude-json'), AbortSignal.timeout(10_000)));
    assert.deepEqual(deltas, [
      { reasoning: 'sum it' },
      { content: 'Adding.' },
      { tool_call: { id: 'toolu_j', name: 'add', arguments: '' } },
      { tool_call: { id: 'toolu_j', name: 'add', arguments: '{"a":1}' } },
      { finish_reason: 'tool_calls', usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } },
    ]);
  });

  const failures: [string, RegExp][] = [
    ['claude-empty', /the server answered with an empty stream/],
    ['claude-cut-off', /the stream ended before the answer did \(no message_stop\): cut off/],
    ['claude-refusal', /the model refused to answer/],
    ['claude-500', /the server answered HTTP 500: overloaded backend \(path: \/v1\/messages\)$/],
  ];
  for (const [model, expected] of failures) {
    it(`${model}: a catchable error naming the provider`, async () => {
      await assert.rejects(chat(anthropic(), model), (error: Error) => {
        assert.match(error.message, /^provider "claude": /);
        assert.match(error.message, expected);
        return true;
      });
    });
  }
});
