// `brainbench replay DIR|GLOB…` and the workbench's Replay folder (docs/counterfactuals.md): every
// recording of a corpus replayed against the workspace's brains and runtimes, in parallel. Each
// job keeps one Replayer, so its agent processes (taken warm from a shared SparePool) go on from
// one recording to the next; results come in the order the recordings were named.

import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CorpusEntryView,
  CorpusReplayView,
  CorpusStatus,
  CorpusSummaryView,
} from '../../contract/counterfactual-views.ts';
import type { AgentReplayView } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import { divergenceText } from '../recording/divergence.ts';
import { writeRecordedBrain } from '../recording/recorded-brains.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import { nothingToReplay, planReplay } from '../recording/replay-plan.ts';
import { Replayer, type AgentReplay } from '../recording/replay.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { DEFAULT_SPARES, SparePool } from '../supervisor/spare-pool.ts';
import type { CorpusFile } from './corpus-files.ts';
import { ExpectedDivergences } from './expected-divergences.ts';

export interface CorpusReplayOptions {
  files: readonly CorpusFile[];
  /** The workspace's config (with its real secrets): its agents' brains and runtimes run. */
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  /** Recordings replayed at once; 0 or none: one per logical core. */
  jobs?: number;
  /** Warm agent processes kept ready per runtime kind; 0: every start is cold. */
  spares?: number;
  /** Run each recording's own text of its brains (in the workspace's runtimes). */
  recordedBrains: boolean;
  /** `--expect-divergence` patterns. */
  expectDivergence: readonly string[];
  /** Folders whose brains' failures are shown in full (HostOptions.brainFolders). */
  brainFolders?: readonly string[];
  /** A recording that has not replayed after this long is stopped and reported as an error. */
  timeoutMs?: number;
  /** How the workbench names a file (its workspace path); the label by default. */
  pathOf?: (file: CorpusFile) => string;
  /** Each recording's result, in the order named, as soon as it and those before it are done. */
  onEntry?: (entry: CorpusEntryView, index: number, of: number) => void;
}

/** Results of a corpus replay, with the recordings themselves for a live pass over the diverged ones. */
export interface CorpusRun {
  view: CorpusReplayView;
  /** The recordings read, by entry index (undefined where one could not be read). */
  recordings: (Recording | undefined)[];
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/** The parallelism `jobs` asks for: 0 or none is one per logical core. */
export const corpusJobs = (jobs: number | undefined): number => (jobs && jobs > 0 ? jobs : availableParallelism());

export async function replayCorpus(options: CorpusReplayOptions): Promise<CorpusRun> {
  const started = performance.now();
  const { files } = options;
  const expected = new ExpectedDivergences(options.expectDivergence);
  const spares = new SparePool({
    spawner: options.spawner,
    entry: options.entry,
    perKind: options.spares ?? DEFAULT_SPARES,
  });
  // The recorded brains of every recording go below one folder, whose brains' failures show in full.
  const brainsRoot = options.recordedBrains ? mkdtempSync(join(tmpdir(), 'brainbench-recorded-brains-')) : undefined;
  const brainFolders = options.brainFolders && [
    ...options.brainFolders,
    ...(brainsRoot ? [realPathOf(brainsRoot) ?? brainsRoot] : []),
  ];
  const finished: (CorpusEntryView | undefined)[] = [];
  const recordings: (Recording | undefined)[] = [];
  let reported = 0;
  const report = () => {
    while (reported < files.length && finished[reported]) {
      options.onEntry?.(finished[reported]!, reported, files.length);
      reported++;
    }
  };
  let next = 0;
  const worker = async () => {
    let replayer: Replayer | undefined;
    try {
      while (next < files.length) {
        const index = next++;
        replayer ??= new Replayer({
          config: options.config,
          spawner: options.spawner,
          entry: options.entry,
          spares,
          ...(brainFolders ? { brainFolders } : {}),
        });
        const outcome = await replayOne(replayer, files[index]!, options, expected, brainsRoot);
        recordings[index] = outcome.recording;
        if (outcome.broken) {
          // Stopped mid-replay: its processes may still be busy, so the next recording gets new ones.
          await replayer.close();
          replayer = undefined;
        }
        finished[index] = outcome.entry;
        report();
      }
    } finally {
      await replayer?.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(corpusJobs(options.jobs), files.length) }, worker));
  } finally {
    spares.dispose();
    if (brainsRoot) rmSync(brainsRoot, { recursive: true, force: true });
  }
  const entries = finished as CorpusEntryView[];
  return {
    view: {
      entries,
      summary: summarize(entries, performance.now() - started),
      unmatchedExpectations: expected.unmatched(),
    },
    recordings,
  };
}

