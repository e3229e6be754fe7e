// Completion and hover for `omw` in the editor's Python brains, from the WIT table.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { omwCompletions, omwHover } from '../../renderer/src/features/editor/monaco/python-omw-completion.ts';

const labels = (lineBefore: string, source = lineBefore) =>
  omwCompletions(lineBefore, source).items.map((i) => i.label);

test('omw. offers its members, omw.host. the snake_case host functions with their signatures', () => {
  assert.deepEqual(labels('x = omw.'), ['host', 'provider', 'tooling']);
  const host = omwCompletions('omw.host.mem', 'omw.host.mem');
  assert.equal(host.word, 'mem');
  const memoryGet = host.items.find((item) => item.label === 'memory_get');
  assert.equal(memoryGet?.detail, 'memory_get(key: str) -> str | None');
  assert.ok(host.items.some((item) => item.label === 'memory_set_as'));
  assert.ok(
    host.items.every((item) => !/[A-Z]/.test(item.label)),
    'no camelCase names',
  );
  assert.deepEqual(labels('omw.provider.'), ['get']);
});

test("a name assigned from a lookup offers that handle's methods, and nothing else is guessed", () => {
  const source = 'llm = omw.provider.get("llm")\n(calc := omw.tooling.get("calc"))\nllm.';
  assert.ok(labels('llm.', source).includes('chat_stream'));
  assert.ok(labels('llm.', source).includes('name'));
  assert.ok(labels('    calc.', source).includes('call_tool_blocking'));
  assert.deepEqual(labels('other.', source), []);
});

test('hover shows the signature and the doc of the function under the cursor', () => {
  const line = 'stream = llm.chat_stream("m", [])';
  const source = `llm = omw.provider.get("llm")\n${line}`;
  const found = omwHover(line, 16, source);
  assert.equal(found?.api.name, 'chat_stream');
  assert.match(found!.api.doc, /deltas arrive in the inbox/);
  assert.deepEqual([found!.start, found!.end], [14, 25]);
  assert.equal(omwHover(line, 3, source), undefined);
  assert.equal(omwHover('omw.host.time_now()', 12, '')?.api.signature, 'time_now() -> int');
});
