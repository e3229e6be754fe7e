// A corpus replay's speed: 1,000 recordings of 10 iterations each, replayed against the brain that
// made them on this machine's cores (the target: <= 30 s on 2 cores). The corpus is made
// from one real recorded run whose mock answers carry a seed: each copy has the seed replaced
// everywhere (answers, the arguments the brain passed them on in, memory), so every recording is
// its own and still one the brain replays.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import { corpusFiles } from '../main/counterfactual/corpus-files.ts';
import { replayCorpus } from '../main/counterfactual/corpus-replay.ts';
import { Host } from '../main/host/host.ts';
import { SessionRecorder } from '../main/recording/session-recorder.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import type { AgentSpawner } from '../main/supervisor/agent-spawner.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import type { BenchRow } from './bench-row.ts';

const RECORDINGS = 1000;
const ITERATIONS = 10;
const SEED = 'seed-0000';

const BRAIN = `
const last = omw.host.memoryGet('last') ?? 'nothing yet';
const p = omw.provider.get('p');
const answer = p.chat('m', [{ role: 'user', content: 'after ' + last }], []);
omw.host.memorySet('last', answer.content);
const timer = omw.host.waitFor(5);
while (omw.host.recv().id !== timer) {}
omw.host.log('info', 'at ' + omw.host.timeNow());
answer.content.length;
`;

/** A workspace, and one recorded run of ITERATIONS iterations copied RECORDINGS times with its seed replaced. */
async function corpus(): Promise<{ dir: string; folder: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-corpus-'));
  const turns = Array.from(
    { length: ITERATIONS },
    (_, i) => `{ content = "${SEED} answer ${i}", usage = { prompt_tokens = 12, completion_tokens = 4 } }`,
  );
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n[agents.a]\nruntime = "js"\nscript = "a.js"\n[providers.p]\nkind = "mock"\nturns = [ ${turns.join(', ')} ]\n`,
  );
  writeFileSync(join(dir, 'a.js'), BRAIN);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  const original = join(dir, 'original.jsonl');
  const recorder = new SessionRecorder(supervisor, {
    file: original,
    mode: 'loop',
    configFile: join(dir, 'omw.toml'),
    brainbench: 'bench',
  });
  try {
    for (let i = 0; i < ITERATIONS; i++) await supervisor.step('a');
  } finally {
    recorder.close();
    supervisor.dispose();
    await host.close();
  }
  const text = readFileSync(original, 'utf8');
  const folder = join(dir, 'corpus');
  mkdirSync(folder);
  for (let i = 0; i < RECORDINGS; i++) {
    const seed = `seed-${String(i).padStart(4, '0')}`;
    writeFileSync(join(folder, `run-${String(i).padStart(4, '0')}.jsonl`), text.replaceAll(SEED, seed));
  }
  return { dir, folder };
}

export async function counterfactualBenchmarks(): Promise<BenchRow[]> {
  const { dir, folder } = await corpus();
  try {
    return await replayed(dir, folder);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function replayed(dir: string, folder: string): Promise<BenchRow[]> {
  const config = loadConfig(join(dir, 'omw.toml'), { env: {} });
  const files = corpusFiles([folder]);
  // Counted, to show that agent processes go on from one recording to the next.
  let processes = 0;
  const spawner: AgentSpawner = (entry, options) => {
    processes++;
    return forkSpawner(entry, options);
  };
  const started = performance.now();
  const { view } = await replayCorpus({
    files,
    config,
    spawner,
    entry: agentEntry(),
    recordedBrains: false,
    expectDivergence: [],
  });
  const ms = performance.now() - started;
  const { summary } = view;
  if (summary.replayed !== RECORDINGS) {
    const first = view.entries.find((entry) => entry.status !== 'replayed');
    throw new Error(`the corpus did not replay: ${JSON.stringify(first)}`);
  }
  const cores = availableParallelism();
  return [
    {
      name: `replay ${RECORDINGS} recordings x ${ITERATIONS} iterations (-j ${cores})`,
      value: ms / 1000,
      unit: 's',
      target: '<= 30 s on 2 cores',
    },
    { name: 'per recording', value: ms / RECORDINGS, unit: 'ms' },
    { name: 'agent processes started', value: processes, unit: '' },
  ];
}
