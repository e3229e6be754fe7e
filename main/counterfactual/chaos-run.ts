// `brainbench chaos RECORDING` (docs/counterfactuals.md, Chaos): the recording replayed once per
// mutation of one recorded effect (chaos-mutations.ts) with the workspace's brains; from the
// mutated effect on, the agent runs against mocks derived from the recording (recorded-mocks.ts),
// so nothing reaches a real back end. Each run is classified by how its agents ended; a mutation
// that breaks a brain in its first iteration is saved as an omw test that reproduces it.

import { relative, resolve } from 'node:path';
import type { ChaosEffect, ChaosEntryView, ChaosView } from '../../contract/counterfactual-views.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { jsonEqual } from '../agent-protocol/json-equal.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { divergenceHeadline, recordedResult } from '../recording/divergence.ts';
import type { EffectHook } from '../recording/recorded-effect.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { writeRecordingTest } from '../recording/recording-to-test.ts';
import type { RecordedIteration, Recording } from '../recording/recording.ts';
import { planReplay } from '../recording/replay-plan.ts';
import { Replayer, type AgentReplay } from '../recording/replay.ts';
import {
  BUS_KINDS,
  describeMutation,
  mutatedIteration,
  recordingMutations,
  type Mutation,
  type MutationKind,
} from './chaos-mutations.ts';
import { recordedBackends } from './recorded-mocks.ts';
import { seededRandom, shuffled } from './seeded-order.ts';

export interface ChaosOptions {
  recording: Recording;
  /** As the report names it. */
  label: string;
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  seed: number;
  /** At most this many mutations, chosen by the seed when the recording offers more. */
  max?: number;
  kinds?: readonly MutationKind[];
  /** Mutations run at once. */
  jobs: number;
  /** A run not over by then is a hang. */
  timeoutMs: number;
  /** Where the tests of breaking mutations go (a folder per test); none written without it. */
  saveTo?: string;
  onEntry?: (entry: ChaosEntryView, done: number, of: number) => void;
}

const BREAKS: readonly ChaosEffect[] = ['brain-error', 'hang', 'limit'];
export const breaksBrain = (effect: ChaosEffect): boolean => BREAKS.includes(effect);

export async function runChaos(options: ChaosOptions): Promise<ChaosView> {
  const started = Date.now();
  const { recording, config } = options;
  const plan = planReplay(recording, config, { recordedBrains: false });
  if (plan.agents.length === 0) throw new RecordingError('no agent of the recording is in the workspace');
  const agents = plan.agents;
  const baseline = await replayOnce(options, agents, config, undefined);
  const diverged = baseline.kind === 'ran' ? baseline.reports.find((report) => report.divergence) : undefined;
  if (baseline.kind === 'hang' || diverged)
    throw new RecordingError(
      `the recording does not replay with the workspace's brains (${diverged ? divergenceHeadline(diverged.divergence!) : 'it did not end'}): chaos changes one effect of a run that replays`,
    );
  const offered = recordingMutations(recording, options.kinds).filter((mutation) => agents.includes(mutation.agent));
  const chosen =
    options.max !== undefined && options.max < offered.length
      ? shuffled(offered, seededRandom(options.seed))
          .slice(0, options.max)
          .sort((a, b) => offered.indexOf(a) - offered.indexOf(b))
      : offered;
  const entries: ChaosEntryView[] = new Array<ChaosEntryView>(chosen.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const at = next++;
      entries[at] = await runMutation(options, agents, chosen[at]!);
      options.onEntry?.(entries[at], ++done, chosen.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, chosen.length)) }, worker));
  const counts: Record<ChaosEffect, number> = { same: 0, different: 0, 'brain-error': 0, hang: 0, limit: 0 };
  for (const entry of entries) counts[entry.effect]++;
  return {
    recording: options.label,
    seed: options.seed,
    offered: offered.length,
    entries,
    counts,
    durationMs: Date.now() - started,
  };
}

async function runMutation(
  options: ChaosOptions,
  agents: readonly string[],
  mutation: Mutation,
): Promise<ChaosEntryView> {
  const started = Date.now();
  const { recording } = options;
  const iteration = recording.agents.get(mutation.agent)!.iterations.find((it) => it.iteration === mutation.iteration)!;
  const mutated = mutatedIteration(iteration, mutation);
  const backends = recordedBackends(options.config, recording, mutation, mutated);
  const hook: EffectHook = {
    wants: (effect) =>
      effect.agent === mutation.agent && effect.iteration === mutation.iteration && effect.index === mutation.index,
    change: () => ({ answer: mutation.answer, then: 'live', deliver: mutation.deliver }),
  };
  const run = await replayOnce(options, agents, backends, hook);
  const { effect, detail } = classify(recording, run, mutation.agent);
  const entry: ChaosEntryView = {
    mutation: describeMutation(mutation),
    kind: mutation.kind,
    agent: mutation.agent,
    iteration: mutation.iteration,
    call: mutation.index,
    effect,
    detail,
    durationMs: Date.now() - started,
  };
  if (breaksBrain(effect) && options.saveTo !== undefined) {
    const test = saveTest(options, mutation, mutated, effect);
    if (test) entry.test = test;
  }
  return entry;
}

type Run = { kind: 'ran'; reports: AgentReplay[] } | { kind: 'hang' };

