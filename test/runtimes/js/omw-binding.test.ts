// The global `omw` seen from inside QuickJS: which host op each call makes, with which canonical
// arguments, and what the brain gets back.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HostCallError } from '../../../main/host-api/host-call-error.ts';
import type {
  ChatMessage,
  ChatResult,
  EventEnvelope,
  Tool,
  ToolResult,
} from '../../../main/host-api/wit-types.generated.ts';
import { engineFixture, exitJson, type EngineFixture, type HostTable } from './js-engine-fixture.ts';

const CHAT_RESULT: ChatResult = {
  content: 'sure',
  tool_calls: [{ id: 'call-1', name: 'add', arguments: '{"a":1,"b":2}' }],
  finish_reason: 'tool_calls',
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
};

const TOOL_RESULT: ToolResult = {
  name: 'echo',
  arguments: '{"text":"hi"}',
  content: '[{"type":"text","text":"hi"}]',
  structured_content: '{"echoed":"hi"}',
};

const TOOLS: Tool[] = [{ name: 'echo', description: 'echoes', input_schema: '{"type":"object"}' }];

const inbox: EventEnvelope[] = [];

const table: HostTable = {
  'host.time-now': () => 1_700_000_000_000,
  'host.whoami': () => 'agent-a',
  'host.new-uuid': () => 'u-1',
  'host.try-recv': () => inbox.shift(),
  'host.recv': () => {
    const next = inbox.shift();
    if (next === undefined) throw new HostCallError('receive timed out');
    return next;
  },
  'host.memory-get': (key: string) => ({ json: '{"n":1}', text: 'plain', quoted: '"s"' })[key],
  'host.memory-remove': () => true,
  'host.base64-encode': (bytes: Uint8Array) => Buffer.from(bytes).toString('base64'),
  'host.base64-decode': (data: string) => new Uint8Array(Buffer.from(data, 'base64')),
  'host.wait-cron': () => {
    throw new HostCallError('invalid cron spec');
  },
  'provider.get': (name: string) => {
    if (name !== 'openai') throw new HostCallError(`no such provider "${name}"`);
    return name;
  },
  'provider.kind': () => 'mock',
  'provider.list-models': () => ['m1', 'm2'],
  'provider.chat': () => CHAT_RESULT,
  'provider.chat-stream': () => 'stream-1',
  'provider.is-open': () => true,
  'tooling.get': (name: string) => name,
  'tooling.list-tools': () => TOOLS,
  'tooling.call-tool': () => 'call-uuid',
  'tooling.call-tool-blocking': (_name: string, _tool: string, args: string) => {
    if (args === '{"fail":true}') throw new HostCallError('tool exploded');
    return TOOL_RESULT;
  },
  'tooling.list-resources': () => [{ uri: 'mem://a', name: 'a', mime_type: 'text/plain' }],
  'tooling.read-resource': (_name: string, uri: string) => ({ uri, mime_type: 'text/plain', content: 'body' }),
  'tooling.subscribe-resource': () => 'sub-1',
};

let brain: EngineFixture;
before(async () => {
  brain = await engineFixture(table);
});
after(() => brain.engine.dispose());

/** The calls of the last run, by op. */
const callsOf = (op: string): (readonly unknown[])[] => brain.calls.filter((c) => c.op === op).map((c) => c.args);
const lastCall = (op: string): readonly unknown[] | undefined => callsOf(op).at(-1);

