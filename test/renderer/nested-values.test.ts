// Issue 28 item 10, the models under the views: JSON text inside a value is opened as JSON at any
// depth (bounded, and a `__proto__` key stays a key), and MCP content blocks are found in a tool's
// result so they show as content. Values come from brains and tool servers: data, never trusted.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentBlocks } from '../../renderer/src/shared/values/mcp-content.ts';
import { parsedValue } from '../../renderer/src/shared/values/value-search.ts';

test('JSON text inside JSON opens as the value it holds, at any depth; other strings stay', () => {
  const listed = {
    tools: [{ name: 'search', input_schema: '{"type":"object","properties":{"q":"{\\"deep\\":[1]}"}}' }],
  };
  assert.deepEqual(JSON.parse(JSON.stringify(parsedValue(listed))), {
    tools: [{ name: 'search', input_schema: { type: 'object', properties: { q: { deep: [1] } } } }],
  });
  assert.equal(parsedValue('42'), '42', 'a number in text stays text');
  assert.equal(parsedValue('{not json'), '{not json');
  assert.equal(parsedValue('"[1]"'), '"[1]"');
});

test('hostile values: a __proto__ key stays a key; nesting is opened to a bounded depth', () => {
  const shown = parsedValue('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
  assert.deepEqual(Object.keys(shown), ['__proto__', 'a']);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  // Each level's text escapes the one inside it, so twelve levels is as deep as a test can go.
  let text = '{"end":true}';
  for (let i = 0; i < 12; i++) text = JSON.stringify({ inner: text });
  const opened = JSON.stringify(parsedValue(text));
  assert.ok(opened.startsWith('{"inner":{"inner":'), 'JSON text opened');
  assert.ok(opened.includes('\\"'), 'beyond the bound, JSON text stays text');
});

test('MCP content blocks are found in a tool result, each as content; anything else is not', () => {
  const result = parsedValue({
    content:
      '[{"type":"text","text":"hi"},{"type":"image","data":"AAAA","mimeType":"image/png"},' +
      '{"type":"resource","resource":{"uri":"notes://a","mime_type":"text/plain","text":"note"}},' +
      '{"type":"resource_link","uri":"file:///x","name":"x"}]',
  });
  assert.deepEqual(contentBlocks(result), [
    { type: 'text', text: 'hi' },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    { type: 'resource', uri: 'notes://a', mimeType: 'text/plain', text: 'note' },
    { type: 'resource_link', uri: 'file:///x', name: 'x' },
  ]);
  assert.equal(contentBlocks({ content: [{ type: 'text', text: 'a' }, { type: 'video' }] }), undefined);
  assert.equal(contentBlocks({ content: [] }), undefined);
  assert.equal(contentBlocks({ content: 'plain' }), undefined);
  assert.equal(contentBlocks([{ type: 'text', text: 1 }]), undefined);
});
