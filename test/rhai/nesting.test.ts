// Deeply nested scripts: compile work grows linearly with nesting, and the expression-depth
// limits count levels as upstream's parser does.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from '../../main/rhai/language/ast/ast.ts';
import { Engine, ParseFailure } from '../../main/rhai/language/engine.ts';
import { compileScript } from '../../main/rhai/language/eval/compiler.ts';
import { parseScript } from '../../main/rhai/language/syntax/parser.ts';
import { DEFAULT_PARSE_OPTIONS } from '../../main/rhai/language/syntax/parse-options.ts';

const nestedCalls = (n: number): string => 'f('.repeat(n) + '1' + ')'.repeat(n);
const nestedTemplates = (n: number): string => '`${'.repeat(n) + '1' + '}`'.repeat(n);

/** The first diagnostic of `source` as [kind, line, column], if any. */
function firstDiagnostic(source: string, engine = new Engine()): [string, number, number] | undefined {
  const d = engine.check(source).diagnostics[0];
  return d && [d.kind, d.start.line, d.start.column];
}

function parseFailure(source: string, engine = new Engine()): [string, number, number] {
  try {
    engine.compile(source);
  } catch (e) {
    assert.ok(e instanceof ParseFailure, String(e));
    const { kind, pos } = e.errors[0]!;
    return [kind, pos.line, pos.col];
  }
  assert.fail(`compiled: ${source.slice(0, 40)}`);
}

/** How often compiling `source` looks at a node's kind: the compiler's work, without a clock. */
function compileWork(source: string): number {
  const { ast, errors } = parseScript(source, { ...DEFAULT_PARSE_OPTIONS, maxExprDepth: 0 });
  assert.deepEqual(errors, []);
  let reads = 0;
  const seen = new Set<object>();
  const count = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if ('k' in value && 'pos' in value) {
      const kind = (value as Node).k;
      Object.defineProperty(value, 'k', {
        get: () => {
          reads++;
          return kind;
        },
      });
    }
    for (const child of Object.values(value)) count(child);
  };
  count(ast.body);
  compileScript(ast, { generateCode: true });
  return reads;
}

describe('nested function calls', () => {
  it('compile in time linear in their depth', () => {
    const [small, large] = [compileWork(nestedCalls(10)), compileWork(nestedCalls(20))];
    assert.ok(large <= 2.5 * small, `10 levels: ${small} node visits, 20 levels: ${large}`);
  });

  it('compile and run 30 levels deep', () => {
    const engine = new Engine();
    engine.registerFn('f', ['i64'], ([x]) => (x as number) + 1);
    assert.equal(engine.eval(nestedCalls(30)), 31);
  });

  it('200 levels deep are too deep at the 32nd call, as upstream', () => {
    assert.deepEqual(parseFailure(nestedCalls(200)), ['ExprTooDeep', 1, 63]);
    assert.deepEqual(firstDiagnostic(nestedCalls(200)), ['ExprTooDeep', 1, 63]);
  });
});

describe("expression depth limits count as upstream's parser with its release limits", () => {
  // [construct, source nested n deep, deepest accepted n, column of the error one deeper]
  const cases: [string, (n: number) => string, number, number][] = [
    ['parentheses', (n) => '('.repeat(n) + '1' + ')'.repeat(n), 31, 32],
    ['function calls', nestedCalls, 31, 63],
    // The error is at the innermost index expression.
    ['indexing', (n) => 'a['.repeat(n) + '0' + ']'.repeat(n), 20, 43],
    // The error is at the first token inside the innermost interpolation.
    ['template literals', nestedTemplates, 15, 49],
    // A function body starts again at level 0, against the function limit of 32.
    ['parentheses in a function body', (n) => 'fn g() { ' + '('.repeat(n) + '1' + ')'.repeat(n) + ' }', 14, 24],
    ['calls in a function body', (n) => 'fn g() { ' + nestedCalls(n) + ' }', 14, 38],
    ['blocks', (n) => '{'.repeat(n) + '1' + '}'.repeat(n), 31, 33],
    ['array literals', (n) => '['.repeat(n) + '1' + ']'.repeat(n), 20, 22],
    // Each operator of a chain is a level; the error is at the operator before.
    ['operators', (n) => Array.from({ length: n + 1 }, () => '1').join(' + '), 62, 247],
    ['properties', (n) => 'x' + '.a'.repeat(n), 62, 126],
    // Closures keep counting against the limit of the code around them.
    ['closures', (n) => '|| '.repeat(n) + '1', 20, 64],
  ];
  for (const [construct, nested, deepest, column] of cases) {
    it(`${construct}: ${deepest} deep is accepted, ${deepest + 1} is too deep`, () => {
      assert.equal(firstDiagnostic(nested(deepest)), undefined);
      assert.deepEqual(firstDiagnostic(nested(deepest + 1)), ['ExprTooDeep', 1, column]);
    });
  }

  it('5,000 nested template literals are too deep, not a JavaScript stack overflow', () => {
    const source = nestedTemplates(5000);
    assert.deepEqual(parseFailure(source), ['ExprTooDeep', 1, 49]);
    assert.deepEqual(firstDiagnostic(source), ['ExprTooDeep', 1, 49]);
  });

  it('without depth limits, nesting beyond the JavaScript stack is still a clean ExprTooDeep', () => {
    const engine = new Engine();
    engine.limits.maxExprDepth = 0;
    engine.limits.maxFnExprDepth = 0;
    const source = nestedTemplates(5000);
    assert.equal(firstDiagnostic(source, engine)?.[0], 'ExprTooDeep');
    assert.equal(parseFailure(source, engine)[0], 'ExprTooDeep');
    assert.equal(engine.eval(nestedTemplates(100)), '1');
  });
});
