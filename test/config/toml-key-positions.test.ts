import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { KeyPath } from '../../main/config/key-path.ts';
import { tomlKeyPositions } from '../../main/config/toml-key-positions.ts';

function lineAndColumn(text: string, path: KeyPath): [number, number] | undefined {
  const location = tomlKeyPositions(text, 'x.toml').locate(path);
  return location && [location.line, location.column];
}

describe('TOML key positions', () => {
  it('follows headers, dotted keys and quoted keys', () => {
    const text = [
      '[server."http.main"]', // 1
      'host.name = "a"', // 2
      "'literal key' = 1", // 3
      '"esc\\u0041pe" = 2', // 4
      '[ spaced . table ]', // 5
      'k = 3', // 6
    ].join('\n');
    assert.deepEqual(lineAndColumn(text, ['server', 'http.main']), [1, 9]);
    assert.deepEqual(lineAndColumn(text, ['server', 'http.main', 'host', 'name']), [2, 6]);
    assert.deepEqual(lineAndColumn(text, ['server', 'http.main', 'literal key']), [3, 1]);
    assert.deepEqual(lineAndColumn(text, ['server', 'http.main', 'escApe']), [4, 1]);
    assert.deepEqual(lineAndColumn(text, ['spaced', 'table', 'k']), [6, 1]);
  });

  it('is not fooled by brackets, quotes and equals signs inside strings and comments', () => {
    const text = [
      'a = "x = [1, 2] # not a comment"', // 1
      'b = """', // 2
      '[not.a.header]', // 3
      'c = "quoted \\"""" # content ends with a quote', // 4
      "d = '''['''''", // 5
      'e = 1 # [also.not] = 2', // 6
    ].join('\n');
    assert.deepEqual(lineAndColumn(text, ['b']), [2, 1]);
    assert.equal(lineAndColumn(text, ['not']), undefined);
    assert.deepEqual(lineAndColumn(text, ['d']), [5, 1]);
    assert.deepEqual(lineAndColumn(text, ['e']), [6, 1]);
    assert.equal(lineAndColumn(text, ['also']), undefined);
  });

  it('numbers the elements of arrays of tables, also when nested', () => {
    const text = [
      '[[fruit]]', // 1
      'name = "apple"', // 2
      '[[fruit.variety]]', // 3
      'name = "red"', // 4
      '[[fruit]]', // 5
      'name = "banana"', // 6
      '[[fruit.variety]]', // 7
      'name = "plantain"', // 8
      '[fruit.physical]', // 9
      'color = "yellow"', // 10
    ].join('\n');
    assert.deepEqual(lineAndColumn(text, ['fruit', 1]), [5, 1]);
    assert.deepEqual(lineAndColumn(text, ['fruit', 0, 'variety', 0, 'name']), [4, 1]);
    assert.deepEqual(lineAndColumn(text, ['fruit', 1, 'variety', 0, 'name']), [8, 1]);
    assert.deepEqual(lineAndColumn(text, ['fruit', 1, 'physical', 'color']), [10, 1]);
  });

  it('walks inline tables and arrays that span lines, with comments and trailing commas', () => {
    const text = [
      'turns = [', // 1
      '  # first', // 2
      '  { content = "a" },', // 3
      '  { tool_call = {', // 4
      '      id = "c",', // 5
      '      arguments = { list = [1, [2, 3]], }, # trailing', // 6
      '    },', // 7
      '  },', // 8
      ']', // 9
      'after = 1', // 10
    ].join('\n');
    assert.deepEqual(lineAndColumn(text, ['turns', 0, 'content']), [3, 5]);
    assert.deepEqual(lineAndColumn(text, ['turns', 1]), [4, 3]);
    assert.deepEqual(lineAndColumn(text, ['turns', 1, 'tool_call', 'id']), [5, 7]);
    assert.deepEqual(lineAndColumn(text, ['turns', 1, 'tool_call', 'arguments', 'list', 1, 1]), [6, 36]);
    assert.deepEqual(lineAndColumn(text, ['after']), [10, 1]);
  });

  it('records where a table was first opened', () => {
    const text = '[a.b]\nx = 1\n[a]\ny = 2\n';
    assert.deepEqual(lineAndColumn(text, ['a']), [1, 2]);
    assert.deepEqual(lineAndColumn(text, ['a', 'y']), [4, 1]);
  });
});
