import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBrainText } from '../../main/workbench/brain-diagnostics.ts';

test('a JavaScript brain is checked by QuickJS on the host, with the line and column of its error', async () => {
  const [problem, ...rest] = await checkBrainText('brains/a.js', 'const ok = 1;\nconst = 2;\n');
  assert.deepEqual(rest, []);
  assert.match(problem!.message, /^SyntaxError: /);
  assert.equal(problem!.line, 2);
  assert.ok(problem!.column >= 1);
  assert.deepEqual(await checkBrainText('brains/a.js', 'omw.host.log("info", "fine");\n'), []);
});

test('kinds that check in the editor, and components, have no host check', async () => {
  assert.deepEqual(await checkBrainText('brains/a.rhai', 'let broken = ;'), []);
  assert.deepEqual(await checkBrainText('brains/a.wasm', '\0asm'), []);
});
