// The other way: JSON from the host nested deeper than an engine can build (a stored memory value,
// a tool's result) reaches the brain as its text, as JSON that does not parse does, instead of
// failing the iteration inside Brainbench. (Python parses it whole on an engine thread's stack.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineFixture as jsFixture } from './js/js-engine-fixture.ts';
import { engineFixture as rhaiFixture } from './rhai/rhai-engine-fixture.ts';

const DEEP = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
const table = { 'host.memory-get': () => DEEP };

test('js: memoryGetAs of a 20,000-deep value gives its text', async () => {
  const fx = await jsFixture(table);
  assert.equal(fx.exitOf('const v = omw.host.memoryGetAs("k");\n`${typeof v} ${v.length}`;'), `string ${DEEP.length}`);
});

test('rhai: memory_get_as of a 20,000-deep value gives its text', async () => {
  const fx = await rhaiFixture(table);
  assert.equal(
    fx.exitOf('let v = omw::host::memory_get_as("k");\n`${type_of(v)} ${v.len()}`'),
    `string ${DEEP.length}`,
  );
});
