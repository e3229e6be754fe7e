// "Where do the trials split?" in the Evals view (docs/evals.md, For the workbench): the
// recordings of one case's trials aligned call by call by the engine `brainbench diff` and
// Compare ▸ Several use (trial-split.ts), each trial with its verdict, and the outcome in plain
// words: where they split and whether that parts the passing trials from the others, or that
// they made the same calls and what still differs. A results file may come from anyone: its lines
// are checked as the Evals view reads them (results-chunks.ts), and every recording of the case
// must lie in `<results>.recordings/` and in the workspace (links followed) before any is read,
// so a bad one refuses the comparison in one line. A missing recording is named and left out.

import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { AgentSplitView, SplitView } from '../../contract/counterfactual-views.ts';
import type { EvalTrialSplitView, SplitPlaceView, SplitTrialView } from '../../contract/eval-views.ts';
import { splitRecordings } from '../counterfactual/trial-split.ts';
import { readResultsChunk, type ChunkLines } from '../evals/results-chunks.ts';
import type { TrialLine } from '../evals/results-format.ts';
import type { WorkspaceBoundary } from '../files/folder-boundary.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import { LISTED_TRIALS, trialDifferences, trialList } from './trial-differences.ts';
import { checkedTrialRecording } from './trial-recording.ts';
import { toWorkspacePath } from './workspace-files.ts';

export interface EvalTrialSplitWorkspace {
  root: string;
  boundary: WorkspaceBoundary;
}

/** The results file is read in chunks this size, the host answering others between them. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** As many recordings as Compare ▸ Several aligns at once (`splitRecordings`). */
const MOST_TRIALS = 100;

type Trial = Pick<TrialLine, 'trial' | 'verdict' | 'score' | 'recording'>;

/** Where the trials of case `caseId` of the results file `path` split. */
export async function splitEvalTrials(
  workspace: EvalTrialSplitWorkspace,
  path: string,
  caseId: string,
): Promise<EvalTrialSplitView> {
  const { root, boundary } = workspace;
  const file = boundary.fileToRead(path);
  if (!file.endsWith('.jsonl')) throw new Error(`"${path}" is not a results file (*.results.jsonl)`);
  // Said with the workspace's names, not the real paths on this machine.
  const shown = (message: string) => message.replaceAll(file, path).replaceAll(`${boundary.root}${sep}`, '');
  try {
    const all = await trialsOfCase(file, path, caseId);
    if (all.length === 1)
      throw new Error(`${path}: case "${caseId}" has one trial: there is nothing to compare it with`);
    const trials = all.slice(0, MOST_TRIALS);
    // Every recording is checked before any is read.
    const checked = trials.map((trial) => ({
      trial,
      file: checkedTrialRecording(file, path, { ...trial, case: caseId }, root, boundary),
    }));
    const present = checked.filter((one) => existsSync(one.file));
    const missing = checked.filter((one) => !existsSync(one.file));
    if (present.length < 2) {
      const there =
        present.length === 0
          ? 'no trial’s recording is there'
          : `only trial ${present[0]!.trial.trial}’s recording is there`;
      throw new Error(
        `${path}: case "${caseId}": ${there} (${missingSaid(missing, root)}): there is nothing to compare`,
      );
    }
    const recordings: Recording[] = [];
    for (const one of present) {
      recordings.push(loadRecording(one.file));
      await nextTurn();
    }
    const compared: SplitTrialView[] = present.map(({ trial, file: recording }) => ({
      trial: trial.trial,
      verdict: trial.verdict,
      score: trial.score,
      recording: toWorkspacePath(root, recording),
    }));
    const split = splitRecordings(
      recordings,
      compared.map((trial) => `trial ${trial.trial}`),
    );
    return {
      results: path,
      case: caseId,
      trials: compared,
      missing: missing.map(({ trial, file: recording }) => ({
        trial: trial.trial,
        verdict: trial.verdict,
        recording: toWorkspacePath(root, recording),
      })),
      leftOver: all.length - trials.length,
      split,
      places: placesOf(split, recordings),
      said: said(split, compared, recordings),
    };
  } catch (error) {
    throw new Error(shown((error as Error).message), { cause: error });
  }
}

