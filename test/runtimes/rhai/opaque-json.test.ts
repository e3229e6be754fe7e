import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RhaiError } from '../../../main/rhai/language/types/errors.ts';
import { debugValue } from '../../../main/rhai/language/types/format.ts';
import { Blob, FnPtr, RChar, RFloat, type Value } from '../../../main/rhai/language/types/values.ts';
import { MAX_VALUE_DEPTH } from '../../../main/runtimes/binding/value-limits.ts';
import { opaqueJsonFromRhai, parseOpaqueJson, toJsonText } from '../../../main/runtimes/rhai/opaque-json.ts';

test('JSON text parses into Rhai values; text that is not JSON stays a string', () => {
  assert.equal(debugValue(parseOpaqueJson('{"a":[1,2.5,null,true],"b":"x"}')), '#{"a": [1, 2.5, (), true], "b": "x"}');
  assert.equal(parseOpaqueJson('not json'), 'not json');
  assert.equal(parseOpaqueJson('"quoted"'), 'quoted');
});

test('every Rhai data value has a JSON text', () => {
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
  ];
  for (const [value, json] of cases) {
    assert.equal(toJsonText(value), json);
    assert.doesNotThrow(() => JSON.parse(json));
  }
});

test('a function, or nesting past the limit, is a runtime error the brain may catch', () => {
  const nest = (levels: number): Value => (levels === 0 ? 1 : [nest(levels - 1)]);
  assert.throws(
    () => toJsonText([new FnPtr('f')]),
    (error: unknown) =>
      error instanceof RhaiError && error.kind === 'ErrorRuntime' && /holds a function/.test(error.message),
  );
  assert.equal(toJsonText(nest(MAX_VALUE_DEPTH)).length, 2 * MAX_VALUE_DEPTH + 1);
  assert.throws(
    () => toJsonText(nest(MAX_VALUE_DEPTH + 1)),
    (error: unknown) =>
      error instanceof RhaiError && error.kind === 'ErrorRuntime' && /deeper than 128 levels/.test(error.message),
  );
});

test('a string the brain hands back is already JSON text', () => {
  assert.equal(opaqueJsonFromRhai('{"a":1}'), '{"a":1}');
  assert.equal(opaqueJsonFromRhai(new Map([['a', 1]])), '{"a":1}');
});
