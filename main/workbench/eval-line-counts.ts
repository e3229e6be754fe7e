// Line counts over an eval's trials in the workbench (docs/debugging.md#which-lines-ran): every
// trial's recording of a results file (or of one case) re-executed as `brainbench coverage
// RESULTS.jsonl` does (recordings-coverage.ts, the one path), with the workspace's brains in the
// runtimes its config gives them, in processes of their own; no host call leaves them. Progress
// events follow it, and Cancel ends its processes at once. A results file may come from anyone:
// its lines are checked, each recording must lie in `<results>.recordings/` and in the workspace
// (links followed), and each is read and checked before anything runs, so a bad one refuses the
// whole count in one line.

import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import type { EvalLineCountsProgressView, EvalLineCountsView } from '../../contract/eval-views.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { readResults } from '../evals/results-reader.ts';
import type { TrialLine } from '../evals/results-format.ts';
import type { WorkspaceBoundary } from '../files/folder-boundary.ts';
import { loadRecording } from '../recording/recording.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { coverageOfRecordings } from '../time-travel/recordings-coverage.ts';
import { CancellableSpawner } from './cancellable-spawner.ts';
import { coverageView } from './coverage-view.ts';
import { checkedTrialRecording } from './trial-recording.ts';

export interface EvalLineCountsOptions {
  workspace: () => { root: string; boundary: WorkspaceBoundary; config: OmwConfig | undefined };
  spawner: AgentSpawner;
  entry: string;
  emit: (event: WorkbenchEvent) => void;
}

/** Progress events at most this often (a results file of thousands of trials would flood the page). */
const PROGRESS_EVERY_MS = 100;

interface Running {
  what: string;
  processes: CancellableSpawner;
  controller: AbortController;
}

export class EvalLineCounts {
  private running: Running | undefined;

  constructor(private readonly options: EvalLineCountsOptions) {}

  async count(path: string, caseId: string | null): Promise<EvalLineCountsView> {
    const { root, boundary, config } = this.options.workspace();
    if (this.running) throw new Error(`line counts of ${this.running.what} are running: cancel them or wait for them`);
    if (!config)
      throw new Error("the workspace's config does not load, and line counts run its brains: fix the config first");
    const file = boundary.fileToRead(path);
    if (!file.endsWith('.jsonl')) throw new Error(`"${path}" is not a results file (*.results.jsonl)`);
    // Said with the workspace's names, not the real paths on this machine.
    const shown = (message: string) => message.replaceAll(file, path).replaceAll(`${boundary.root}${sep}`, '');
    const running: Running = {
      what: caseId === null ? path : `${path} (case "${caseId}")`,
      processes: new CancellableSpawner(this.options.spawner),
      controller: new AbortController(),
    };
    this.running = running;
    let progress: EvalLineCountsProgressView = { results: path, case: caseId, phase: 'checking', done: 0, of: 0 };
    let said = 0;
    const emit = (change: Partial<EvalLineCountsProgressView>, always = false) => {
      const phaseChanged = change.phase !== undefined && change.phase !== progress.phase;
      progress = { ...progress, ...change };
      if (!always && !phaseChanged && performance.now() - said < PROGRESS_EVERY_MS) return;
      said = performance.now();
      this.options.emit({ type: 'eval-line-counts-progress', progress });
    };
    try {
      const trials = this.trials(file, caseId, shown);
      emit({ of: trials.length }, true);
      const agents = new Map<string, string>();
      let diverged = 0;
      const run = await coverageOfRecordings({
        // As the results file names them: each is checked where it is opened, in the check of every
        // recording before any runs (a slice at a time, so a file of thousands does not hold the host).
        files: trials.map((trial) => trial.recording),
        open: (_name, index) => {
          const recording = checkedTrialRecording(file, shown(file), trials[index]!, root, boundary);
          if (!existsSync(recording)) return { leftOut: 'its recording is missing' };
          try {
            return loadRecording(recording);
          } catch (error) {
            throw new Error(shown((error as Error).message), { cause: error });
          }
        },
        config,
        recordedBrains: false,
        agents: (recording) => [...recording.agents.keys()],
        unrunnable: (agent, error) => {
          if (!agents.has(agent)) agents.set(agent, shown(error.message));
        },
        spawner: running.processes.spawner,
        entry: this.options.entry,
        progress: (phase, done, of) => emit({ phase, done, of }, done === of),
        diverged: () => diverged++,
        signal: running.controller.signal,
      });
      const counted = run.outcomes.filter((outcome) => outcome.counted).length;
      const leftOut = run.outcomes.flatMap((outcome, i) =>
        outcome.counted ? [] : [{ case: trials[i]!.case, trial: trials[i]!.trial, reason: outcome.reason }],
      );
      emit({ ended: run.cancelled ? 'cancelled' : 'finished' }, true);
      return {
        ...coverageView(run.coverage, root),
        iterations: run.iterations,
        skipped: [...agents].map(([agent, reason]) => ({ agent, reason })),
        results: path,
        case: caseId,
        trials: counted,
        of: trials.length,
        leftOut,
        diverged,
        cancelled: run.cancelled,
      };
    } catch (error) {
      const message = shown((error as Error).message);
      emit({ ended: { error: message } }, true);
      throw new Error(message, { cause: error });
    } finally {
      running.processes.cancel();
      this.running = undefined;
    }
  }

  /** Ends the running line counts now, and their agent processes with them. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.controller.abort();
    this.running.processes.cancel();
    return true;
  }

  dispose(): void {
    this.cancel();
  }

  private trials(file: string, caseId: string | null, shown: (message: string) => string): TrialLine[] {
    const { trials } = readResults(file);
    if (caseId === null) {
      if (trials.length === 0) throw new Error(shown(`${file}: no trial to count`));
      return trials;
    }
    const ofCase = trials.filter((trial) => trial.case === caseId);
    if (ofCase.length === 0) throw new Error(shown(`${file}: no trial of case ${JSON.stringify(caseId)}`));
    return ofCase;
  }
}
