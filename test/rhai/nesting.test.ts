// Deeply nested scripts: compile work grows linearly with nesting, and the expression-depth
// limits count levels as upstream's parser does.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from '../../main/rhai/language/ast/ast.ts';
import { Engine } from '../../main/rhai/language/engine.ts';
import { compileScript } from '../../main/rhai/language/eval/compiler.ts';
import { parseScript } from '../../main/rhai/language/syntax/parser.ts';
import { DEFAULT_PARSE_OPTIONS } from '../../main/rhai/language/syntax/parse-options.ts';

const nestedCalls = (n: number): string => 'f('.repeat(n) + '1' + ')'.repeat(n);

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
});