/** The case's trial lines, by trial number; every line of the file is checked as it is read. */
async function trialsOfCase(file: string, path: string, caseId: string): Promise<Trial[]> {
  const trials = new Map<number, Trial>();
  let from = null;
  do {
    const parsed: ChunkLines = { lines: [], cut: false };
    from = readResultsChunk(file, path, from, CHUNK_BYTES, parsed).next;
    for (const line of parsed.lines) {
      if (line.case !== caseId) continue;
      if (trials.has(line.trial))
        throw new Error(`${path}: case "${caseId}" trial ${line.trial} is on two lines: not one run's results`);
      const { trial, verdict, score, recording } = line;
      trials.set(trial, { trial, verdict, score, recording });
    }
    if (from) await nextTurn();
  } while (from);
  if (trials.size === 0) throw new Error(`${path}: no trial of case "${caseId}"`);
  return [...trials.values()].sort((a, b) => a.trial - b.trial);
}

function missingSaid(missing: { trial: Trial; file: string }[], root: string): string {
  return missing.map(({ trial, file }) => `trial ${trial.trial}: ${toWorkspacePath(root, file)} is missing`).join('; ');
}

/** For each split and each answer before one: the iteration it is in each recording. */
function placesOf(split: SplitView, recordings: readonly Recording[]): SplitPlaceView[] {
  const at = (agent: string, position: number): SplitPlaceView => ({
    agent,
    position,
    iterations: recordings.map((recording) => recording.agents.get(agent)?.iterations[position - 1]?.iteration ?? null),
  });
  return split.agents.flatMap((agent) => [
    ...(agent.split ? [at(agent.agent, agent.split.iteration)] : []),
    ...(agent.cause && agent.cause.iteration !== agent.split?.iteration
      ? [at(agent.agent, agent.cause.iteration)]
      : []),
  ]);
}

/** Whether one agent's split parts the passing trials from the others. */
function parting(agent: AgentSplitView, trials: readonly SplitTrialView[]): string {
  const passing = trials.flatMap((trial, i) => (trial.verdict === 'pass' ? [i] : []));
  if (passing.length === 0 || passing.length === trials.length) return '';
  const others = trials.flatMap((trial, i) => (trial.verdict === 'pass' ? [] : [i]));
  const numbers = (members: number[]) => members.map((member) => trials[member]!.trial);
  const pure = agent.split!.groups.every(
    (group) => group.members.every((m) => passing.includes(m)) || group.members.every((m) => others.includes(m)),
  );
  if (!pure) return ': passing and failing trials are on one side of it, so their verdicts part elsewhere';
  return passing.length <= LISTED_TRIALS && others.length <= LISTED_TRIALS
    ? `: it parts the passing ${trialList(numbers(passing))} from ${trialList(numbers(others))}, which did not pass`
    : `: it parts the ${passing.length} passing trials from the ${others.length} that did not pass`;
}

function said(split: SplitView, trials: readonly SplitTrialView[], recordings: readonly Recording[]): string {
  const k = trials.length;
  const splits = split.agents.filter((agent) => agent.split);
  if (splits.length > 0) {
    const each = splits.map((agent) => {
      const { iteration, call } = agent.split!;
      const after = agent.cause
        ? `, after the answers to iteration ${agent.cause.iteration} call ${agent.cause.call} (${agent.cause.op}) differed`
        : ', with every answer before it alike';
      return `${agent.agent} splits at iteration ${iteration} call ${call}${after}${parting(agent, trials)}`;
    });
    return `The ${k} trials split: ${each.join('; ')}.`;
  }
  const differences = trialDifferences(
    recordings,
    trials.map((trial) => trial.trial),
  );
  if (differences.length > 0) {
    const last = differences.length > 1 ? ` and in ${differences.at(-1)}` : '';
    const first = differences.slice(0, differences.length > 1 ? -1 : undefined).join(', in ');
    return `The ${k} trials made the same calls; they differ only in ${first}${last}.`;
  }
  const verdicts = [...new Set(trials.map((trial) => trial.verdict))];
  const scored =
    verdicts.length > 1
      ? ` Their verdicts differ all the same (${verdicts
          .map((verdict) => `${verdict}: ${trialList(trials.filter((t) => t.verdict === verdict).map((t) => t.trial))}`)
          .join('; ')}): the difference is in the scoring, not in the run.`
      : '';
  return `The ${k} trials are identical: the same calls, answered alike, ending alike.${scored}`;
}
