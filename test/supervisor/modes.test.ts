import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentStatus } from '../../contract/agent-status.ts';
import { jsAgents, waitFor, workspace } from './workspace.ts';

test('step runs exactly one iteration; memory carries over between iterations', async () => {
  const ws = workspace(jsAgents(['counter']), {
    'counter.js': "const n = (omw.host.memoryGetAs('n') ?? 0) + 1;\nomw.host.memorySetAs('n', n);\n`n=${n}`;\n",
  });
  try {
    assert.deepEqual(await ws.supervisor.step('counter'), { kind: 'outcome', outcome: { exited: 'n=1' } });
    assert.deepEqual(await ws.supervisor.step('counter'), { kind: 'outcome', outcome: { exited: 'n=2' } });
    const starts = ws.trace.filter((e) => e.type === 'iteration-start');
    assert.deepEqual(
      starts.map((e) => e.iteration),
      [1, 2],
    );
    assert.equal(ws.supervisor.runner('counter').status.state, 'exited');
  } finally {
    ws.supervisor.dispose();
  }
});

test('loop mode backs off after failures, doubling the delay', async () => {
  const ws = workspace(jsAgents(['flaky']), { 'flaky.js': "throw new Error('always');\n" });
  try {
    ws.supervisor.loop(['flaky']);
    await waitFor(() => ws.trace.filter((e) => e.type === 'iteration-end').length >= 4, 'four failed iterations');
    await ws.supervisor.stop('flaky');
    const starts = ws.trace.filter((e) => e.type === 'iteration-start').map((e) => e.time);
    const gaps = starts.slice(1, 4).map((t, i) => t - starts[i]!);
    assert.ok(gaps[0]! >= 95, `first retry after ~100 ms, was ${gaps[0]}`);
    assert.ok(gaps[1]! >= 195, `second retry after ~200 ms, was ${gaps[1]}`);
    assert.ok(gaps[2]! >= 395, `third retry after ~400 ms, was ${gaps[2]}`);
    assert.equal(ws.supervisor.runner('flaky').status.state, 'stopped');
  } finally {
    ws.supervisor.dispose();
  }
});

test('a looping agent reports that it loops between its iterations, until it is stopped', async () => {
  const ws = workspace(jsAgents(['quick']), { 'quick.js': "'done';\n" });
  const statuses: AgentStatus[] = [];
  ws.supervisor.onStatus((status) => statuses.push(status));
  try {
    ws.supervisor.loop(['quick']);
    await waitFor(() => ws.trace.filter((e) => e.type === 'iteration-end').length >= 5, 'five iterations');
    await ws.supervisor.stop('quick');
    const loopEnded = statuses.findIndex((s) => s.looping !== true);
    const whileLooping = statuses.slice(0, loopEnded);
    assert.ok(
      whileLooping.filter((s) => s.state === 'exited').length >= 4,
      `iterations that ended while the loop went on: ${JSON.stringify(whileLooping)}`,
    );
    assert.ok(statuses.slice(loopEnded).every((s) => s.looping === undefined));
    const last = statuses.at(-1)!;
    assert.equal(last.state, 'stopped');
    assert.equal(last.looping, undefined);
  } finally {
    ws.supervisor.dispose();
  }
});

test('a breakpoint holds the agent before recv until it is continued', async () => {
  const ws = workspace(jsAgents(['listener']), {
    'listener.js': "omw.host.subscribeAgent('listener');\nconst e = omw.host.recv();\ne.payload;\n",
  });
  const statuses: AgentStatus[] = [];
  ws.supervisor.onStatus((status) => statuses.push(status));
  try {
    ws.supervisor.setBreakpoints('listener', ['host.recv']);
    const running = ws.supervisor.step('listener');
    await waitFor(() => ws.supervisor.runner('listener').status.state === 'paused', 'the pause');
    assert.equal(ws.supervisor.runner('listener').status.pausedAt?.op, 'host.recv');
    const uuid = ws.trace.find((e) => e.type === 'call' && e.op === 'subscribe_agent');
    ws.host.inject('listener', {
      id: uuid && uuid.type === 'call' ? uuid.uuid! : 'x',
      event: { kind: 'message', data: 'hello' },
    });
    assert.equal(ws.supervisor.resume('listener'), true);
    assert.deepEqual(await running, { kind: 'outcome', outcome: { exited: 'hello' } });
    assert.ok(
      statuses.some((s) => s.state === 'waiting'),
      'the agent was shown waiting in recv',
    );
  } finally {
    ws.supervisor.dispose();
  }
});

