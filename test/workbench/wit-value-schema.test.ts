// The schema of canonical values built from the WIT world (contract/wit-value-schema.ts): what
// inject's event is checked against, so it must follow wit/omw.wit case by case and field by field.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { witValueSchema } from '../../contract/wit-value-schema.ts';
import { shapeOf } from '../../main/host-api/wit-shape.ts';

const accepts = (type: string, value: unknown) =>
  assert.ok(witValueSchema(type).safeParse(value).success, `${type} accepts ${JSON.stringify(value)}`);
const rejects = (type: string, value: unknown) =>
  assert.ok(!witValueSchema(type).safeParse(value).success, `${type} rejects ${JSON.stringify(value)}`);

describe('schemas of canonical values from WIT types', () => {
  it('has every case of the event variant, with a payload exactly where the WIT has one', () => {
    const shape = shapeOf('event');
    assert.ok(shape.kind === 'variant');
    for (const { name, type } of shape.cases) {
      if (type === undefined) {
        accepts('event', { kind: name });
        rejects('event', { kind: name, data: 'x' });
      } else {
        rejects('event', { kind: name });
      }
    }
    rejects('event', { kind: 'bogus' });
    rejects('event', null);
    rejects('event', 'timer');
  });

  it('checks the payload of each event against its WIT type', () => {
    accepts('event', { kind: 'message', data: 'hi' });
    rejects('event', { kind: 'message', data: 1 });
    accepts('event', { kind: 'chat-delta', data: {} });
    accepts('event', {
      kind: 'chat-delta',
      data: { content: 'a', tool_call: { id: '1', name: 'f', arguments: '{}' }, usage: { total_tokens: 3 } },
    });
    rejects('event', { kind: 'chat-delta', data: { tool_call: { id: '1', name: 'f' } } });
    accepts('event', { kind: 'tool-result', data: { name: 't', arguments: '{}', content: '[]' } });
    rejects('event', { kind: 'tool-result', data: { name: 't', arguments: {}, content: '[]' } });
    accepts('event', { kind: 'resource-list-updated', data: [{ uri: 'u', name: 'n', mime_type: 'text/plain' }] });
    rejects('event', { kind: 'resource-list-updated', data: { uri: 'u', name: 'n' } });
    accepts('event', {
      kind: 'endpoint-message',
      data: { session: 's', messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 't', input_schema: '{}' }] },
    });
    accepts('event', { kind: 'endpoint-session-end', data: { session: 's' } });
  });

  it('spells record fields in snake_case, leaves absent options out and allows nothing else', () => {
    accepts('usage', { prompt_tokens: 1, completion_tokens: 2 });
    accepts('usage', {});
    rejects('usage', { 'prompt-tokens': 1 });
    rejects('usage', { promptTokens: 1 });
    rejects('usage', { prompt_tokens: null });
    rejects('tool-call', { id: '1', name: 'f' });
  });

  it('keeps integers within their WIT range', () => {
    accepts('u64', 0);
    accepts('u64', Number.MAX_SAFE_INTEGER);
    rejects('u64', -1);
    rejects('u64', 1.5);
    rejects('u64', 2 ** 53);
    rejects('u64', '1');
    accepts('u8', 255);
    rejects('u8', 256);
    accepts('s32', -(2 ** 31));
    rejects('s32', 2 ** 31);
  });

  it('reads the other primitives, lists and options', () => {
    accepts('bool', false);
    rejects('bool', 0);
    accepts('f64', -0.5);
    accepts('char', '😀');
    rejects('char', 'ab');
    accepts('list<string>', []);
    rejects('list<string>', ['a', 1]);
    accepts('option<string>', undefined);
    rejects('option<string>', null);
  });

  it('reads a variant whose cases carry no payload as its case names', () => {
    accepts('role', 'assistant');
    rejects('role', 'robot');
    rejects('role', { kind: 'assistant' });
  });

  it('refuses to build a schema for what no request carries', () => {
    assert.throws(() => witValueSchema('list<u8>'), /list<u8>/);
    assert.throws(() => witValueSchema('result<string, string>'), /result/);
    assert.throws(() => witValueSchema('tuple<string, u64>'), /tuple/);
    assert.throws(() => witValueSchema('provider'), /resource provider/);
    assert.throws(() => witValueSchema('no-such-type'), /defines no type "no-such-type"/);
  });
});
