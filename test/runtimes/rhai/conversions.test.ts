import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatResult, EventEnvelope, Tool, ToolResult } from '../../../main/host-api/wit-types.generated.ts';
import { engineFixture } from './rhai-engine-fixture.ts';

test('chat messages and tools reach the host canonical, with omw defaults filled in', async () => {
  const fx = await engineFixture({ 'provider.chat': () => ({ tool_calls: [] }) });
  fx.run(`
    let llm = omw::provider::get("llm");
    llm.chat("m", [
      #{ content: "hi" },
      #{ role: "robot", content: "odd role" },
      #{ role: "assistant", reasoning: "hm", tool_call: #{ id: "c1", name: "add", arguments: #{ b: 2, a: 1 } } },
      #{ role: "tool", content: "3", tool_call: #{ id: "c1", name: "add", arguments: "{\\"raw\\":true}" } },
    ], [
      #{ name: "add" },
      #{ name: "sub", description: "Subtracts", input_schema: #{ type: "object" }, output_schema: "{}" },
    ]);
  `);
  assert.deepEqual(fx.calls.at(-1)?.args, [
    'llm',
    'm',
    [
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'odd role' },
      { role: 'assistant', reasoning: 'hm', tool_call: { id: 'c1', name: 'add', arguments: '{"a":1,"b":2}' } },
      { role: 'tool', content: '3', tool_call: { id: 'c1', name: 'add', arguments: '{"raw":true}' } },
    ],
    [
      { name: 'add', input_schema: '{}' },
      { name: 'sub', description: 'Subtracts', input_schema: '{"type":"object"}', output_schema: '{}' },
    ],
    undefined,
  ]);
});

test('chat takes its tools and params optionally; params as a map or as JSON text', async () => {
  const fx = await engineFixture({ 'provider.chat-stream': () => 'stream-1' });
  fx.run(`
    let llm = omw::provider::get("llm");
    llm.chat_stream("m", []);
    llm.chat_stream("m", [], ());
    llm.chat_stream("m", [], [], #{ temperature: 0.5, max_tokens: 10 });
    llm.chat_stream("m", [], [], "{\\"seed\\":1}");
  `);
  const streams = fx.calls.filter((call) => call.op === 'provider.chat-stream').map((call) => call.args.slice(3));
  assert.deepEqual(streams, [
    [[], undefined],
    [[], undefined],
    [[], '{"max_tokens":10,"temperature":0.5}'],
    [[], '{"seed":1}'],
  ]);
});

test('call_tool arguments: maps and arrays become JSON text, strings are taken as JSON already', async () => {
  const fx = await engineFixture({ 'tooling.call-tool': () => 'call-1' });
  fx.run(`
    let t = omw::tooling::get("calc");
    t.call_tool("add", #{ a: 1, f: 2.0, s: "x", u: (), l: [true, 'c'], b: blob(2, 7) });
    t.call_tool("add", "{\\"a\\":1}");
    t.call_tool("add", [1, 2]);
    t.call_tool("add", ());
  `);
  const args = fx.calls.filter((call) => call.op === 'tooling.call-tool').map((call) => call.args[2]);
  assert.deepEqual(args, ['{"a":1,"b":[7,7],"f":2.0,"l":[true,"c"],"s":"x","u":null}', '{"a":1}', '[1,2]', 'null']);
});

test('u64 arguments take non-negative integers only; negatives are a catchable error', async () => {
  const fx = await engineFixture({ 'host.wait-for': () => 'timer-1' });
  assert.equal(fx.exitOf('omw::host::wait_for(25)'), 'timer-1');
  assert.deepEqual(fx.calls.at(-1), { op: 'host.wait-for', args: [25] });
  assert.equal(
    fx.exitOf('let r; try { omw::host::wait_for(-1) } catch (error) { r = error } r'),
    'ms: expected a non-negative integer',
  );
  assert.match(fx.failureOf('omw::host::sleep_for(1.5)').error, /ms: expected an integer, got f64/);
  assert.match(fx.failureOf('omw::host::log(1, "x")').error, /level: expected a string, got i64/);
});

test('stream_endpoint takes a delta map with snake_case keys', async () => {
  const fx = await engineFixture();
  fx.run(`
    omw::host::stream_endpoint("s1", #{ content: "hi" });
    omw::host::stream_endpoint("s1", #{
      finish_reason: "stop",
      usage: #{ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      tool_call: #{ id: "c", name: "n", arguments: #{} },
    });
  `);
  assert.deepEqual(
    fx.calls.map((call) => call.args),
    [
      ['s1', { content: 'hi' }],
      [
        's1',
        {
          finish_reason: 'stop',
          usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
          tool_call: { id: 'c', name: 'n', arguments: '{}' },
        },
      ],
    ],
  );
});

test('base64 works on BLOBs both ways', async () => {
  const fx = await engineFixture({
    'host.base64-encode': (bytes: Uint8Array) => Buffer.from(bytes).toString('base64'),
    'host.base64-decode': (text: string) => new Uint8Array(Buffer.from(text, 'base64')),
  });
  assert.equal(fx.exitOf('let b = omw::host::base64_decode("AQL/"); `${type_of(b)} ${b.len()} ${b[2]}`'), 'blob 3 255');
  assert.equal(fx.exitOf('omw::host::base64_encode(omw::host::base64_decode("AQL/"))'), 'AQL/');
  assert.match(fx.failureOf('omw::host::base64_encode([1, 2])').error, /bytes: expected a BLOB, got array/);
});

