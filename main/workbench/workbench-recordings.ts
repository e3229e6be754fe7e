// The workbench's recording API (docs/recordings.md): list the workspace's recordings, open one
// offline, show an iteration or a fork point, fork a branch headless, replay, compare, save as a
// test. Every path goes through the workspace boundary. An opened recording is kept as its index
// (recording-index.ts: the timeline's lines and where each iteration lies in the file), a few of
// them, by file, size and mtime; what needs a recording whole (a fork point, a fork, a replay, a
// comparison) reads it whole, and only the last one read is kept.

import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type {
  AgentReplayView,
  BranchOrigin,
  ReplayPlanView,
  ReplayView,
  BranchView,
  ForkEdits,
  ForkPointView,
  RecordedIterationView,
  RecordingComparisonView,
  RecordingFileView,
  RecordingView,
} from '../../contract/recording-views.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { describeAgentDiff } from '../recording/describe-diff.ts';
import { divergenceDetails, divergenceHeadline } from '../recording/divergence.ts';
import { checkBranchName, runFork } from '../recording/fork.ts';
import { forkState } from '../recording/fork-point.ts';
import { checkedHeader } from '../recording/recorded-header.ts';
import { RECORDING_FORMAT, type HeaderLine } from '../recording/recording-format.ts';
import { diffRecordings } from '../recording/recording-diff.ts';
import { RecordingError, type ReadLine } from '../recording/recording-reader.ts';
import { RecordingIndex } from '../recording/recording-index.ts';
import { locateRecordingSegments } from '../recording/recording-segments.ts';
import { writeRecordingTest } from '../recording/recording-to-test.ts';
import { buildRecording, type Recording } from '../recording/recording.ts';
import { compareBrain, planReplay } from '../recording/replay-plan.ts';
import type { AgentReplay } from '../recording/replay.ts';
import { replayInWorkspace } from '../recording/workspace-replay.ts';
import type { SessionRecorder } from '../recording/session-recorder.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { brainbenchVersion } from '../cli/version.ts';
import { shownBrainFolders } from './brain-sources.ts';
import { settingsFolder } from './debug-settings-file.ts';
import { PREVIOUS_SESSION_RECORDING, SESSION_RECORDING } from './session-recording.ts';
import { listWorkspaceFiles, toWorkspacePath } from './workspace-files.ts';
import { isWithin, realPathOf, type WorkspaceBoundary } from '../files/folder-boundary.ts';

/** What the recording API needs of the open workspace, asked for at each request. */
export interface RecordingsWorkspace {
  root: string;
  boundary: WorkspaceBoundary;
  recorder: SessionRecorder | undefined;
  /** The workspace's config as loaded (real secrets), for a branch's back ends; undefined when it does not load. */
  config: OmwConfig | undefined;
}

export interface RecordingsOptions {
  workspace: () => RecordingsWorkspace;
  spawner: AgentSpawner;
  entry: string;
  emit: (event: WorkbenchEvent) => void;
}

interface Loaded {
  size: number;
  mtimeMs: number;
  recording: Recording;
  lines: ReadLine[];
}

interface Indexed {
  size: number;
  mtimeMs: number;
  index: RecordingIndex;
}

/** Indexes kept: the recordings a user flips between; each is small beside its file. */
const KEPT_INDEXES = 16;

