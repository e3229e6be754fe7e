// A saved config restarts only the agents it rewires: their processes are replaced (new pids)
// while every other agent's process, iteration count and memory carry on; a change to a shared
// back end restarts everyone; the save plan names the agents that are mid-iteration.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CONFIG = `[runtime.r]
kind = "rhai"

[providers.chat]
kind = "mock"
turns = [ { content = "hi" } ]

[agents.steady]
runtime = "r"
script = "count.rhai"

[agents.changing]
runtime = "r"
script = "count.rhai"

[agents.leaving]
runtime = "r"
script = "count.rhai"

[memory.steady]
n = "0"

[memory.changing]
n = "0"
start = "1"

[memory.leaving]
n = "0"
`;

const COUNT = `let n = omw::host::memory_get_as("n");
omw::host::memory_set_as("n", n + 1);
`;

/** Waits for a message that never comes (until recv_timeout_secs): an iteration in flight. */
const WAITING = `omw::host::recv();`;

let dir: string;
let workbench: Workbench;

const pid = (agent: string) => workbench['workspaceState']!.supervisor!.runner(agent).process.pid;
const save = (text: string) => workbench.writeFile('omw.toml', text);
const config = () => readFileSync(join(dir, 'omw.toml'), 'utf8');

describe('a saved config restarts only the agents it rewires', () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-rewire-'));
    writeFileSync(join(dir, 'omw.toml'), CONFIG);
    writeFileSync(join(dir, 'count.rhai'), COUNT);
    writeFileSync(join(dir, 'wait.rhai'), WAITING);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(dir);
  });
  after(async () => {
    await workbench.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the changed, added and removed agents’ processes, and leaves the others running', async () => {
    for (const agent of ['steady', 'changing', 'leaving']) {
      assert.deepEqual(await workbench.step(agent), { kind: 'outcome', outcome: 'completed' });
    }
    const before = { steady: pid('steady'), changing: pid('changing') };
    assert.ok(before.steady && before.changing);
    const edited = config()
      .replace('start = "1"', 'start = "2"')
      .replace(/\[agents\.leaving\][^[]*/, '')
      .replace(/\[memory\.leaving\][^[]*/, '')
      .concat('\n[agents.arriving]\nruntime = "r"\nscript = "count.rhai"\n\n[memory.arriving]\nn = "0"\n');
    // A comment and a moved line change nothing an agent is built from.
    assert.equal((await save(`# edited\n${edited}`)).saved, true);

    assert.equal(pid('steady'), before.steady, 'the unchanged agent keeps its process');
    assert.notEqual(pid('changing'), before.changing, 'the agent whose memory changed gets a new process');
    const names = workbench.workspace().agents.map((a) => a.name);
    assert.deepEqual(names.sort(), ['arriving', 'changing', 'steady']);
    // The steady agent's iteration count and memory went on; the changed one starts afresh.
    await workbench.step('steady');
    assert.equal(workbench.workspace().agents.find((a) => a.name === 'steady')!.status.iteration, 2);
    assert.equal(workbench.debugging.memory('steady').n, '2');
    assert.equal(workbench.workspace().agents.find((a) => a.name === 'changing')!.status.iteration, 0);
    const restarts = workbench
      .traceHistory()
      .filter((e) => e.type === 'restart')
      .map((e) => e.agent)
      .sort();
    assert.deepEqual(restarts, ['arriving', 'changing']);
  });

  it('restarts every agent when a shared back end changes', async () => {
    const before = { steady: pid('steady'), changing: pid('changing') };
    await save(config().replace('content = "hi"', 'content = "hello"'));
    assert.notEqual(pid('steady'), before.steady);
    assert.notEqual(pid('changing'), before.changing);
  });

  it('names the agents mid-iteration that a save would interrupt, and only those', async () => {
    await save(config().replace(/(\[agents\.changing\]\nruntime = "r"\nscript = )"count\.rhai"/, '$1"wait.rhai"'));
    const iterating = workbench.step('changing');
    const busyEdit = config().replace('start = "2"', 'start = "3"');
    const deadline = Date.now() + 10_000;
    while (workbench.configSavePlan('omw.toml', busyEdit).busy.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(workbench.configSavePlan('omw.toml', busyEdit), { restart: ['changing'], busy: ['changing'] });
    // An edit of another agent interrupts nothing.
    const other = config().replace('n = "0"', 'n = "5"');
    assert.deepEqual(workbench.configSavePlan('omw.toml', other), { restart: ['steady'], busy: [] });
    assert.deepEqual(workbench.configSavePlan('count.rhai', 'x'), { restart: [], busy: [] });
    await workbench.stop('changing');
    await iterating;
  });
});
