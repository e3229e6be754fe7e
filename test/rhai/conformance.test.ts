import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evalRhai } from '../../main/rhai/conformance.ts';

describe('conformance adapter', () => {
  it('returns typed values', () => {
    assert.deepEqual(evalRhai('40 + 2'), { ok: true, type: 'int', value: 42n });
    assert.deepEqual(evalRhai('1.5'), { ok: true, type: 'float', value: 1.5 });
    assert.deepEqual(evalRhai("'x'"), { ok: true, type: 'char', value: 'x' });
    assert.deepEqual(evalRhai('()'), { ok: true, type: 'unit', value: null });
    assert.deepEqual(evalRhai('[1, "a", #{k: true}]'), {
      ok: true,
      type: 'array',
      value: [
        { type: 'int', value: 1n },
        { type: 'string', value: 'a' },
        { type: 'map', value: { k: { type: 'bool', value: true } } },
      ],
    });
    assert.deepEqual(evalRhai('blob(2, 7)'), { ok: true, type: 'blob', value: [7, 7] });
    assert.deepEqual(evalRhai('1..3'), { ok: true, type: 'range', value: '1..3' });
    assert.deepEqual(evalRhai('print("hi"); 1'), { ok: true, type: 'int', value: 1n, printed: ['hi'] });
  });

  it('reports failures with kinds, parse errors and thrown values', () => {
    const parse = evalRhai('let x = ;');
    assert.equal(parse.ok, false);
    assert.equal(!parse.ok && parse.kind, 'ErrorParsing');
    assert.equal(!parse.ok && parse.parseError, 'BadInput');
    const thrown = evalRhai('fn f() { throw [1]; } f()');
    assert.equal(!thrown.ok && thrown.kind, 'ErrorInFunctionCall');
    assert.deepEqual(!thrown.ok && thrown.thrown, { type: 'array', value: [{ type: 'int', value: 1n }] });
  });

  it('supports every mode', () => {
    assert.deepEqual(evalRhai('1 + 1', { mode: 'expression' }), { ok: true, type: 'int', value: 2n });
    assert.equal(evalRhai('let x = 1; x', { mode: 'expression' }).ok, false);
    assert.deepEqual(evalRhai('print("x"); 5', { mode: 'run' }), {
      ok: true,
      type: 'unit',
      value: null,
      printed: ['x'],
    });
    assert.deepEqual(evalRhai('loop {}', { mode: 'compile' }), { ok: true, type: 'unit', value: null });
  });

  it('applies upstream-named settings', () => {
    const ops = evalRhai('loop {}', { config: { maxOperations: 100 } });
    assert.equal(!ops.ok && ops.kind, 'ErrorTooManyOperations');
    const strict = evalRhai('x', { config: { strictVariables: true } });
    assert.equal(!strict.ok && strict.parseError, 'VariableUndefined');
    const depth = evalRhai('((((1))))', { config: { maxExprDepths: [3, 3] } });
    assert.equal(!depth.ok && depth.parseError, 'ExprTooDeep');
    const disabled = evalRhai('if true { 1 }', { config: { disabledSymbols: ['if'] } });
    assert.equal(!disabled.ok && disabled.kind, 'ErrorParsing');
    assert.deepEqual(evalRhai('1', { config: { optimizationLevel: 'full', fastOperators: true } }), {
      ok: true,
      type: 'int',
      value: 1n,
    });
  });

  it('rejects settings it cannot honour', () => {
    const r = evalRhai('1', { config: { noSuchThing: 1 } as never });
    assert.deepEqual(r.ok === false && r.kind, 'Unsupported');
  });
});
