// check() compiles without running; failed runs report the thrown value and where it was thrown.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { engineFixture, type EngineFixture } from './js-engine-fixture.ts';

let brain: EngineFixture;
before(async () => {
  brain = await engineFixture();
});
after(() => brain.engine.dispose());

describe('check', () => {
  it('accepts a valid script without running it', () => {
    assert.deepEqual(brain.engine.check('omw.host.log("info", "x"); print("x"); null.boom', 'brain.js'), { ok: true });
    assert.deepEqual(brain.calls, []);
    assert.deepEqual(brain.printed, []);
  });

  it('reports a syntax error with its position', () => {
    assert.deepEqual(brain.engine.check('let a = 1;\nlet b = (;\n', 'brain.js'), {
      ok: false,
      error: "SyntaxError: unexpected token in expression: ';'",
      line: 2,
      column: 10,
    });
    const unterminated = brain.engine.check('const s = "open', 'other.js');
    assert.equal(unterminated.ok, false);
    assert.equal(!unterminated.ok && unterminated.line, 1);
  });

  it('rejects module syntax, as omw runs brains as global scripts', () => {
    const result = brain.engine.check('import x from "y";', 'brain.js');
    assert.equal(result.ok, false);
  });
});

// QuickJS places a call at its opening parenthesis; an Error's position is where it was created.
describe('run failures', () => {
  it('report the error text and the position where it was thrown', () => {
    assert.deepEqual(brain.run('let a = 1;\n\nundefinedFunction()'), {
      ok: false,
      error: "ReferenceError: 'undefinedFunction' is not defined",
      line: 3,
      column: 1,
    });
    assert.deepEqual(brain.run('const x = 1;\nx()'), {
      ok: false,
      error: 'TypeError: not a function',
      line: 2,
      column: 2,
    });
  });

  it('point into the function that threw, not the call site', () => {
    assert.deepEqual(brain.run('function inner() {\n  throw new RangeError("too far");\n}\ninner();'), {
      ok: false,
      error: 'RangeError: too far',
      line: 2,
      column: 23,
    });
  });

  it('report thrown non-errors as text, without a position', () => {
    assert.deepEqual(brain.run('throw "plain"'), { ok: false, error: 'plain' });
    assert.deepEqual(brain.run('throw { code: 7 }'), { ok: false, error: '{"code":7}' });
  });

  it('leave the engine usable', () => {
    assert.deepEqual(brain.run('"fine"'), { ok: true, outcome: { exited: 'fine' } });
  });

  it('start every iteration in a fresh context', () => {
    brain.run('globalThis.leftover = 1; Array.prototype.extra = 2;');
    assert.deepEqual(brain.run('[typeof leftover, typeof [].extra]'), {
      ok: true,
      outcome: { exited: '["undefined","undefined"]' },
    });
  });
});
