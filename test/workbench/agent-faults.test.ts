// What a client can do to an agent in the wrong order, through the API's dispatch path on a real
// Workbench with real agent processes: each gets an error answer or a clear agent state, and no
// rejection is left unhandled (node:test fails the file on one, as it would end `brainbench serve`).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AgentStatus } from '../../contract/agent-status.ts';
import type { OmwEvent } from '../../main/host-api/wit-types.generated.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

let dir: string;
let workbench: Workbench;
let nextId = 1;
const EXITED_42 = { kind: 'outcome', outcome: { exited: '42' } };

const ask = (method: string, ...params: unknown[]): Promise<{ ok: boolean; result?: unknown; error?: string }> =>
  dispatchRequest(workbench, nextId++, method, params);

function statusOf(agent: string): AgentStatus {
  const view = workbench.workspace().agents.find((a) => a.name === agent);
  assert.ok(view, `agent ${agent}`);
  return view.status;
}

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(done(), what);
}

describe('agent requests in the wrong order', () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-agent-faults-'));
    const agents = {
      a: '40 + 2',
      waits: 'let e = omw::host::recv(); 42',
      fails: 'throw "no"',
      broken: '40 + 2',
      polls: 'let e = omw::host::try_recv(); if e == () { "empty" } else { e.payload }',
    };
    let config = '[runtime.r]\nkind = "rhai"\n';
    for (const [name, brain] of Object.entries(agents)) {
      writeFileSync(join(dir, `${name}.rhai`), brain);
      config += `\n[agents.${name}]\nruntime = "r"\nscript = "${name}.rhai"\n`;
    }
    writeFileSync(join(dir, 'omw.toml'), config);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(dir);
  });
  after(async () => {
    await workbench.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a step right after Restart in the fresh process', async () => {
    assert.deepEqual((await ask('step', 'a')).result, EXITED_42);
    assert.deepEqual(await ask('restart', 'a'), { id: nextId - 1, ok: true, result: null });
    assert.deepEqual((await ask('step', 'a')).result, EXITED_42);
  });

  it('refuses to loop an agent while a step of it runs', async () => {
    const step = ask('step', 'waits');
    await until('the step waits in recv', () => statusOf('waits').state === 'waiting');
    assert.deepEqual(await ask('loop', 'waits'), {
      id: nextId - 1,
      ok: false,
      error: 'agent "waits" is running an iteration: loop it when that ends',
    });
    assert.equal((await ask('inject', 'waits', { kind: 'message', data: 'go' })).ok, true);
    assert.deepEqual((await step).result, EXITED_42);
  });

  it('refuses to step a looping agent, also while it backs off', async () => {
    assert.equal((await ask('loop', 'fails')).ok, true);
    await until('the loop backs off', () => statusOf('fails').state === 'backoff');
    assert.deepEqual(await ask('step', 'fails'), {
      id: nextId - 1,
      ok: false,
      error: 'agent "fails" is looping: stop it first',
    });
    assert.equal((await ask('stop', 'fails')).ok, true);
    assert.equal(((await ask('step', 'fails')).result as { kind: string }).kind, 'failed');
  });

  it('ends a loop whose iteration throws, with the reason, instead of the host', async () => {
    // The API refuses such an event now; put straight into the inbox, it stands in for a host fault
    // that makes every iteration throw.
    workbench.inject('broken', null as unknown as OmwEvent);
    assert.equal((await ask('loop', 'broken')).ok, true);
    await until('the loop ends', () => statusOf('broken').state === 'failed');
    const last = statusOf('broken').last;
    assert.ok(last?.kind === 'failed');
    assert.match(last.error, /null/);
    const logged = workbench
      .traceHistory()
      .some((e) => e.type === 'log' && e.agent === 'broken' && e.message.startsWith('the loop ended: '));
    assert.ok(logged, 'the trace says why the loop ended');
    assert.deepEqual((await ask('step', 'a')).result, EXITED_42);
  });

  it('restarts an agent as a fresh start would: what was injected or left open is gone', async () => {
    const event: OmwEvent = { kind: 'message', data: 'stale' };
    assert.equal((await ask('inject', 'polls', event)).ok, true);
    assert.equal((await ask('inject', 'polls', event)).ok, true);
    assert.deepEqual((await ask('step', 'polls')).result, { kind: 'outcome', outcome: { exited: 'stale' } });
    assert.equal((await ask('restart', 'polls')).ok, true);
    // Ready, as a fresh start: not the `stopped` its old process ended in, nor its last result.
    const status = workbench.workspace().agents.find((agent) => agent.name === 'polls')!.status;
    assert.deepEqual([status.state, status.mode, status.last, status.iteration], ['idle', undefined, undefined, 1]);
    assert.deepEqual((await ask('step', 'polls')).result, { kind: 'outcome', outcome: { exited: 'empty' } });
  });
});
