import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchScripts } from '../../main/supervisor/script-watcher.ts';
import { jsAgents, waitFor, workspace } from './workspace.ts';

test('a valid reload restarts a run in place, with the same inbox and memory', async () => {
  const ws = workspace(jsAgents(['agent']), {
    'agent.js': "omw.host.memorySet('seen', 'old');\nomw.host.sleepFor(30000);\n",
  });
  try {
    const run = ws.supervisor.run();
    await waitFor(() => ws.trace.some((e) => e.type === 'call' && e.op === 'sleep_for'), 'the old brain asleep');
    ws.host.inject('agent', { id: 'note', event: { kind: 'message', data: 'queued before the reload' } });
    ws.write('agent.js', "`${omw.host.memoryGet('seen')} / ${omw.host.recv().payload}`;\n");
    const check = await ws.supervisor.reload('agent');
    assert.equal(check.ok, true);
    const results = await run;
    assert.deepEqual(results.get('agent'), { kind: 'outcome', outcome: { exited: 'old / queued before the reload' } });
    const triggers = ws.trace.filter((e) => e.type === 'iteration-start').map((e) => e.trigger);
    assert.deepEqual(triggers, ['run', 'reload']);
  } finally {
    ws.supervisor.dispose();
  }
});

test('an invalid edit leaves the run alone and reaches the brain on its lifecycle handle', async () => {
  const ws = workspace(jsAgents(['agent']), {
    'agent.js':
      'const life = omw.host.subscribeLifecycle();\nconst e = omw.host.recv();\n`${e.kind} on lifecycle: ${e.id === life}`;\n',
  });
  try {
    const run = ws.supervisor.run();
    await waitFor(() => ws.supervisor.runner('agent').status.state === 'waiting', 'recv');
    ws.write('agent.js', 'let = ;\n');
    const check = await ws.supervisor.reload('agent');
    assert.equal(check.ok, false);
    const results = await run;
    assert.deepEqual(results.get('agent'), { kind: 'outcome', outcome: { exited: 'error on lifecycle: true' } });
    assert.ok(ws.trace.some((e) => e.type === 'log' && e.level === 'warn' && /reload rejected/.test(e.message)));
  } finally {
    ws.supervisor.dispose();
  }
});

test('watching reloads a looping agent when its brain is saved', async () => {
  const config = `${jsAgents(['agent'])}\n[tunables]\nwatch_debounce_ms = 50\n`;
  const ws = workspace(config, { 'agent.js': "omw.host.memorySet('version', 'one');\nomw.host.recv();\n" });
  const stop = watchScripts(ws.supervisor);
  try {
    ws.supervisor.loop(['agent']);
    await waitFor(() => ws.host.context('agent').memory.get('version') === 'one', 'the first brain');
    ws.write('agent.js', "omw.host.memorySet('version', 'two');\nomw.host.recv();\n");
    await waitFor(() => ws.host.context('agent').memory.get('version') === 'two', 'the saved brain to run');
    await ws.supervisor.stop('agent');
  } finally {
    stop();
    ws.supervisor.dispose();
  }
});
