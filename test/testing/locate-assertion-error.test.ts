// The data paths an AssertionParseError names read back as the key paths the config locates.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indexPath, keyPath } from '../../main/assertions/data-path.ts';
import { dataPathSegments } from '../../main/testing/locate-assertion-error.ts';

test('a data path spelled by data-path.ts reads back as its keys and indexes', () => {
  const path = keyPath(indexPath(keyPath(keyPath(keyPath('', 'assertions'), 'alice'), 'events'), 2), 'a "b".c');
  assert.equal(path, 'assertions.alice.events[2]["a \\"b\\".c"]');
  assert.deepEqual(dataPathSegments(path), ['assertions', 'alice', 'events', 2, 'a "b".c']);
});

test('text that is not a data path reads as none', () => {
  assert.equal(dataPathSegments('assertions alice'), undefined);
  assert.equal(dataPathSegments('events[x]'), undefined);
});