const BRANCHES = 'branches';
/** A header holds the brains' sources; past this, a first line is not looked at for a listing. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export class WorkbenchRecordings {
  /** By file, least recently used first. */
  private readonly indexes = new Map<string, Indexed>();
  private whole: { file: string; loaded: Loaded } | undefined;

  constructor(private readonly options: RecordingsOptions) {}

  list(): RecordingFileView[] {
    const { root } = this.options.workspace();
    const settings = settingsFolder(root);
    const found: RecordingFileView[] = [];
    for (const name of [
      SESSION_RECORDING,
      `${SESSION_RECORDING}.1`,
      PREVIOUS_SESSION_RECORDING,
      `${PREVIOUS_SESSION_RECORDING}.1`,
    ]) {
      const file = join(settings, name);
      if (existsSync(file)) found.push(this.fileView(root, file, 'session'));
    }
    const branches = join(settings, BRANCHES);
    const branchFiles = existsSync(branches) ? readdirSync(branches).filter((name) => name.endsWith('.jsonl')) : [];
    for (const name of branchFiles.sort()) {
      const file = join(branches, name);
      const header = headerOf(file);
      if (header)
        found.push({ ...this.fileView(root, file, 'branch'), ...(header.branch ? { branch: header.branch } : {}) });
    }
    for (const { path } of listWorkspaceFiles(root)) {
      if (!path.endsWith('.jsonl')) continue;
      const file = join(root, path);
      if (startsAsRecording(file)) found.push(this.fileView(root, file, 'file'));
    }
    return found;
  }

  async open(path: string): Promise<RecordingView> {
    const { file, index } = await this.indexed(path);
    return index.view(toWorkspacePath(this.options.workspace().root, file));
  }

  async iteration(path: string, agent: string, iteration: number): Promise<RecordedIterationView> {
    const { index } = await this.indexed(path);
    return index.iteration(agent, iteration);
  }

  async forkPoint(path: string, agent: string, afterIteration: number): Promise<ForkPointView> {
    const { loaded } = await this.load(path);
    const view = forkState(loaded.recording, loaded.lines, agent, afterIteration).view;
    const { config, root } = this.options.workspace();
    if (!config || !Object.hasOwn(config.agents, agent)) return view;
    const { script, runtime } = config.agents[agent]!;
    const real = realPathOf(script);
    const isScript = runtimeDescriptor(config.runtime[runtime]?.kind ?? '')?.brain.format === 'script';
    const readable = real !== undefined && isWithin(root, real) && isScript;
    return {
      ...view,
      brain: compareBrain(loaded.recording.header, config, agent),
      // The text a fork runs unless it runs the recorded one: only a brain of the workspace is read.
      ...(readable ? { workspaceSource: readFileSync(real, 'utf8') } : {}),
    };
  }

  async fork(
    path: string,
    agent: string,
    afterIteration: number,
    edits: ForkEdits,
    recordedBrains: boolean,
  ): Promise<BranchView> {
    const { file, loaded } = await this.load(path);
    const workspace = this.options.workspace();
    const config = workspaceConfig(workspace, 'a branch runs its brain and reaches its back ends');
    // Checked before anything runs, so that a bad request costs nothing.
    forkState(loaded.recording, loaded.lines, agent, afterIteration);
    const folder = join(settingsFolder(workspace.root), BRANCHES);
    mkdirSync(folder, { recursive: true });
    const name = edits.name ?? freeName(folder, `${agent}-after-${afterIteration}`);
    checkBranchName(name);
    const out = join(folder, `${name}.jsonl`);
    if (existsSync(out)) throw new Error(`a branch named "${name}" exists already`);
    const { report, agents, cut } = await runFork({
      recording: loaded.recording,
      lines: loaded.lines,
      agent,
      afterIteration,
      edits,
      config,
      recordedBrains,
      brainFolders: shownBrainFolders(workspace.root),
      workspace: workspace.root,
      spawner: this.options.spawner,
      entry: this.options.entry,
      out,
      origin: { name, of: toWorkspacePath(workspace.root, file) },
      brainbench: brainbenchVersion(),
      ...(edits.allAgents ? { allAgents: true } : {}),
      onIteration: (done, of) =>
        this.options.emit({ type: 'recording-progress', branch: name, agent, iteration: done, of }),
    });
    const branch: BranchOrigin | undefined = headerOf(out)?.branch;
    return {
      branch: { ...this.fileView(workspace.root, out, 'branch'), ...(branch ? { branch } : {}) },
      report,
      ...(cut ? { agents, cut } : {}),
    };
  }

  /** What Replay would run in the workspace, said before it runs. */
  async replayPlan(path: string, recordedBrains: boolean): Promise<ReplayPlanView> {
    const { loaded } = await this.load(path);
    const config = workspaceConfig(this.options.workspace(), 'a replay runs its brains');
    return planReplay(loaded.recording, config, { recordedBrains });
  }

  /**
   * Runs the recording again with the workspace's brains and runtimes (or, `recordedBrains`, the
   * recording's own text of each brain in the workspace's runtimes): the agents both have.
   */
  async replay(path: string, recordedBrains: boolean): Promise<ReplayView> {
    const { loaded } = await this.load(path);
    const workspace = this.options.workspace();
    const config = workspaceConfig(workspace, 'a replay runs its brains');
    const { plan, reports } = await replayInWorkspace({
      recording: loaded.recording,
      config,
      recordedBrains,
      brainFolders: shownBrainFolders(workspace.root),
      spawner: this.options.spawner,
      entry: this.options.entry,
    });
    return { ...plan, reports: reports.map(reportView) };
  }

  async compare(pathA: string, pathB: string): Promise<RecordingComparisonView> {
    const a = await this.load(pathA);
    const b = await this.load(pathB);
    const agents = diffRecordings(a.loaded.recording, b.loaded.recording);
    const { root } = this.options.workspace();
    return {
      a: toWorkspacePath(root, a.file),
      b: toWorkspacePath(root, b.file),
      agents,
      text: agents.flatMap((diff) => describeAgentDiff(diff)).join('\n'),
    };
  }

  async saveAsTest(path: string, dir: string, agents: string[] | null): Promise<{ dir: string; files: string[] }> {
    const { loaded } = await this.load(path);
    const workspace = this.options.workspace();
    const folder = testFolder(workspace, dir);
    const files = writeRecordingTest(loaded.recording, folder, agents ?? undefined);
    return {
      dir: toWorkspacePath(workspace.root, folder),
      files: files.map((written) => toWorkspacePath(workspace.root, written)),
    };
  }

  /** The file behind a workspace path, as it is now. */
  private fileOf(path: string): { file: string; size: number; mtimeMs: number } {
    const workspace = this.options.workspace();
    const file = workspace.boundary.fileToRead(path);
    // The session's own recording is still being written: what is buffered goes to the file first.
    if (workspace.recorder && realPathOf(workspace.recorder.file) === file) workspace.recorder.flush();
    const { size, mtimeMs } = statSync(file);
    return { file, size, mtimeMs };
  }

  /** The index of the recording behind a workspace path, built once per version of the file. */
  private async indexed(path: string): Promise<{ file: string; index: RecordingIndex }> {
    const { file, size, mtimeMs } = this.fileOf(path);
    const kept = this.indexes.get(file);
    this.indexes.delete(file);
    if (kept && kept.size === size && kept.mtimeMs === mtimeMs) {
      this.indexes.set(file, kept);
      return { file, index: kept.index };
    }
    const index = await readingAs(path, () => RecordingIndex.of(file));
    this.indexes.set(file, { size, mtimeMs, index });
    for (const old of this.indexes.keys()) {
      if (this.indexes.size <= KEPT_INDEXES) break;
      this.indexes.delete(old);
    }
    return { file, index };
  }

  /** The recording behind a workspace path, whole; the last one read is kept. */
  /** A recording of the workspace read whole, for a re-execution of its past (recording-past.ts). */
  async recording(path: string): Promise<Recording> {
    return (await this.load(path)).loaded.recording;
  }

  private async load(path: string): Promise<{ file: string; loaded: Loaded }> {
    const { file, size, mtimeMs } = this.fileOf(path);
    const kept = this.whole;
    if (kept?.file === file && kept.loaded.size === size && kept.loaded.mtimeMs === mtimeMs) return kept;
    // Dropped first, so that two big recordings are never held at once.
    this.whole = undefined;
    const loaded = await readingAs(path, async (): Promise<Loaded> => {
      const lines = (await locateRecordingSegments(file)).flatMap((part) => part.lines.map((line) => line.read));
      return { size, mtimeMs, recording: buildRecording(lines), lines };
    });
    this.whole = { file, loaded };
    return this.whole;
  }

  private fileView(root: string, file: string, kind: RecordingFileView['kind']): RecordingFileView {
    const { size, mtimeMs } = statSync(file);
    return { path: toWorkspacePath(root, file), kind, sizeBytes: size, modifiedMs: mtimeMs };
  }
}

