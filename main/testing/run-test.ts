import { dirname, relative } from 'node:path';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import type { SparePool } from '../supervisor/spare-pool.ts';
import type { ObservedEvent, Verdict } from '../assertions/streaming-matcher.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { loadConfig, loadTestConfig } from '../config/load-config.ts';
import type { Restrictions } from '../trust/restrictions.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { LineCoverageMap, type LineCounts } from '../debugger/line-coverage-map.ts';
import { NO_DEBUG_CONFIG } from '../runtimes/debug/debug-protocol.ts';
import { mockSnapshots, type MockSnapshot } from './mock-snapshots.ts';
import { runHarness, type HarnessResult, type HarnessRun } from './run-harness.ts';

export interface AgentVerdict extends Verdict {
  agent: string;
}

export interface TestResult {
  file: string;
  pass: boolean;
  agents: AgentVerdict[];
  /** Run-level failures: bootstrap errors, failed brains, a timeout. */
  errors: string[];
  /** Every trace event of the run, for the workbench's jump-to-trace. */
  trace: TraceEvent[];
  durationMs: number;
  /** The files the test reads: its config layers and its agents' brains (for `--watch`). */
  inputs: string[];
  /** Each agent's brain, relative to the discovery root, as messages name it. */
  brains: Record<string, string>;
  /** With the `snapshot` option: what `--dump` reports beyond the verdicts. */
  snapshot?: TestSnapshot;
  /** With the `coverage` option: how often each line of each brain was entered. */
  coverage?: LineCounts;
}

/** An asserted agent's matcher at the end of the test. */
export interface MatcherReport {
  agent: string;
  /** Assertion steps behind the cursor. */
  cursor: number;
  observed: readonly ObservedEvent[];
  diff: string;
}

export interface TestSnapshot {
  matchers: MatcherReport[];
  mocks: MockSnapshot[];
}

export interface RunTestOptions {
  spawner: AgentSpawner;
  entry: string;
  /** Discovery root; base configs are layered from here down. */
  root?: string;
  env?: Record<string, string | undefined>;
  /** The config's text, read elsewhere (standard input): no base configs are layered under it. */
  source?: { text: string; format: ConfigFormat };
  /** Keep the matchers' state and the mocks' snapshots in the result (`--dump`). */
  snapshot?: boolean;
  /** Warm processes the test's agents start from. */
  spares?: SparePool;
  /** What a test's config must hold back: the workbench's tests of a workspace that is not trusted (main/trust). */
  restrict?: (config: OmwConfig) => Restrictions;
  /** Count how often each brain line is entered (docs/debugging.md#which-lines-ran). */
  coverage?: boolean;
}

/**
 * Runs one omw test (omw-compat 14.2): its config layered and loaded, then omw-test's harness
 * (run-harness.ts) on it.
 */
export async function runTest(file: string, options: RunTestOptions): Promise<TestResult> {
  const started = performance.now();
  const inputs: string[] = [];
  const brains: Record<string, string> = {};
  const coverage = options.coverage ? new LineCoverageMap() : undefined;
  const finish = (harness: HarnessResult): TestResult => {
    const agents = [...harness.verdicts].map(([agent, verdict]) => ({ agent, ...verdict }));
    const { errors, trace } = harness;
    const pass = errors.length === 0 && agents.every((v) => v.pass);
    const durationMs = performance.now() - started;
    const result: TestResult = { file, pass, agents, errors, trace, durationMs, inputs, brains };
    if (coverage) result.coverage = coverage.toJSON();
    if (options.snapshot) {
      const reports = [...harness.matchers].map(([agent, m]) => ({
        agent,
        cursor: m.position,
        observed: m.observed,
        diff: m.diff(),
      }));
      result.snapshot = { matchers: reports, mocks: harness.host ? mockSnapshots(harness.host) : [] };
    }
    return result;
  };

  let config: OmwConfig;
  try {
    const env = options.env ?? process.env;
    const root = options.root ?? dirname(file);
    const loaded = options.source
      ? { ...loadConfig(file, { ...options.source, env, envPrefix: 'OMW_TEST__' }), layers: [] }
      : loadTestConfig(file, { root, env });
    config = loaded;
    inputs.push(...loaded.layers, ...Object.values(loaded.agents).map((agent) => agent.script));
    for (const [agent, { script }] of Object.entries(loaded.agents)) brains[agent] = relative(root, script);
  } catch (error) {
    const failed: HarnessResult = {
      verdicts: new Map(),
      errors: [(error as Error).message],
      trace: [],
      timedOut: false,
      matchers: new Map(),
    };
    return finish(failed);
  }
  const onStart = coverage && ((run: HarnessRun) => countLines(run.supervisor, coverage));
  return finish(await runHarness(config, { ...options, brains, ...(onStart ? { onStart } : {}) }));
}

/** Every agent's engine counts the lines it enters; its brain is listed even if it never runs. */
function countLines(supervisor: Supervisor, coverage: LineCoverageMap): void {
  for (const [agent, runner] of supervisor.runners) {
    coverage.include(supervisor.host.context(agent).script);
    runner.process.debugNotice({ t: 'config', config: { ...NO_DEBUG_CONFIG, coverage: true } });
  }
  supervisor.onDebugEvent((_agent, event) => {
    if (event.t === 'coverage') coverage.add(event.lines);
  });
}
