import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pythonRuntime } from '../../main/runtimes/python/python-runtime.ts';
import { createEngine } from '../../main/runtimes/python/python-engine.ts';
import { realmSnapshotPath } from '../../main/runtimes/python/python-realm.ts';
import { runtimeDescriptor } from '../../main/runtimes/runtimes.ts';
import { checkBrainText } from '../../main/workbench/brain-diagnostics.ts';
import { workspace } from '../supervisor/workspace.ts';
import { DEFAULT_LIMITS } from './python-engine-fixture.ts';

test('the python kind is a runtime of its own: .py brains, the python editor language, interpreter and WASI keys', () => {
  assert.equal(runtimeDescriptor('python'), pythonRuntime);
  assert.deepEqual(pythonRuntime.brain, { format: 'script', extensions: ['.py'], editorLanguage: 'python' });
  const params = pythonRuntime.params.parse({ interpreter: 'custom.wasm', env: { A: 'b' }, preopens: [] });
  assert.equal(params.interpreter, 'custom.wasm');
  assert.throws(() => pythonRuntime.params.parse({ packages: ['numpy'] }), /packages/);
});

test("the host-side check reports Python's own syntax errors with line and column", async () => {
  const check = pythonRuntime.check!;
  assert.deepEqual(await check('x = 1\ny = [1, 2\n', 'brain.py'), {
    ok: false,
    error: "SyntaxError: '[' was never closed",
    line: 2,
    column: 5,
  });
  assert.deepEqual(await check('def f(:\n    pass\n', 'brain.py'), {
    ok: false,
    error: 'SyntaxError: invalid syntax',
    line: 1,
    column: 7,
  });
  assert.deepEqual(await check('print("fine")\n', 'brain.py'), { ok: true });
});

test("New agent's Python brain runs in a real agent process and counts its iterations", async () => {
  if (pythonRuntime.template.kind !== 'text') throw new Error('the python template is text');
  const ws = workspace('[runtime.py]\nkind = "python"\n\n[agents.newbie]\nruntime = "py"\nscript = "newbie.py"\n', {
    'newbie.py': pythonRuntime.template.text('newbie'),
  });
  try {
    assert.deepEqual(await ws.supervisor.step('newbie'), { kind: 'outcome', outcome: 'completed' });
    assert.deepEqual(await ws.supervisor.step('newbie'), { kind: 'outcome', outcome: 'completed' });
    const logs = ws.trace.flatMap((event) => (event.type === 'log' ? [event.message] : []));
    assert.deepEqual(logs, ['newbie iteration 1', 'newbie iteration 2']);
  } finally {
    ws.supervisor.dispose();
  }
});

test('with an empty cache the first engine makes the start-up snapshot from the package, and the next starts from it', async () => {
  const previous = process.env.BRAINBENCH_CACHE_DIR;
  process.env.BRAINBENCH_CACHE_DIR = mkdtempSync(join(tmpdir(), 'brainbench-python-cache-'));
  const options = {
    hostCall: () => undefined,
    limits: DEFAULT_LIMITS,
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    print: () => undefined,
  };
  try {
    const path = realmSnapshotPath();
    assert.equal(existsSync(path), false);
    const cold = await createEngine(options, {});
    assert.equal(existsSync(path), true, 'the snapshot was saved');
    assert.deepEqual(cold.run('6 * 7', 'brain.py'), { ok: true, outcome: { exited: '42' } });
    cold.dispose();
    const saved = statSync(path).mtimeMs;
    const warm = await createEngine(options, {});
    assert.equal(statSync(path).mtimeMs, saved, 'a start from the snapshot leaves it as it was');
    assert.deepEqual(warm.run('import json\njson.dumps([1])', 'brain.py'), { ok: true, outcome: 'completed' });
    warm.dispose();
  } finally {
    if (previous === undefined) delete process.env.BRAINBENCH_CACHE_DIR;
    else process.env.BRAINBENCH_CACHE_DIR = previous;
  }
});

test("the editor's live problems for a .py buffer are Python's own, where Python puts them", async () => {
  assert.deepEqual(await checkBrainText('brains/a.py', 'x = 1\nif x\n    pass\n'), [
    { message: "SyntaxError: expected ':'", severity: 'error', line: 2, column: 5, endLine: 2, endColumn: 6 },
  ]);
  assert.deepEqual(await checkBrainText('brains/a.py', 'omw.host.log("info", "fine")\n'), []);
});
