import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { engineFixture, type EngineFixture } from './js-engine-fixture.ts';

let brain: EngineFixture;
before(async () => {
  brain = await engineFixture();
});
after(() => brain.engine.dispose());

describe('print and console', () => {
  it('hands every console method and print to options.print', () => {
    brain.printed.length = 0;
    brain.run(
      'print("p"); console.log("l"); console.info("i"); console.warn("w"); console.error("e"); console.debug("d")',
    );
    assert.deepEqual(brain.printed, ['p', 'l', 'i', 'w', 'e', 'd']);
  });

  it('joins arguments with spaces: strings raw, errors as Name: message, objects as JSON', () => {
    brain.printed.length = 0;
    brain.run('console.log("n", 1, true, null, undefined, {a: [1]}, ["x"], new TypeError("bad"), 2n)');
    assert.deepEqual(brain.printed, ['n 1 true null undefined {"a":[1]} ["x"] TypeError: bad 2']);
  });

  it('returns undefined so a trailing print completes the iteration', () => {
    assert.deepEqual(brain.run('print("last")'), { ok: true, outcome: 'completed' });
  });
});
