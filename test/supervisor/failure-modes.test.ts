import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsAgents, workspace } from './workspace.ts';

test('a brain that throws fails its iteration with the message and position; the next one works', async () => {
  const ws = workspace(jsAgents(['alice']), { 'alice.js': "const x = 1;\nthrow new Error('boom');\n" });
  try {
    const failed = await ws.supervisor.step('alice');
    assert.equal(failed.kind, 'failed');
    assert.match(failed.kind === 'failed' ? failed.error : '', /boom/);
    assert.equal(failed.kind === 'failed' ? failed.line : undefined, 2);
    ws.write('alice.js', "'fine';\n");
    assert.deepEqual(await ws.supervisor.step('alice'), { kind: 'outcome', outcome: { exited: 'fine' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a brain that computes without calling the host is stopped at its busy limit', async () => {
  const ws = workspace(jsAgents(['spinner', 'steady']), {
    'spinner.js': 'for (;;) {}\n',
    'steady.js': "omw.host.sleepFor(50);\n'still here';\n",
  });
  try {
    const [spun, steady] = await Promise.all([ws.supervisor.step('spinner'), ws.supervisor.step('steady')]);
    assert.equal(spun.kind, 'failed');
    assert.match(spun.kind === 'failed' ? spun.error : '', /more than 300 ms without calling the host/);
    assert.deepEqual(steady, { kind: 'outcome', outcome: { exited: 'still here' } }, 'the other agent is untouched');
    ws.write('spinner.js', "'recovered';\n");
    assert.deepEqual(await ws.supervisor.step('spinner'), { kind: 'outcome', outcome: { exited: 'recovered' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a brain that grows without bound hits its memory cap and the next iteration works', async () => {
  const ws = workspace(jsAgents(['hog']), {
    'hog.js':
      "const keep = [];\nfor (let i = 0; ; i++) { keep.push('x'.repeat(4096) + i); if (i % 100 === 0) omw.host.timeNow(); }\n",
  });
  try {
    const result = await ws.supervisor.step('hog');
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.error : '', /memory cap of 64 MiB/);
    ws.write('hog.js', "'lean';\n");
    assert.deepEqual(await ws.supervisor.step('hog'), { kind: 'outcome', outcome: { exited: 'lean' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('an agent process that dies fails its iteration; the next iteration starts a new process', async () => {
  const ws = workspace(jsAgents(['victim', 'bystander']), {
    'victim.js': 'omw.host.sleepFor(5000);\n',
    'bystander.js': "omw.host.sleepFor(200);\n'unharmed';\n",
  });
  try {
    await ws.supervisor.start();
    const victim = ws.supervisor.runner('victim');
    const firstPid = victim.process.pid!;
    const running = ws.supervisor.step('victim');
    const bystander = ws.supervisor.step('bystander');
    setTimeout(() => process.kill(firstPid, 'SIGKILL'), 100);
    const result = await running;
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.error : '', /agent process exited unexpectedly \(signal SIGKILL\)/);
    assert.deepEqual(await bystander, { kind: 'outcome', outcome: { exited: 'unharmed' } });
    ws.write('victim.js', "'back';\n");
    assert.deepEqual(await ws.supervisor.step('victim'), { kind: 'outcome', outcome: { exited: 'back' } });
    assert.notEqual(victim.process.pid, firstPid);
  } finally {
    ws.supervisor.dispose();
  }
});

test('a syntax error fails the agent in run mode without running it, with its position', async () => {
  const ws = workspace(jsAgents(['broken']), { 'broken.js': "omw.host.memorySet('ran', 'yes');\nlet = ;\n" });
  try {
    const results = await ws.supervisor.run();
    const result = results.get('broken')!;
    assert.equal(result.kind, 'failed');
    assert.equal(result.kind === 'failed' ? result.line : undefined, 2);
    assert.equal(ws.host.context('broken').memory.has('ran'), false, 'an invalid brain never runs');
  } finally {
    ws.supervisor.dispose();
  }
});

test('a deadline stops an iteration that waits too long', async () => {
  const ws = workspace(jsAgents(['sleeper']).replace('max_busy_ms = 300', 'max_busy_ms = 300\ndeadline_ms = 200'), {
    'sleeper.js': 'omw.host.sleepFor(10000);\n',
  });
  try {
    const started = Date.now();
    const result = await ws.supervisor.step('sleeper');
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.error : '', /deadline of 200 ms/);
    assert.ok(Date.now() - started < 3000);
  } finally {
    ws.supervisor.dispose();
  }
});
