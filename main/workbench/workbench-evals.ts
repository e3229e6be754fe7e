// The workbench's Evals API (docs/workbench.md#evals): the workspace's evals and results files,
// a run with its progress (one at a time, cancellable), a results file in chunks of compact
// cells, one trial in full with its recording, a comparison, and Add to dataset. Every path the
// renderer names goes through the workspace boundary; a results file is checked line by line.
// An eval runs its config's back ends, so it runs only in a trusted workspace.

import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

import type {
  AddedCaseView,
  ComparedSide,
  EvalComparisonView,
  EvalFilesView,
  EvalProgressView,
  EvalRunOptions,
  ResultsChunk,
  ResultsCursor,
  TrialDetailView,
} from '../../contract/eval-views.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { brainbenchVersion } from '../cli/version.ts';
import { addCaseFromRecording } from '../evals/add-case.ts';
import { compareResults } from '../evals/compare-results.ts';
import { loadEval } from '../evals/load-eval.ts';
import { compactTrial, readCompactResults, type CompactResults, type CompactTrial } from '../evals/results-compact.ts';
import { trialRecordingFile } from '../evals/results-paths.ts';
import { readResultsChunk, readTrialAt, type ChunkLines } from '../evals/results-chunks.ts';
import { runEval } from '../evals/run-eval.ts';
import { isWithin, type WorkspaceBoundary } from '../files/folder-boundary.ts';
import type { SessionRecorder } from '../recording/session-recorder.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { settingsFolder } from './debug-settings-file.ts';
import { SESSION_RECORDING } from './session-recording.ts';
import { listWorkspaceFiles, toWorkspacePath } from './workspace-files.ts';

export interface EvalsWorkspace {
  root: string;
  boundary: WorkspaceBoundary;
  trusted: boolean;
  recorder: SessionRecorder | undefined;
  /** Why the session's recording is not this workbench's, when it is not. */
  notRecordedHere: string | undefined;
}

export interface EvalsOptions {
  workspace: () => EvalsWorkspace;
  spawner: AgentSpawner;
  entry: string;
  emit: (event: WorkbenchEvent) => void;
}

/** Where the workbench's runs go: a dot folder, so their recordings stay out of the file tree. */
const RUNS = 'evals';
const EVAL_FILE = /\.eval\.(toml|ya?ml|json)$/;
const RESULTS_FILE = /\.results\.jsonl$/;
/** The first chunk is small (a screenful of cases, painted at once), the rest larger. */
const FIRST_CHUNK_BYTES = 256 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;

/** Parsed results files kept for comparisons (another baseline against the same run): by file size, at most. */
const KEPT_RESULTS_BYTES = 128 * 1024 * 1024;

const stamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');

export class WorkbenchEvals {
  private running: { controller: AbortController; results: string } | undefined;
  /** By real path, least recently used first; a changed file (size, mtime) is read again. */
  private readonly parsed = new Map<string, { size: number; mtimeMs: number; results: CompactResults }>();
  /**
   * A file the view is reading chunk after chunk, kept compact as it goes: once read to its end,
   * unchanged, it is kept as parsed, so comparing the open file does not read it again.
   */
  private gathering: { file: string; size: number; mtimeMs: number; next: number; trials: CompactTrial[] } | undefined;

  constructor(private readonly options: EvalsOptions) {}

  files(): EvalFilesView {
    const { root } = this.options.workspace();
    const listed = listWorkspaceFiles(root).map((file) => file.path);
    const runs = join(settingsFolder(root), RUNS);
    let ran: string[] = [];
    try {
      ran = readdirSync(runs)
        .filter((name) => RESULTS_FILE.test(name))
        .map((name) => toWorkspacePath(root, join(runs, name)));
    } catch {
      // No run yet.
    }
    const results = [...listed.filter((path) => RESULTS_FILE.test(path)), ...ran].flatMap((path) => {
      try {
        const stat = statSync(join(root, path));
        return stat.isFile() ? [{ path, mtimeMs: stat.mtimeMs, size: stat.size }] : [];
      } catch {
        // A link to nothing, or a file gone since the listing: nothing to open.
        return [];
      }
    });
    results.sort((a, b) => b.mtimeMs - a.mtimeMs || a.path.localeCompare(b.path));
    const evals = listed.filter((path) => EVAL_FILE.test(path));
    const datasets = new Set<string>();
    for (const path of evals) {
      try {
        const file = loadEval(join(root, path)).datasetFile;
        if (isWithin(root, file)) datasets.add(toWorkspacePath(root, file));
      } catch {
        // A broken eval names no dataset here; running it says what is wrong.
      }
    }
    return { evals, datasets: [...datasets].sort(), results };
  }

