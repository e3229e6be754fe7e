import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { buildGuests } from '../../../scripts/build-guests.mjs';
import { guest } from './wasm-engine-fixture.ts';

test('the test command built every guest, so a second build finds nothing stale', async () => {
  const built = await buildGuests({ log: () => undefined });
  assert.deepEqual(built, []);
  for (const name of ['hello', 'ping-pong', 'tool-agent', 'line-interpreter', 'noop', 'host-calls', 'trap', 'spin']) {
    assert.ok(existsSync(guest(name)), name);
  }
});
