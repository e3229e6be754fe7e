// `brainbench explore` (docs/counterfactuals.md, Explore): the workspace's agents run (each brain
// once, as `brainbench run`) under many schedules, a schedule being which event an agent receives
// when events from several sources are ready for it at once (bus messages, tool results, timers,
// stream deltas; one source's events stay in order). `every` walks every order depth-first, as
// CHESS does, up to `runs`; `random` draws seeded orders, as rr's chaos mode does. The first run
// is first in, first out; a schedule whose outcome differs is cut down to the fewest choices
// that still give it and can be saved, to be run again with `runSchedule`. So is one whose
// outcome is the same but whose trace (the calls the agents made) differs: reported apart, as
// the order changed what an agent did though not how it ended.

import type { OmwConfig } from '../config/config-types.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { Host } from '../host/host.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { CallTrace } from './call-trace.ts';
import { describeEvent, type Decision, type SavedSchedule } from './schedule.ts';
import { seededRandom } from './seeded-order.ts';

export interface ExploreOptions {
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  strategy: 'every' | 'random';
  seed: number;
  /** At most this many schedules (the first-in-first-out one included). */
  runs: number;
  /** How long a waiting agent collects ready events before one is chosen. */
  settleMs: number;
  /** A run not over by then is a hang. */
  timeoutMs: number;
  onRun?: (run: ScheduleRun, index: number) => void;
  /** Events put into agents' inboxes before they run (a recording's inputs). */
  inputs?: readonly { agent: string; envelope: EventEnvelope }[];
}

export interface ScheduleRun {
  decisions: Decision[];
  /** Per agent, how it ended (`exited "…"`, `failed: …`, `hang`). */
  outcomes: Record<string, string>;
  /** Per agent, the calls it made (call-trace.ts). */
  trace: Record<string, string[]>;
}

export interface FoundSchedule {
  /** The run that found it (0-based), and the schedule cut down to the choices that matter. */
  run: number;
  schedule: SavedSchedule;
}

export interface Exploration {
  runs: number;
  /** `every` explored every order within `runs`. */
  exhausted: boolean;
  baseline: Record<string, string>;
  found: FoundSchedule[];
  /** Schedules whose outcome is the baseline's but whose trace is not, one per distinct trace. */
  traceFound: FoundSchedule[];
  /**
   * Runs whose outcome differed though no choice did (a run of first in, first out, or a found
   * order that ended otherwise when run again): the agents are not deterministic (a random
   * number, the clock, a live back end), and the order is not what made the difference.
   */
  unordered: number;
}

type Pick = (agent: string, ready: readonly string[], at: number) => number;

