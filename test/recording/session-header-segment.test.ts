// The session recording says what ran (docs/recordings.md, "Header segments"): a brain edited
// mid-session starts a new header segment in the file, and a saved config that rewires an agent
// starts a new segment file, so that Fork from here runs the brain that produced the iteration
// it forks from, not the one the session began with.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const ONE = "omw.host.memorySet('v', 'one');\n";
const TWO = "omw.host.memorySet('v', 'two, edited');\n";
const CONFIG = (script: string) => `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "${script}"\n`;

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'brainbench-header-segment-'));
  writeFileSync(join(root, 'omw.toml'), CONFIG('a.js'));
  writeFileSync(join(root, 'a.js'), ONE);
  writeFileSync(join(root, 'b.js'), TWO);
  return root;
}

/** What the branch's first iteration stored: the brain it ran. */
function branchValue(root: string, branch: string): unknown {
  const recording = loadRecording(join(root, branch));
  const call = recording.agents.get('alice')!.iterations[0]!.calls.find((c) => c.op === 'host.memory-set');
  return call?.args[1];
}

test('a brain edited mid-session: a fork from before the edit runs the old brain, from after it the new one', async () => {
  const root = workspace();
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
  try {
    await workbench.open(root);
    await workbench.step('alice');
    await workbench.step('alice');
    writeFileSync(join(root, 'a.js'), TWO);
    await workbench.step('alice');
    await workbench.step('alice');
    const session = '.brainbench/session.jsonl';
    const ran = [];
    for (const n of [1, 2, 3, 4])
      ran.push((await workbench.recordings.iteration(session, 'alice', n)).calls[0]!.args[1]);
    assert.deepEqual(ran, ['one', 'one', 'two, edited', 'two, edited']);
    assert.equal((await workbench.recordings.forkPoint(session, 'alice', 2)).source, ONE);
    assert.equal((await workbench.recordings.forkPoint(session, 'alice', 3)).source, TWO);
    assert.equal((await workbench.recordings.forkPoint(session, 'alice', 0)).source, ONE);
    // A branch that runs the recorded brain runs the one of its fork point.
    const before = await workbench.recordings.fork(session, 'alice', 1, { name: 'before', iterations: 1 }, true);
    const after = await workbench.recordings.fork(session, 'alice', 3, { name: 'after', iterations: 1 }, true);
    assert.equal(branchValue(root, before.branch.path), 'one');
    assert.equal(branchValue(root, after.branch.path), 'two, edited');
  } finally {
    await workbench.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a saved config that changes an agent brain: the recording so far becomes the older segment, under its own header', async () => {
  const root = workspace();
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
  try {
    await workbench.open(root);
    await workbench.step('alice');
    await workbench.step('alice');
    await workbench.writeFile('omw.toml', CONFIG('b.js'));
    await workbench.step('alice');
    const session = '.brainbench/session.jsonl';
    // After the change: the new brain, in the file the live session goes on writing.
    assert.equal((await workbench.recordings.forkPoint(session, 'alice', 1)).source, TWO);
    const after = await workbench.recordings.fork(session, 'alice', 1, { name: 'after', iterations: 1 }, true);
    assert.equal(branchValue(root, after.branch.path), 'two, edited');
    // Before it: the old brain, in the older segment.
    const older = `${session}.1`;
    assert.equal((await workbench.recordings.forkPoint(older, 'alice', 2)).source, ONE);
    const before = await workbench.recordings.fork(older, 'alice', 1, { name: 'before', iterations: 1 }, true);
    assert.equal(branchValue(root, before.branch.path), 'one');
    const header = JSON.parse(readFileSync(join(root, session), 'utf8').split('\n')[0]!) as { segment: number };
    assert.equal(header.segment, 2);
  } finally {
    await workbench.close();
    rmSync(root, { recursive: true, force: true });
  }
});
