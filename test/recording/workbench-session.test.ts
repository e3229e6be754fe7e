// The workbench records every session into a bounded file in the workspace's `.brainbench/`.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

test('a workbench session is recorded into .brainbench/session.jsonl, git-ignored', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-wbrec-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.r]\nkind = "rhai"\n[agents.counter]\nruntime = "r"\nscript = "counter.rhai"\n',
  );
  writeFileSync(join(dir, 'counter.rhai'), 'let n = omw::host::time_now();\nomw::host::memory_set("n", `${n}`);\n');
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  try {
    await workbench.open(dir);
    await workbench.step('counter');
    await workbench.step('counter');
  } finally {
    await workbench.close();
  }
  const recording = loadRecording(join(dir, '.brainbench', 'session.jsonl'));
  assert.equal(recording.header.mode, 'session');
  assert.equal(recording.ended, true);
  const iterations = recording.agents.get('counter')!.iterations;
  assert.equal(iterations.length, 2);
  assert.deepEqual(
    iterations[1]!.calls.map((call) => call.op),
    ['host.time-now', 'host.memory-set'],
  );
  assert.match(readFileSync(join(dir, '.brainbench', '.gitignore'), 'utf8'), /^\*$/m);
});
