import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import { RhaiError, runtimeError, type Position } from '../../main/rhai/language/types/errors.ts';
import { Module } from '../../main/rhai/language/func/module.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';
import { fromPlain, toPlain } from '../../main/rhai/language/types/interop.ts';
import { Scope } from '../../main/rhai/language/types/scope.ts';
import { RFloat, type Value } from '../../main/rhai/language/types/values.ts';
import { show } from './helpers.ts';

function omwEngine(log: string[]): Engine {
  const engine = new Engine();
  const omw = new Module('omw');
  omw.subModule('host').setNativeFn('now', [], () => 1700000000000);
  omw
    .subModule('provider')
    .setNativeFn('complete', ['string'], ([prompt]) => new Map<string, Value>([['text', `echo: ${String(prompt)}`]]));
  omw.subModule('tooling').setNativeFn('call', ['string', 'map'], ([name, args]) => {
    log.push(`${String(name)} ${(args as Map<string, Value>).size}`);
    if (name === 'fail') throw runtimeError(new Map<string, Value>([['reason', 'denied']]));
    return [1, new RFloat(2.5), 'x', undefined];
  });
  omw.setVar('VERSION', '1.0');
  engine.registerStaticModule('omw', omw);
  return engine;
}

describe('engine API', () => {
  it('registers global native functions with typed overloads', () => {
    const engine = new Engine();
    engine.registerFn('double', ['i64'], ([x]) => (x as number) * 2);
    engine.registerFn('double', ['string'], ([s]) => `${String(s)}${String(s)}`);
    engine.registerFn('first', 1, ([a]) => (a as Value[])[0]);
    assert.equal(show('[double(21), double("ab"), first([7])]', engine), '[42, "abab", 7]');
    assert.equal(show('21.double()', engine), '42');
  });

  it('picks the newest fitting overload, also after one is registered between runs', () => {
    const engine = new Engine();
    engine.registerFn('kind', ['?'], () => 'any');
    engine.registerFn('kind', ['array'], () => 'array');
    engine.registerFn('kind', ['string'], () => 'string');
    engine.registerFn('kind', ['?', 'i64'], () => 'any+int');
    const script = engine.compile('[[1].kind(), "s".kind(), 5.kind(), kind(5), 5.kind(1)]');
    assert.equal(debugValue(engine.run(script)), '["array", "string", "any", "any", "any+int"]');
    engine.registerFn('kind', ['i64'], () => 'int');
    assert.equal(debugValue(engine.run(script)), '["array", "string", "int", "int", "any+int"]');
  });

  it('exposes a static module with sub-modules and variables', () => {
    const log: string[] = [];
    const engine = omwEngine(log);
    const src = `
      let r = omw::provider::complete("hi");
      let t = omw::tooling::call("search", #{ q: "x", n: 2 });
      [r.text, t, omw::host::now(), omw::VERSION]`;
    assert.equal(show(src, engine), '["echo: hi", [1, 2.5, "x", ()], 1700000000000, "1.0"]');
    assert.deepEqual(log, ['search 2']);
  });

  it('lets native functions throw catchable runtime errors', () => {
    const engine = omwEngine([]);
    assert.equal(
      show('let r; try { omw::tooling::call("fail", #{}) } catch (e) { r = e.reason } r', engine),
      '"denied"',
    );
    assert.throws(
      () => engine.eval('omw::tooling::call("fail", #{})'),
      (e: unknown) => e instanceof RhaiError && e.kind === 'ErrorRuntime',
    );
  });

  it('turns unexpected host exceptions into uncatchable ErrorSystem', () => {
    const engine = new Engine();
    engine.registerFn('boom', [], () => {
      throw new Error('host bug');
    });
    assert.throws(
      () => engine.eval('try { boom() } catch { 1 }'),
      (e: unknown) => e instanceof RhaiError && e.kind === 'ErrorSystem' && e.message === 'host bug',
    );
  });

  it('compiles once and runs many times with per-run print hooks', () => {
    const engine = new Engine();
    const script = engine.compile('let n = counter + 1; print(`n=${n}`); n');
    const outputs: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const out: string[] = [];
      const scope = new Scope().push('counter', i);
      const v = engine.run(script, { scope, hooks: { print: (s) => out.push(s) } });
      assert.equal(v, i + 1);
      outputs.push(out);
    }
    assert.deepEqual(outputs, [['n=1'], ['n=2'], ['n=3']]);
  });

  it('writes host scope variables and protects host constants', () => {
    const engine = new Engine();
    const scope = new Scope().push('x', 1).pushConstant('LIMIT', 5);
    engine.eval('x = x + LIMIT;', { scope });
    assert.equal(scope.get('x')?.value, 6);
    assert.throws(
      () => engine.eval('LIMIT = 1;', { scope }),
      (e: unknown) => e instanceof RhaiError && e.kind === 'ErrorAssignmentToConstant',
    );
  });

  it('interrupts a run from the progress hook', () => {
    const engine = new Engine();
    let calls = 0;
    const interrupt = new Int32Array(1);
    assert.throws(
      () =>
        engine.eval('let i = 0; loop { i += 1; }', {
          hooks: {
            progressInterval: 1000,
            progress: (ops) => {
              calls++;
              if (ops > 50_000) Atomics.store(interrupt, 0, 1);
              return Atomics.load(interrupt, 0) !== 0 ? 'interrupted' : undefined;
            },
          },
        }),
      (e: unknown) => e instanceof RhaiError && e.kind === 'ErrorTerminated' && e.value === 'interrupted',
    );
    assert.ok(calls > 10);
  });

  it('calls the debugger hook before each statement with its position', () => {
    const engine = new Engine();
    const seen: string[] = [];
    engine.eval('let a = 1;\nlet b = a + 1;\nif b > 1 {\n  print(b);\n}', {
      hooks: { onStatement: (pos: Position) => seen.push(`${pos.line}:${pos.col}`), print: () => undefined },
    });
    assert.deepEqual(seen, ['1:1', '2:1', '3:1', '4:3']);
  });

  it('imports script modules through the resolver', () => {
    const engine = new Engine();
    const sources: Record<string, string> = {
      math: 'export const TAU = 6.28; fn twice(x) { x * 2 } private fn secret() { 1 } let hidden = 1;',
    };
    engine.setModuleResolver((path) => sources[path]);
    assert.equal(show('import "math" as m; [m::twice(21), m::TAU]', engine), '[42, 6.28]');
    assert.equal(
      (() => {
        try {
          engine.eval('import "math" as m; m::secret()');
          return '';
        } catch (e) {
          return (e as RhaiError).kind;
        }
      })(),
      'ErrorFunctionNotFound',
    );
    assert.equal(show('import "math" as m; fn f() { m::twice(2) } f()', engine), '4');
  });

  it('calls a script function from the host', () => {
    const engine = new Engine();
    const script = engine.compile('const K = 10; fn add(a, b) { a + b + global::K }');
    assert.equal(engine.callFn(script, 'add', [2, 3]), 15);
    assert.throws(() => engine.callFn(script, 'add', [2, 3], { evalAst: false }));
  });

  it('check() reports every diagnostic without running', () => {
    let ran = false;
    const engine = new Engine();
    engine.registerFn('side_effect', [], () => {
      ran = true;
      return undefined;
    });
    const report = engine.check('side_effect();\nlet x = ;\nlet y = 2\nlet z = 3;');
    assert.equal(ran, false);
    assert.deepEqual(
      report.diagnostics.map((d) => [d.kind, d.start.line, d.start.column, d.end.line]),
      [
        ['BadInput', 2, 9, 2],
        ['MissingToken', 4, 1, 4],
      ],
    );
  });

  it('converts plain JS data to and from Rhai values', () => {
    const engine = new Engine();
    engine.registerFn('fetch', [], () => fromPlain({ id: 7, score: 0.5, tags: ['a'], missing: null }));
    engine.registerFn('ratio', [], () => 0.25);
    assert.equal(
      show('let r = fetch(); [r.id, r.score, r.tags, r.missing, type_of(ratio())]', engine),
      '[7, 0.5, ["a"], (), "f64"]',
    );
    assert.deepEqual(toPlain(engine.eval("#{a: [1, 2.5, 'c', ()], b: 9223372036854775807}")), {
      a: [1, 2.5, 'c', null],
      b: 9223372036854775807n,
    });
  });

  it('formats host values with their registered to_string and to_debug', () => {
    const engine = new Engine();
    engine.registerFn('new_ts', [], () => ({ rhaiTypeName: 'TestStruct', field: 42 }));
    engine.registerFn('to_string', ['TestStruct'], ([t]) => `TS=${(t as unknown as { field: number }).field}`);
    engine.registerFn('to_debug', ['TestStruct'], () => 'dbg');
    assert.equal(show('"foo" + new_ts()', engine), '"fooTS=42"');
    assert.equal(show('`${new_ts()}` + [new_ts()]', engine), '"TS=42[dbg]"');
    assert.equal(show('type_of(new_ts())', engine), '"TestStruct"');
  });
});