test('a chat result is a map: absent options are missing keys, tool-call arguments parsed', async () => {
  const answer: ChatResult = {
    content: 'hello',
    tool_calls: [{ id: 'c1', name: 'add', arguments: '{"a":1,"b":2.5}' }],
    finish_reason: 'tool_calls',
    usage: { total_tokens: 8 },
  };
  const fx = await engineFixture({ 'provider.chat': () => answer });
  assert.equal(
    fx.exitOf('omw::provider::get("llm").chat("m", [])'),
    '#{"content": "hello", "finish_reason": "tool_calls", "tool_calls": [#{"arguments": #{"a": 1, "b": 2.5}, ' +
      '"id": "c1", "name": "add"}], "usage": #{"total_tokens": 8}}',
  );
  assert.equal(
    fx.exitOf(
      'let r = omw::provider::get("llm").chat("m", []); `${r.reasoning == ()} ${r.tool_calls[0].arguments.a + 1}`',
    ),
    'true 2',
  );
});

test('tools and tool results parse their JSON fields, keeping text that is not JSON', async () => {
  const tools: Tool[] = [{ name: 'add', input_schema: '{"type":"object"}', output_schema: 'not json' }];
  const result: ToolResult = {
    name: 'add',
    arguments: '{"a":1}',
    content: '[{"type":"text","text":"3"}]',
    structured_content: '{"sum":3}',
  };
  const fx = await engineFixture({ 'tooling.list-tools': () => tools, 'tooling.call-tool-blocking': () => result });
  assert.equal(
    fx.exitOf('omw::tooling::get("calc").list_tools()'),
    '[#{"input_schema": #{"type": "object"}, "name": "add", "output_schema": "not json"}]',
  );
  assert.equal(
    fx.exitOf(
      'let r = omw::tooling::get("calc").call_tool_blocking("add", #{ a: 1 }); `${r.content[0].text} ${r.structured_content.sum} ${r.arguments.a}`',
    ),
    '3 3 1',
  );
});

test('events are #{id, kind, payload} with snake_case payload maps', async () => {
  const inbox: EventEnvelope[] = [
    { id: 'a', event: { kind: 'message', data: 'hello' } },
    { id: 'b', event: { kind: 'timer' } },
    {
      id: 'c',
      event: { kind: 'chat-delta', data: { content: 'x', finish_reason: 'stop', usage: { prompt_tokens: 2 } } },
    },
    { id: 'd', event: { kind: 'resource-list-updated', data: [{ uri: 'u', name: 'n', mime_type: 'text/plain' }] } },
    { id: 'e', event: { kind: 'resource-updated', data: { uri: 'u', content: 'body' } } },
    {
      id: 'f',
      event: {
        kind: 'endpoint-message',
        data: { session: 's', messages: [{ role: 'user', content: 'q' }], tools: [], params: '{"finish":"length"}' },
      },
    },
    { id: 'g', event: { kind: 'endpoint-session-end', data: { session: 's', error: 'aborted' } } },
  ];
  const fx = await engineFixture({ 'host.recv': () => inbox.shift(), 'host.try-recv': () => inbox.shift() });
  const shown = Array.from({ length: 7 }, () => fx.exitOf('omw::host::recv()'));
  assert.deepEqual(shown, [
    '#{"id": "a", "kind": "message", "payload": "hello"}',
    '#{"id": "b", "kind": "timer", "payload": ()}',
    '#{"id": "c", "kind": "chat-delta", "payload": #{"content": "x", "finish_reason": "stop", "usage": #{"prompt_tokens": 2}}}',
    '#{"id": "d", "kind": "resource-list-updated", "payload": [#{"mime_type": "text/plain", "name": "n", "uri": "u"}]}',
    '#{"id": "e", "kind": "resource-updated", "payload": #{"content": "body", "uri": "u"}}',
    '#{"id": "f", "kind": "endpoint-message", "payload": #{"messages": [#{"content": "q", "role": "user"}], ' +
      '"params": #{"finish": "length"}, "session": "s", "tools": []}}',
    '#{"id": "g", "kind": "endpoint-session-end", "payload": #{"error": "aborted", "session": "s"}}',
  ]);
  assert.deepEqual(fx.run('omw::host::try_recv()'), { ok: true, outcome: 'completed' });
});

test('absent values are unit; integers come back as INT', async () => {
  const fx = await engineFixture({ 'host.time-now': () => 1_700_000_000_123, 'host.memory-remove': () => false });
  assert.equal(fx.exitOf('type_of(omw::host::memory_get("missing"))'), '()');
  assert.equal(fx.exitOf('let t = omw::host::time_now(); `${type_of(t)} ${t % 1000}`'), 'i64 123');
  assert.equal(fx.exitOf('omw::host::memory_remove("k")'), 'false');
});

test('memory_get_as parses JSON (raw text otherwise, unit when absent); memory_set_as stores JSON', async () => {
  const memory = new Map<string, string>([
    ['profile', '{"age":30,"languages":["rhai","js"]}'],
    ['note', 'plain text'],
  ]);
  const fx = await engineFixture({
    'host.memory-get': (key: string) => memory.get(key),
    'host.memory-set': (key: string, value: string) => void memory.set(key, value),
  });
  assert.equal(fx.exitOf('let p = omw::host::memory_get_as("profile"); `${p.age + 1} ${p.languages[0]}`'), '31 rhai');
  assert.equal(fx.exitOf('omw::host::memory_get_as("note")'), 'plain text');
  assert.equal(fx.exitOf('type_of(omw::host::memory_get_as("missing"))'), '()');
  fx.run(
    'omw::host::memory_set_as("n", 42); omw::host::memory_set_as("s", "text"); omw::host::memory_set_as("m", #{ b: [1, ()], a: 0.5 });',
  );
  assert.deepEqual([memory.get('n'), memory.get('s'), memory.get('m')], ['42', '"text"', '{"a":0.5,"b":[1,null]}']);
  assert.equal(fx.exitOf('omw::host::memory_get_as("s")'), 'text');
});
