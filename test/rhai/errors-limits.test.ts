import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { failKind, failure, show } from './helpers.ts';

const limited = (configure: (e: Engine) => void): Engine => {
  const e = new Engine();
  configure(e);
  return e;
};

describe('runtime errors', () => {
  it('reports kinds with line and column', () => {
    const cases: [string, string, number, number][] = [
      ['let x = 1;\nfoo(x)', 'ErrorFunctionNotFound', 2, 1],
      ['let a = 1;\n  a + b', 'ErrorVariableNotFound', 2, 7],
      ['let a = [1];\na[3]', 'ErrorArrayBounds', 2, 2],
      ['"abc"[10]', 'ErrorStringBounds', 1, 6],
      ['let x = 1; x[64]', 'ErrorBitFieldBounds', 1, 13],
      ['let x = 1;\n\n   x / 0', 'ErrorArithmetic', 3, 6],
      ['1 + "a" - 2', 'ErrorFunctionNotFound', 1, 9],
      ['if 3 {}', 'ErrorMismatchDataType', 1, 4],
      ['(1).foo', 'ErrorDotExpr', 1, 5],
      ['true[0]', 'ErrorIndexingType', 1, 5],
      ['this', 'ErrorUnboundThis', 1, 1],
      ['import "nowhere" as m;', 'ErrorModuleNotFound', 1, 1],
      ['throw 1;', 'ErrorRuntime', 1, 1],
    ];
    for (const [src, kind, line, col] of cases) {
      const e = failure(src);
      assert.equal(e.kind, kind, src);
      assert.deepEqual([e.pos.line, e.pos.col], [line, col], src);
    }
  });

  it('wraps errors inside functions in ErrorInFunctionCall', () => {
    const e = failure('fn inner() { 1 / 0 }\nfn outer() { inner() }\nouter()');
    assert.equal(e.kind, 'ErrorInFunctionCall');
    assert.deepEqual([e.pos.line, e.pos.col], [3, 1]);
    assert.equal(e.inner?.kind, 'ErrorInFunctionCall');
    assert.equal(e.root().kind, 'ErrorArithmetic');
    assert.deepEqual([e.root().pos.line, e.root().pos.col], [1, 16]);
  });

  it('reports the mismatched function signature', () => {
    assert.match(failure('"a".foo(1)').message, /foo \(string, i64\)/);
  });

  it('fails on invalid map properties when asked to', () => {
    const e = limited((x) => (x.options.failOnInvalidMapProperty = true));
    assert.equal(failKind('let m = #{}; m.x', e), 'ErrorPropertyNotFound');
    assert.equal(show('let m = #{}; m.x = 1; m.x', new Engine()), '1');
  });
});

