import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const DEEP = 100_000;
const NESTING = /: expected tables and lists nested at most 128 deep$/;

/** The ConfigError loading `contents` from a file called `name` gives, checked to name that file. */
function errorLoading(name: string, contents: string) {
  const dir = fixtureDir({ [name]: contents });
  const error = configErrorOf(() => loadConfig(join(dir, name), { env: {} }));
  assert.equal(error.file, join(dir, name));
  return error;
}

/** Nine lists, each of nine aliases to the one before: a billion "lol"s once expanded. */
function billionLaughs(): string {
  const lines = ['memory:', '  alice:', '    l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level < 9; level++) {
    lines.push(
      `    l${level}: &l${level} [${Array(9)
        .fill(`*l${level - 1}`)
        .join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('hostile YAML aliases', () => {
  it('reports an alias inside the value it names as a cycle, at the alias', () => {
    const error = errorLoading('omw.yaml', 'a: &a [*a]\n');
    assert.deepEqual([error.line, error.column], [1, 8]);
    assert.match(error.message, /omw\.yaml:1:8: alias \*a stands for the value that contains it \(&a\), a cycle$/);
  });

  it('finds the cycle through nested tables too', () => {
    const error = errorLoading('omw.yaml', 'memory:\n  alice: &loop\n    again:\n      - *loop\n');
    assert.deepEqual([error.line, error.column], [4, 9]);
    assert.match(error.problem, /alias \*loop .* a cycle/);
  });

  it('stops an alias bomb at the alias that crosses the budget', () => {
    const error = errorLoading('omw.yaml', billionLaughs());
    // l0..l4 hold 10, 91, 820, 7,381 and 66,430 values; the aliases in l1..l4 stand for 74,718 of
    // them, so the first alias in l5 passes 100,000.
    assert.deepEqual([error.line, error.column], [8, 14]);
    assert.match(error.message, /aliases stand for more than 100000 values in all \(an alias bomb\?\)$/);
  });

  it('refuses an alias to an anchor that comes later', () => {
    const error = errorLoading('omw.yaml', 'a: *later\nb: &later 1\n');
    assert.deepEqual([error.line, error.column], [1, 4]);
    assert.equal(error.problem, 'alias *later has no anchor &later before it');
  });
});

describe('nesting deeper than 128 tables and lists', () => {
  // Each case nests DEEP levels; the error points at the first one past the limit.
  const cases: { name: string; file: string; text: string; column: number }[] = [
    { name: 'JSON lists', file: 'omw.json', text: '['.repeat(DEEP) + ']'.repeat(DEEP), column: 129 },
    { name: 'JSON tables', file: 'omw.json', text: '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), column: 641 },
    { name: 'YAML flow lists', file: 'omw.yaml', text: `a: ${'['.repeat(DEEP)}${']'.repeat(DEEP)}\n`, column: 131 },
    {
      name: 'YAML flow tables',
      file: 'omw.yaml',
      text: `a: ${'{b: '.repeat(DEEP)}1${'}'.repeat(DEEP)}\n`,
      column: 512,
    },
    { name: 'YAML block lists', file: 'omw.yaml', text: `${'- '.repeat(DEEP)}x\n`, column: 257 },
    { name: 'TOML arrays', file: 'omw.toml', text: `a = ${'['.repeat(DEEP)}${']'.repeat(DEEP)}\n`, column: 132 },
    {
      name: 'TOML inline tables',
      file: 'omw.toml',
      text: `a = ${'{b = '.repeat(DEEP)}1${'}'.repeat(DEEP)}\n`,
      column: 640,
    },
    { name: 'TOML dotted keys', file: 'omw.toml', text: `${Array(DEEP).fill('a').join('.')} = 1\n`, column: 255 },
    { name: 'TOML table headers', file: 'omw.toml', text: `[${Array(DEEP).fill('a').join('.')}]\n`, column: 256 },
  ];
  for (const { name, file, text, column } of cases) {
    it(`refuses ${name} nested ${DEEP} deep with the position of level 129`, () => {
      const error = errorLoading(file, text);
      assert.deepEqual([error.line, error.column], [1, column]);
      assert.match(error.message, NESTING);
    });
  }

  it('draws the line between 128 levels and 129, the document itself being the first', () => {
    const nested = (lists: number) => `{"memory": {"alice": {"deep": ${'['.repeat(lists)}${']'.repeat(lists)}}}}`;
    const dir = fixtureDir({ 'omw.json': nested(125) });
    assert.equal(loadConfig(join(dir, 'omw.json'), { env: {} }).memory['alice']?.['deep']?.length, 250);

    const error = errorLoading('omw.json', nested(126));
    assert.deepEqual([error.line, error.column], [1, nested(126).lastIndexOf('[') + 1]);
  });
});
