import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { Scope } from '../../main/rhai/language/types/scope.ts';
import { failKind, failure, show } from './helpers.ts';

describe('finer upstream semantics', () => {
  it('switch cases are constants: arrays, maps, ranges and alternatives', () => {
    assert.equal(show('switch [1, 2] { [1, 2] => "pair", _ => "no" }'), '"pair"');
    assert.equal(show('switch #{a: 1} { #{a: 1} => 1, _ => 2 }'), '1');
    assert.equal(show('let r = 1..5; switch r { 1..5 => true, _ => false }'), 'true');
    assert.equal(show('switch 42 { 42 => 1, 42 => 2 }'), '1');
    assert.equal(show('switch 5 { 0..10 if false => 1, 2..12 => 2, _ => 3 }'), '2');
    assert.equal(failure('switch 1 { 1..3 => 1, 5 => 2 }').parseError?.kind, 'WrongSwitchIntegerCase');
    assert.equal(failure('switch 1 { 1 => 1, _ if true => 2 }').parseError?.kind, 'WrongSwitchCaseCondition');
  });

  it('capturing calls see and update the caller variables', () => {
    assert.equal(show('fn f() { a + b } let a = 1; let b = 2; f!()'), '3');
    assert.equal(show('fn f(y) { x += y; x } let x = 41; f!(1) + x'), '84');
    assert.equal(failure('fn f() {} let x = 1; x.f!()').parseError?.kind, 'MalformedCapture');
  });

  it('slices strings with ranges, including open and negative ends', () => {
    assert.equal(
      show('let y = "hello"; [y[1..3], y[..2], y[2..], y[1..-1], y[1..=-1], y[2..-4]]'),
      '["el", "he", "llo", "ell", "ello", ""]',
    );
    assert.equal(show('let y = "hello"; y[1..3] = "iii"; y'), '"hiiilo"');
    assert.equal(show('`a $${b} $$5 ${1 + 1}`'), '"a ${b} $5 2"');
  });

  it('reads and writes bit fields', () => {
    assert.equal(show('let x = 10; [get_bits(x, 1, 3), x[1..=3]]'), '[5, 5]');
    assert.equal(show('let x = 10; set_bits(x, 1, 3, 7); x'), '14');
    assert.equal(failKind('let x = 10; x[1..99]'), 'ErrorBitFieldBounds');
    assert.equal(
      show('let x = 123456; [x.get_bit(5), x.get_bit(6), x.get_bit(-48), (-1).get_bit(63)]'),
      '[false, true, true, true]',
    );
    assert.equal(
      show('let x = 0; x.set_bit(3, true); x.set_bit(-1, true); x.set_bit(3, false); x'),
      '-9223372036854775808',
    );
    assert.equal(show('let x = 123456; [x.get_bits(5..10), x.get_bits(5..=10), x.get_bits(6, 5)]'), '[18, 18, 9]');
    assert.equal(show('let x = 0; x.set_bits(4..8, 15); let y = 0; y.set_bits(4..=5, 15); [x, y]'), '[240, 48]');
    assert.equal(failKind('let x = 1; x.get_bit(64)'), 'ErrorBitFieldBounds');
    assert.equal(failKind('let x = 1; x.set_bit(-65, true)'), 'ErrorBitFieldBounds');
  });

  it('binds this for zero-argument closures in array functions', () => {
    assert.equal(show('[1, 2].map(|| this * 10)'), '[10, 20]');
    assert.equal(show('let x = [1, 2, 3]; x.for_each(|i| this += i); x'), '[1, 3, 5]');
  });

  it('passes variables by reference to native functions through call()', () => {
    const engine = new Engine();
    engine.registerFn(
      'bump',
      ['i64', 'i64'],
      (args) => {
        args[0] = (args[0] as number) + (args[1] as number);
        return undefined;
      },
      { mutates: true },
    );
    assert.equal(show('let f = Fn("bump"); let x = 40; f.call(x, 2); x', engine), '40');
    assert.equal(show('let f = Fn("bump"); let x = 40; x.call(f, 2); x', engine), '42');
    assert.equal(show('let f = Fn("bump"); let x = 40; call(f, x, 2); x', engine), '42');
    assert.equal(show('fn foo(x) { x + 1 } let f = foo; call(f, 41)'), '42');
  });

  it('closures see host scope variables and report sharing', () => {
    assert.equal(show('let f = || x; f.call()', new Engine(), { scope: new Scope().push('x', 42) }), '42');
    assert.equal(show('let a = 1; let f = || a; [is_shared(a), a.is_shared()]'), '[true, true]');
  });

  it('re-throws the caught error with a bare throw', () => {
    assert.equal(failKind('try { 1 / 0; } catch { throw; }'), 'ErrorArithmetic');
  });

  it('rejects wrongly typed indexes into literals at parse time', () => {
    for (const src of ['[1, 2]["x"]', '#{a: 1}[1]', '#{a: 1}[true && false]']) {
      assert.equal(failure(src).parseError?.kind, 'MalformedIndexExpr', src);
    }
  });

  it('checks namespaces and bare function names in strict mode', () => {
    const engine = new Engine();
    engine.options.strictVariables = true;
    assert.equal(show('fn foo(z) { z } let f = foo; call(f, 2)', engine), '2');
    assert.equal(failure('print(h::y);', engine).parseError?.kind, 'ModuleUndefined');
  });

  it('counts operations per evaluated expression', () => {
    const engine = new Engine();
    engine.limits.maxOperations = 10;
    assert.equal(show('[1, 2, 3, 4, 5, 6, 7].len()', engine), '7');
    assert.equal(failKind('[1, 2, 3, 4, 5, 6, 7, 8, 9]', engine), 'ErrorTooManyOperations');
  });

  it('wraps eval failures like a function call', () => {
    const engine = new Engine();
    engine.limits.maxOperations = 500;
    const e = failure('eval("for x in 0..500 {}")', engine);
    assert.equal(e.kind, 'ErrorInFunctionCall');
    assert.equal(e.root().kind, 'ErrorTooManyOperations');
  });

  it('only top-level constants become global', () => {
    assert.equal(failure('fn f() { global::A } { const A = 1; f() }').root().kind, 'ErrorVariableNotFound');
  });

  it('requires a host == for two values of the same host type', () => {
    const engine = new Engine();
    engine.registerFn('thing', [], () => ({ rhaiTypeName: 'Thing' }));
    assert.equal(show('thing() == 42', engine), 'false');
    assert.equal(show('thing() != ()', engine), 'true');
    assert.equal(failKind('thing() == thing()', engine), 'ErrorFunctionNotFound');
  });

  it('limits variables per scope, counting function parameters', () => {
    const engine = new Engine();
    engine.limits.maxVariables = 2;
    assert.equal(show('let a = 1; let b = 2; let a = 3; a + b', engine), '5');
    assert.equal(failKind('fn f(a, b, c) { a } f(1, 2, 3)', engine), 'ErrorTooManyVariables');
  });

  it('keeps top-level variables in the host scope after a run', () => {
    const engine = new Engine();
    const scope = new Scope();
    engine.eval('let x = 4 + 5; const K = 1;', { scope });
    assert.equal(show('x + K', engine, { scope }), '10');
    assert.equal(scope.isConst('K'), true);
  });

  it('lets eval define variables in the calling block', () => {
    assert.equal(show('let foo = 42; eval("let foo = 123"); eval("let xyz = 10"); foo + xyz'), '133');
    assert.equal(
      show('let x = 999; eval("let x = x - 1000"); let y = if x < 0 { eval("let x = 42"); x } else { 0 }; x + y'),
      '41',
    );
    assert.equal(show('let foo = 42; { { eval("let foo = 123"); } } foo'), '42');
    assert.equal(show('eval("let a = 1"); let a = 5; a'), '5');
  });

  it('counts each operator of a chain towards the expression depth', () => {
    const engine = new Engine();
    engine.limits.maxExprDepth = 100;
    const chain = (n: number) => Array.from({ length: n }, () => '1').join(' + ');
    assert.equal(show(chain(99), engine), '99');
    assert.equal(failure(chain(100), engine).parseError?.kind, 'ExprTooDeep');
  });

  it('accepts only pure expressions in expression mode', () => {
    const engine = new Engine();
    assert.equal(engine.run(engine.compileExpression('[1, 2].map(|x| x * 2).len() + if true { 1 } else { 2 }')), 3);
    for (const src of [
      'if true { let y = 1; y } else { 2 }',
      'if true { 1 } else {}',
      '40 + { 2 }',
      'x = 1',
      '1;',
      '|x| {}',
    ]) {
      assert.throws(() => engine.compileExpression(src), src);
    }
  });

  it('iterates float ranges and stops stepping at the INT limits', () => {
    assert.equal(show('let s = 0.0; for x in range(10.0, 1.0, -2.0) { s += x; } s'), '30.0');
    assert.equal(show('let n = 0; for x in range(1, 9223372036854775807, 9223372036854775807) { n += 1; } n'), '1');
  });

  it('shares one loop variable per loop run between closures', () => {
    assert.equal(
      show('let a = []; for (x, i) in 100..110 { a += || i + x; } let s = 0; for f in a { s += call(f); } s'),
      '1180',
    );
  });

  it('allows pure methods but not mutation through constants', () => {
    assert.equal(show('const C = #{ items: [1, 2] }; C.items.len()'), '2');
    assert.equal(failKind('const C = #{ items: [1, 2] }; C.items.push(3)'), 'ErrorNonPureMethodCallOnConstant');
    assert.equal(failKind('const C = #{ items: [1, 2] }; C.items[0] = 5'), 'ErrorAssignmentToConstant');
    const scope = new Scope().pushConstant('CFG', new Map([['xs', [1, 2, 3]]]));
    assert.equal(show('CFG.xs.len()', new Engine(), { scope }), '3');
  });

  it('parses if, switch, loops and try as statements where a statement starts', () => {
    // The Rhai book's own example: `-1` is the next statement, not a subtraction from the `if`.
    assert.equal(show('fn index_of(a, x) { if x in a { return a.index_of(x) } -1 } index_of([1, 2], 5)'), '-1');
    assert.equal(show('let x = 0; for i in 0..3 { x += i } [x]'), '[3]');
    assert.equal(show('let x = 0; while x < 2 { x += 1 } [x]'), '[2]');
    assert.equal(show('loop { break; } -2'), '-2');
    assert.equal(show('switch 1 { 1 => 2, _ => 3 } (4)'), '4');
    assert.equal(show('try { 1 } catch { 2 } -3'), '-3');
    // Where an expression is expected, they are still expressions.
    assert.equal(show('let a = if true { 1 } else { 2 } - 5; a'), '-4');
    assert.equal(show('(if true { 1 } else { 2 }) - 5'), '-4');
  });
});
