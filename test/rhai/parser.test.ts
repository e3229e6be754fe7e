import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';

const diagnostics = (src: string, engine = new Engine()) =>
  engine.check(src).diagnostics.map((d) => [d.kind, d.start.line, d.start.column]);

describe('parser diagnostics', () => {
  it('reports upstream parse error kinds with positions', () => {
    assert.deepEqual(diagnostics('let x = 1\nlet y = 2;'), [['MissingToken', 2, 1]]);
    assert.deepEqual(diagnostics('let x = (1 + 2'), [['UnexpectedEOF', 1, 15]]);
    assert.deepEqual(diagnostics('let 1 = 2;'), [['VariableExpected', 1, 5]]);
    assert.deepEqual(diagnostics('fn (a) {}'), [['FnMissingName', 1, 4]]);
    assert.deepEqual(diagnostics('fn f {}'), [['FnMissingParams', 1, 6]]);
    assert.deepEqual(diagnostics('fn f(a, a) {}'), [['FnDuplicatedParam', 1, 9]]);
    assert.deepEqual(diagnostics('fn f(a) {} fn f(b) {}'), [['FnDuplicatedDefinition', 1, 15]]);
    assert.deepEqual(diagnostics('let m = #{a: 1, a: 2};'), [['DuplicatedProperty', 1, 17]]);
    assert.deepEqual(diagnostics('let s = "abc'), [['BadInput', 1, 9]]);
    assert.deepEqual(diagnostics('const x = 1; x = 2;'), [['AssignmentToConstant', 1, 16]]);
    assert.deepEqual(diagnostics('1 + 2 = 3;'), [['AssignmentToInvalidLHS', 1, 7]]);
    assert.deepEqual(diagnostics('true = 3;'), [['AssignmentToConstant', 1, 6]]);
    assert.deepEqual(diagnostics('x.foo() = 3;'), [['AssignmentToInvalidLHS', 1, 9]]);
    assert.deepEqual(diagnostics('break;'), [['LoopBreak', 1, 1]]);
    assert.deepEqual(diagnostics('if true { fn f() {} }'), [['WrongFnDefinition', 1, 11]]);
    assert.deepEqual(diagnostics('switch x { _ => 1, 2 => 3 }'), [['WrongSwitchDefaultCase', 1, 20]]);
    assert.deepEqual(diagnostics('let x = a.;'), [['PropertyExpected', 1, 11]]);
    assert.deepEqual(diagnostics('let var = 1;'), [['Reserved', 1, 5]]);
    assert.deepEqual(diagnostics('export let x = 1; fn f() { export x; }').length, 1);
  });

  it('recovers at statement boundaries and keeps reporting', () => {
    const src = ['let a = ;', 'let b = 2;', 'let c = (;', 'fn ok() { let = 1; 2 }', 'let d = #{x: 1, x: 2};'].join(
      '\n',
    );
    assert.deepEqual(diagnostics(src), [
      ['BadInput', 1, 9],
      ['BadInput', 3, 10],
      ['VariableExpected', 4, 15],
      ['DuplicatedProperty', 5, 17],
    ]);
  });

  it('checks expression depth limits', () => {
    const deep = '('.repeat(100) + '1' + ')'.repeat(100);
    assert.equal(diagnostics(deep)[0]![0], 'ExprTooDeep');
    const engine = new Engine();
    engine.limits.maxExprDepth = 0;
    assert.deepEqual(diagnostics(deep, engine), []);
  });

  it('honours strict variables and shadowing switches', () => {
    const engine = new Engine();
    engine.options.strictVariables = true;
    assert.deepEqual(diagnostics('let x = 1; x + y', engine), [['VariableUndefined', 1, 16]]);
    const noShadow = new Engine();
    noShadow.options.allowShadowing = false;
    assert.deepEqual(diagnostics('let x = 1; let x = 2;', noShadow), [['VariableExists', 1, 16]]);
  });

  it('honours expression-form and looping switches', () => {
    const engine = new Engine();
    engine.options.allowIfExpression = false;
    assert.equal(diagnostics('let x = if true { 1 } else { 2 };', engine).length, 1);
    assert.deepEqual(diagnostics('if true { 1 } else { 2 }', engine), []);
    const noLoops = new Engine();
    noLoops.options.allowLooping = false;
    assert.equal(diagnostics('while true {}', noLoops).length, 1);
    const noClosures = new Engine();
    noClosures.options.allowAnonymousFn = false;
    assert.equal(diagnostics('let f = |x| x;', noClosures).length, 1);
    const disabled = new Engine();
    disabled.disabledSymbols.add('while');
    assert.deepEqual(diagnostics('while true {}', disabled)[0]![0], 'Reserved');
  });

  it('compile() throws ErrorParsing carrying the parse error kind', () => {
    try {
      new Engine().compile('let x = ');
      assert.fail('should throw');
    } catch (e) {
      assert.ok(e instanceof RhaiError);
      assert.equal(e.kind, 'ErrorParsing');
      assert.equal(e.parseError?.kind, 'UnexpectedEOF');
    }
  });

  it('produces an outline of functions and top-level variables', () => {
    const { outline } = new Engine().check(
      '/// Adds.\nfn add(a, b) { a + b }\nprivate fn hidden() {}\nlet x = 1;\nconst Y = 2;',
    );
    assert.deepEqual(
      outline.functions.map((f) => [f.name, f.params, f.isPrivate, f.doc, f.start.line]),
      [
        ['add', ['a', 'b'], false, '/// Adds.', 2],
        ['hidden', [], true, undefined, 3],
      ],
    );
    assert.deepEqual(
      outline.variables.map((v) => [v.name, v.isConst, v.start.line]),
      [
        ['x', false, 4],
        ['Y', true, 5],
      ],
    );
  });

  // Its speed is a benchmark row (bench/rhai: check() of a 2,000-line script), not a timed test.
  it('checks a 2,000-line script of every construct without a diagnostic', () => {
    const lines: string[] = [];
    for (let i = 0; i < 200; i++) {
      lines.push(`fn f${i}(a) {`, '  let m = #{ x: a, y: [1, 2.5, "s"] };', '  for i in 0..a { m.x += i; }');
      lines.push('  if m.x > 3 { m.x } else { 0 }', '}', `let v${i} = f${i}(${i});`);
      lines.push('switch v { 1 => 2, _ => 3 }', '// comment', 'let s = `a ${v} b`;', 'while false {}');
    }
    const src = lines.join('\n');
    assert.equal(src.split('\n').length, 2000);
    assert.deepEqual(new Engine().check(src).diagnostics, []);
  });
});
