// omw's terminal message rule: the script's completion value decides the iteration's outcome.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { engineFixture, type EngineFixture } from './js-engine-fixture.ts';

let brain: EngineFixture;
before(async () => {
  brain = await engineFixture();
});
after(() => brain.engine.dispose());

const completed = { ok: true, outcome: 'completed' };
const exited = (message: string) => ({ ok: true, outcome: { exited: message } });

describe('terminal message rule', () => {
  it('completes on undefined and null', () => {
    assert.deepEqual(brain.run(''), completed);
    assert.deepEqual(brain.run('let a = 1; a = undefined'), completed);
    assert.deepEqual(brain.run('null'), completed);
    assert.deepEqual(brain.run('omw.host.log("info", "bye")'), completed);
  });

  it('exits with a string as it is', () => {
    assert.deepEqual(brain.run('"done"'), exited('done'));
    assert.deepEqual(brain.run('`a ${1 + 1}`'), exited('a 2'));
  });

  it('exits with compact JSON for anything else', () => {
    assert.deepEqual(brain.run('1 + 2'), exited('3'));
    assert.deepEqual(brain.run('true'), exited('true'));
    assert.deepEqual(brain.run('[1, "a", null]'), exited('[1,"a",null]'));
    assert.deepEqual(brain.run('({ a: { b: [1] }, skipped: undefined })'), exited('{"a":{"b":[1]}}'));
  });

  it('uses the completion value as eval does: trailing declarations do not reset it', () => {
    assert.deepEqual(brain.run('"done";\nlet after = 1;'), exited('done'));
    assert.deepEqual(brain.run('"done"; const c = 2; function f() {} class K {}'), exited('done'));
    assert.deepEqual(brain.run('if (true) { "from block" }'), exited('from block'));
    assert.deepEqual(brain.run('let x = 5;'), completed);
  });

  it('runs pending promise jobs after the script', () => {
    const before = brain.calls.length;
    assert.deepEqual(
      brain.run('Promise.resolve("later").then((m) => omw.host.log("info", m)); "sync"'),
      exited('sync'),
    );
    assert.deepEqual(brain.calls.slice(before), [{ op: 'host.log', args: ['info', 'later'] }]);
  });

  it('fails when the completion value has no JSON text', () => {
    assert.deepEqual(brain.run('(function f() {})'), {
      ok: false,
      error: "the brain's completion value (a function) has no JSON form",
    });
    assert.deepEqual(brain.run('const o = {}; o.self = o; o'), {
      ok: false,
      error: "the brain's completion value cannot be converted to JSON: circular reference",
    });
  });
});
