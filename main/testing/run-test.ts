import { dirname, relative } from 'node:path';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import type { SparePool } from '../supervisor/spare-pool.ts';
import { AssertionParseError } from '../assertions/assertion-parse-error.ts';
import { parseAssertions } from '../assertions/parse-assertions.ts';
import { StreamingMatcher, type ObservedEvent, type Verdict } from '../assertions/streaming-matcher.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { loadConfig, loadTestConfig } from '../config/load-config.ts';
import { Host } from '../host/host.ts';
import type { Restrictions } from '../trust/restrictions.ts';
import { describeResult } from '../supervisor/iteration-result.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { isOmwTraceEvent, type TraceEvent } from '../trace/trace-event.ts';
import { locateAssertionError } from './locate-assertion-error.ts';
import { LineCoverageMap, type LineCounts } from '../debugger/line-coverage-map.ts';
import { NO_DEBUG_CONFIG } from '../runtimes/debug/debug-protocol.ts';
import { mockSnapshots, type MockSnapshot } from './mock-snapshots.ts';

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
 * Runs one omw test (omw-compat 14.2): the config in run mode against its mocks with tracing on,
 * each asserted agent judged by a streaming matcher, the run shut down as soon as every asserted
 * agent has a verdict.
 */
export async function runTest(file: string, options: RunTestOptions): Promise<TestResult> {
  const started = performance.now();
  const errors: string[] = [];
  const trace: TraceEvent[] = [];
  const verdicts = new Map<string, Verdict>();
  const inputs: string[] = [];
  const brains: Record<string, string> = {};
  let matchers = new Map<string, StreamingMatcher>();
  let host: Host | undefined;
  const coverage = options.coverage ? new LineCoverageMap() : undefined;
  const finish = (): TestResult => {
    const agents = [...verdicts].map(([agent, verdict]) => ({ agent, ...verdict }));
    const pass = errors.length === 0 && agents.every((v) => v.pass);
    const durationMs = performance.now() - started;
    const result: TestResult = { file, pass, agents, errors, trace, durationMs, inputs, brains };
    if (coverage) result.coverage = coverage.toJSON();
    if (options.snapshot) {
      const reports = [...matchers].map(([agent, m]) => ({
        agent,
        cursor: m.position,
        observed: m.observed,
        diff: m.diff(),
      }));
      result.snapshot = { matchers: reports, mocks: host ? mockSnapshots(host) : [] };
    }
    return result;
  };

  let supervisor: Supervisor;
  let asserted: Map<string, ReturnType<typeof parseAssertions>[string]>;
  let config: OmwConfig | undefined;
  try {
    const env = options.env ?? process.env;
    const root = options.root ?? dirname(file);
    const loaded = options.source
      ? { ...loadConfig(file, { ...options.source, env, envPrefix: 'OMW_TEST__' }), layers: [] }
      : loadTestConfig(file, { root, env });
    config = loaded;
    inputs.push(...loaded.layers, ...Object.values(loaded.agents).map((agent) => agent.script));
    for (const [agent, { script }] of Object.entries(loaded.agents)) brains[agent] = relative(root, script);
    if (Object.keys(loaded.agents).length === 0) {
      throw new Error('the config has no agents: a test needs at least one [agents.<name>] table');
    }
    asserted = new Map(Object.entries(parseAssertions(loaded.assertions ?? {})));
    for (const agent of asserted.keys()) {
      if (!loaded.agents[agent]) throw new Error(`assertions.${agent}: no agent "${agent}" is configured`);
    }
    host = new Host(loaded, options.restrict ? { restrictions: options.restrict(loaded) } : {});
    supervisor = new Supervisor(host, { spawner: options.spawner, entry: options.entry, spares: options.spares });
    matchers = new Map([...asserted].map(([agent, assertion]) => [agent, new StreamingMatcher(assertion)]));
    if (coverage) countLines(supervisor, coverage);
    host.trace.subscribe((event) => {
      trace.push(event);
      if (!isOmwTraceEvent(event) || event.type === 'outcome') return;
      matchers.get(event.agent)?.feed(event);
      settleAsserted(event.agent);
    });
  } catch (error) {
    // An invalid assertion (or mock `after` gate) is named by its place in the config's files.
    const located = error instanceof AssertionParseError && config ? locateAssertionError(error, config) : error;
    errors.push((located as Error).message);
    return finish();
  }

  let allSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => (allSettled = resolve));
  // With nothing asserted the run simply goes to its end.
  const checkAllSettled = () => {
    if (asserted.size > 0 && verdicts.size === asserted.size) allSettled();
  };
  function settleAsserted(agent: string): void {
    const matcher = matchers.get(agent);
    if (!matcher || verdicts.has(agent) || asserted.get(agent)?.outcome !== 'asserted' || !matcher.satisfied) return;
    verdicts.set(agent, { pass: true });
    void supervisor.stop(agent);
    checkAllSettled();
  }
  for (const agent of asserted.keys()) settleAsserted(agent);
  checkAllSettled();

  const judge = (agent: string, result: IterationResult) => {
    const matcher = matchers.get(agent);
    if (result.kind === 'failed') errors.push(`agent "${agent}" ${describeResult(result, brains[agent])}`);
    if (!matcher || verdicts.has(agent)) return;
    if (asserted.get(agent)?.outcome === 'asserted') return;
    if (result.kind === 'aborted') return;
    verdicts.set(agent, matcher.judgeOutcome(result.kind === 'outcome' ? result.outcome : undefined));
    checkAllSettled();
  };

  const timeoutSecs = supervisor.host.config.tunables.test_timeout_secs;
  let timedOut = false;
  const timer =
    timeoutSecs > 0
      ? setTimeout(() => {
          timedOut = true;
          allSettled();
        }, timeoutSecs * 1000)
      : undefined;

  const agents = [...supervisor.runners.keys()];
  const running = Promise.all(
    agents.map(async (agent) => {
      const [result] = (await supervisor.run([agent])).values();
      judge(agent, result!);
    }),
  );
  await Promise.race([running, settled]);
  clearTimeout(timer);
  await supervisor.shutdown();
  await running;
  await supervisor.host.close();

  for (const agent of asserted.keys()) {
    if (verdicts.has(agent)) continue;
    const reason = timedOut
      ? `timed out after ${timeoutSecs} s before agent "${agent}"'s assertions settled`
      : `the run ended before agent "${agent}"'s assertions settled`;
    verdicts.set(agent, { pass: false, reason: `${reason}\n${matchers.get(agent)!.diff()}` });
  }
  return finish();
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
