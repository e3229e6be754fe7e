import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { AgentReplayView, BranchOrigin, ForkEdits } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import type { AgentContext } from '../host/agent-context.ts';
import { nextCronFire } from '../host/cron-schedule.ts';
import { runAt } from '../host/long-timeout.ts';
import { LOCAL_OPS } from '../local-calls/local-calls.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { divergenceDetails, divergenceHeadline } from './divergence.ts';
import { ForkHost } from './fork-host.ts';
import { forkState, timerDue, type ForkState, type OpenAtFork } from './fork-point.ts';
import { RecordingError, type ReadLine } from './recording-reader.ts';
import type { HeaderLine, RecordedBrain } from './recording-format.ts';
import { writeRecordedBrain } from './recorded-brains.ts';
import { brainDifference, compareBrain } from './replay-plan.ts';
import { headerOf, sinceBrainChange, type RecordedIteration, type Recording } from './recording.ts';
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
  /** After each iteration the branch ran past the fork point: its number among them, and how many there will be. */
  onIteration?: (done: number, of: number) => void;
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
 * live iterations against the workspace's back ends, all recorded.
 */
export async function runFork(options: ForkOptions): Promise<AgentReplayView> {
  const { recording, agent, afterIteration, edits, config } = options;
  checkBranchName(options.origin.name);
  const state = forkState(recording, options.lines, agent, afterIteration);
  // Replayed from where the brain of the fork point began: a changed brain starts its engine afresh.
  const prefix = sinceBrainChange(
    recording.agents.get(agent)!.iterations.filter((it) => it.iteration <= afterIteration),
    agent,
  );
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
  const folder = mkdtempSync(join(tmpdir(), 'brainbench-fork-'));
  try {
    const script = options.recordedBrains
      ? writeRecordedBrain(config, headerOf(recording, agent, afterIteration), agent, folder)
      : workspaceBrain.script;
    const host = new ForkHost(branchConfig(options, script), edits, {
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
        edits: describeEdits(edits, state),
        memory: edits.memory ?? state.view.memory,
        createdAt: Date.now(),
      },
      // The brain the branch goes on with, under its own path (not a copy run here).
      ...branchBrain(options, workspaceBrain.script),
    });
    try {
      supervisor.runner(agent).process.forward([...LOCAL_OPS]);
      return await runBranch(options, host, supervisor, state, prefix, join(folder, 'edited', basename(script)));
    } finally {
      host.cancelAll(agent);
      supervisor.dispose();
      await host.close();
      recorder.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The brain the branch's header names: the edit, the recorded brain it ran, or (by default) the workspace's. */
function branchBrain(options: ForkOptions, path: string): { brains?: HeaderLine['brains'] } {
  const { edits, agent, recording } = options;
  if (edits.source !== undefined) return { brains: { [agent]: editedBrain(path, edits.source) } };
  if (options.recordedBrains)
    return { brains: { [agent]: headerOf(recording, agent, options.afterIteration).brains[agent]! } };
  return {};
}

const editedBrain = (path: string, source: string): RecordedBrain => ({
  path,
  sha256: createHash('sha256').update(source).digest('hex'),
  source,
});

/** The config of a branch: the one agent, its brain at `script`, its memory seeded as recorded. */
function branchConfig(options: ForkOptions, script: string): OmwConfig {
  const { config, agent, recording } = options;
  const memory = recording.header.config.memory;
  return {
    ...config,
    agents: { [agent]: { ...config.agents[agent]!, script } },
    memory: { [agent]: Object.hasOwn(memory, agent) ? memory[agent]! : {} },
  };
}

async function runBranch(
  options: ForkOptions,
  host: ForkHost,
  supervisor: Supervisor,
  state: ForkState,
  prefix: readonly RecordedIteration[],
  editedScript: string,
): Promise<AgentReplayView> {
  const { agent, edits, config } = options;
  const { header } = options.recording;
  const runner = supervisor.runner(agent);
  const check = await runner.check();
  if (!check.ok) throw new RecordingError(`the brain of "${agent}" does not load: ${check.error}`);
  const report: AgentReplayView = { agent, replayed: 0, live: 0 };
  for (const iteration of prefix) {
    host.beginIteration(agent, iteration);
    const result = await runner.iterate(iteration.trigger, modeOf(iteration.trigger));
    const divergence = host.endIteration(agent, result);
    if (divergence) {
      const text = [`DIVERGED ${agent} ${divergenceHeadline(divergence)}`, ...divergenceDetails(divergence)];
      const brain = options.recordedBrains ? undefined : brainDifference(compareBrain(header, config, agent), false);
      if (brain) text.push(brain, RECORDED_BRAIN_HINT);
      throw new RecordingError(`the fork's prefix did not replay as recorded:\n${text.join('\n')}`);
    }
    report.replayed++;
    report.last = result;
  }

  // The fork point: the edits, then the back ends.
  const ctx = host.context(agent);
  ctx.memory.clear();
  for (const [key, value] of Object.entries(edits.memory ?? state.view.memory)) ctx.memory.set(key, value);
  const inbox = host.bus.inbox(agent);
  inbox.clear();
  for (const envelope of edits.inbox ?? state.view.inbox) host.deliver(ctx, envelope);
  if (edits.source !== undefined) {
    mkdirSync(dirname(editedScript), { recursive: true });
    writeFileSync(editedScript, edits.source);
    ctx.script = editedScript;
  }
  host.goLive(agent);
  carryOn(host, ctx, state);

  const recordedAfter = state.after;
  const count = edits.iterations ?? Math.max(1, recordedAfter.length);
  const lastTrigger = recordedAfter.at(-1)?.trigger ?? prefix.at(-1)?.trigger ?? 'step';
  for (let done = 0; done < count; done++) {
    const trigger = recordedAfter[done]?.trigger ?? lastTrigger;
    report.last = await runner.iterate(trigger, modeOf(trigger));
    report.live++;
    options.onIteration?.(done + 1, count);
  }
  return report;
}

/**
 * Carries on the sources open at the fork point: each is in its registry again (the brain may
 * poll or cancel it); a timer fires after its remaining time, the others get the events the
 * recording delivered for them after the point, as long after the branch's start.
 */
function carryOn(host: ForkHost, ctx: AgentContext, state: ForkState): void {
  const started = Date.now();
  for (const source of state.open) {
    const cancels: (() => void)[] = [];
    ctx[source.registry].add({
      uuid: source.uuid,
      source: source.source,
      openedAt: source.openedAt,
      info: { ...(state.view.registries.find((view) => view.uuid === source.uuid)?.info ?? {}) },
      stop: () => cancels.forEach((cancel) => cancel()),
    });
    if (source.source === 'timer') {
      cancels.push(armTimer(host, ctx, source, state.pointTime, started));
      continue;
    }
    for (const { offsetMs, envelope } of state.later.filter((later) => later.envelope.id === source.uuid)) {
      cancels.push(
        runAt(started + offsetMs, () => {
          const registry = ctx[source.registry];
          if (!registry.isOpen(source.uuid)) return;
          const ends = endsSource(source, envelope.event.kind);
          if (ends) registry.finish(source.uuid);
          host.deliver(ctx, envelope);
          if (ends)
            host.traceClosed(ctx, source.source, source.uuid, envelope.event.kind === 'error' ? 'failed' : 'ended');
        }),
      );
    }
  }
}

function armTimer(
  host: ForkHost,
  ctx: AgentContext,
  timer: OpenAtFork,
  pointTime: number,
  started: number,
): () => void {
  const recordedDue = timerDue(timer);
  const opener = timer.opener;
  // A timer whose opening call is not in the recording (an older segment) stays open, unarmed.
  if (recordedDue === undefined && opener?.op !== 'host.wait-cron') return () => undefined;
  const due =
    recordedDue !== undefined
      ? started + Math.max(0, recordedDue - pointTime)
      : nextCronFire(String(opener!.args[0]), started);
  return runAt(due, () => {
    if (!ctx.timers.finish(timer.uuid)) return;
    host.deliver(ctx, { id: timer.uuid, event: { kind: 'timer' } });
    host.traceClosed(ctx, 'timer', timer.uuid, 'ended');
  });
}

/** The event after which a source is closed: a stream's end or error, a queued tool call's result or error. */
function endsSource(source: OpenAtFork, kind: string): boolean {
  if (source.source === 'chat-stream') return kind === 'chat-end' || kind === 'error';
  if (source.source === 'tool-call') return kind === 'tool-result' || kind === 'error';
  return false;
}

const modeOf = (trigger: string): 'loop' | 'run' | 'step' =>
  trigger === 'loop' ? 'loop' : trigger === 'run' ? 'run' : 'step';
