import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitFor, workspace } from '../../supervisor/workspace.ts';

/** A config with one Rhai agent per name, each running `<name>.rhai`. */
function rhaiAgents(names: readonly string[], extra = ''): string {
  const agents = names.map((name) => `[agents.${name}]\nruntime = "rhai"\nscript = "${name}.rhai"\n`).join('\n');
  return `[runtime.rhai]\nkind = "rhai"\nmax_busy_ms = 300\nmax_memory_mb = 64\n\n${agents}\n${extra}`;
}

const GREETER = `
// Greets whoever the model names, remembers how often it did, and completes.
let llm = omw::provider::get("llm");
let reply = llm.chat("mock-model", [#{ role: "user", content: "Who is there?" }]);
let count = (omw::host::memory_get_as("greetings") ?? 0) + 1;
omw::host::memory_set_as("greetings", count);
print(\`greeting #\${count}\`);
omw::host::log("info", \`hello, \${reply.content}\`);
`;

const LLM = '[providers.llm]\nkind = "mock"\nturns = [ { content = "Alice" }, { content = "Bob" } ]\n';

test('an omw-style Rhai brain runs in a real agent process', async () => {
  const ws = workspace(rhaiAgents(['greeter'], LLM), { 'greeter.rhai': GREETER });
  try {
    assert.deepEqual(await ws.supervisor.step('greeter'), { kind: 'outcome', outcome: 'completed' });
    assert.deepEqual(await ws.supervisor.step('greeter'), { kind: 'outcome', outcome: 'completed' });
    const calls = ws.trace.flatMap((event) => (event.type === 'call' ? [event.op] : []));
    assert.deepEqual(calls, ['chat', 'memory_get', 'memory_set', 'chat', 'memory_get', 'memory_set']);
    const logs = ws.trace.flatMap((event) => (event.type === 'log' ? [event.message] : []));
    assert.ok(logs.includes('greeting #1') && logs.includes('greeting #2'), JSON.stringify(logs));
    assert.ok(logs.includes('hello, Alice') && logs.includes('hello, Bob'), JSON.stringify(logs));
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process a failing Rhai brain reports its position, a spinning one is stopped', async () => {
  const ws = workspace(rhaiAgents(['thrower', 'spinner']), {
    'thrower.rhai': 'let x = 1;\nthrow "boom";\n',
    'spinner.rhai': 'loop {}\n',
  });
  try {
    const [thrown, spun] = await Promise.all([ws.supervisor.step('thrower'), ws.supervisor.step('spinner')]);
    assert.deepEqual(thrown, { kind: 'failed', error: 'Runtime error: boom', line: 2, column: 1 });
    assert.deepEqual(spun, { kind: 'failed', error: 'brain computed for more than 300 ms without calling the host' });
    ws.write('spinner.rhai', '"recovered"\n');
    assert.deepEqual(await ws.supervisor.step('spinner'), { kind: 'outcome', outcome: { exited: 'recovered' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process the runtime config sets the language limits', async () => {
  const config =
    '[runtime.tight]\nkind = "rhai"\nmax_operations = 2000\n\n[agents.counter]\nruntime = "tight"\nscript = "counter.rhai"\n';
  const ws = workspace(config, { 'counter.rhai': 'let n = 0;\nwhile n < 100000 { n += 1; }\nn\n' });
  try {
    const result = await ws.supervisor.step('counter');
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.error : '', /Too many operations/);
    ws.write('counter.rhai', 'let n = 0;\nwhile n < 100 { n += 1; }\nn\n');
    assert.deepEqual(await ws.supervisor.step('counter'), { kind: 'outcome', outcome: { exited: '100' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('in a real agent process a Rhai brain that grows without bound hits its memory cap', async () => {
  const ws = workspace(rhaiAgents(['hog']), {
    // Each BLOB holds 4096 bytes as JavaScript numbers, 32 KiB of heap.
    'hog.rhai': 'let keep = [];\nloop {\n  keep.push(blob(4096, keep.len() % 256));\n  omw::host::time_now();\n}\n',
  });
  try {
    const result = await ws.supervisor.step('hog');
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.error : '', /memory cap of 64 MiB/);
    ws.write('hog.rhai', '"lean"\n');
    assert.deepEqual(await ws.supervisor.step('hog'), { kind: 'outcome', outcome: { exited: 'lean' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('hot reload checks the new Rhai brain: an invalid edit reaches the old one as a lifecycle error', async () => {
  const ws = workspace(rhaiAgents(['agent']), {
    'agent.rhai':
      'let life = omw::host::subscribe_lifecycle();\nlet e = omw::host::recv();\n`${e.kind}: ${e.payload}`\n',
  });
  try {
    const run = ws.supervisor.run();
    await waitFor(() => ws.supervisor.runner('agent').status.state === 'waiting', 'recv');
    ws.write('agent.rhai', 'let x = 1;\nlet = ;\n');
    const check = await ws.supervisor.reload('agent');
    assert.deepEqual(check, { ok: false, error: 'Expecting name of a variable', line: 2, column: 5 });
    const results = await run;
    assert.deepEqual(results.get('agent'), {
      kind: 'outcome',
      outcome: { exited: 'error: Expecting name of a variable' },
    });
  } finally {
    ws.supervisor.dispose();
  }
});
