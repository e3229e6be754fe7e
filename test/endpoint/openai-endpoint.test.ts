import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { OpenaiEndpointServer } from '../../main/endpoint/openai/openai-endpoint-server.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import { jsAgents, workspace, type Workspace } from '../supervisor/workspace.ts';

// The HTTP endpoint driven by the official openai client, exactly as an external program would,
// against a real agent process running a JS brain.

const BRAIN = `
// Serves two models: reasoning when asked, the last message word by word, a tool call when
// tools are offered, then the request's params as JSON with the finish reason.
omw.host.subscribeEndpoint('echo');
omw.host.subscribeEndpoint('alpha');
for (;;) {
  const e = omw.host.recv();
  if (e.kind === 'endpoint-session-end') {
    omw.host.log('info', 'session ended: ' + (e.payload.error ?? 'normally'));
    continue;
  }
  if (e.kind !== 'endpoint-message') continue;
  const { session, messages, tools, params } = e.payload;
  const text = messages[messages.length - 1].content ?? '';
  if (text === 'hold') continue;
  const say = (delta) => omw.host.streamEndpoint(session, delta);
  if (params?.think) say({ reasoning: 'thinking' });
  for (const word of text.split(' ')) say({ content: word + ' ' });
  if (tools.length > 0) say({ toolCall: { id: 'call_1', name: tools[0].name, arguments: { a: 1 } } });
  say({
    content: JSON.stringify(params ?? null),
    finishReason: tools.length > 0 ? 'tool_calls' : 'stop',
    usage: { promptTokens: 3, completionTokens: 5, totalTokens: 8 },
  });
}
`;

