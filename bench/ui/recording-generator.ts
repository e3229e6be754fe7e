// A real recording of about 100,000 events for the Recording view's benchmark: a small JS brain
// stepped many times under a real SessionRecorder, in a workspace the workbench can then open.
// Events are the recording's lines after the header (calls and trace events).

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../../main/supervisor/supervisor.ts';

/** Each iteration: nine memory calls, a clock read the agent process answers, and a log line. */
const BRAIN = `const seen = Number(omw.host.memoryGet('seen') ?? '0');
for (let i = 0; i < 8; i++) omw.host.memoryGet('k' + i);
omw.host.memorySet('seen', String(seen + 1));
omw.host.timeNow();
omw.host.log('info', 'iteration ' + (seen + 1));
`;

const CONFIG = `[runtime.js]
kind = "js"

[agents.looper]
runtime = "js"
script = "brains/looper.js"
`;

export interface GeneratedRecording {
  /** The workspace the recording is in. */
  workspace: string;
  /** Relative to the workspace. */
  path: string;
  events: number;
  iterations: number;
}

function countEvents(file: string): number {
  const text = readFileSync(file, 'utf8');
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines - 1;
}

/** Steps the brain until the recording holds at least `events` events, then closes it. */
export async function generateRecording(events = 100_000): Promise<GeneratedRecording> {
  const workspace = mkdtempSync(join(tmpdir(), 'brainbench-bench-recording-'));
  mkdirSync(join(workspace, 'brains'));
  mkdirSync(join(workspace, 'runs'));
  writeFileSync(join(workspace, 'omw.toml'), CONFIG);
  writeFileSync(join(workspace, 'brains/looper.js'), BRAIN);
  const path = 'runs/looper.jsonl';
  const file = join(workspace, path);
  const supervisor = new Supervisor(new Host(loadConfig(join(workspace, 'omw.toml'), { env: {} })), {
    spawner: forkSpawner,
    entry: agentEntry(),
  });
  const recorder = new SessionRecorder(supervisor, { file, mode: 'loop', configFile: 'omw.toml', brainbench: 'bench' });
  let iterations = 0;
  try {
    // Batches sized from the first one's events per iteration, checked on the file itself.
    let batch = 50;
    for (;;) {
      for (let i = 0; i < batch; i++) await supervisor.step('looper');
      iterations += batch;
      recorder.flush();
      const count = countEvents(file);
      if (count >= events) break;
      batch = Math.max(1, Math.ceil(((events - count) / count) * iterations));
    }
  } finally {
    recorder.close();
    supervisor.dispose();
  }
  return { workspace, path, events: countEvents(file), iterations };
}
