// Every `max_stack_kb` the config accepts works: a JavaScript brain recursing without end gets
// QuickJS's own stack overflow, a catchable error, at the smallest and the largest size, and the
// engine is fine afterwards. Sizes outside the range are config errors.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../../main/config/config-error.ts';
import { MAX_STACK_KB, MIN_STACK_KB } from '../../main/runtimes/runtime-params.ts';
import { workspace } from './workspace.ts';

const RECURSE = [
  'function down(n) { return n === 0 ? 0 : 1 + down(n - 1); }',
  'let reached = 0;',
  'try { for (let depth = 1000; ; depth += 1000) { down(depth); reached = depth; } } catch (e) { `${e} after ${reached}`; }',
].join('\n');

for (const kb of [MIN_STACK_KB, 512, MAX_STACK_KB]) {
  test(`max_stack_kb = ${kb}: unbounded recursion is QuickJS's stack overflow, and the engine carries on`, async () => {
    const ws = workspace(
      `[runtime.js]\nkind = "js"\nmax_stack_kb = ${kb}\n\n[agents.deep]\nruntime = "js"\nscript = "deep.js"\n`,
      { 'deep.js': RECURSE },
    );
    try {
      const result = await ws.supervisor.step('deep');
      assert.equal(result.kind, 'outcome');
      const exited = result.kind === 'outcome' && result.outcome !== 'completed' ? result.outcome.exited : '';
      assert.match(exited, /^InternalError: stack overflow after \d+$/);
      ws.write('deep.js', "'fine';\n");
      assert.deepEqual(await ws.supervisor.step('deep'), { kind: 'outcome', outcome: { exited: 'fine' } });
    } finally {
      ws.supervisor.dispose();
    }
  });
}

for (const kb of [MIN_STACK_KB - 1, MAX_STACK_KB + 1, 4194305]) {
  test(`max_stack_kb = ${kb} is a config error at its key`, () => {
    assert.throws(
      () =>
        workspace(`[runtime.js]\nkind = "js"\nmax_stack_kb = ${kb}\n\n[agents.a]\nruntime = "js"\nscript = "a.js"\n`, {
          'a.js': "'x';",
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /runtime\.js\.max_stack_kb/.test(error.message) &&
        /expected at (least|most)/.test(error.message) &&
        error.line === 3,
    );
  });
}