  /** Runs an eval into a new results file of the workspace's runs; `eval-progress` events follow it. */
  async run(evalPath: string, options: EvalRunOptions): Promise<string> {
    const workspace = this.options.workspace();
    if (!workspace.trusted)
      throw new Error('an eval runs its config’s back ends, and this workspace is not trusted: trust it first');
    if (this.running) throw new Error(`an eval is running (${this.running.results}): cancel it or wait for it`);
    if (options.trials !== null && (options.trials < 1 || options.trials > 1000))
      throw new Error(`trials must be from 1 to 1000, got ${options.trials}`);
    const { boundary, root } = workspace;
    const evalFile = boundary.fileToRead(evalPath);
    if (!EVAL_FILE.test(evalFile)) throw new Error(`"${evalPath}" is not an eval file (*.eval.toml, .yaml, .json)`);
    const spec = loadEval(evalFile);
    // The eval names its config and dataset by path: they must be the workspace's too.
    for (const file of [spec.configFile, spec.datasetFile]) boundary.fileToRead(relative(root, file));
    const runs = join(settingsFolder(root), RUNS);
    mkdirSync(runs, { recursive: true });
    const name = basename(evalFile).replace(EVAL_FILE, '');
    const out = join(runs, `${name}-${stamp(new Date())}.results.jsonl`);
    const results = toWorkspacePath(root, out);
    const controller = new AbortController();
    this.running = { controller, results };
    const progress: EvalProgressView = {
      eval: toWorkspacePath(root, evalFile),
      results,
      done: 0,
      total: 0,
      failed: 0,
      elapsedMs: 0,
      etaMs: 0,
    };
    const emit = () => this.options.emit({ type: 'eval-progress', progress: { ...progress } });
    try {
      await runEval({
        evalFile,
        out,
        ...(options.trials !== null ? { trials: options.trials } : {}),
        filter: options.filter,
        brainbench: brainbenchVersion(),
        spawner: this.options.spawner,
        entry: this.options.entry,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.kind === 'start') progress.total = event.trials;
          else {
            progress.done = event.done;
            if (event.line.verdict !== 'pass') progress.failed++;
            progress.elapsedMs = event.elapsedMs;
            progress.etaMs = event.etaMs;
          }
          emit();
        },
      });
      progress.ended = controller.signal.aborted ? 'cancelled' : 'finished';
      emit();
      return results;
    } catch (error) {
      progress.ended = { error: (error as Error).message };
      emit();
      throw error;
    } finally {
      this.running = undefined;
    }
  }

  /** Stops the running eval taking new trials; the ones running finish, and the results keep what ran. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.controller.abort();
    return true;
  }

  chunk(path: string, from: ResultsCursor | null): ResultsChunk {
    const file = this.resultsFile(path);
    const { size, mtimeMs } = statSync(file);
    let gathering = this.gathering;
    // A file past what is kept for comparisons is not gathered: it would not be kept.
    if (from === null)
      gathering = size <= KEPT_RESULTS_BYTES ? { file, size, mtimeMs, next: -1, trials: [] } : undefined;
    else if (gathering?.file !== file || gathering.next !== from.byte) gathering = undefined;
    this.gathering = undefined;
    const parsed: ChunkLines = { lines: [], cut: false };
    const chunk = readResultsChunk(file, path, from, from === null ? FIRST_CHUNK_BYTES : CHUNK_BYTES, parsed);
    if (!gathering || gathering.size !== size || gathering.mtimeMs !== mtimeMs || !parsed.header) return chunk;
    for (const line of parsed.lines) gathering.trials.push(compactTrial(line));
    if (chunk.next) this.gathering = { ...gathering, next: chunk.next.byte };
    // A cut last line is one readResults may keep: such a file is read whole when compared.
    else if (!parsed.cut) this.keep(file, size, mtimeMs, { file, header: parsed.header, trials: gathering.trials });
    return chunk;
  }

  trial(path: string, at: number): TrialDetailView {
    const file = this.resultsFile(path);
    const line = readTrialAt(file, path, at);
    const { root, boundary } = this.options.workspace();
    const recording = toWorkspacePath(root, trialRecordingFile(file, line.recording));
    // Inside the results' recordings folder, and so (links followed) inside the workspace.
    boundary.fileToRead(recording);
    return {
      case: line.case,
      trial: line.trial,
      verdict: line.verdict,
      score: line.score,
      outcome: line.outcome,
      scores: line.scores,
      input: line.input,
      ...(line.expected !== undefined ? { expected: line.expected } : {}),
      recording,
    };
  }

  compare(basePath: string, candidatePath: string): EvalComparisonView {
    const base = this.readKept(this.resultsFile(basePath));
    const candidate = this.readKept(this.resultsFile(candidatePath));
    const comparison = compareResults(base, candidate);
    const baseTrials = trialsByCase(base);
    const candidateTrials = trialsByCase(candidate);
    const run = (path: string, side: typeof comparison.base) => ({
      path,
      meanScore: side.overall.meanScore,
      passAtK: side.overall.passAtK,
      passHatK: side.overall.passHatK,
      cost: Object.values(side.cost.amounts).reduce((sum, amount) => sum + amount, 0),
      latencyMs: side.latencyMs,
    });
    return {
      base: run(basePath, comparison.base),
      candidate: run(candidatePath, comparison.candidate),
      cases: comparison.cases.map((c) => ({
        case: c.case,
        status: c.status,
        delta: c.delta,
        base: comparedSide(c.base.meanScore, baseTrials.get(c.case) ?? []),
        candidate: comparedSide(c.candidate.meanScore, candidateTrials.get(c.case) ?? []),
      })),
      counts: comparison.counts,
      onlyInBase: comparison.onlyInBase,
      onlyInCandidate: comparison.onlyInCandidate,
      meanDelta: comparison.meanDelta,
      p: comparison.test.p,
    };
  }

  /**
   * Add to dataset: a case from a recording, a branch, or (`recording` null) the live session's
   * recording, its `iteration` the one just debugged.
   */
  addCase(
    recording: string | null,
    dataset: string,
    id: string,
    agent: string | null,
    iteration: number | null,
    expected: string | null,
  ): AddedCaseView {
    const { boundary, root, recorder, notRecordedHere } = this.options.workspace();
    let source: string;
    if (recording === null) {
      if (notRecordedHere !== undefined) throw new Error(notRecordedHere);
      recorder?.flush();
      source = recorder?.file ?? join(settingsFolder(root), SESSION_RECORDING);
    } else source = boundary.fileToRead(recording);
    const { file } = boundary.fileToWrite(dataset, 'create');
    mkdirSync(dirname(file), { recursive: true });
    let added;
    try {
      added = addCaseFromRecording({
        recording: source,
        dataset: file,
        id,
        ...(agent !== null ? { agent } : {}),
        ...(iteration !== null ? { iteration } : {}),
        ...(expected !== null ? { expected } : {}),
      });
    } catch (error) {
      // Named as the user named them, not by their real paths.
      const shown = recording ?? `.brainbench/${SESSION_RECORDING}`;
      throw new Error((error as Error).message.replaceAll(file, dataset).replaceAll(source, shown), { cause: error });
    }
    return {
      dataset: toWorkspacePath(root, file),
      id: added.id,
      input: added.input,
      ...(added.expected !== undefined ? { expected: added.expected } : {}),
    };
  }

  /** Ends a run in progress (the workspace closes). */
  dispose(): void {
    this.running?.controller.abort();
    this.parsed.clear();
  }

  private readKept(file: string): CompactResults {
    const { size, mtimeMs } = statSync(file);
    const kept = this.parsed.get(file);
    this.parsed.delete(file);
    if (kept && kept.size === size && kept.mtimeMs === mtimeMs) {
      this.parsed.set(file, kept);
      return kept.results;
    }
    return this.keep(file, size, mtimeMs, readCompactResults(file));
  }

  /** Keeps a parsed file for comparisons, the least recently used ones going past the limit. */
  private keep(file: string, size: number, mtimeMs: number, results: CompactResults): CompactResults {
    this.parsed.delete(file);
    this.parsed.set(file, { size, mtimeMs, results });
    let bytes = [...this.parsed.values()].reduce((sum, entry) => sum + entry.size, 0);
    for (const [oldest, entry] of this.parsed) {
      if (bytes <= KEPT_RESULTS_BYTES || oldest === file) break;
      this.parsed.delete(oldest);
      bytes -= entry.size;
    }
    return results;
  }

  private resultsFile(path: string): string {
    const file = this.options.workspace().boundary.fileToRead(path);
    if (!file.endsWith('.jsonl')) throw new Error(`"${path}" is not a results file (*.results.jsonl)`);
    return file;
  }
}

function trialsByCase(results: CompactResults): Map<string, CompactTrial[]> {
  const byCase = new Map<string, CompactTrial[]>();
  for (const trial of results.trials) {
    const list = byCase.get(trial.case);
    if (list) list.push(trial);
    else byCase.set(trial.case, [trial]);
  }
  for (const list of byCase.values()) list.sort((a, b) => a.trial - b.trial);
  return byCase;
}

function comparedSide(meanScore: number, trials: CompactTrial[]): ComparedSide {
  return {
    meanScore,
    passes: trials.filter((t) => t.verdict === 'pass').length,
    trials: trials.length,
    verdicts: trials.map((t) => t.verdict[0]).join(''),
    outcome: trials[0]?.said ?? '',
    cost: trials.reduce(
      (sum, t) => sum + Object.values(t.usage.cost?.amounts ?? {}).reduce((a, b) => a + (Number(b) || 0), 0),
      0,
    ),
  };
}
