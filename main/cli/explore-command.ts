// `brainbench explore [CONFIG|RECORDING]` (docs/counterfactuals.md, Explore): a line per schedule whose
// outcome differs from first in, first out, each cut down and saved as a schedule file that
// `--schedule FILE` runs again; exit 1 when one was found. Schedules under which every agent ends
// the same but some made other calls are listed apart (OTHER CALLS) and saved too; they do not set
// the exit code. With `--schedule FILE`: the agents under that schedule, exit 0 when every agent
// ends as it does first in, first out, and for a schedule found by its calls makes the same calls
// (the test a saved schedule is: it fails while the order makes the difference).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigFormat } from '../config/config-format.ts';
import { explore, runSchedule, type ExploreOptions, type FoundSchedule } from '../counterfactual/explore-run.ts';
import { firstDifference } from '../counterfactual/call-trace.ts';
import { describeEvent, readSchedule, ScheduleError } from '../counterfactual/schedule.ts';
import { recordingWorkspace, type RecordingWorkspace } from '../counterfactual/recording-explore.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { counted } from '../../contract/counted.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { CommandError } from './command-error.ts';
import { workspaceConfig } from './workspace-option.ts';
import { describePlan } from './replay-command.ts';

export interface ExploreCommandOptions {
  /** CONFIG: the workspace's config; the current folder's omw config when absent. */
  config?: string;
  /** RECORDING: its agents explored, in the workspace `config` names. */
  recording?: string;
  /** With a recording: run its text of each brain (in the workspace's runtimes). */
  recordedBrains: boolean;
  format?: ConfigFormat;
  strategy: 'every' | 'random';
  seed: number;
  runs: number;
  settleMs: number;
  timeoutMs: number;
  saveTo?: string;
  schedule?: string;
  print: (line: string) => void;
}

const outcomeLines = (outcomes: Record<string, string>): string[] =>
  Object.entries(outcomes).map(([agent, outcome]) => `  ${agent}: ${outcome}`);

export async function exploreCommand(options: ExploreCommandOptions): Promise<number> {
  const workspace = workspaceConfig('explore', options.config, options.format);
  const recorded = options.recording !== undefined ? fromRecording(options.recording, workspace, options) : undefined;
  try {
    return await exploreConfig(options, recorded?.config ?? workspace, recorded?.inputs);
  } finally {
    recorded?.dispose();
  }
}

/** The recording's agents in the workspace, said first: brains that differ, agents left out, where events were ready at once. */
function fromRecording(file: string, workspace: OmwConfig, options: ExploreCommandOptions): RecordingWorkspace {
  let recorded: RecordingWorkspace;
  try {
    recorded = recordingWorkspace(file, workspace, { recordedBrains: options.recordedBrains });
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    throw error;
  }
  describePlan(recorded.plan).forEach(options.print);
  const points = recorded.readyAtOnce;
  options.print(
    `${file}: ${recorded.plan.agents.join(', ')} against mocks of the recorded back ends; events were ready at once ${counted(points.length, 'time')}`,
  );
  points.slice(0, MAX_POINTS_SHOWN).forEach((point) => options.print(`  ${point}`));
  if (points.length > MAX_POINTS_SHOWN) options.print(`  … and ${points.length - MAX_POINTS_SHOWN} more`);
  for (const { agent, envelope } of recorded.inputs)
    options.print(`  ${agent} is given ${describeEvent(envelope)} before it runs, as recorded`);
  return recorded;
}

const MAX_POINTS_SHOWN = 10;

