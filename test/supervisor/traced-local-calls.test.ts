// omw traces `whoami` as a call (omw-compat 14.5). Brainbench answers it in the agent process, or
// on the host when a breakpoint routes it there; either way it is traced once, in its place, and
// an omw test asserting it passes.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { runTest } from '../../main/testing/run-test.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { jsAgents, waitFor, workspace } from './workspace.ts';

const BRAIN = "print('before');\nomw.host.timeNow();\nconst me = omw.host.whoami();\nomw.host.memorySet('me', me);\n";

const callsAndPrints = (trace: TraceEvent[]) =>
  trace.flatMap((e) =>
    e.type === 'call' ? [`call ${e.op} ${JSON.stringify(e.detail)}`] : e.type === 'log' ? [`log ${e.message}`] : [],
  );

test('whoami answered in the agent process is traced as omw traces it, in order', async () => {
  const ws = workspace(jsAgents(['alice']), { 'alice.js': BRAIN });
  try {
    assert.deepEqual(await ws.supervisor.step('alice'), { kind: 'outcome', outcome: 'completed' });
    assert.deepEqual(callsAndPrints(ws.trace), ['log before', 'call whoami {}', 'call memory_set {"key":"me"}']);
    const call = ws.trace.find((e) => e.type === 'call' && e.op === 'whoami')!;
    const result = ws.trace.find((e) => e.type === 'result' && e.callSeq === call.seq);
    assert.ok(result && result.type === 'result' && result.ok && result.value === 'alice');
  } finally {
    ws.supervisor.dispose();
  }
});

test('whoami answered by the host at a breakpoint is traced once too', async () => {
  const ws = workspace(jsAgents(['alice']), { 'alice.js': BRAIN });
  try {
    ws.supervisor.setBreakpoints('alice', ['host.whoami']);
    const running = ws.supervisor.step('alice');
    await waitFor(() => ws.supervisor.runner('alice').status.state === 'paused', 'the pause at whoami');
    assert.equal(ws.supervisor.runner('alice').status.pausedAt?.op, 'host.whoami');
    assert.equal(ws.supervisor.resume('alice'), true);
    assert.deepEqual(await running, { kind: 'outcome', outcome: 'completed' });
    assert.deepEqual(callsAndPrints(ws.trace), ['log before', 'call whoami {}', 'call memory_set {"key":"me"}']);
  } finally {
    ws.supervisor.dispose();
  }
});

test('an omw test asserting the whoami call passes', async () => {
  const ws = workspace(
    `${jsAgents(['alice'])}\n[assertions.alice]\noutcome = "completed"\nevents = [ { kind = "call", op = "whoami" }, { kind = "call", op = "memory_set", detail = { key = "me" } } ]\n`,
    { 'alice.js': BRAIN },
  );
  ws.supervisor.dispose();
  writeFileSync(join(ws.dir, 'omw.test.toml'), readFileSync(join(ws.dir, 'omw.toml')));
  const result = await runTest(join(ws.dir, 'omw.test.toml'), { spawner: forkSpawner, entry: agentEntry(), env: {} });
  assert.equal(result.pass, true, result.agents.map((a) => a.reason).join('\n'));
});
