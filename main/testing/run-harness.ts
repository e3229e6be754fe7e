import type { IterationResult } from '../../contract/iteration-result.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import type { SparePool } from '../supervisor/spare-pool.ts';
import { AssertionParseError } from '../assertions/assertion-parse-error.ts';
import { parseAssertions } from '../assertions/parse-assertions.ts';
import { StreamingMatcher, type Verdict } from '../assertions/streaming-matcher.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { Host } from '../host/host.ts';
import type { Restrictions } from '../trust/restrictions.ts';
import { describeResult } from '../supervisor/iteration-result.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { isOmwTraceEvent, type TraceEvent } from '../trace/trace-event.ts';
import { locateAssertionError } from './locate-assertion-error.ts';

export interface HarnessOptions {
  spawner: AgentSpawner;
  entry: string;
  /** Warm processes the agents start from. */
  spares?: SparePool;
  /** What the config must hold back (main/trust). */
  restrict?: (config: OmwConfig) => Restrictions;
  /** Each agent's brain as messages name it. */
  brains?: Record<string, string>;
  /**
   * Sees the run before any agent starts (an eval records it, delivers its input, watches its
   * budgets); `end` stops it early, as when every asserted agent has a verdict.
   */
  onStart?: (run: HarnessRun) => void;
  /** omw's run mode (each agent's brain once, the default), or loop mode, which only `end`, the verdicts or the timeout stop. */
  mode?: 'run' | 'loop';
}

export interface HarnessRun {
  supervisor: Supervisor;
  /** Ends the run now: every agent is shut down, those without a verdict are judged unsettled. */
  end(): void;
}

export interface HarnessResult {
  /** Each asserted agent's verdict. */
  verdicts: Map<string, Verdict>;
  /** Run-level failures: bootstrap errors, failed brains, a timeout. */
  errors: string[];
  /** Every trace event of the run. */
  trace: TraceEvent[];
  /** `test_timeout_secs` ran out first. */
  timedOut: boolean;
  /** The matchers, to report their state; the host, for its mocks' snapshots. */
  matchers: Map<string, StreamingMatcher>;
  host?: Host;
}

/**
 * omw-test's harness (omw-compat 14.2) on a loaded config: the config in run mode against its
 * mocks with tracing on, each asserted agent judged by a streaming matcher, the run shut down as
 * soon as every asserted agent has a verdict (or `end` is called, or the timeout passes). An
 * omw test runs it once; an eval trial runs it with its input and end conditions.
 */
export async function runHarness(config: OmwConfig, options: HarnessOptions): Promise<HarnessResult> {
  const result: HarnessResult = { verdicts: new Map(), errors: [], trace: [], timedOut: false, matchers: new Map() };
  const { verdicts, errors, trace } = result;
  const brains = options.brains ?? {};
  let supervisor: Supervisor;
  let asserted: Map<string, ReturnType<typeof parseAssertions>[string]>;
  try {
    if (Object.keys(config.agents).length === 0) {
      throw new Error('the config has no agents: a test needs at least one [agents.<name>] table');
    }
    asserted = new Map(Object.entries(parseAssertions(config.assertions ?? {})));
    for (const agent of asserted.keys()) {
      if (!config.agents[agent]) throw new Error(`assertions.${agent}: no agent "${agent}" is configured`);
    }
    const host = new Host(config, options.restrict ? { restrictions: options.restrict(config) } : {});
    result.host = host;
    supervisor = new Supervisor(host, { spawner: options.spawner, entry: options.entry, spares: options.spares });
    result.matchers = new Map([...asserted].map(([agent, assertion]) => [agent, new StreamingMatcher(assertion)]));
    host.trace.subscribe((event) => {
      trace.push(event);
      if (!isOmwTraceEvent(event) || event.type === 'outcome') return;
      result.matchers.get(event.agent)?.feed(event);
      settleAsserted(event.agent);
    });
  } catch (error) {
    // An invalid assertion (or mock `after` gate) is named by its place in the config's files.
    const located = error instanceof AssertionParseError ? locateAssertionError(error, config) : error;
    errors.push((located as Error).message);
    return result;
  }
  const { matchers } = result;

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

  const judge = (agent: string, iteration: IterationResult) => {
    const matcher = matchers.get(agent);
    if (iteration.kind === 'failed') errors.push(`agent "${agent}" ${describeResult(iteration, brains[agent])}`);
    if (!matcher || verdicts.has(agent)) return;
    if (asserted.get(agent)?.outcome === 'asserted') return;
    if (iteration.kind === 'aborted') return;
    verdicts.set(agent, matcher.judgeOutcome(iteration.kind === 'outcome' ? iteration.outcome : undefined));
    checkAllSettled();
  };

  const timeoutSecs = supervisor.host.config.tunables.test_timeout_secs;
  const timer =
    timeoutSecs > 0
      ? setTimeout(() => {
          result.timedOut = true;
          allSettled();
        }, timeoutSecs * 1000)
      : undefined;

  options.onStart?.({ supervisor, end: () => allSettled() });
  const agents = [...supervisor.runners.keys()];
  let running: Promise<unknown> = settled;
  if (options.mode === 'loop') supervisor.loop();
  else
    running = Promise.all(
      agents.map(async (agent) => {
        const [iteration] = (await supervisor.run([agent])).values();
        judge(agent, iteration!);
      }),
    );
  await Promise.race([running, settled]);
  clearTimeout(timer);
  await supervisor.shutdown();
  await running;
  await supervisor.host.close();

  for (const agent of asserted.keys()) {
    if (verdicts.has(agent)) continue;
    const reason = result.timedOut
      ? `timed out after ${timeoutSecs} s before agent "${agent}"'s assertions settled`
      : `the run ended before agent "${agent}"'s assertions settled`;
    verdicts.set(agent, { pass: false, reason: `${reason}\n${matchers.get(agent)!.diff()}` });
  }
  return result;
}
