// The workbench's counterfactual tools (docs/counterfactuals.md#in-the-workbench): a folder of
// recordings replayed against the workspace's brains, chaos on one recording, and k recordings
// aligned where they split. Each calls the engine `brainbench replay`, `chaos` and `diff` call
// (main/counterfactual/); this file adds what a workbench needs around it: paths through the
// workspace boundary, progress events, one run of each at a time, and Cancel. A recording is
// data: its agents run only where the workspace has them, in their brain sandboxes, and a
// chaos run answers from mocks derived from the recording, so nothing reaches a back end.

import { statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type {
  ChaosEntryView,
  ChaosMutationRef,
  ChaosProgressView,
  ChaosView,
  CorpusEntryView,
  CorpusProgressView,
  CorpusReplayView,
  SplitView,
} from '../../contract/counterfactual-views.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { runChaos, writeMutationTest } from '../counterfactual/chaos-run.ts';
import {
  BUS_KINDS,
  describeMutation,
  MUTATION_KINDS,
  mutatedIteration,
  recordingMutations,
  type MutationKind,
} from '../counterfactual/chaos-mutations.ts';
import { CorpusError, corpusFiles } from '../counterfactual/corpus-files.ts';
import { replayCorpus, summarize } from '../counterfactual/corpus-replay.ts';
import { ExpectedDivergences } from '../counterfactual/expected-divergences.ts';
import { splitRecordings } from '../counterfactual/trial-split.ts';
import { isWithin, realPathOf, type WorkspaceBoundary } from '../files/folder-boundary.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import type { SessionRecorder } from '../recording/session-recorder.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { shownBrainFolders } from './brain-sources.ts';
import { CancellableSpawner } from './cancellable-spawner.ts';
import { testFolder } from './workbench-recordings.ts';
import { toWorkspacePath } from './workspace-files.ts';

export interface CounterfactualsWorkspace {
  root: string;
  boundary: WorkspaceBoundary;
  recorder: SessionRecorder | undefined;
  /** The workspace's config as loaded (real secrets); undefined when it does not load. */
  config: OmwConfig | undefined;
}

export interface CounterfactualsOptions {
  workspace: () => CounterfactualsWorkspace;
  spawner: AgentSpawner;
  entry: string;
  emit: (event: WorkbenchEvent) => void;
}

/** As `brainbench chaos`: mutations run at once, and how long a mutated run may take before it is a hang. */
const CHAOS_JOBS = 2;
const CHAOS_TIMEOUT_MS = 10_000;

/** Thrown into an engine's progress callback once the user cancelled: its workers stop taking work. */
class Cancelled extends Error {}

interface Running {
  what: string;
  processes: CancellableSpawner;
  cancelled: boolean;
}

export class WorkbenchCounterfactuals {
  private corpus: Running | undefined;
  private chaosRun: Running | undefined;

  constructor(private readonly options: CounterfactualsOptions) {}

  /**
   * Replays every recording below a folder of the workspace (links are not followed out of it),
   * as `brainbench replay DIR --expect-divergence …` does; `corpus-progress` events follow it.
   */
  async replayCorpus(folder: string, expectDivergence: string[]): Promise<CorpusReplayView> {
    const workspace = this.options.workspace();
    const config = workspaceConfig(workspace, 'a replay runs its brains');
    if (this.corpus) throw new Error(`a corpus replay is running (${this.corpus.what}): cancel it or wait for it`);
    const shown = corpusFolder(workspace, folder);
    let files;
    try {
      files = corpusFiles([shown], workspace.root);
    } catch (error) {
      if (error instanceof CorpusError) throw new Error(error.message, { cause: error });
      throw error;
    }
    workspace.recorder?.flush();
    const running: Running = { what: shown, processes: new CancellableSpawner(this.options.spawner), cancelled: false };
    this.corpus = running;
    const started = performance.now();
    const kept: CorpusEntryView[] = [];
    const progress: CorpusProgressView = { folder: shown, done: 0, of: files.length };
    const emit = (extra: Partial<CorpusProgressView> = {}) =>
      this.options.emit({ type: 'corpus-progress', progress: { ...progress, ...extra } });
    emit();
    try {
      await replayCorpus({
        files,
        config,
        spawner: running.processes.spawner,
        entry: this.options.entry,
        recordedBrains: false,
        expectDivergence,
        brainFolders: shownBrainFolders(workspace.root),
        onEntry: (entry, index) => {
          if (running.cancelled) throw new Cancelled();
          kept.push(entry);
          progress.done = kept.length;
          emit({ entry: { index, view: entry } });
        },
      });
    } catch (error) {
      if (!running.cancelled) {
        emit({ ended: { error: (error as Error).message } });
        throw error;
      }
    } finally {
      this.corpus = undefined;
    }
    emit({ ended: running.cancelled ? 'cancelled' : 'finished' });
    // Over what ran: a cancelled replay's expectations are matched against the recordings it reached.
    const expected = new ExpectedDivergences(expectDivergence);
    for (const entry of kept) expected.names(entry.label);
    return {
      entries: kept,
      summary: summarize(kept, performance.now() - started),
      unmatchedExpectations: expected.unmatched(),
    };
  }

  /** Ends the running corpus replay now; the recordings it finished are kept. */
  cancelCorpus(): boolean {
    return cancel(this.corpus);
  }

  /** `brainbench chaos RECORDING --seed S --max N` on a recording of the workspace; `chaos-progress` events follow it. */
  async chaos(path: string, seed: number, max: number | null): Promise<ChaosView> {
    const workspace = this.options.workspace();
    const config = workspaceConfig(workspace, 'chaos replays the recording with its brains');
    if (this.chaosRun) throw new Error(`a chaos run is running (${this.chaosRun.what}): cancel it or wait for it`);
    const { recording, shown } = this.recording(path);
    const running: Running = { what: shown, processes: new CancellableSpawner(this.options.spawner), cancelled: false };
    this.chaosRun = running;
    const progress: ChaosProgressView = { recording: shown, done: 0, of: 0 };
    const emit = (extra: Partial<ChaosProgressView> = {}) =>
      this.options.emit({ type: 'chaos-progress', progress: { ...progress, ...extra } });
    emit();
    const done: ChaosEntryView[] = [];
    const started = Date.now();
    try {
      const view = await runChaos({
        recording,
        label: shown,
        config,
        spawner: running.processes.spawner,
        entry: this.options.entry,
        seed,
        ...(max !== null ? { max } : {}),
        jobs: CHAOS_JOBS,
        timeoutMs: CHAOS_TIMEOUT_MS,
        onEntry: (entry, count, of) => {
          if (running.cancelled) throw new Cancelled();
          done.push(entry);
          Object.assign(progress, { done: count, of });
          emit({ entry });
        },
      });
      emit({ ended: 'finished' });
      return view;
    } catch (error) {
      if (!running.cancelled) {
        const message = error instanceof RecordingError ? `${shown}: ${error.message}` : (error as Error).message;
        emit({ ended: { error: message } });
        throw new Error(message, { cause: error });
      }
      emit({ ended: 'cancelled' });
      return cancelledChaos(shown, seed, progress.of, done, Date.now() - started);
    } finally {
      this.chaosRun = undefined;
    }
  }

  /** Ends the running chaos run now; the mutations it finished are kept. */
  cancelChaos(): boolean {
    return cancel(this.chaosRun);
  }

  /**
   * The omw test `brainbench chaos --save` writes for a mutation that broke a brain, into a new or
   * empty folder of the workspace: the workspace's brain (named by its path, so that fixing it
   * fixes the test) against mocks that answer as the mutated run did.
   */
  saveChaosTest(path: string, ref: ChaosMutationRef, dir: string): { dir: string; files: string[] } {
    const workspace = this.options.workspace();
    const config = workspaceConfig(workspace, 'the test runs the workspace’s brain');
    const { recording, shown } = this.recording(path);
    if (!(MUTATION_KINDS as readonly string[]).includes(ref.kind))
      throw new Error(`no mutation kind "${ref.kind}"; expected ${MUTATION_KINDS.join(', ')}`);
    const kind = ref.kind as MutationKind;
    if (BUS_KINDS.includes(kind))
      throw new Error(`a ${kind} mutation is not saved as a test: an omw test's mocks cannot drop or repeat a message`);
    if (!Object.hasOwn(config.agents, ref.agent))
      throw new Error(`the workspace has no agent ${JSON.stringify(ref.agent)}: its brain cannot be tested`);
    const mutation = recordingMutations(recording, [kind]).find(
      (m) => m.agent === ref.agent && m.iteration === ref.iteration && m.index === ref.call,
    );
    if (!mutation)
      throw new Error(
        `${shown} offers no ${kind} mutation at ${ref.agent} iteration ${ref.iteration} call ${ref.call}`,
      );
    const agent = recording.agents.get(mutation.agent)!;
    if (agent.iterations[0]?.iteration !== mutation.iteration)
      throw new Error(
        `only a mutation of ${mutation.agent}'s first recorded iteration is saved as a test: omw-test runs each brain once`,
      );
    const folder = testFolder(workspace, dir);
    const files = writeMutationTest(recording, mutation, mutatedIteration(agent.iterations[0], mutation), {
      folder,
      script: relative(folder, config.agents[mutation.agent]!.script),
      from: `# Written by the Brainbench workbench's chaos from ${JSON.stringify(shown)}: ${describeMutation(mutation)} broke the brain. It passes once the brain survives it.\n`,
    });
    return {
      dir: toWorkspacePath(workspace.root, folder),
      files: files.map((file) => toWorkspacePath(workspace.root, file)),
    };
  }

  /** k recordings of one case aligned call by call, as `brainbench diff a b c` aligns them. */
  split(paths: string[]): SplitView {
    const loaded = paths.map((path) => this.recording(path));
    return splitRecordings(
      loaded.map((one) => one.recording),
      loaded.map((one) => one.shown),
    );
  }

  /** Ends the runs in progress (the workspace closes). */
  dispose(): void {
    cancel(this.corpus);
    cancel(this.chaosRun);
  }

  /** A recording of the workspace, read whole; a damaged one's error names it as the user did. */
  private recording(path: string): { recording: Recording; shown: string } {
    const workspace = this.options.workspace();
    const file = workspace.boundary.fileToRead(path);
    // The session's own recording is still being written: what is buffered goes to the file first.
    if (workspace.recorder && realPathOf(workspace.recorder.file) === file) workspace.recorder.flush();
    const shown = toWorkspacePath(workspace.root, file);
    try {
      return { recording: loadRecording(file), shown };
    } catch (error) {
      if (!(error instanceof RecordingError)) throw error;
      const message = error.message.replaceAll(file, shown);
      throw new RecordingError(message.startsWith(`${shown}: `) ? message : `${shown}: ${message}`);
    }
  }
}

function cancel(running: Running | undefined): boolean {
  if (!running || running.cancelled) return false;
  running.cancelled = true;
  running.processes.cancel();
  return true;
}

function workspaceConfig(workspace: CounterfactualsWorkspace, needs: string): OmwConfig {
  if (!workspace.config) throw new Error(`the workspace's config does not load, and ${needs}: fix the config first`);
  return workspace.config;
}

/** A folder of the workspace, as a workspace path (`.` for the root); links followed, and they must stay inside. */
function corpusFolder(workspace: CounterfactualsWorkspace, folder: string): string {
  const named = folder.trim() === '' ? '.' : folder;
  const real = realPathOf(resolve(workspace.root, named));
  if (real === undefined) throw new Error(`cannot replay "${folder}": no such folder`);
  if (!isWithin(workspace.root, real))
    throw new Error(`cannot replay "${folder}": it is outside the workspace (${workspace.root})`);
  if (!statSync(real).isDirectory()) throw new Error(`cannot replay "${folder}": it is a file, not a folder`);
  return toWorkspacePath(workspace.root, real) || '.';
}

/** What a cancelled chaos run did: the mutations it finished, of those it chose (`offered`: 0 when it had not chosen yet). */
function cancelledChaos(
  recording: string,
  seed: number,
  offered: number,
  entries: ChaosEntryView[],
  durationMs: number,
): ChaosView {
  const counts: ChaosView['counts'] = { same: 0, different: 0, 'brain-error': 0, hang: 0, limit: 0 };
  for (const entry of entries) counts[entry.effect]++;
  return { recording, seed, offered, entries, counts, durationMs };
}
