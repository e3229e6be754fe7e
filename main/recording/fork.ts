import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { ForkCutView } from '../../contract/counterfactual-views.ts';
import type { AgentReplayView, BranchOrigin, ForkEdits } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import { LOCAL_OPS } from '../local-calls/local-calls.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { divergenceDetails, divergenceHeadline } from './divergence.ts';
import { ForkHost } from './fork-host.ts';
import { carryOn } from './fork-carry-on.ts';
import { cutIteration, forkCut, inboxAtCut, type ForkCut } from './fork-cut.ts';
import { forkState, type ForkState } from './fork-point.ts';
import { RecordingError, type ReadLine } from './recording-reader.ts';
import type { HeaderLine, RecordedBrain } from './recording-format.ts';
import { writeRecordedBrain } from './recorded-brains.ts';
import { brainDifference, compareBrain, planReplay } from './replay-plan.ts';
import { modeOf } from './replay.ts';
import { headerOf, sinceBrainChange, type Recording } from './recording.ts';
import { SessionRecorder } from './session-recorder.ts';

export interface ForkOptions {
  recording: Recording;
  /** The recording's lines, for the state at the fork point (deliveries are not in `recording`). */
  lines: readonly ReadLine[];
  agent: string;
  afterIteration: number;
  edits: ForkEdits;
  /**
   * The workspace's config (with its real secrets): the agent's brain and runtime, and the back
   * ends the branch reaches after the fork point.
   */
  config: OmwConfig;
  /** Run the recording's text of the brain (in the workspace's runtime) instead of the workspace's brain. */
  recordedBrains?: boolean;
  /** Folders whose brains' failures are shown in full (HostOptions.brainFolders). */
  brainFolders?: readonly string[];
  /** The workspace's real folder, for the branch's header (only brains inside it are recorded with their text). */
  workspace?: string;
  spawner: AgentSpawner;
  entry: string;
  /** Where the branch is recorded. */
  out: string;
  /** The branch's name and where it comes from (`of`, as the caller shows it). */
  origin: Pick<BranchOrigin, 'name' | 'of'>;
  brainbench: string;
  /**
   * Fork every agent of the recording (that the workspace has): each replays up to a consistent
   * cut (fork-cut.ts), then all of them run live. The edits are the forked agent's.
   */
  allAgents?: boolean;
  /** After each iteration the branch ran past the fork point: its number among them, and how many there will be. */
  onIteration?: (done: number, of: number) => void;
}

/** A branch that ran: the forked agent's report, every agent's (the forked one first), and the cut when every agent was forked. */
export interface ForkRun {
  report: AgentReplayView;
  agents: AgentReplayView[];
  cut?: ForkCutView;
}

