import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { HostCallError } from '../../main/host-api/host-call-error.ts';
import type { ChatResult, EventEnvelope, Tool } from '../../main/host-api/wit-types.generated.ts';
import { pythonEngineFixture, type EngineFixture } from './python-engine-fixture.ts';

const CHAT_RESULT: ChatResult = {
  content: 'Hello!',
  tool_calls: [{ id: 'call-1', name: 'add', arguments: '{"a": 1, "b": 2.0}' }],
  finish_reason: 'tool_calls',
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
};
const TOOLS: Tool[] = [{ name: 'add', input_schema: '{"type": "object"}', output_schema: 'not json' }];
const TOOL_RESULT: EventEnvelope = {
  id: 'call-9',
  event: {
    kind: 'tool-result',
    data: {
      name: 'add',
      arguments: '{"a": 1}',
      content: '[{"type":"text","text":"3"}]',
      structured_content: '{"sum": 3}',
    },
  },
};
const memory = new Map<string, string>();

let fixture: EngineFixture;
before(async () => {
  fixture = await pythonEngineFixture({
    'host.whoami': () => 'alice',
    'host.time-now': () => 1_700_000_000_000,
    'host.memory-get': (key: string) => memory.get(key),
    'host.memory-set': (key: string, value: string) => void memory.set(key, value),
    'host.memory-remove': (key: string) => memory.delete(key),
    'host.try-recv': () => undefined,
    'host.recv': () => TOOL_RESULT,
    'host.base64-decode': () => new Uint8Array([0, 1, 255]),
    'host.base64-encode': (bytes: Uint8Array) => Buffer.from(bytes).toString('base64'),
    'provider.get': (name: string) => {
      if (name !== 'llm') throw new HostCallError(`unknown provider "${name}"`);
      return name;
    },
    'provider.chat': () => CHAT_RESULT,
    'tooling.get': (name: string) => name,
    'tooling.list-tools': () => TOOLS,
    'tooling.call-tool': () => 'call-9',
    'host.sleep-for': () => {
      throw new HostCallError('the agent is stopping');
    },
  });
});
after(() => fixture.engine.dispose());

const callsOf = (op: string) => fixture.calls.filter((call) => call.op === op).map((call) => call.args);

test('omw.host functions are snake_case and answer plain Python values', () => {
  assert.equal(fixture.exitOf('omw.host.whoami()'), 'alice');
  assert.equal(fixture.exitOf('type(omw.host.time_now()).__name__'), 'int');
  assert.equal(fixture.exitOf('omw.host.try_recv() is None and omw.host.memory_get("absent") is None'), 'True');
  assert.equal(
    fixture.exitOf('(omw.host.memory_set("k", "v"), omw.host.memory_remove("k"), omw.host.memory_remove("k"))'),
    '(None, True, False)',
  );
});

test('events and records are attribute objects; opaque JSON is parsed where it lands', () => {
  const script = `(
    ev := omw.host.recv(),
    [ev.id, ev.kind, ev.payload.name, ev.payload.content[0].text, ev.payload.structured_content.sum],
  )[-1]`;
  assert.equal(fixture.exitOf(script), "['call-9', 'tool-result', 'add', '3', 3]");
  const chat = `(
    r := omw.provider.get("llm").chat("m", [{"role": "user", "content": "hi"}], []),
    [r.content, r.finish_reason, r.usage.total_tokens, r.tool_calls[0].arguments.b, r.reasoning],
  )[-1]`;
  assert.equal(fixture.exitOf(chat), "['Hello!', 'tool_calls', 5, 2.0, None]");
  // Text that is not JSON stays a str.
  assert.equal(fixture.exitOf('omw.tooling.get("t").list_tools()[0].output_schema'), 'not json');
});

test('records going back are dicts or attribute objects and re-serialize their JSON, floats as Python writes them', () => {
  fixture.exitOf(`(
    llm := omw.provider.get("llm"),
    r := llm.chat("m", [{"role": "user", "content": "hi"}], [], {"temperature": 1.0, "n": 2}),
    llm.chat("m", [{"role": "assistant", "tool_call": r.tool_calls[0]}], omw.tooling.get("t").list_tools(), '{"raw": true}'),
  )[-1]`);
  const [first, second] = callsOf('provider.chat').slice(-2);
  assert.deepEqual(first, ['llm', 'm', [{ role: 'user', content: 'hi' }], [], '{"temperature":1.0,"n":2}']);
  assert.deepEqual(second, [
    'llm',
    'm',
    [{ role: 'assistant', tool_call: { id: 'call-1', name: 'add', arguments: '{"a":1,"b":2.0}' } }],
    [{ name: 'add', input_schema: '{"type":"object"}', output_schema: 'not json' }],
    '{"raw": true}',
  ]);
  fixture.exitOf('omw.tooling.get("t").call_tool("add", {"a": 1, "nested": [True, None, 0.5]})');
  assert.deepEqual(callsOf('tooling.call-tool').at(-1), ['t', 'add', '{"a":1,"nested":[true,null,0.5]}']);
});

