// `brainbench replay CORPUS --live-after-divergence --eval EVAL` (docs/counterfactuals.md): an eval
// lends a live pass its mocks and its scorers. Each diverged recording is matched to the eval's
// case it is a trial of (by the input message's id, which is derived from the case and the trial,
// else by the name the eval gave its recording); the branch then runs against the eval's config
// with that case filled in (its mock turns, its memory seeds) and the workspace's agents and
// runtimes, and the eval's scorers score the branch as they score a trial.

import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { BranchScoreView } from '../../contract/counterfactual-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { loadConfig } from '../config/load-config.ts';
import { locatedError } from '../config/located-error.ts';
import { answeringAgent, checkEvalAgainstConfig } from '../evals/check-eval.ts';
import { readDataset, type EvalCase } from '../evals/dataset.ts';
import { loadEval } from '../evals/load-eval.ts';
import type { ScoreLine } from '../evals/results-format.ts';
import { trialRecordingName } from '../evals/results-paths.ts';
import { buildScorers, scoreTrial } from '../evals/scorers/build-scorers.ts';
import type { ScorerProcesses } from '../evals/scorers/code-scorer.ts';
import { scopeOf, TrialConfigs, trialUuid } from '../evals/trial-config.ts';
import { TrialProcessPool } from '../evals/trial-process-pool.ts';
import { outcomeOf, usageOf, type Answering } from '../evals/trial-outcome.ts';
import { readTrialRecording } from '../evals/trial-recording.ts';
import type { Recording } from '../recording/recording.ts';
import type { LiveHooks } from './live-branches.ts';

/** A recording that is no trial of the eval: its branch cannot be given the eval's mocks. */
export class NoCaseError extends Error {}

export interface EvalScoring extends LiveHooks {
  /** The eval file, absolute. */
  file: string;
  close(): Promise<void>;
}

interface TrialOfCase {
  case: EvalCase;
  trial: number;
}

/**
 * The eval's hooks for a live pass of `workspace`'s agents. The eval file, its config and its
 * dataset are read and checked now: a mistake is a ConfigError at its file:line:col.
 */
export function evalScoring(evalFile: string, workspace: OmwConfig, processes: ScorerProcesses): EvalScoring {
  const spec = loadEval(evalFile);
  for (const key of ['config', 'dataset'] as const) {
    const file = key === 'config' ? spec.configFile : spec.datasetFile;
    if (!existsSync(file)) throw locatedError(spec.origins, [key], `no such file: ${file}`);
  }
  const evalConfig = loadConfig(spec.configFile, { env: process.env });
  // The workspace's agents run; the eval's config lends the back ends and judges around them.
  checkEvalAgainstConfig(spec, { ...evalConfig, agents: workspace.agents });
  const cases = readDataset(spec.datasetFile);
  const configs = new TrialConfigs(evalConfig, spec);
  configs.check(cases);
  const byInput = new Map<string, TrialOfCase>();
  for (const c of cases)
    for (let trial = 1; trial <= (c.trials ?? spec.trials); trial++)
      byInput.set(trialUuid(c.id, trial), { case: c, trial });
  const byName = new Map<string, TrialOfCase>();
  cases.forEach((c, index) => {
    for (let trial = 1; trial <= (c.trials ?? spec.trials); trial++)
      byName.set(trialRecordingName(index, c.id, trial), { case: c, trial });
  });
  const answering: Answering = {
    ...(spec.input.endpoint && !spec.end.agent ? {} : { agent: answeringAgent(spec, workspace) }),
    endpoint: !!spec.input.endpoint && !spec.end.agent,
    answer: spec.end.answer,
  };
  const pool = new TrialProcessPool(processes.spawner);
  const scorers = buildScorers(spec.scorers, { ...processes, spawner: pool.spawn });

  const trialOf = (recording: Recording, label: string): TrialOfCase => {
    const found = inputIds(recording)
      .map((id) => byInput.get(id))
      .find(Boolean);
    const named = found ?? byName.get(basename(label));
    if (named) return named;
    if (cases.length === 1) return { case: cases[0]!, trial: 1 };
    throw new NoCaseError(
      `no case of ${basename(spec.file)} (${cases.length} cases) is the one it recorded: neither its input nor its name (NNNN-<case>.<trial>.jsonl, as eval run names its trials) is one of them`,
    );
  };
  const configOf = (workspaceConfig: OmwConfig, recording: Recording, label: string): OmwConfig => {
    const { case: c, trial } = trialOf(recording, label);
    const trialConfig = configs.of(c, trial).config;
    return { ...trialConfig, agents: workspaceConfig.agents, runtime: workspaceConfig.runtime };
  };

  return {
    file: spec.file,
    backendsFor: (workspaceConfig, source) => configOf(workspaceConfig, source.recording, source.label),
    score: async ({ file, original, source, durationMs }) => {
      const { case: c, trial } = trialOf(original, source);
      const branch = readTrialRecording(file);
      const scored = await scoreTrial(scorers, c.tags, () => ({
        case: c,
        trial,
        scope: scopeOf(c, trial),
        outcome: outcomeOf(branch.recording, answering),
        recording: branch,
        usage: usageOf(branch.recording, file),
        durationMs,
        config: configOf(workspace, original, source),
        seed: spec.seed,
      }));
      return scored.scores.map(branchScore);
    },
    close: async () => {
      pool.dispose();
      await scorers.close();
    },
  };
}

/** The ids of the events the recording's agents received: an eval's input message has its trial's. */
function inputIds(recording: Recording): string[] {
  const ids: string[] = [];
  for (const agent of recording.agents.values())
    for (const iteration of agent.iterations)
      for (const event of iteration.events) if (event.type === 'inbound') ids.push(event.id);
  return ids;
}

function branchScore(line: ScoreLine): BranchScoreView {
  return {
    scorer: line.scorer,
    score: line.score ?? 0,
    pass: line.pass ?? false,
    ...(line.reason !== undefined ? { reason: line.reason } : {}),
    ...(line.error !== undefined ? { error: line.error } : {}),
  };
}
