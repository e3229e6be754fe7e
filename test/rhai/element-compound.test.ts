// `a[i] op= v`, `a[i][j] op= v` and `a.p op= v` on a plain local take their own path
// (compileShallowCompound);
// a captured `a` still takes the general updater chain. Each script runs both ways, the captured
// one by adding a closure that captures `a`, and the outcomes (values, errors with positions, with
// and without size limits) must be equal.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';

/** Line 1 declares the variables; the updates follow on later lines. */
const CASES: Record<string, string> = {
  'INT and FLOAT matrices': `let a = [[1, 2], [3, 4]]; let f = [[0.5, 1.5], [2.0, 3.0]];
    for i in 0..2 { for j in 0..2 { a[i][j] += i * 10 + j; a[i][j] *= 2; f[i][j] += a[j][i] * 0.5; f[j][i] -= 1; } }
    [a, f]`,
  'every compound operator on one level': `let a = [100, 7.5, "s", [1], 9, 2, 3, 12];
    a[0] -= 1; a[1] *= 2; a[2] += "t"; a[3] += [2]; a[4] %= 4; a[5] **= 5; a[6] <<= 2; a[7] /= 5; a`,
  'negative indexes': `let a = [[1, 2, 3], [4, 5, 6]];
    a[-1][-1] += 10; a[0][-3] -= 1; a`,
  'maps and strings inside arrays, and arrays inside maps': `let a = [#{x: 1}, "ab"]; let m = #{k: [1, 2]};
    a[0]["x"] += 5; a[1][0] = 'z'; m["k"][1] += 3; m["k"][0] -= 1; [a, m]`,
  'indexes evaluated once, outermost first': `let a = [[0, 0], [0, 0]];
    let log = []; let i = || { log.push("i"); 1 }; let j = || { log.push("j"); 0 }; let v = || { log.push("v"); 7 };
    a[i.call()][j.call()] += v.call(); [a, log]`,
  'an index out of bounds, inner and outer': `let a = [[1], [2]];
    a[0][1] += 1;`,
  'an outer index out of bounds': `let a = [[1], [2]];
    a[2][0] += 1;`,
  'an index of the wrong type': `let a = [[1]];
    a[0]["x"] += 1;`,
  'an operator that does not apply': `let a = [[1]];
    a[0][0] += true;`,
  overflow: `let a = [[9223372036854775807]];
    a[0][0] += 1;`,
  'a row that is not an array': `let a = [1];
    a[0][0] += 1;`,
  'growing an element past the array size limit': `let a = [[[]]];
    for i in 0..100 { a[0][0] += [i, i]; } a[0][0].len()`,
  'properties of a local map': `let m = #{n: 1, s: "a", l: [1], f: 0.5, inner: #{k: 2}};
    m.n += 4; m.s += "b"; m.l += [2]; m.f *= 3.0; m.n -= 1; m.inner["k"] *= 5; m`,
  'a missing property': `let m = #{n: 1};
    m.z += 1;`,
  'a property of something not a map': `let m = [1];
    m.z += 1;`,
  'a property growing past the map and array limits': `let m = #{l: []};
    for i in 0..200 { m.l += [i]; } m.l.len()`,
  'a string element past the string size limit': `let a = [["x"]];
    for i in 0..100 { a[0][0] += "abcdefghij"; } a[0][0].len()`,
};

function outcome(src: string, limited: boolean): string {
  const engine = new Engine();
  if (limited) Object.assign(engine.limits, { maxArraySize: 150, maxStringSize: 600 });
  try {
    return `ok ${debugValue(engine.eval(src))}`;
  } catch (e) {
    if (!(e instanceof RhaiError)) throw e;
    return `${e.kind} at ${e.pos.line}:${e.pos.col}: ${e.message}`;
  }
}

/**
 * The same script with its variables captured by a closure, so they take the updater chain: the
 * closures go at the end of line 1, where they move no position of the updates.
 */
function captured(src: string): string {
  const [first, ...rest] = src.split('\n');
  const names = [...first!.matchAll(/let (\w+) =/g)].map((m) => m[1]!);
  return [`${first} ${names.map((n) => `let keep_${n} = || ${n};`).join(' ')}`, ...rest].join('\n');
}

describe('compound assignment to an element or a property of a local', () => {
  for (const [name, src] of Object.entries(CASES)) {
    it(`agrees with the general updater: ${name}`, () => {
      assert.notEqual(captured(src), src);
      for (const limited of [false, true]) {
        assert.equal(
          outcome(src, limited),
          outcome(captured(src), limited),
          `${limited ? 'limited' : 'unlimited'}: ${src}`,
        );
      }
    });
  }

  it('this.p op= v in a map method', () => {
    const counter = 'let c = #{n: 0, inc: || { this.n += 2; this.n *= 3; this.n }}; c.inc(); [c.inc(), c.n]';
    assert.equal(outcome(counter, false), 'ok [24, 24]');
    assert.match(outcome('const c = #{n: 0, inc: || { this.n += 1; }}; c.inc()', false), /^ErrorInFunctionCall/);
    assert.match(outcome('fn f() { this.n += 1; } f()', false), /^ErrorInFunctionCall at 1:25: .*'this' is not bound/);
    assert.match(outcome('fn f() { this.n += 1; } 5.f()', false), /Unknown property 'n'/);
  });

  it('computes the matrix', () => {
    assert.equal(outcome('let c = [[0, 0]]; c[0][1] += 4; c[0][1] *= 3; c', false), 'ok [[0, 12]]');
  });
});