async function exploreConfig(
  options: ExploreCommandOptions,
  config: OmwConfig,
  inputs: RecordingWorkspace['inputs'] | undefined,
): Promise<number> {
  const settings: ExploreOptions = {
    config,
    ...(inputs && inputs.length > 0 ? { inputs } : {}),
    spawner: forkSpawner,
    entry: agentEntry(),
    strategy: options.strategy,
    seed: options.seed,
    runs: options.runs,
    settleMs: options.settleMs,
    timeoutMs: options.timeoutMs,
  };
  if (options.schedule !== undefined) {
    let saved;
    try {
      saved = readSchedule(options.schedule);
    } catch (error) {
      if (error instanceof ScheduleError) throw new CommandError(error.message);
      throw error;
    }
    const unknown = saved.decisions.find((decision) => !Object.hasOwn(settings.config.agents, decision.agent));
    if (unknown) throw new CommandError(`${options.schedule}: agent "${unknown.agent}" is not in the workspace`);
    const run = await runSchedule(settings, saved);
    const sameEnd = JSON.stringify(run.outcomes) === JSON.stringify(saved.expected);
    const sameCalls =
      saved.expectedTrace === undefined || JSON.stringify(run.trace) === JSON.stringify(saved.expectedTrace);
    const pass = sameEnd && sameCalls;
    options.print(`${pass ? 'PASS' : 'FAIL'} ${options.schedule}: ${saved.decisions.length} pinned choice(s)`);
    if (!sameEnd) {
      options.print('expected (first in, first out):');
      outcomeLines(saved.expected).forEach(options.print);
      options.print('under this schedule:');
      outcomeLines(run.outcomes).forEach(options.print);
    } else if (!sameCalls) {
      options.print('the agents made other calls than first in, first out:');
      traceDifferenceLines(saved.expectedTrace!, run.trace).forEach(options.print);
    }
    return pass ? 0 : 1;
  }
  const started = Date.now();
  const result = await explore(settings);
  options.print('first in, first out:');
  outcomeLines(result.baseline).forEach(options.print);
  const report = (found: FoundSchedule, file: string, headline: string, details: string[]) => {
    const choices = found.schedule.decisions.filter((decision) => decision.chosen !== 0);
    options.print(`${headline} schedule ${found.run + 1}: ${choices.length} choice(s) from first in, first out:`);
    for (const decision of choices)
      options.print(
        `  ${decision.agent} received ${decision.ready[decision.chosen]} before ${decision.ready.slice(0, decision.chosen).join(', ')}`,
      );
    details.forEach((line) => options.print(`  ${line}`));
    if (options.saveTo !== undefined) {
      const path = join(options.saveTo, file);
      try {
        mkdirSync(options.saveTo, { recursive: true });
        writeFileSync(path, `${JSON.stringify(found.schedule, null, 2)}\n`, { flag: 'wx' });
      } catch (error) {
        throw new CommandError(`cannot write ${path}: ${(error as Error).message}`);
      }
      options.print(`  saved ${path} (brainbench explore --schedule ${path})`);
    }
  };
  result.found.forEach((found, n) =>
    report(found, `schedule-${n + 1}.json`, 'DIFFERS', outcomeLines(found.schedule.found)),
  );
  result.traceFound.forEach((found, n) =>
    report(
      found,
      `trace-schedule-${n + 1}.json`,
      'OTHER CALLS',
      traceDifferenceLines(found.schedule.expectedTrace!, found.schedule.foundTrace!),
    ),
  );
  const how =
    options.strategy === 'every'
      ? result.exhausted
        ? 'every order'
        : `the first ${result.runs} orders depth-first (--runs bounds them)`
      : `seeded random orders (seed ${options.seed})`;
  if (result.unordered > 0)
    options.print(
      `note: ${counted(result.unordered, 'run')} ended otherwise with no choice made otherwise (first in, first out, or a found order run again): the agents are not deterministic (a random number, the clock, a live back end), so those differences are not the order's and are not reported`,
    );
  options.print(
    `${result.runs} schedule(s), ${how}, in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.found.length} with a different outcome, ${result.traceFound.length} with the same outcome but other calls`,
  );
  return result.found.length > 0 ? 1 : 0;
}

/** Per agent whose calls differ, the first call where they part. */
function traceDifferenceLines(expected: Record<string, string[]>, found: Record<string, string[]>): string[] {
  const lines: string[] = [];
  for (const agent of Object.keys({ ...expected, ...found })) {
    const difference = firstDifference(expected[agent] ?? [], found[agent] ?? []);
    if (!difference) continue;
    const side = (call: string | undefined) => (call === undefined ? 'no call' : call.slice(0, 200));
    lines.push(
      `${agent} call ${difference.index + 1}: ${side(difference.found)} where first in, first out made ${side(difference.expected)}`,
    );
  }
  return lines;
}