test('step-over-call pauses again at the next host call, even one the agent process answers itself', async () => {
  const ws = workspace(jsAgents(['walker']), {
    'walker.js':
      "omw.host.memorySet('a', '1');\nconst id = omw.host.newUuid();\nomw.host.memorySet('b', '2');\n'walked';\n",
  });
  try {
    ws.supervisor.setBreakpoints('walker', ['host.memory-set']);
    const running = ws.supervisor.step('walker');
    const runner = ws.supervisor.runner('walker');
    await waitFor(() => runner.status.pausedAt?.op === 'host.memory-set', 'the first pause');
    ws.supervisor.setBreakpoints('walker', []);
    ws.supervisor.resume('walker', 'step-call');
    await waitFor(() => runner.status.pausedAt?.op === 'host.new-uuid', 'a pause at the local call');
    ws.supervisor.resume('walker', 'step-call');
    await waitFor(
      () => runner.status.pausedAt?.op === 'host.memory-set' && runner.status.pausedAt.args[0] === 'b',
      'the third',
    );
    ws.supervisor.resume('walker');
    assert.deepEqual(await running, { kind: 'outcome', outcome: { exited: 'walked' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('stop aborts a brain blocked in recv cooperatively and cancels its timers', async () => {
  const ws = workspace(jsAgents(['waiter']), {
    'waiter.js': 'omw.host.waitFor(60000);\nomw.host.recv();\n',
  });
  try {
    const running = ws.supervisor.step('waiter');
    await waitFor(() => ws.supervisor.runner('waiter').status.state === 'waiting', 'recv');
    const started = Date.now();
    await ws.supervisor.stop('waiter');
    assert.deepEqual(await running, { kind: 'aborted', cause: 'stop' });
    assert.ok(Date.now() - started < 1000, 'tier 1 is enough for a brain in recv');
    assert.ok(ws.trace.some((e) => e.type === 'closed' && e.source === 'timer' && e.reason === 'cancelled'));
    assert.equal(ws.host.context('waiter').timers.list().length, 0);
  } finally {
    ws.supervisor.dispose();
  }
});

test('stop preempts a brain that never calls the host (tier 3)', async () => {
  const config =
    jsAgents(['spinner']).replace('max_busy_ms = 300', 'max_busy_ms = 60000') + '\n[tunables]\nreload_grace_secs = 0\n';
  const ws = workspace(config, { 'spinner.js': 'for (;;) {}\n' });
  try {
    const running = ws.supervisor.step('spinner');
    await waitFor(() => ws.supervisor.runner('spinner').status.state === 'running', 'the run');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ws.supervisor.stop('spinner');
    assert.deepEqual(await running, { kind: 'aborted', cause: 'stop' });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a reload fails a blocking recv without consuming what is queued', async () => {
  const ws = workspace(jsAgents(['agent']), { 'agent.js': 'omw.host.recv();\n' });
  try {
    const first = ws.supervisor.step('agent');
    await waitFor(() => ws.supervisor.runner('agent').status.state === 'waiting', 'recv');
    await ws.supervisor.runner('agent').stop('reload');
    assert.deepEqual(await first, { kind: 'aborted', cause: 'reload' });
    ws.host.inject('agent', { id: 'outside', event: { kind: 'message', data: 'kept' } });
    ws.write('agent.js', 'omw.host.recv().payload;\n');
    assert.deepEqual(await ws.supervisor.step('agent'), { kind: 'outcome', outcome: { exited: 'kept' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a polling brain sees the reload event on its lifecycle handle', async () => {
  const ws = workspace(jsAgents(['poller']), {
    'poller.js':
      'const life = omw.host.subscribeLifecycle();\nlet e;\nwhile (!(e = omw.host.tryRecv())) {}\n`${e.kind}:${e.id === life}`;\n',
  });
  try {
    const running = ws.supervisor.step('poller');
    await waitFor(() => ws.trace.some((e) => e.type === 'call' && e.op === 'subscribe_lifecycle'), 'the subscription');
    await ws.supervisor.runner('poller').stop('reload');
    assert.deepEqual(await running, { kind: 'outcome', outcome: { exited: 'reload:true' } });
  } finally {
    ws.supervisor.dispose();
  }
});