describe('safety limits', () => {
  it('stops runaway loops with ErrorTooManyOperations', () => {
    const e = limited((x) => (x.limits.maxOperations = 500));
    assert.equal(failKind('loop {}', e), 'ErrorTooManyOperations');
    assert.equal(
      failKind(
        'fn f() { f() } f()',
        limited((x) => (x.limits.maxOperations = 100)),
      ),
      'ErrorTooManyOperations',
    );
    assert.equal(show('let s = 0; for i in 0..10 { s += i } s', e), '45');
  });

  it('limits call depth with ErrorStackOverflow', () => {
    assert.equal(failKind('fn f(n) { f(n + 1) } f(0)'), 'ErrorStackOverflow');
    assert.equal(show('fn f(n) { if n == 0 { 0 } else { f(n - 1) } } f(60)'), '0');
    const e = limited((x) => (x.limits.maxCallLevels = 5));
    assert.equal(failKind('fn f(n) { if n == 0 { 0 } else { f(n - 1) } } f(10)', e), 'ErrorStackOverflow');
    assert.equal(
      failKind(
        'fn f() { 1 } f()',
        limited((x) => (x.limits.maxCallLevels = 0)),
      ),
      'ErrorStackOverflow',
    );
  });

  it('does not let try/catch swallow limit errors', () => {
    const e = limited((x) => (x.limits.maxOperations = 200));
    assert.equal(failKind('try { loop {} } catch { 1 }', e), 'ErrorTooManyOperations');
  });

  it('limits data sizes with ErrorDataTooLarge', () => {
    assert.equal(
      failKind(
        'let s = "ab"; s += "cde";',
        limited((x) => (x.limits.maxStringSize = 4)),
      ),
      'ErrorDataTooLarge',
    );
    assert.equal(
      failKind(
        'let a = [1]; a.push(2); a.push(3);',
        limited((x) => (x.limits.maxArraySize = 2)),
      ),
      'ErrorDataTooLarge',
    );
    assert.equal(
      failKind(
        'let a = [1]; a + [2] + [3]',
        limited((x) => (x.limits.maxArraySize = 2)),
      ),
      'ErrorDataTooLarge',
    );
    assert.equal(
      failKind(
        'let m = #{a: 1}; m.b = 2;',
        limited((x) => (x.limits.maxMapSize = 1)),
      ),
      'ErrorDataTooLarge',
    );
    assert.equal(
      show(
        '"abcd"',
        limited((x) => (x.limits.maxStringSize = 4)),
      ),
      '"abcd"',
    );
  });

  it('counts nested containers and UTF-8 bytes against the size limits, as upstream', () => {
    const sized = limited((x) => {
      x.limits.maxArraySize = 5;
      x.limits.maxMapSize = 3;
      x.limits.maxStringSize = 6;
    });
    const cases: [string, string][] = [
      ['let a = [[1, 2], [3, 4]];', 'ErrorDataTooLarge'],
      ['let a = [1, 2]; a.push([1, 2, 3]);', 'ErrorDataTooLarge'],
      ['let a = [1, 2]; a[0] = [1, 2, 3, 4];', 'ErrorDataTooLarge'],
      ['let a = [1] + [[1, 2, 3, 4]];', 'ErrorDataTooLarge'],
      ['let a = [blob(5)];', 'ErrorDataTooLarge'],
      ['let m = #{a: #{b: 1, c: 2}, d: 1};', 'ErrorDataTooLarge'],
      ['let m = #{a: #{}}; m.a.b = 1; m.a.c = 2; m.a.d = 3;', 'ErrorDataTooLarge'],
      ['let a = ["abc", "def", "g"];', 'ErrorDataTooLarge'],
      ['let s = "ab"; s += "ééé";', 'ErrorDataTooLarge'],
    ];
    for (const [src, kind] of cases) assert.equal(failKind(src, sized), kind, src);
    assert.equal(show('let a = [[1, 2], 3]; let m = #{a: #{b: 1}, c: "ééé"}; [a.len(), m.len()]', sized), '[2, 2]');
    assert.equal(failure('let s = "éééé";', sized).parseError?.kind, 'LiteralTooLarge', 'literals count bytes too');
  });

  it('limits variables, functions and modules', () => {
    assert.equal(
      failKind(
        'let a = 1; let b = 2; let c = 3;',
        limited((x) => (x.limits.maxVariables = 2)),
      ),
      'ErrorTooManyVariables',
    );
    const noFns = limited((x) => (x.limits.maxFunctions = 1));
    assert.equal(failure('fn a() {} fn b() {}', noFns).parseError?.kind, 'TooManyFunctions');
    const noModules = limited((x) => {
      x.limits.maxModules = 0;
      x.setModuleResolver(() => 'export const X = 1;');
    });
    assert.equal(failKind('import "m" as m;', noModules), 'ErrorTooManyModules');
  });

  it('limits expression depth at parse time', () => {
    const e = limited((x) => (x.limits.maxExprDepth = 10));
    assert.equal(
      failure('1 + (2 + (3 + (4 + (5 + (6 + (7 + (8 + (9 + (10 + 11)))))))))', e).parseError?.kind,
      'ExprTooDeep',
    );
    const fnDepth = limited((x) => (x.limits.maxFnExprDepth = 4));
    assert.equal(failure('fn f() { ((((((1)))))) }', fnDepth).parseError?.kind, 'ExprTooDeep');
  });

  it('turns JS stack exhaustion into Rhai errors when limits are lifted', () => {
    const engine = limited((x) => {
      x.limits.maxExprDepth = 0;
      x.limits.maxFnExprDepth = 0;
      x.limits.maxCallLevels = 1_000_000;
    });
    const deep = '('.repeat(20_000) + '1' + ')'.repeat(20_000);
    assert.equal(engine.check(deep).diagnostics[0]?.kind, 'ExprTooDeep');
    assert.equal(failure(deep, engine).parseError?.kind, 'ExprTooDeep');
    const so = failure('fn f(n) { f(n + 1) } f(0)', engine);
    assert.equal(so.kind, 'ErrorStackOverflow', so.message);
  });
});
