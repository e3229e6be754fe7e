// A component file that cannot be used says which file, and for `.wat` source where in it.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { guest, wasmFixture } from './wasm-engine-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'brainbench-bad-components-'));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

test('a .wat that does not assemble is an error at its line and column, in words', async () => {
  const cases: [string, RegExp][] = [
    ['(component\n  (core module\n    (func (i32.frobnicate))))\n', /:3:12: unknown operator or unexpected token$/],
    ['(component\n  (core module $x \u0001))\n', /:2:19: unexpected '\\u\{1\}'$/],
    ['(component\n  (core module\n', /:3:1: expected `\)`$/],
    ['(component)\n(extra)\n', /:2:1: extra tokens remaining after parse$/],
  ];
  for (const [i, [source, expected]] of cases.entries()) {
    const path = file(`bad-${i}.wat`, source);
    const result = await wasmFixture().check(path);
    assert.equal(result.ok, false);
    const error = result.ok ? '' : result.error;
    assert.ok(error.startsWith(`${path}:`), error);
    assert.match(error, expected);
    assert.doesNotMatch(error, /ErrorInner|Span \{/, 'no debug dump');
  }
});

test('a truncated component names its file', async () => {
  const path = file('truncated.wasm', readFileSync(guest('noop')).subarray(0, 300));
  const result = await wasmFixture().check(path);
  assert.deepEqual(result.ok, false);
  assert.match(
    result.ok ? '' : result.error,
    new RegExp(`^${path.replaceAll('/', '\\/')} is not a valid component: .*end-of-file`),
  );
});
