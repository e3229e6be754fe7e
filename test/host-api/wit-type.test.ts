import assert from 'node:assert/strict';
import { test } from 'node:test';
import { camelCase, pascalCase, snakeCase } from '../../main/host-api/name-case.ts';
import { answerType, canFail, parseWitType, witTypeText } from '../../main/host-api/wit-type.ts';

test('WIT type text parses into structure and back, nested arguments included', () => {
  const text = 'result<list<option<tuple<u64, string>>>, string>';
  assert.deepEqual(parseWitType('list<chat-message>'), {
    kind: 'list',
    element: { kind: 'named', name: 'chat-message' },
  });
  assert.equal(witTypeText(parseWitType(text)), text);
  assert.deepEqual(parseWitType('result<_, string>'), { kind: 'result', err: { kind: 'primitive', name: 'string' } });
  assert.throws(() => parseWitType('list<a, b>'), /unsupported WIT type "list<a, b>"/);
  assert.throws(() => parseWitType('list<a'), /malformed WIT type/);
});

test('a host call answers the ok type of a result, past nested commas', () => {
  assert.equal(witTypeText(answerType('result<option<event-envelope>, string>')), 'option<event-envelope>');
  assert.equal(answerType('result<_, string>'), undefined);
  assert.equal(answerType(undefined), undefined);
  assert.equal(witTypeText(answerType('bool')), 'bool');
  assert.equal(canFail('result<_, string>'), true);
  assert.equal(canFail('option<string>'), false);
});

test('WIT names in every binding spelling', () => {
  assert.equal(camelCase('chat-stream'), 'chatStream');
  assert.equal(camelCase('base64-encode'), 'base64Encode');
  assert.equal(snakeCase('call-tool-blocking'), 'call_tool_blocking');
  assert.equal(pascalCase('chat-message'), 'ChatMessage');
});
