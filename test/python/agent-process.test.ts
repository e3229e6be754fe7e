import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { workspace } from '../supervisor/workspace.ts';
import { guest } from '../runtimes/wasm/wasm-engine-fixture.ts';

/** A config with one Python agent per name, each running `<name>.py`. */
function pythonAgents(names: readonly string[], limits = 'max_busy_ms = 300\nmax_memory_mb = 64', extra = ''): string {
  const agents = names.map((name) => `[agents.${name}]\nruntime = "python"\nscript = "${name}.py"\n`).join('\n');
  return `[runtime.python]\nkind = "python"\n${limits}\n\n${agents}\n${extra}`;
}

const GREETER = `
# Greets whoever the model names, remembers how often it did, and completes.
reply = omw.provider.get("llm").chat("mock-model", [{"role": "user", "content": "Who is there?"}])
count = (omw.host.memory_get_as("greetings") or 0) + 1
omw.host.memory_set_as("greetings", count)
print(f"greeting #{count}")
omw.host.log("info", f"hello, {reply.content}")
`;

test('an omw-style Python brain runs in a real agent process, iteration after iteration', async () => {
  const llm = '[providers.llm]\nkind = "mock"\nturns = [ { content = "Alice" }, { content = "Bob" } ]\n';
  const ws = workspace(pythonAgents(['greeter'], undefined, llm), { 'greeter.py': GREETER });
  try {
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(await ws.supervisor.step('greeter'), { kind: 'outcome', outcome: 'completed' });
    }
    // Calls and output in the order the brain made them, as the trace shows them.
    const seen = ws.trace.flatMap((event) =>
      event.type === 'call' ? [event.op] : event.type === 'log' ? [event.message] : [],
    );
    assert.deepEqual(seen, [
      ...['chat', 'memory_get', 'memory_set', 'greeting #1', 'hello, Alice'],
      ...['chat', 'memory_get', 'memory_set', 'greeting #2', 'hello, Bob'],
    ]);
  } finally {
    ws.supervisor.dispose();
  }
});

test('in real agent processes a throwing brain reports type, message and line; a hanging one is stopped', async () => {
  const ws = workspace(pythonAgents(['thrower', 'spinner']), {
    'thrower.py': 'x = 1\nraise ValueError(f"boom {x}")\n',
    'spinner.py': 'while True:\n    pass\n',
  });
  try {
    const [thrown, spun] = await Promise.all([ws.supervisor.step('thrower'), ws.supervisor.step('spinner')]);
    assert.deepEqual(thrown, { kind: 'failed', error: 'ValueError: boom 1', line: 2, column: 1 });
    assert.deepEqual(spun, { kind: 'failed', error: 'brain computed for more than 300 ms without calling the host' });
    ws.write('spinner.py', '"recovered"\n');
    assert.deepEqual(await ws.supervisor.step('spinner'), { kind: 'outcome', outcome: { exited: 'recovered' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process a deadline stops a Python brain that waits too long', async () => {
  const ws = workspace(pythonAgents(['sleeper'], 'max_busy_ms = 300\ndeadline_ms = 300'), {
    'sleeper.py': 'while True:\n    omw.host.sleep_for(50)\n',
  });
  try {
    const result = await ws.supervisor.step('sleeper');
    assert.deepEqual(result, { kind: 'failed', error: 'iteration exceeded its deadline of 300 ms' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process a Python brain that grows without bound hits its memory cap', async () => {
  // Growing the heap is slow on a busy machine; the busy limit is not what this test is about.
  const ws = workspace(pythonAgents(['hog'], 'max_busy_ms = 5000\nmax_memory_mb = 64'), {
    'hog.py': 'keep = []\nwhile True:\n    keep.append(bytearray(1 << 20))\n    omw.host.time_now()\n',
  });
  try {
    const result = await ws.supervisor.step('hog');
    assert.deepEqual(result, { kind: 'failed', error: 'brain exceeded its memory cap of 64 MiB' });
    ws.write('hog.py', '"lean"\n');
    assert.deepEqual(await ws.supervisor.step('hog'), { kind: 'outcome', outcome: { exited: 'lean' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process deep recursion is an error with its line, also when it outruns the stack', async () => {
  const ws = workspace(pythonAgents(['deep'], 'max_busy_ms = 5000\nmax_memory_mb = 64'), {
    'deep.py': 'def down(n):\n    return down(n + 1)\n\ndown(0)\n',
  });
  try {
    assert.deepEqual(await ws.supervisor.step('deep'), {
      kind: 'failed',
      error: 'RecursionError: maximum recursion depth exceeded',
      line: 2,
      column: 12,
    });
    ws.write(
      'deep.py',
      'import sys\nsys.setrecursionlimit(10 ** 6)\nclass Deep:\n    def __repr__(self):\n        return repr(Deep())\nrepr(Deep())\n',
    );
    assert.deepEqual(await ws.supervisor.step('deep'), {
      kind: 'failed',
      error: "RecursionError: maximum recursion depth exceeded (the engine thread's stack)",
    });
    ws.write('deep.py', '"a fresh interpreter"\n');
    assert.deepEqual(await ws.supervisor.step('deep'), { kind: 'outcome', outcome: { exited: 'a fresh interpreter' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test("a python runtime with `interpreter` runs the script's text on that component instead of Pyodide", async () => {
  // Workspaces are folders right inside the temporary folder, so this relative path holds for each.
  const interpreter = relative(join(tmpdir(), 'workspace'), guest('line-interpreter'));
  const ws = workspace(
    `[runtime.custom]\nkind = "python"\ninterpreter = "${interpreter}"\n\n[agents.brain]\nruntime = "custom"\nscript = "brain.py"\n`,
    { 'brain.py': 'log hello from a custom interpreter\nexit interpreted\n' },
  );
  try {
    const [result] = (await ws.supervisor.run()).values();
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: 'interpreted' } });
  } finally {
    ws.supervisor.dispose();
  }
});