/** One replay of the recording with `config`, its agents from fresh processes; a hang past the timeout is ended. */
async function replayOnce(
  options: ChaosOptions,
  agents: readonly string[],
  config: OmwConfig,
  effects: EffectHook | undefined,
): Promise<Run> {
  const replayer = new Replayer({
    config,
    spawner: options.spawner,
    entry: options.entry,
    liveAfterDivergence: effects !== undefined,
    ...(effects ? { effects } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Run>((settle) => {
    timer = setTimeout(() => settle({ kind: 'hang' }), options.timeoutMs);
  });
  try {
    const ran = replayer
      .replay({ recording: options.recording, agents })
      .then((reports): Run => ({ kind: 'ran', reports }));
    // A hung run's replay settles (or not) after its processes are gone: it is not waited for.
    ran.catch(() => undefined);
    return await Promise.race([ran, timeout]);
  } finally {
    clearTimeout(timer);
    await replayer.close();
  }
}

const LIMIT = /\b(limit|max_busy_ms|max_memory_mb|out of memory|busy for|exceeded)\b/i;

function classify(recording: Recording, run: Run, mutated: string): { effect: ChaosEffect; detail: string } {
  if (run.kind === 'hang') return { effect: 'hang', detail: 'did not end within the timeout' };
  const ordered = [...run.reports].sort((a, b) => Number(b.agent === mutated) - Number(a.agent === mutated));
  for (const report of ordered) {
    const last = report.last;
    if (last?.kind !== 'failed') continue;
    const recorded = recordedEnd(recording, report.agent);
    if (recorded?.kind === 'failed' && recorded.error === last.error) continue;
    const where = last.line !== undefined ? ` (line ${last.line})` : '';
    return {
      effect: LIMIT.test(last.error) ? 'limit' : 'brain-error',
      detail: `${report.agent}: ${firstLine(last.error)}${where}`,
    };
  }
  const changed = ordered.find((report) => !sameEnd(recordedEnd(recording, report.agent), report.last));
  if (changed) return { effect: 'different', detail: `${changed.agent}: ${describeEnd(changed.last)}` };
  const own = run.reports.find((report) => report.agent === mutated);
  return { effect: 'same', detail: `${mutated}: ${describeEnd(own?.last)}` };
}

const recordedEnd = (recording: Recording, agent: string): IterationResult | undefined => {
  const end = recording.agents.get(agent)?.iterations.at(-1)?.end;
  return end ? recordedResult(end) : undefined;
};

function sameEnd(recorded: IterationResult | undefined, actual: IterationResult | undefined): boolean {
  if (!recorded || recorded.kind === 'aborted') return true;
  if (!actual || actual.kind !== recorded.kind) return false;
  if (actual.kind === 'outcome' && recorded.kind === 'outcome') return jsonEqual(actual.outcome, recorded.outcome);
  return actual.kind !== 'failed' || recorded.kind !== 'failed' || actual.error === recorded.error;
}

function describeEnd(result: IterationResult | undefined): string {
  if (!result) return 'no iteration ended';
  if (result.kind === 'outcome')
    return typeof result.outcome === 'object' ? `exited ${JSON.stringify(result.outcome.exited)}` : 'completed';
  if (result.kind === 'failed') return `failed: ${firstLine(result.error)}`;
  return `aborted (${result.cause})`;
}

const firstLine = (text: string): string => text.split('\n')[0]!;

/** Where `--save` puts a brain-breaking mutation's test; undefined for one omw-test cannot reproduce. */
function saveTest(
  options: ChaosOptions,
  mutation: Mutation,
  mutated: RecordedIteration,
  effect: ChaosEffect,
): string | undefined {
  const agent = options.recording.agents.get(mutation.agent)!;
  if (agent.iterations[0]?.iteration !== mutation.iteration || BUS_KINDS.includes(mutation.kind)) return undefined;
  const name = `${mutation.agent}-${mutation.kind}-${mutation.iteration}-${mutation.index}`;
  const folder = resolve(options.saveTo!, name);
  const script = relative(folder, options.config.agents[mutation.agent]!.script);
  writeMutationTest(options.recording, mutation, mutated, {
    folder,
    script,
    from: `# Written by brainbench chaos from ${JSON.stringify(options.label)}: ${describeMutation(mutation)} made the brain ${effect === 'hang' ? 'hang' : effect === 'limit' ? 'hit a limit' : 'fail'}. It passes once the brain survives it.\n`,
  });
  return `${options.saveTo}/${name}`;
}

/**
 * The omw test of a mutation that broke a brain: the mutated agent's workspace brain (`script`,
 * named, not copied, so that fixing it fixes the test) against mocks that answer as the mutated
 * run did, and no assertion but that the brain ends without failing within the test's timeout.
 * omw-test runs each brain once: only a mutation of an agent's first recorded iteration can be
 * reproduced so, and `mutated` is that iteration. Returns the files written.
 */
export function writeMutationTest(
  recording: Recording,
  mutation: Mutation,
  mutated: RecordedIteration,
  test: { folder: string; script: string; from: string },
): string[] {
  const agent = recording.agents.get(mutation.agent)!;
  const tested: Recording = {
    ...recording,
    agents: new Map([[mutation.agent, { ...agent, iterations: [mutated, ...agent.iterations.slice(1)] }]]),
  };
  return writeRecordingTest(tested, test.folder, [mutation.agent], () => undefined, {
    scripts: { [mutation.agent]: test.script },
    assertions: { [mutation.agent]: { events: [] } },
    from: test.from,
  });
}