describe('omw.host', () => {
  it('maps camelCase functions to host ops and returns their values', () => {
    assert.deepEqual(exitJson(brain, '[omw.host.timeNow(), omw.host.whoami(), omw.host.newUuid()]'), [
      1_700_000_000_000,
      'agent-a',
      'u-1',
    ]);
    brain.run('omw.host.log("warn", "careful"); omw.host.sendAgent("b", "ping"); omw.host.sleepFor(10.8)');
    assert.deepEqual(lastCall('host.log'), ['warn', 'careful']);
    assert.deepEqual(lastCall('host.send-agent'), ['b', 'ping']);
    assert.deepEqual(lastCall('host.sleep-for'), [10]);
  });

  it('returns undefined for absent values', () => {
    assert.deepEqual(
      exitJson(brain, '[omw.host.tryRecv() === undefined, omw.host.memoryGet("missing") === undefined]'),
      [true, true],
    );
  });

  it('rejects bad u64 and string arguments with a TypeError before calling the host', () => {
    const before = brain.calls.length;
    assert.deepEqual(
      exitJson(
        brain,
        `const failures = [];
        for (const call of [() => omw.host.waitFor(-1), () => omw.host.waitUntil(Infinity), () => omw.host.sleepFor(NaN),
                            () => omw.host.sendAgent(1, 'x'), () => omw.host.memoryGet()]) {
          try { call(); } catch (e) { failures.push([e instanceof TypeError, e.message]); }
        }
        failures`,
      ),
      [
        [true, 'ms must be a non-negative integer'],
        [true, 'ts must be a non-negative integer'],
        [true, 'ms must be a non-negative integer'],
        [true, 'agent must be a string'],
        [true, 'key must be a string'],
      ],
    );
    assert.equal(brain.calls.length, before);
  });

  it('delivers events as {id, kind, payload} with camelCase payloads', () => {
    inbox.push(
      { id: 'a1', event: { kind: 'message', data: 'hello' } },
      { id: 't1', event: { kind: 'timer' } },
      {
        id: 's1',
        event: { kind: 'chat-delta', data: { content: 'x', finish_reason: 'stop', usage: { total_tokens: 3 } } },
      },
      { id: 'c1', event: { kind: 'tool-result', data: TOOL_RESULT } },
    );
    assert.deepEqual(exitJson(brain, '[omw.host.recv(), omw.host.recv(), omw.host.tryRecv(), omw.host.recv()]'), [
      { id: 'a1', kind: 'message', payload: 'hello' },
      { id: 't1', kind: 'timer', payload: null },
      { id: 's1', kind: 'chat-delta', payload: { content: 'x', finishReason: 'stop', usage: { totalTokens: 3 } } },
      {
        id: 'c1',
        kind: 'tool-result',
        payload: {
          name: 'echo',
          arguments: { text: 'hi' },
          content: [{ type: 'text', text: 'hi' }],
          structuredContent: { echoed: 'hi' },
        },
      },
    ]);
  });

  it('encodes and decodes base64 with number arrays on the brain side', () => {
    assert.deepEqual(
      exitJson(brain, 'const text = omw.host.base64Encode([104, 105, 255]); [text, omw.host.base64Decode(text)]'),
      ['aGn/', [104, 105, 255]],
    );
    assert.deepEqual(lastCall('host.base64-encode'), [Uint8Array.from([104, 105, 255])]);
    assert.equal(
      brain.exitOf('try { omw.host.base64Encode([300]) } catch (e) { e.constructor.name + ": " + e.message }'),
      'TypeError: bytes must be an array of integers 0..255',
    );
  });

  it('reads memory as JSON with memoryGetAs', () => {
    assert.deepEqual(
      exitJson(brain, '[omw.host.memoryGetAs("json"), omw.host.memoryGetAs("text"), omw.host.memoryGetAs("quoted")]'),
      [{ n: 1 }, 'plain', 's'],
    );
    assert.equal(brain.exitOf('String(omw.host.memoryGetAs("missing"))'), 'undefined');
  });

  it('stores any value as JSON with memorySetAs, strings included, and refuses undefined', () => {
    brain.run(
      'omw.host.memorySetAs("obj", {a: [1, 2]}); omw.host.memorySetAs("str", "s"); omw.host.memorySetAs("n", 3)',
    );
    assert.deepEqual(callsOf('host.memory-set').slice(-3), [
      ['obj', '{"a":[1,2]}'],
      ['str', '"s"'],
      ['n', '3'],
    ]);
    assert.equal(
      brain.exitOf('try { omw.host.memorySetAs("k", undefined) } catch (e) { e.constructor.name + ": " + e.message }'),
      'TypeError: value must be JSON-serializable',
    );
  });

  it('passes a ChatDelta-shaped object to streamEndpoint, legacy keys included', () => {
    brain.run(`omw.host.streamEndpoint("sess", {content: "hi", toolCall: {id: "c", name: "f", arguments: {x: 1}},
                                               usage: {promptTokens: 1}});
               omw.host.streamEndpoint("sess", {finish_reason: "stop", tool_call: {id: "d", name: "g", arguments: "{}"}})`);
    assert.deepEqual(callsOf('host.stream-endpoint').slice(-2), [
      ['sess', { content: 'hi', tool_call: { id: 'c', name: 'f', arguments: '{"x":1}' }, usage: { prompt_tokens: 1 } }],
      ['sess', { finish_reason: 'stop', tool_call: { id: 'd', name: 'g', arguments: '{}' } }],
    ]);
  });
});

