// The workbench exports its session live when the standard OTLP variable names a collector,
// beside its own session recording, which shares the call tap and stays whole.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

test('OTEL_EXPORTER_OTLP_ENDPOINT: the workbench session goes to the collector, and is still recorded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-wbotlp-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.r]\nkind = "rhai"\n[agents.counter]\nruntime = "r"\nscript = "counter.rhai"\n',
  );
  writeFileSync(join(dir, 'counter.rhai'), 'let n = omw::host::time_now();\nomw::host::memory_set("n", `${n}`);\n');
  const receiver = await startOtlpReceiver();
  const notices: string[] = [];
  const workbench = new Workbench({
    spawner: forkSpawner,
    entry: agentEntry(),
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.origin}/` },
  });
  workbench.subscribe((event) => {
    if (event.type === 'notice') notices.push(event.message);
  });
  try {
    await workbench.open(dir);
    await workbench.step('counter');
    await workbench.step('counter');
  } finally {
    await workbench.close();
    await receiver.close();
  }
  assert.deepEqual(notices, []);
  const iterations = receiver.spans.filter((span) => span.name === 'invoke_agent counter');
  assert.deepEqual(
    iterations.map((span) => [span.attributes['brainbench.iteration'], span.attributes['brainbench.trigger']]),
    [
      [1, 'step'],
      [2, 'step'],
    ],
  );
  assert.deepEqual(
    iterations[1]!.events.map((event) => event.name),
    ['host.time-now', 'host.memory-set'],
    "the agent process's own calls are reported to the export too",
  );
  assert.equal(iterations[0]!.resource['brainbench.mode'], 'session');
  const recorded = loadRecording(join(dir, '.brainbench', 'session.jsonl')).agents.get('counter')!.iterations;
  assert.deepEqual(
    recorded[1]!.calls.map((call) => call.op),
    ['host.time-now', 'host.memory-set'],
  );
});
