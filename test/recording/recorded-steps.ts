import { join } from 'node:path';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { workspace, type Workspace } from '../supervisor/workspace.ts';

/** A real workspace whose agent `alice` is stepped `steps` times while recorded into `run.jsonl`. */
export async function recordedSteps(
  config: string,
  files: Record<string, string>,
  steps = 1,
): Promise<{ ws: Workspace; file: string; results: Awaited<ReturnType<Workspace['supervisor']['step']>>[] }> {
  const ws = workspace(config, files);
  const file = join(ws.dir, 'run.jsonl');
  const recorder = new SessionRecorder(ws.supervisor, {
    file,
    mode: 'loop',
    configFile: join(ws.dir, 'omw.toml'),
    brainbench: 'test',
  });
  const results = [];
  try {
    for (let i = 0; i < steps; i++) results.push(await ws.supervisor.step('alice'));
  } finally {
    recorder.close();
    ws.supervisor.dispose();
  }
  return { ws, file, results };
}