describe('omw.provider', () => {
  it('looks a provider up and returns a plain object with a name property and methods', () => {
    assert.deepEqual(
      exitJson(
        brain,
        'const p = omw.provider.get("openai"); [p.name, Object.keys(p).sort(), p.kind(), p.listModels()]',
      ),
      ['openai', ['cancel', 'chat', 'chatStream', 'isOpen', 'kind', 'listModels', 'name'], 'mock', ['m1', 'm2']],
    );
    assert.deepEqual(lastCall('provider.get'), ['openai']);
    assert.deepEqual(lastCall('provider.kind'), ['openai']);
  });

  it('calls chat with the receiver name and canonical arguments, and returns a camelCase result', () => {
    const result = exitJson(
      brain,
      `const p = omw.provider.get("openai");
       p.chat("gpt", [{content: "hi"}, {role: "assistant", toolCall: {id: "c0", name: "add", arguments: {a: 0}}}],
              [{name: "add", inputSchema: {type: "object"}}], {temperature: 0})`,
    );
    const expectedMessages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', tool_call: { id: 'c0', name: 'add', arguments: '{"a":0}' } },
    ];
    assert.deepEqual(lastCall('provider.chat'), [
      'openai',
      'gpt',
      expectedMessages,
      [{ name: 'add', input_schema: '{"type":"object"}' }],
      '{"temperature":0}',
    ]);
    assert.deepEqual(result, {
      content: 'sure',
      toolCalls: [{ id: 'call-1', name: 'add', arguments: { a: 1, b: 2 } }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 5, completionTokens: 2, totalTokens: 7 },
    });
  });

  it('re-serializes a tool call passed back from a chat result', () => {
    brain.run(`const p = omw.provider.get("openai");
               const answer = p.chat("gpt", [{content: "add"}]);
               p.chatStream("gpt", [{role: "assistant", toolCall: answer.toolCalls[0]}], [], '{"seed":1}')`);
    assert.deepEqual(lastCall('provider.chat'), ['openai', 'gpt', [{ role: 'user', content: 'add' }], [], undefined]);
    assert.deepEqual(lastCall('provider.chat-stream'), [
      'openai',
      'gpt',
      [{ role: 'assistant', tool_call: { id: 'call-1', name: 'add', arguments: '{"a":1,"b":2}' } }],
      [],
      '{"seed":1}',
    ]);
  });

  it('accepts legacy snake_case input records', () => {
    brain.run(`omw.provider.get("openai").chatStream("gpt",
                 [{role: "tool", content: "3", tool_call: {id: "c", name: "add", arguments: '{"a":1}'}}],
                 [{name: "add", input_schema: {type: "object"}}])`);
    assert.deepEqual(lastCall('provider.chat-stream'), [
      'openai',
      'gpt',
      [{ role: 'tool', content: '3', tool_call: { id: 'c', name: 'add', arguments: '{"a":1}' } }],
      [{ name: 'add', input_schema: '{"type":"object"}' }],
      undefined,
    ]);
  });

  it('throws a TypeError for a failed lookup, catchable by the brain', () => {
    assert.deepEqual(
      exitJson(brain, 'try { omw.provider.get("nope") } catch (e) { [e instanceof TypeError, e.message] }'),
      [true, 'no such provider "nope"'],
    );
  });

  it('methods need their handle as `this`', () => {
    const before = callsOf('provider.chat').length;
    assert.deepEqual(
      exitJson(
        brain,
        'const chat = omw.provider.get("openai").chat; try { chat("m", []) } catch (e) { [e instanceof TypeError, e.message] }',
      ),
      [true, 'chat must be called on a provider handle'],
    );
    assert.equal(callsOf('provider.chat').length, before);
    brain.run('const p = omw.provider.get("openai"); p.isOpen.call({name: "other"}, "s")');
    assert.deepEqual(lastCall('provider.is-open'), ['other', 's']);
  });
});