/** The workspace's config as loaded (its real secrets), which replays and forks run in. */
function workspaceConfig(workspace: RecordingsWorkspace, needs: string): OmwConfig {
  if (!workspace.config) throw new Error(`the workspace's config does not load, and ${needs}: fix the config first`);
  return workspace.config;
}

/** An agent's replay as the workbench shows it: a divergence also as `brainbench replay` prints it. */
function reportView(report: AgentReplay): AgentReplayView {
  if (!report.divergence) return report;
  const text = [`DIVERGED ${report.agent} ${divergenceHeadline(report.divergence)}`];
  return { ...report, divergenceText: [...text, ...divergenceDetails(report.divergence)].join('\n') };
}

/** `<base>-<n>` with the smallest n whose file does not exist yet. */
function freeName(folder: string, base: string): string {
  for (let n = 1; ; n++) if (!existsSync(join(folder, `${base}-${n}.jsonl`))) return `${base}-${n}`;
}

/** A folder of the workspace for a test: new, or existing and empty. */
export function testFolder(workspace: { root: string; boundary: WorkspaceBoundary }, dir: string): string {
  const real = realPathOf(resolve(workspace.root, dir));
  if (real !== undefined && statSync(real).isDirectory()) {
    if (!isWithin(workspace.root, real)) throw new Error(`cannot create "${dir}": it lies outside the workspace`);
    if (readdirSync(real).length > 0) throw new Error(`cannot write a test into "${dir}": the folder is not empty`);
    return real;
  }
  return workspace.boundary.fileToWrite(dir, 'create').file;
}

