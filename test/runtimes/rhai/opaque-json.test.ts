import assert from 'node:assert/strict';
import { test } from 'node:test';
import { debugValue } from '../../../main/rhai/language/types/format.ts';
import { Blob, FnPtr, RChar, RFloat, type Value } from '../../../main/rhai/language/types/values.ts';
import { opaqueJsonFromRhai, parseOpaqueJson, toJsonText } from '../../../main/runtimes/rhai/opaque-json.ts';

test('JSON text parses into Rhai values; text that is not JSON stays a string', () => {
  assert.equal(debugValue(parseOpaqueJson('{"a":[1,2.5,null,true],"b":"x"}')), '#{"a": [1, 2.5, (), true], "b": "x"}');
  assert.equal(parseOpaqueJson('not json'), 'not json');
  assert.equal(parseOpaqueJson('"quoted"'), 'quoted');
});

test('every Rhai value has a JSON text', () => {
  const map: Value = new Map<string, Value>([
    ['z', 1],
    ['a', undefined],
  ]);
  const cases: [Value, string][] = [
    [undefined, 'null'],
    [true, 'true'],
    [-7, '-7'],
    [2n ** 62n, '4611686018427387904'],
    [new RFloat(2), '2.0'],
    [new RFloat(0.25), '0.25'],
    [new RFloat(Number.NaN), 'null'],
    [new RChar('c'), '"c"'],
    ['say "hi"', '"say \\"hi\\""'],
    [[1, [2]], '[1,[2]]'],
    [map, '{"a":null,"z":1}'],
    [new Blob([0, 255]), '[0,255]'],
    [new FnPtr('f'), '"Fn(f)"'],
  ];
  for (const [value, json] of cases) {
    assert.equal(toJsonText(value), json);
    assert.doesNotThrow(() => JSON.parse(json));
  }
});

test('a string the brain hands back is already JSON text', () => {
  assert.equal(opaqueJsonFromRhai('{"a":1}'), '{"a":1}');
  assert.equal(opaqueJsonFromRhai(new Map([['a', 1]])), '{"a":1}');
});