test('bytes for base64; the _as helpers store JSON text and read attribute objects back', () => {
  assert.equal(fixture.exitOf('omw.host.base64_decode("AAH/")'), "b'\\x00\\x01\\xff'");
  assert.equal(fixture.exitOf('omw.host.base64_encode(b"\\x00\\x01\\xff")'), 'AAH/');
  fixture.run('omw.host.memory_set_as("profile", {"name": "Ada", "langs": ["py"], "ratio": 1.0})');
  assert.equal(memory.get('profile'), '{"name":"Ada","langs":["py"],"ratio":1.0}');
  assert.equal(
    fixture.exitOf('(p := omw.host.memory_get_as("profile"), [p.name, p.langs, p.ratio])[-1]'),
    "['Ada', ['py'], 1.0]",
  );
  fixture.run('omw.host.memory_set_as("text", "plain")');
  assert.equal(memory.get('text'), '"plain"');
  memory.set('raw', 'not json');
  assert.equal(fixture.exitOf('omw.host.memory_get_as("raw")'), 'not json');
  assert.equal(fixture.exitOf('omw.host.memory_get_as("missing") is None'), 'True');
});

test('handles carry their name; a failed lookup or host call raises a RuntimeError the brain can catch', () => {
  assert.equal(
    fixture.exitOf('(p := omw.provider.get("llm"), p.name, repr(p))[1:]'),
    "('llm', \"<omw provider 'llm'>\")",
  );
  const caught = `
try:
    omw.provider.get("nope")
except RuntimeError as error:
    omw.host.memory_set("caught", str(error))
`;
  assert.deepEqual(fixture.run(caught), { ok: true, outcome: 'completed' });
  assert.equal(memory.get('caught'), 'unknown provider "nope"');
  assert.deepEqual(fixture.failureOf('x = 1\nomw.host.sleep_for(5)\n'), {
    error: 'RuntimeError: the agent is stopping',
    line: 2,
    column: 1,
  });
});

test('unusable arguments and wrong arities are TypeErrors naming what was wrong', () => {
  assert.deepEqual(fixture.failureOf('omw.host.time_format("soon", "%Y")'), {
    error: 'TypeError: ts must be int, not str',
    line: 1,
    column: 1,
  });
  assert.equal(
    fixture.failureOf('omw.provider.get("llm").chat("m", [{"role": "user", "content": 5}], [])').error,
    'TypeError: messages[0].content must be str, not int',
  );
  assert.equal(fixture.failureOf('omw.host.whoami(1)').error, 'TypeError: whoami() takes 0 arguments (1 given)');
  assert.equal(
    fixture.failureOf('omw.provider.get("llm").chat("m")').error,
    'TypeError: chat() takes from 2 to 4 arguments (1 given)',
  );
  assert.equal(
    fixture
      .failureOf('omw.host.memory_set_as("k", {1, 2})')
      .error.startsWith('TypeError: value must be JSON-serializable'),
    true,
  );
});

test('the terminal rule: a single expression exits with str() of its value, None completes, statements complete', () => {
  assert.equal(fixture.exitOf('40 + 2'), '42');
  assert.equal(fixture.exitOf('{"a": [1, 2.5]}'), "{'a': [1, 2.5]}");
  assert.deepEqual(fixture.run('None'), { ok: true, outcome: 'completed' });
  assert.deepEqual(fixture.run('x = 42\nx'), { ok: true, outcome: 'completed' });
  assert.deepEqual(fixture.run(''), { ok: true, outcome: 'completed' });
});

test('an uncaught exception fails with its type, message and the line in the brain; syntax errors with line and column', () => {
  assert.deepEqual(fixture.failureOf('def f():\n    raise ValueError("bad input")\n\nf()\n'), {
    error: 'ValueError: bad input',
    line: 2,
    column: 5,
  });
  assert.deepEqual(fixture.failureOf('x = 1\n{}["missing"]\n'), { error: "KeyError: 'missing'", line: 2, column: 1 });
  assert.deepEqual(fixture.failureOf('x = (1,\n'), { error: "SyntaxError: '(' was never closed", line: 1, column: 5 });
  assert.deepEqual(fixture.engine.check('if True:\nprint(1)\n', 'brain.py'), {
    ok: false,
    error: "IndentationError: expected an indented block after 'if' statement on line 1",
    line: 2,
    column: 1,
  });
  assert.deepEqual(fixture.engine.check('x = 1\n', 'brain.py'), { ok: true });
});

test('print writes one line per line of output; state does not carry over between iterations', () => {
  fixture.printed.length = 0;
  fixture.run('print("a", 1)\nprint("two\\nlines")\nprint("no newline", end="")\n');
  assert.deepEqual(fixture.printed, ['a 1', 'two', 'lines', 'no newline']);
  fixture.run('leftover = 1\nomw.host = None');
  assert.equal(fixture.exitOf("'leftover' in globals() or omw.host is None"), 'False');
});