const waitFor = async (condition: () => boolean, what: string, ms = 5000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the openai endpoint', () => {
  let ws: Workspace;
  let running: Promise<Map<string, IterationResult>>;
  let client: OpenAI;
  let base: string;

  before(async () => {
    ws = workspace(jsAgents(['server'], '[endpoint]\nkind = "openai"\nlisten = "127.0.0.1:0"\n'), {
      'server.js': BRAIN,
    });
    const server = ws.host.endpoint?.transport;
    assert.ok(server instanceof OpenaiEndpointServer);
    const address = await server.listening;
    base = `http://127.0.0.1:${address.port}/v1`;
    client = new OpenAI({ apiKey: 'unused', baseURL: base, maxRetries: 0 });
    running = ws.supervisor.run();
    await waitFor(() => ws.host.endpoint!.models.list().length === 2, 'the brain to subscribe both models');
  });

  after(async () => {
    await ws.supervisor.shutdown();
    await running;
  });

  const sessionEnds = () =>
    ws.trace.flatMap((e) => (e.type === 'log' && e.message.startsWith('session ended: ') ? [e.message.slice(15)] : []));

  it('lists the subscribed models, sorted, at /v1/models', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push({ id: model.id, owned_by: model.owned_by });
    assert.deepEqual(models, [
      { id: 'alpha', owned_by: 'server' },
      { id: 'echo', owned_by: 'server' },
    ]);
  });

  it('streams the brain’s deltas as chunks, with reasoning and the extra fields forwarded as params', async () => {
    const stream = await client.chat.completions.create({
      model: 'echo',
      messages: [{ role: 'user', content: 'hello big world' }],
      stream: true,
      temperature: 0.25,
      // Not an OpenAI field: the endpoint passes it on untouched.
      ...({ think: true } as object),
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    assert.ok(
      chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0]!.id && c.model === 'echo'),
    );
    assert.match(chunks[0]!.id, /^chatcmpl-[0-9a-f-]{36}$/);
    assert.equal(chunks[0]!.choices[0]!.delta.role, 'assistant');
    const reasoning = chunks.map(
      (c) => (c.choices[0]!.delta as { reasoning_content?: string }).reasoning_content ?? '',
    );
    assert.equal(reasoning.join(''), 'thinking');
    const text = chunks.map((c) => c.choices[0]!.delta.content ?? '').join('');
    assert.equal(text, 'hello big world {"temperature":0.25,"think":true}');
    assert.deepEqual(
      chunks.map((c) => c.choices[0]!.finish_reason),
      [null, null, null, null, 'stop'],
    );
    assert.deepEqual(chunks.at(-1)!.usage, { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 });
    await waitFor(() => sessionEnds().includes('normally'), 'the session end in the brain');
  });

  it('answers a non-streaming request with one assembled chat.completion', async () => {
    const completion = await client.chat.completions.create({
      model: 'alpha',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'add please' },
      ],
      tools: [{ type: 'function', function: { name: 'add', parameters: { type: 'object' } } }],
    });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.model, 'alpha');
    const [choice] = completion.choices;
    assert.equal(choice!.finish_reason, 'tool_calls');
    assert.equal(choice!.message.content, 'add please null');
    assert.deepEqual(choice!.message.tool_calls, [
      { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1}' } },
    ]);
    assert.deepEqual(completion.usage, { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 });
  });

  it('answers concurrent requests each with its own reply', async () => {
    const ask = async (content: string) => {
      const stream = await client.chat.completions.create({
        model: 'echo',
        messages: [{ role: 'user', content }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    assert.deepEqual(await Promise.all([ask('one two'), ask('three'), ask('four five six')]), [
      'one two null',
      'three null',
      'four five six null',
    ]);
  });

  it('ends the session with an error when the client disconnects', async () => {
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'echo', messages: [{ role: 'user', content: 'hold' }], stream: true },
      { signal: controller.signal },
    );
    controller.abort();
    // The client ends an aborted stream quietly; what matters is what the brain hears.
    for await (const _chunk of stream);
    await waitFor(() => sessionEnds().includes('endpoint client disconnected'), 'the session end in the brain');
  });

  it('answers an unknown model with 404 model_not_found', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) => {
        assert.ok(error instanceof OpenAI.NotFoundError);
        assert.equal(error.message, '404 no agent serves model "nope"');
        assert.equal(error.code, 'model_not_found');
        return true;
      },
    );
  });

  it('answers malformed requests, other methods and other paths with OpenAI error bodies', async () => {
    const send = async (path: string, init: RequestInit) => {
      const response = await fetch(`${base}${path}`, init);
      return { status: response.status, body: (await response.json()) as { error: Record<string, unknown> } };
    };
    const post = (body: string) => send('/chat/completions', { method: 'POST', body });
    const badJson = await post('{"model": ');
    assert.equal(badJson.status, 400);
    assert.equal(badJson.body.error.type, 'invalid_request_error');
    assert.match(String(badJson.body.error.message), /^the request body is not valid JSON: /);
    assert.deepEqual(await post('{"model": "echo"}'), {
      status: 400,
      body: {
        error: { message: 'messages must be an array', type: 'invalid_request_error', param: 'messages', code: null },
      },
    });
    assert.deepEqual(await post('{"model": "echo", "messages": [{"role": "robot"}]}'), {
      status: 400,
      body: {
        error: {
          message: 'messages[0].role must be one of system, developer, user, assistant, tool',
          type: 'invalid_request_error',
          param: 'messages[0].role',
          code: null,
        },
      },
    });
    assert.equal((await send('/chat/completions', { method: 'GET' })).status, 405);
    assert.deepEqual(await send('/embeddings', { method: 'POST', body: '{}' }), {
      status: 404,
      body: {
        error: { message: 'no route for POST /v1/embeddings', type: 'not_found_error', param: null, code: null },
      },
    });
  });

  it('ends open sessions with an error when the host shuts down', async () => {
    const pending = client.chat.completions.create({ model: 'echo', messages: [{ role: 'user', content: 'hold' }] });
    const refused = assert.rejects(pending, (error: unknown) => {
      assert.ok(error instanceof OpenAI.APIError);
      assert.equal(error.status, 503);
      assert.equal(error.message, '503 endpoint shut down');
      return true;
    });
    await waitFor(() => ws.host.endpoint!.sessions.all().length === 1, 'the session to open');
    const started = performance.now();
    await ws.supervisor.shutdown();
    await refused;
    assert.ok(performance.now() - started < 1000, 'shutting down does not wait for the connection grace');
  });
});
