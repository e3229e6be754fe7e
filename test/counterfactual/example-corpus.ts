// A workspace made of the JavaScript examples, one agent per example brain (tool-call's as `tool`,
// cancel-race's as `race`, timers', memory-seeding's as `memory`, ping-pong's `ping` and `pong`),
// with the examples' back ends; and a corpus recorded from it: each example run alone (its own
// config beside the workspace's), twice, and the tool example also with its queued call failing,
// the one run that takes its brain's error path.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'smol-toml';
import { loadConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../../main/supervisor/supervisor.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples');

type Table = Record<string, unknown>;

const base = (example: string): Table => parse(readFileSync(join(EXAMPLES, example, 'omw.test.base.toml'), 'utf8'));

/** The examples' agents under their names here, each with its example's brain. */
const AGENTS: Record<string, { example: string; brain: string }> = {
  tool: { example: 'tool-call', brain: 'brain.js' },
  race: { example: 'cancel-race', brain: 'brain.js' },
  timers: { example: 'timers', brain: 'brain.js' },
  memory: { example: 'memory-seeding', brain: 'brain.js' },
  ping: { example: 'ping-pong', brain: 'ping.js' },
  pong: { example: 'ping-pong', brain: 'pong.js' },
};

/** What each recording runs: its agents and back ends (the tool example's calc failing its queued call in `tool-error`). */
function recordedConfigs(): Record<string, Table> {
  const calc = (base('tool-call').tooling as Table).calc as Table;
  const failing = { ...calc, tool_calls: [(calc.tool_calls as Table[])[0], { name: 'add', error: 'overflow' }] };
  const race = base('cancel-race');
  return {
    tool: { agents: ['tool'], tooling: { calc } },
    'tool-error': { agents: ['tool'], tooling: { calc: failing } },
    race: { agents: ['race'], providers: race.providers, tooling: race.tooling },
    timers: { agents: ['timers'] },
    memory: { agents: ['memory'], memory: { memory: (base('memory-seeding').memory as Table).alice } },
    pingpong: { agents: ['ping', 'pong'] },
  };
}

function configText(agents: readonly string[], rest: Table): string {
  const tables: Table = {
    runtime: { brain: { kind: 'js' } },
    tunables: { test_timeout_secs: 20 },
    agents: Object.fromEntries(agents.map((agent) => [agent, { runtime: 'brain', script: `${agent}.js` }])),
  };
  for (const [key, value] of Object.entries(rest)) if (key !== 'agents' && value !== undefined) tables[key] = value;
  return stringify(tables);
}

export interface ExampleCorpus {
  /** The workspace: its omw.toml has every agent and back end. */
  dir: string;
  /** The recordings, `<config>-<n>.jsonl`. */
  corpus: string;
  files: string[];
}

/** Records each example config `times` times (run mode, as `brainbench run --record` does). */
export async function exampleCorpus(times = 2): Promise<ExampleCorpus> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-corpus-'));
  for (const [agent, { example, brain }] of Object.entries(AGENTS))
    cpSync(join(EXAMPLES, example, 'js', brain), join(dir, `${agent}.js`));
  const configs = recordedConfigs();
  const all: Table = {};
  for (const name of ['tool', 'race', 'memory'])
    for (const [key, value] of Object.entries(configs[name]!))
      if (key !== 'agents') all[key] = { ...((all[key] as Table | undefined) ?? {}), ...(value as Table) };
  writeFileSync(join(dir, 'omw.toml'), configText(Object.keys(AGENTS), all));
  const corpus = join(dir, 'corpus');
  mkdirSync(corpus);
  const files: string[] = [];
  for (const [name, table] of Object.entries(configs)) {
    const configFile = join(dir, `rec-${name}.toml`);
    writeFileSync(configFile, configText(table.agents as string[], table));
    for (let n = 1; n <= times; n++) {
      const file = join(corpus, `${name}-${n}.jsonl`);
      await recordRun(configFile, file);
      files.push(file);
    }
  }
  return { dir, corpus, files };
}

/** One run of a config, recorded into `file`. */
export async function recordRun(configFile: string, file: string): Promise<void> {
  const host = new Host(loadConfig(configFile, { env: {} }));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  const recorder = new SessionRecorder(supervisor, { file, mode: 'run', configFile, brainbench: 'test' });
  try {
    await supervisor.run();
  } finally {
    recorder.close();
    await supervisor.shutdown();
  }
}