/** The first line of a file, if it ends within `MAX_HEADER_BYTES`. */
function firstLine(file: string, limit = MAX_HEADER_BYTES): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(64 * 1024);
    while (total < limit) {
      const read = readSync(fd, chunk, 0, chunk.length, total);
      if (read === 0) break;
      const end = chunk.subarray(0, read).indexOf(10);
      chunks.push(Buffer.from(chunk.subarray(0, end >= 0 ? end : read)));
      total += read;
      if (end >= 0) return Buffer.concat(chunks).toString('utf8');
    }
    return total < limit ? Buffer.concat(chunks).toString('utf8') : undefined;
  } finally {
    closeSync(fd);
  }
}

/** A file's header, checked as a recording's is (recorded-header.ts); undefined for anything else. */
function headerOf(file: string): HeaderLine | undefined {
  try {
    const header = JSON.parse(firstLine(file) ?? '') as Partial<HeaderLine>;
    return header.kind === 'header' && header.format === RECORDING_FORMAT
      ? checkedHeader(header as HeaderLine)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The cheap check for a listing: the file starts as a recording's header does (its writer's key order). */
function startsAsRecording(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(128);
    const read = readSync(fd, start, 0, start.length, 0);
    return start.subarray(0, read).toString('utf8').startsWith(`{"kind":"header","format":"${RECORDING_FORMAT}"`);
  } finally {
    closeSync(fd);
  }
}

/** A damaged recording's error names the path the user gave. */
async function readingAs<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingError(`${path}: ${error.message}`);
    throw error;
  }
}