/** One run of every agent under the schedule `pick` makes. */
export async function runUnder(options: ExploreOptions, pick: Pick): Promise<ScheduleRun> {
  const host = new Host(options.config);
  const supervisor = new Supervisor(host, { spawner: options.spawner, entry: options.entry });
  const decisions: Decision[] = [];
  host.bus.orderBy({
    settleMs: options.settleMs,
    choose: (agent, ready) => {
      const described = ready.map(describeEvent);
      const chosen = Math.min(Math.max(0, pick(agent, described, decisions.length)), ready.length - 1);
      decisions.push({ agent, ready: described, chosen });
      return chosen;
    },
  });
  for (const { agent, envelope } of options.inputs ?? []) host.inject(agent, envelope);
  // How each agent ended as it ends: an agent that ended before another hung is not a hang.
  const ended = new Map<string, string>();
  const calls = new CallTrace();
  const unsubscribe = host.trace.subscribe((event) => {
    if (event.type === 'call') calls.add(event.agent, event.op, event.detail);
    if (event.type !== 'iteration-end') return;
    ended.set(
      event.agent,
      event.error !== undefined
        ? describeEnd({ kind: 'failed', error: event.error })
        : event.outcome !== undefined
          ? describeEnd({ kind: 'outcome', outcome: event.outcome })
          : 'aborted',
    );
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const ran = supervisor.run();
    ran.catch(() => undefined);
    const results = await Promise.race([
      ran,
      new Promise<undefined>((settle) => (timer = setTimeout(() => settle(undefined), options.timeoutMs))),
    ]);
    const agents = Object.keys(options.config.agents);
    const outcomes: Record<string, string> = {};
    for (const agent of agents)
      outcomes[agent] = results ? describeEnd(results.get(agent)) : (ended.get(agent) ?? 'hang');
    return { decisions, outcomes, trace: calls.of(agents) };
  } finally {
    unsubscribe();
    clearTimeout(timer);
    supervisor.dispose();
    await host.close();
  }
}

/**
 * A schedule as choices that differ from first in, first out ("pins"), taken in order, each where
 * its agent next has the same events ready (how often an agent polls before they are may vary from
 * run to run); every other choice is first in, first out. `applied`: where the last pin was taken.
 */
function pinned(pins: readonly Decision[]): { pick: Pick; applied: () => number } {
  let next = 0;
  let applied = -1;
  const key = (ready: readonly string[]) => JSON.stringify([...ready].sort());
  return {
    pick: (agent, ready, at) => {
      const pin = pins[next];
      if (!pin || pin.agent !== agent || key(pin.ready) !== key(ready)) return 0;
      next++;
      applied = at;
      return Math.max(0, ready.indexOf(pin.ready[pin.chosen]!));
    },
    applied: () => applied,
  };
}

/** Runs the agents under a saved schedule (its pinned choices; first in, first out otherwise). */
export function runSchedule(options: ExploreOptions, schedule: SavedSchedule): Promise<ScheduleRun> {
  return runUnder(options, pinned(schedule.decisions.filter((decision) => decision.chosen !== 0)).pick);
}

export async function explore(options: ExploreOptions): Promise<Exploration> {
  const random = seededRandom(options.seed);
  /** `every`: the pin lists still to run, depth first; each run adds one more pin after its last for every other choice it met. */
  const stack: Decision[][] = [[]];
  const planned = new Set<string>();
  let baseline: ScheduleRun | undefined;
  const found: FoundSchedule[] = [];
  const traceFound: FoundSchedule[] = [];
  const seen = new Set<string>();
  let runs = 0;
  let unordered = 0;
  while (runs < options.runs && (options.strategy === 'random' || stack.length > 0)) {
    const first = runs === 0;
    let run: ScheduleRun;
    let pins: Decision[];
    if (options.strategy === 'every') {
      pins = stack.pop()!;
      const schedule = pinned(pins);
      run = await runUnder(options, schedule.pick);
      const from = schedule.applied() + 1;
      for (let at = from; at < run.decisions.length; at++) {
        const decision = run.decisions[at]!;
        for (let choice = decision.ready.length - 1; choice >= 1; choice--) {
          const child = [...pins, { ...decision, chosen: choice }];
          // An agent that polls meets the same ready events again and again: each schedule is run once.
          const key = JSON.stringify(child);
          if (planned.has(key)) continue;
          planned.add(key);
          stack.push(child);
        }
      }
    } else {
      run = await runUnder(options, (_agent, ready) => (first ? 0 : Math.floor(random() * ready.length)));
      pins = run.decisions.filter((decision) => decision.chosen !== 0);
    }
    options.onRun?.(run, runs);
    runs++;
    baseline ??= run;
    const signature = signatureOf(run, 'outcome');
    const traceSignature = signatureOf(run, 'trace');
    const differs: Difference | undefined =
      signature !== signatureOf(baseline, 'outcome')
        ? 'outcome'
        : traceSignature !== signatureOf(baseline, 'trace')
          ? 'trace'
          : undefined;
    const key = differs === 'outcome' ? signature : traceSignature;
    if (!differs || seen.has(`${differs} ${key}`)) continue;
    if (pins.length === 0) {
      unordered++;
      continue;
    }
    const decisions = await minimize(options, pins, differs, key);
    // A saved schedule is a test that must fail every time: the order cut down is run once more.
    const again = await runUnder(options, pinned(decisions).pick);
    if (signatureOf(again, differs) !== key) {
      unordered++;
      continue;
    }
    seen.add(`${differs} ${key}`);
    const schedule: SavedSchedule = {
      format: 'brainbench-schedule',
      decisions,
      expected: baseline.outcomes,
      found: run.outcomes,
      ...(differs === 'trace' ? { expectedTrace: baseline.trace, foundTrace: run.trace } : {}),
    };
    (differs === 'outcome' ? found : traceFound).push({ run: runs - 1, schedule });
  }
  return {
    runs,
    exhausted: options.strategy === 'every' && stack.length === 0,
    baseline: baseline?.outcomes ?? {},
    found,
    traceFound,
    unordered,
  };
}

type Difference = 'outcome' | 'trace';

/** How a run ended, or what its agents did, as one comparable string. */
function signatureOf(run: ScheduleRun, what: Difference): string {
  return JSON.stringify(what === 'outcome' ? run.outcomes : run.trace);
}

/** The fewest pins that still give `signature`: each is dropped in turn when the run without it gives the same. */
async function minimize(
  options: ExploreOptions,
  pins: readonly Decision[],
  what: Difference,
  signature: string,
): Promise<Decision[]> {
  let kept = [...pins];
  for (let at = kept.length - 1; at >= 0 && kept.length > 1; at--) {
    const without = kept.filter((_pin, i) => i !== at);
    const tried = await runUnder(options, pinned(without).pick);
    if (signatureOf(tried, what) === signature) kept = without;
  }
  return kept;
}

function describeEnd(result: IterationResult | undefined): string {
  if (!result) return 'did not run';
  if (result.kind === 'outcome')
    return typeof result.outcome === 'object' ? `exited ${JSON.stringify(result.outcome.exited)}` : 'completed';
  if (result.kind === 'failed') return `failed: ${result.error.split('\n')[0]}`;
  return `aborted (${result.cause})`;
}
