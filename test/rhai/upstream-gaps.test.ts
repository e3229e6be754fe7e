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

describe('a lone _', () => {
  it('is no name, though it stays the default arm of a switch', () => {
    assert.equal(parseError('let _ = 1;'), 'VariableExpected');
    assert.equal(parseError('for _ in 0..2 {}'), 'VariableExpected');
    assert.equal(parseError('fn f(_) { 1 }'), 'VariableExpected');
    assert.equal(parseError('let f = |_| 1;'), 'VariableExpected');
    assert.equal(parseError('let x = _;'), 'BadInput');
    assert.equal(value('switch 3 { 1 => 1, _ => 9 }'), 9n);
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

describe('switch', () => {
  it('breaks out of the loop from an arm', () => {
    const r = evalRhai('let r = []; for i in 0..5 { switch i { 2 => break, _ => r.push(i) } } r');
    assert.deepEqual(r.ok && r.value, [
      { type: 'int', value: 0n },
      { type: 'int', value: 1n },
    ]);
  });
});

describe('index_of in all its forms', () => {
  it('strings, by string or char, from a start position', () => {
    assert.equal(value('"hello".index_of("l", 3)'), 3n);
    assert.equal(value('"héllo".index_of(\'l\', -2)'), 3n);
    assert.equal(value('"abc".index_of("a", -5)'), 0n);
    assert.equal(value('"abc".index_of("", 3)'), -1n);
    assert.equal(value('"".index_of("")'), -1n);
  });

  it('arrays, by value, predicate or function name, from a start position', () => {
    assert.equal(value('[1, 2, 3, 2].index_of(2, 2)'), 3n);
    assert.equal(value('[1, 2, 3, 2].index_of(2, -1)'), 3n);
    assert.equal(value('[1, 2, 3, 2].index_of(2, 9)'), -1n);
    assert.equal(value('[1, 2, 3, 2].index_of(|x| x == 2, 2)'), 3n);
    assert.equal(value('fn is_two(x) { x == 2 } [1, 2, 3, 2].index_of(Fn("is_two"), 2)'), 3n);
    assert.equal(value('fn big(x) { x > 2 } [1, 2, 3, 2].index_of("big")'), 2n);
    assert.equal(value('fn at(x, i) { i == 3 } [1, 2, 3, 2].index_of("at", 1)'), 3n);
  });
});

describe('float comparison', () => {
  it('treats values closer than epsilon as equal, as the Rhai book describes', () => {
    assert.equal(value('0.1 + 0.2 == 0.3'), true);
    assert.equal(value('0.1 + 0.2 > 0.3'), false);
    assert.equal(value('1e-16 > 0'), false);
    assert.equal(value('1e-16 == 0'), true);
    assert.equal(value('1e-15 > 0'), true);
    assert.equal(value('1e-28 > 1e-29'), true);
    assert.equal(value('0.00000000000000000001 < 0.000000000000000000010000000000000001'), false);
    assert.equal(value('0.00000000000000000001 < 0.00000000000000000001000000000000001'), true);
    assert.equal(value('1.0 / 0.0 == 1.0 / 0.0'), true);
  });
});

describe('switch on a float', () => {
  it('matches integer range cases by value', () => {
    assert.equal(value('switch 1.5 { 1 => "one", 0..2 => "range", _ => "other" }'), 'range');
    assert.equal(value('switch 2.0 { 0..2 => "range", _ => "other" }'), 'other');
    assert.equal(value('switch 2.0 { 0..=2 => "range", _ => "other" }'), 'range');
  });
});

describe('function pointers and typed methods', () => {
  it('Fn(()) is a type error', () => {
    const r = evalRhai('Fn(())');
    assert.equal(!r.ok && r.kind, 'ErrorMismatchDataType');
  });

  it('a typed method applies to its type only', () => {
    assert.equal(value('fn int.calc(x) { this + x } 1.calc(2)'), 3n);
    assert.equal(value('fn float.half() { this / 2.0 } 3.0.half()'), 1.5);
    assert.equal(value('fn "string".twice() { this + this } "ab".twice()'), 'abab');
    const r = evalRhai('fn int.calc(x) { this + x } "a".calc(2)');
    assert.equal(!r.ok && r.kind, 'ErrorFunctionNotFound');
    const call = evalRhai('fn int.calc(x) { this + x } calc(1, 2)');
    assert.equal(!call.ok && call.kind, 'ErrorFunctionNotFound');
    const both = evalRhai('fn int.calc(x) { this + x } fn calc(x) { x * 10 } [1.calc(2), "a".calc(2)]');
    assert.deepEqual(both.ok && both.value, [
      { type: 'int', value: 3n },
      { type: 'int', value: 20n },
    ]);
  });
});

describe('the conformance adapter', () => {
  it('returns debug output with the printed lines', () => {
    assert.deepEqual(evalRhai('print("a"); debug("b"); 1').printed, ['a', '"b"']);
  });

  it("accepts upstream's spelling of optimization levels", () => {
    for (const level of ['None', 'Simple', 'Full', 'none', 'simple', 'full'] as const) {
      assert.equal(value('1 + 1', { optimizationLevel: level }), 2n);
    }
    const bad = evalRhai('1', { config: { optimizationLevel: 'Fast' as never } });
    assert.equal(!bad.ok && bad.kind, 'Unsupported');
  });
});

describe('?. and ?[ after ()', () => {
  it('end the whole chain with ()', () => {
    for (const script of [
      'let a = (); a?.b.c',
      'let a = (); a?.len().x',
      'let a = (); a?.b[0]',
      'let a = (); a?[0].x',
    ]) {
      assert.deepEqual(evalRhai(script), { ok: true, type: 'unit', value: null }, script);
    }
    assert.equal(value('let a = #{b: #{c: 5}}; a?.b.c'), 5n);
    assert.deepEqual(evalRhai('let a = (); a?.b.c = 5; a'), { ok: true, type: 'unit', value: null });
  });

  it('do not hide an error later in the chain of a value that is not ()', () => {
    const r = evalRhai('let a = #{b: ()}; a?.b.c');
    assert.equal(!r.ok && r.kind, 'ErrorDotExpr');
  });
});

function failure(script: string): { kind: string; inner?: string } {
  const r = evalRhai(script);
  assert.equal(r.ok, false, `expected a failure: ${script}`);
  return r.ok ? { kind: '' } : { kind: r.kind, inner: r.error };
}

describe('a captured variable borrowed by a method call', () => {
  it('is a data race when a closure the native calls back reaches it (tests/closures.rs)', () => {
    assert.equal(value('let a = 1; let b = 40; let foo = |x| { this += a + x }; b.call(foo, 1); b'), 42n);
    assert.match(failure('let a = [1, 2]; a.filter(|v| { a.push(v); true })').inner ?? '', /Data race/);
  });

  it('is not borrowed yet while the arguments are evaluated', () => {
    const r = evalRhai('let x = [1]; let f = || { x = [7]; 2 }; x.push(f.call()); x');
    assert.deepEqual(r.ok && r.value, [
      { type: 'int', value: 7n },
      { type: 'int', value: 2n },
    ]);
  });
});

describe('eval and call!', () => {
  it("call! runs the function in the caller's scope", () => {
    assert.equal(value('fn add(n) { x += n; x } let x = 1; let fp = Fn("add"); call!(fp, 5) + x'), 12n);
    assert.equal(value('fn add(a, n) { x += a + n } let x = 1; call!(Fn("add").curry(10), 5); x'), 16n);
    assert.equal(failure('fn add(n) { x += n } let x = 1; call(Fn("add"), 5); x').kind, 'ErrorInFunctionCall');
  });
});

describe('function-call style on a variable, as upstream make_function_call', () => {
  it('evaluates the other arguments before reaching the variable', () => {
    assert.equal(value('fn g(a, b) { a + b } let x = 1; let h = || { x = 10; 2 }; g(x, h.call())'), 12n);
    assert.equal(value('let x = [1]; let f = || { x = [5]; 5 }; contains(x, f.call())'), true);
  });

  it('passes a captured (shared) variable as a copy', () => {
    const r = evalRhai('let a = [1]; let f = || a; push(a, 2); a');
    assert.deepEqual(r.ok && r.value, [{ type: 'int', value: 1n }]);
    assert.equal(value('let a = [1]; let f = || a; a.push(2); a.len()'), 2n);
  });
});