/** What each agent of a branch starts from: its prefix, its state at its fork point. */
interface BranchAgent {
  name: string;
  /** Its recorded iterations before the fork point, and the number of the last of them (0: none). */
  replayed: number;
  after: number;
  state: ForkState;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export function checkBranchName(name: string): void {
  if (!NAME.test(name)) throw new RecordingError(`branch name "${name}": only letters, digits, "-" and "_"`);
}

/** What a fork changes, in a few words each, for the branch's header. */
export function describeEdits(edits: ForkEdits, state: ForkState): string[] {
  const described: string[] = [];
  if (edits.memory) described.push(`memory: ${changedKeys(state.view.memory, edits.memory)} key(s) edited`);
  if (edits.inbox) described.push(`inbox: ${edits.inbox.length} event(s)`);
  if (edits.source !== undefined) described.push('brain: edited');
  if (edits.provider) described.push(`provider: ${edits.provider.from} -> ${edits.provider.to}`);
  if (edits.model !== undefined) described.push(`model: ${edits.model}`);
  return described;
}

function changedKeys(before: Record<string, string>, after: Record<string, string>): number {
  const old = new Map(Object.entries(before));
  const now = new Map(Object.entries(after));
  return [...new Set([...old.keys(), ...now.keys()])].filter((key) => old.get(key) !== now.get(key)).length;
}

const RECORDED_BRAIN_HINT =
  'to run the recorded brain instead: fork with --recorded-brains (in the workbench: Run the recorded brains)';

/**
 * Runs a branch of a recording (docs/recordings.md, Fork): the agent's recorded iterations up to
 * the fork point replayed with the workspace's brain (or the recorded one: `recordedBrains`) in
 * the workspace's runtime, no back end reached and a divergence an error; then the edits; then
 * live iterations against the workspace's back ends, all recorded. With `allAgents`, every agent
 * of the recording does so from a consistent cut, and they all go live together.
 */
export async function runFork(options: ForkOptions): Promise<ForkRun> {
  const { recording, agent, afterIteration, edits, config } = options;
  checkBranchName(options.origin.name);
  const state = forkState(recording, options.lines, agent, afterIteration);
  if (!Object.hasOwn(config.agents, agent)) {
    throw new RecordingError(
      `agent "${agent}" is not in the workspace's config (${basename(config.file)}): a fork runs the workspace's brain and runtime`,
    );
  }
  if (edits.provider && !Object.hasOwn(config.providers, edits.provider.to))
    throw new RecordingError(`provider "${edits.provider.to}" is not in the config`);
  const workspaceBrain = config.agents[agent]!;
  const kind = config.runtime[workspaceBrain.runtime]?.kind ?? '';
  if (edits.source !== undefined && runtimeDescriptor(kind)?.brain.format === 'component')
    throw new RecordingError(`the brain of "${agent}" is a component: its text cannot be edited`);
  const cut = options.allAgents ? allAgentsCut(options) : undefined;
  const agents: BranchAgent[] = cut
    ? cut.view.agents.map(({ agent: name, replayed }) => {
        const after = name === agent ? afterIteration : cutIteration(recording, name, replayed);
        return {
          name,
          replayed,
          after,
          state: name === agent ? state : forkState(recording, options.lines, name, after),
        };
      })
    : [{ name: agent, replayed: iterationsUpTo(recording, agent, afterIteration), after: afterIteration, state }];
  const folder = mkdtempSync(join(tmpdir(), 'brainbench-fork-'));
  try {
    const scripts = new Map(
      agents.map(({ name, after }) => [
        name,
        options.recordedBrains
          ? writeRecordedBrain(config, headerOf(recording, name, after), name, folder)
          : config.agents[name]!.script,
      ]),
    );
    const host = new ForkHost(branchConfig(options, scripts), edits, {
      ...(options.brainFolders ? { brainFolders: [...options.brainFolders, realPathOf(folder) ?? folder] } : {}),
    });
    const supervisor = new Supervisor(host, { spawner: options.spawner, entry: options.entry });
    const recorder = new SessionRecorder(supervisor, {
      file: options.out,
      mode: 'run',
      configFile: config.file,
      brainbench: options.brainbench,
      ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
      branch: {
        ...options.origin,
        agent,
        afterIteration,
        edits: [...describeEdits(edits, state), ...(cut ? [describeCut(cut.view)] : [])],
        memory: edits.memory ?? state.view.memory,
        createdAt: Date.now(),
      },
      // The brains the branch goes on with, under their own paths (not copies run here).
      ...branchBrains(options, agents, workspaceBrain.script),
    });
    try {
      for (const runner of supervisor.runners.values()) runner.process.forward([...LOCAL_OPS]);
      const editedScript = join(folder, 'edited', basename(scripts.get(agent)!));
      const reports = await runBranch(options, host, supervisor, agents, cut, editedScript);
      return { report: reports[0]!, agents: reports, ...(cut ? { cut: cut.view } : {}) };
    } finally {
      for (const { name } of agents) host.cancelAll(name);
      supervisor.dispose();
      await host.close();
      recorder.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const iterationsUpTo = (recording: Recording, agent: string, afterIteration: number): number =>
  recording.agents.get(agent)!.iterations.filter((iteration) => iteration.iteration <= afterIteration).length;

/** The cut of a fork of every agent the workspace can run (the forked one first). */
function allAgentsCut(options: ForkOptions): ForkCut {
  const { recording, agent, config } = options;
  const plan = planReplay(recording, config, { recordedBrains: options.recordedBrains ?? false });
  if (!plan.agents.includes(agent)) {
    const why = plan.skipped.find((skipped) => skipped.agent === agent)?.reason ?? 'it has no recorded iteration';
    throw new RecordingError(`agent "${agent}" cannot be forked: ${why}`);
  }
  const agents = [agent, ...plan.agents.filter((name) => name !== agent)];
  return forkCut(recording, options.lines, agent, options.afterIteration, agents);
}

/** The cut in a few words, for the branch's header: `all agents: ping after 2, pong after 1`. */
export const describeCut = (cut: ForkCutView): string =>
  `all agents: ${cut.agents.map((entry) => `${entry.agent} after ${entry.afterIteration}`).join(', ')}`;

/** The brains the branch's header names: the edit, the recorded brains it ran, or (by default) the workspace's. */
function branchBrains(
  options: ForkOptions,
  agents: readonly BranchAgent[],
  path: string,
): { brains?: HeaderLine['brains'] } {
  const { edits, agent, recording } = options;
  const brains: HeaderLine['brains'] = Object.create(null) as HeaderLine['brains'];
  if (options.recordedBrains)
    for (const { name, after } of agents) brains[name] = headerOf(recording, name, after).brains[name]!;
  if (edits.source !== undefined) brains[agent] = editedBrain(path, edits.source);
  return Object.keys(brains).length > 0 ? { brains } : {};
}

const editedBrain = (path: string, source: string): RecordedBrain => ({
  path,
  sha256: createHash('sha256').update(source).digest('hex'),
  source,
});

/** The config of a branch: its agents, their brains at `scripts`, their memory seeded as recorded. */
function branchConfig(options: ForkOptions, scripts: ReadonlyMap<string, string>): OmwConfig {
  const { config, recording } = options;
  const memory = recording.header.config.memory;
  const agents = [...scripts.keys()];
  return {
    ...config,
    agents: Object.fromEntries(agents.map((name) => [name, { ...config.agents[name]!, script: scripts.get(name)! }])),
    memory: Object.fromEntries(agents.map((name) => [name, Object.hasOwn(memory, name) ? memory[name]! : {}])),
  };
}

async function runBranch(
  options: ForkOptions,
  host: ForkHost,
  supervisor: Supervisor,
  agents: readonly BranchAgent[],
  cut: ForkCut | undefined,
  editedScript: string,
): Promise<AgentReplayView[]> {
  const { agent, edits, recording } = options;
  for (const { name } of agents) {
    const check = await supervisor.runner(name).check();
    if (!check.ok) throw new RecordingError(`the brain of "${name}" does not load: ${check.error}`);
  }
  // Every prefix replays before any agent goes live: no live message reaches an agent still replaying.
  const prefixes = await Promise.allSettled(agents.map((branch) => replayPrefix(options, host, supervisor, branch)));
  const failed = prefixes.find((prefix) => prefix.status === 'rejected');
  if (failed) throw failed.reason;
  const reports = prefixes.map((prefix) => (prefix as PromiseFulfilledResult<AgentReplayView>).value);

  // The fork point: each agent's state at its cut, the forked agent's edits, then the back ends.
  for (const { name, state } of agents) {
    const forked = name === agent;
    const ctx = host.context(name);
    ctx.memory.clear();
    for (const [key, value] of Object.entries((forked && edits.memory) || state.view.memory))
      ctx.memory.set(key, value);
    host.bus.inbox(name).clear();
    const inbox = cut ? inboxAtCut(cut, name, state.view.inbox) : state.view.inbox;
    for (const envelope of (forked && edits.inbox) || inbox) host.deliver(ctx, envelope);
    if (cut) restoreSubscriptions(host, recording, name, cut.replayed.get(name)!);
    if (forked && edits.source !== undefined) {
      mkdirSync(dirname(editedScript), { recursive: true });
      writeFileSync(editedScript, edits.source);
      ctx.script = editedScript;
    }
    host.goLive(name);
    carryOn(host, ctx, state);
  }

  await Promise.all(
    agents.map(async ({ name, state }, index) => {
      const forked = name === agent;
      const report = reports[index]!;
      const recordedAfter = state.after;
      // The forked agent runs at least once; the others as many times as the recording has after their cut.
      const count = forked ? (edits.iterations ?? Math.max(1, recordedAfter.length)) : recordedAfter.length;
      const lastTrigger =
        recordedAfter.at(-1)?.trigger ?? recording.agents.get(name)!.iterations.at(-1)?.trigger ?? 'step';
      const runner = supervisor.runner(name);
      for (let done = 0; done < count; done++) {
        const trigger = recordedAfter[done]?.trigger ?? lastTrigger;
        report.last = await runner.iterate(trigger, modeOf(trigger));
        report.live++;
        if (forked) options.onIteration?.(done + 1, count);
      }
    }),
  );
  return reports;
}

/** An agent's recorded iterations before its fork point, each answered from the recording; a divergence is an error. */
async function replayPrefix(
  options: ForkOptions,
  host: ForkHost,
  supervisor: Supervisor,
  { name, replayed }: BranchAgent,
): Promise<AgentReplayView> {
  const { config } = options;
  const { header } = options.recording;
  const runner = supervisor.runner(name);
  const report: AgentReplayView = { agent: name, replayed: 0, live: 0 };
  // Replayed from where the brain of the fork point began: a changed brain starts its engine afresh.
  const prefix = sinceBrainChange(options.recording.agents.get(name)!.iterations.slice(0, replayed), name);
  for (const iteration of prefix) {
    host.beginIteration(name, iteration);
    const result = await runner.iterate(iteration.trigger, modeOf(iteration.trigger));
    const divergence = host.endIteration(name, result);
    if (divergence) {
      const text = [`DIVERGED ${name} ${divergenceHeadline(divergence)}`, ...divergenceDetails(divergence)];
      const brain = options.recordedBrains ? undefined : brainDifference(compareBrain(header, config, name), false);
      if (brain) text.push(brain, RECORDED_BRAIN_HINT);
      throw new RecordingError(`the fork's prefix did not replay as recorded:\n${text.join('\n')}`);
    }
    report.replayed++;
    report.last = result;
  }
  return report;
}

/**
 * The agent's subscriptions to other agents at its cut, on the bus: its prefix's subscribe and
 * unsubscribe calls were answered from the recording, so the bus has not seen them, and a live
 * sender's message must reach it as it reached it in the recording (by the recorded uuid).
 */
function restoreSubscriptions(host: ForkHost, recording: Recording, agent: string, replayed: number): void {
  for (const iteration of recording.agents.get(agent)!.iterations.slice(0, replayed))
    for (const call of iteration.calls) {
      if (!call.ok) continue;
      if (call.op === 'host.subscribe-agent' && typeof call.value === 'string')
        host.bus.subscribeAgent(agent, String(call.args[0]), call.value);
      if (call.op === 'host.unsubscribe-agent') host.bus.unsubscribeAgent(agent, String(call.args[0]));
    }
}
