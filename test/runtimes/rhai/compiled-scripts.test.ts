import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Engine } from '../../../main/rhai/language/engine.ts';
import { CompiledScripts } from '../../../main/runtimes/rhai/compiled-scripts.ts';

function countingCache(): { scripts: CompiledScripts; compiled: string[] } {
  const language = new Engine();
  const compiled: string[] = [];
  const scripts = new CompiledScripts((source) => {
    compiled.push(source);
    return language.compile(source);
  });
  return { scripts, compiled };
}

test('a source is compiled once and then served from the cache', () => {
  const { scripts, compiled } = countingCache();
  const first = scripts.get('1 + 1');
  assert.equal(scripts.get('1 + 1'), first);
  assert.deepEqual(compiled, ['1 + 1']);
});

test('the least recently used brains make room for new ones', () => {
  const { scripts, compiled } = countingCache();
  for (const n of [1, 2, 3, 4]) scripts.get(`${n}`);
  scripts.get('1');
  scripts.get('5');
  scripts.get('1');
  scripts.get('2');
  assert.deepEqual(compiled, ['1', '2', '3', '4', '5', '2']);
});

test('a source that does not compile is not cached', () => {
  const { scripts, compiled } = countingCache();
  assert.throws(() => scripts.get('let = ;'));
  assert.throws(() => scripts.get('let = ;'));
  assert.equal(compiled.length, 2);
});
