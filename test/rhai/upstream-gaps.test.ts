// Points where Brainbench's Rhai differed from upstream 1.26's native engine (issue 13), one
// group per point. Each expectation follows upstream's source (tokenizer.rs, parser.rs,
// packages/*.rs, eval/*.rs).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evalRhai, type ConformanceConfig } from '../../main/rhai/conformance.ts';

function parseError(script: string, config: ConformanceConfig = {}): string | undefined {
  const r = evalRhai(script, { config });
  assert.equal(r.ok, false, `expected a failure: ${script}`);
  return r.ok ? undefined : r.parseError;
}

function value(script: string, config: ConformanceConfig = {}): unknown {
  const r = evalRhai(script, { config });
  assert.ok(r.ok, `${script}: ${r.ok ? '' : r.error}`);
  return r.value;
}

describe('literals over the size limits are LiteralTooLarge', () => {
  it('strings and backtick strings, each text part of an interpolation', () => {
    assert.equal(parseError('"abcdef"', { maxStringSize: 3 }), 'LiteralTooLarge');
    assert.equal(parseError('`abcdef`', { maxStringSize: 3 }), 'LiteralTooLarge');
    assert.equal(parseError('`ab${1}cdef`', { maxStringSize: 3 }), 'LiteralTooLarge');
    assert.equal(value('`ab${"cd" + "efg"}`', { maxStringSize: 7 }), 'abcdefg');
  });

  it('arrays, checked before each item and before the closing bracket', () => {
    assert.equal(parseError('[1, 2, 3, 4]', { maxArraySize: 3 }), 'LiteralTooLarge');
    assert.equal(parseError('[1, 2, 3]', { maxArraySize: 3 }), 'LiteralTooLarge');
    assert.equal((value('[1, 2]', { maxArraySize: 3 }) as unknown[]).length, 2);
  });

  it('maps, checked before each value', () => {
    assert.equal(parseError('#{a: 1, b: 2, c: 3, d: 4}', { maxMapSize: 3 }), 'LiteralTooLarge');
    assert.deepEqual(Object.keys(value('#{a: 1, b: 2, c: 3}', { maxMapSize: 3 }) as object), ['a', 'b', 'c']);
  });
});

describe('disabled and reserved symbols', () => {
  it('a disabled keyword used as a name is Reserved', () => {
    assert.equal(parseError('let if = 1;', { disabledSymbols: ['if'] }), 'Reserved');
    assert.equal(parseError('if true { 1 }', { disabledSymbols: ['if'] }), 'Reserved');
  });

  it('a disabled operator is UnknownOperator', () => {
    assert.equal(parseError('1 + 2', { disabledSymbols: ['+'] }), 'UnknownOperator');
    assert.equal(parseError('let x = 1; x += 2;', { disabledSymbols: ['+='] }), 'UnknownOperator');
  });

  it('rejects -- and ++ as upstream does', () => {
    assert.equal(parseError('--1'), 'Reserved');
    assert.equal(parseError('let x = 1; x--'), 'UnknownOperator');
    assert.equal(parseError('let x = 1; x++'), 'UnknownOperator');
    assert.equal(value('- -1'), 1n);
  });
});

describe('identifiers with leading underscores', () => {
  it('need a letter before any digit', () => {
    assert.equal(value('let _x = 1; let __y2 = 2; _x + __y2'), 3n);
    assert.equal(parseError('let _1 = 5;'), 'BadInput');
    assert.equal(parseError('let __ = 5;'), 'BadInput');
  });
});

describe('a doubled quote inside a string literal', () => {
  it('is one quote', () => {
    assert.equal(value('"a""b"'), 'a"b');
    assert.equal(value('""""'), '"');
  });
});

describe('loop control as the right operand of ??', () => {
  it('break, continue and return end the statement they are in', () => {
    assert.equal(value('let r = loop { let x = () ?? break 42; }; r'), 42n);
    assert.equal(value('let n = 0; for i in [1, (), 3] { let x = i ?? continue; n += x; } n'), 4n);
    assert.deepEqual(evalRhai('fn f(x) { let y = x ?? return -1; y * 2 } [f(()), f(4)]'), {
      ok: true,
      type: 'array',
      value: [
        { type: 'int', value: -1n },
        { type: 'int', value: 8n },
      ],
    });
    const thrown = evalRhai('let x = () ?? throw "none"; x');
    assert.equal(!thrown.ok && thrown.kind, 'ErrorRuntime');
  });

  it('stops the rest of the expression', () => {
    assert.equal(value('let r = []; loop { r.push((() ?? break 1) + 1); } r.len()'), 0n);
  });
});

describe('try … catch is a statement', () => {
  it('is worth () when it catches, the try block when it does not', () => {
    assert.deepEqual(evalRhai('try { throw 1 } catch { 2 }'), { ok: true, type: 'unit', value: null });
    assert.equal(value('try { 1 } catch { 2 }'), 1n);
  });
});

describe('switch', () => {
  it('breaks out of the loop from an arm', () => {
    const r = evalRhai('let r = []; for i in 0..5 { switch i { 2 => break, _ => r.push(i) } } r');
    assert.deepEqual(r.ok && r.value, [
      { type: 'int', value: 0n },
      { type: 'int', value: 1n },
    ]);
  });
});