describe('omw.tooling', () => {
  it('has every tooling method, reading this.name', () => {
    assert.deepEqual(
      exitJson(
        brain,
        `const t = omw.tooling.get("fs");
         [t.name, t.listTools(), t.listResources(), t.readResource("mem://a"), t.subscribeResource("mem://a"),
          t.unsubscribeResource("sub-1"), t.subscribeResourceList(), t.unsubscribeResourceList("x"), t.isOpen("q"),
          t.cancel("q"), t.kind()]`,
      ),
      [
        'fs',
        [{ name: 'echo', description: 'echoes', inputSchema: { type: 'object' } }],
        [{ uri: 'mem://a', name: 'a', mimeType: 'text/plain' }],
        { uri: 'mem://a', mimeType: 'text/plain', content: 'body' },
        'sub-1',
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    );
    assert.deepEqual(lastCall('tooling.read-resource'), ['fs', 'mem://a']);
    assert.deepEqual(lastCall('tooling.unsubscribe-resource'), ['fs', 'sub-1']);
  });

  it('serializes callTool arguments of any JSON-serializable kind', () => {
    brain.run(`const t = omw.tooling.get("fs");
               t.callTool("echo", {text: "hi"}); t.callTool("echo", [1, 2]); t.callTool("echo", '{"raw":1}');
               t.callTool("echo")`);
    assert.deepEqual(callsOf('tooling.call-tool').slice(-4), [
      ['fs', 'echo', '{"text":"hi"}'],
      ['fs', 'echo', '[1,2]'],
      ['fs', 'echo', '{"raw":1}'],
      ['fs', 'echo', 'null'],
    ]);
  });

  it('returns a blocking tool result with parsed JSON fields', () => {
    assert.equal(brain.exitOf('omw.tooling.get("fs").callToolBlocking("echo", {text: "hi"}).content[0].text'), 'hi');
  });
});

describe('robustness', () => {
  it('keeps working when the brain replaces JSON and the error classes', () => {
    assert.deepEqual(
      exitJson(
        brain,
        `const realJson = JSON;
         JSON = { parse: () => 'hijacked', stringify: () => 'hijacked' };
         TypeError = function Fake() {};
         const result = omw.provider.get("openai").chat("gpt", [{content: "hi"}]);
         let failure;
         try { omw.host.waitFor(-1) } catch (e) { failure = e.message }
         realJson.stringify([result.toolCalls[0].arguments, failure])`,
      ),
      [{ a: 1, b: 2 }, 'ms must be a non-negative integer'],
    );
  });
});

describe('errors from the host', () => {
  it('omw.host functions throw Error (not TypeError) with the host message', () => {
    assert.deepEqual(
      exitJson(
        brain,
        'try { omw.host.waitCron("bad") } catch (e) { [e instanceof Error, e instanceof TypeError, e.message] }',
      ),
      [true, false, 'invalid cron spec'],
    );
  });

  it('handle methods throw TypeError with the host message', () => {
    assert.deepEqual(
      exitJson(
        brain,
        'try { omw.tooling.get("fs").callToolBlocking("echo", {fail: true}) } catch (e) { [e instanceof TypeError, e.message] }',
      ),
      [true, 'tool exploded'],
    );
  });

  it('fail the iteration with the message and the call site when uncaught', () => {
    // QuickJS places a call at its opening parenthesis.
    assert.deepEqual(brain.run('let x = 1;\n  omw.host.waitCron("bad")'), {
      ok: false,
      error: 'Error: invalid cron spec',
      line: 2,
      column: 20,
    });
  });
});