export function summarize(entries: readonly CorpusEntryView[], durationMs: number): CorpusSummaryView {
  const count = (status: CorpusStatus) => entries.filter((entry) => entry.status === status).length;
  const summary = {
    recordings: entries.length,
    replayed: count('replayed'),
    diverged: count('diverged'),
    accepted: count('accepted'),
    unchanged: count('unchanged'),
    errors: count('error'),
    durationMs,
  };
  return { ...summary, pass: summary.diverged === 0 && summary.unchanged === 0 && summary.errors === 0 };
}

interface Outcome {
  entry: CorpusEntryView;
  recording?: Recording;
  /** The replayer was stopped mid-replay and must not be used again. */
  broken?: boolean;
}

async function replayOne(
  replayer: Replayer,
  file: CorpusFile,
  options: CorpusReplayOptions,
  expected: ExpectedDivergences,
  brainsRoot: string | undefined,
): Promise<Outcome> {
  const started = performance.now();
  const path = options.pathOf?.(file) ?? file.label;
  const entry = (fields: Partial<CorpusEntryView> & Pick<CorpusEntryView, 'status'>): CorpusEntryView => ({
    label: file.label,
    path,
    agents: [],
    skipped: [],
    changedBrains: [],
    durationMs: performance.now() - started,
    ...fields,
  });
  const meant = expected.names(file.label);
  let recording: Recording;
  try {
    recording = loadRecording(file.file);
  } catch (error) {
    return { entry: entry({ status: 'error', error: messageOf(error, file) }) };
  }
  const { config } = options;
  const plan = planReplay(recording, config, { recordedBrains: options.recordedBrains });
  const described = { skipped: plan.skipped, changedBrains: plan.brains.filter((brain) => !brain.same) };
  if (plan.agents.length === 0)
    return { recording, entry: entry({ status: 'error', error: nothingToReplay(plan), ...described }) };
  const folder = brainsRoot ? mkdtempSync(join(brainsRoot, 'recording-')) : undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const scripts = folder
      ? Object.fromEntries(
          plan.agents.map((agent) => [agent, writeRecordedBrain(config, recording.header, agent, folder)]),
        )
      : undefined;
    const replaying = replayer.replay({ recording, agents: plan.agents, ...(scripts ? { scripts } : {}) });
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const reports = await Promise.race([replaying, timedOut]);
    if (reports === 'timeout') {
      await replayer.close();
      await replaying.catch(() => undefined);
      const error = `did not finish replaying within ${Math.round(timeoutMs / 1000)} s (a brain that never returns?)`;
      return { recording, broken: true, entry: entry({ status: 'error', error, ...described }) };
    }
    const diverged = reports.some((report) => report.divergence);
    const status: CorpusStatus = meant ? (diverged ? 'accepted' : 'unchanged') : diverged ? 'diverged' : 'replayed';
    return { recording, entry: entry({ status, agents: reports.map(agentReplayView), ...described }) };
  } catch (error) {
    return { recording, broken: true, entry: entry({ status: 'error', error: messageOf(error, file), ...described }) };
  } finally {
    clearTimeout(timer);
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

/** An agent's replay as the reports show it: a divergence also as `brainbench replay` prints it. */
export function agentReplayView(report: AgentReplay): AgentReplayView {
  return report.divergence ? { ...report, divergenceText: divergenceText(report.divergence) } : report;
}

function messageOf(error: unknown, file: CorpusFile): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `${file.label}: no such recording`;
  const message = error instanceof Error ? error.message : String(error);
  // loadRecording names the file by the path it was given; the report names it by its label.
  const named = message.startsWith(`${file.file}: `) ? message.slice(file.file.length + 2) : message;
  return error instanceof RecordingError ? `${file.label}: ${named}` : named;
}
