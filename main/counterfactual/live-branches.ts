// `--live-after-divergence` over a corpus (docs/counterfactuals.md): each recording that diverged
// is replayed again, and from each agent's divergence on its calls reach the back ends: the
// workspace's (its config), or those an eval gives (`LiveHooks.backends`). Each run is recorded
// as a branch beside the report, named after its source, scored by the eval's scorers when one is
// given, and costed: tokens and cost spent live beside those its served prefix saved.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  BranchScoreView,
  CorpusEntryView,
  LiveBranchView,
  LiveTotalsView,
  ScorerTotalView,
} from '../../contract/counterfactual-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { recordedPriceTable } from '../config/params/price-table-params.ts';
import { writeRecordedBrain } from '../recording/recorded-brains.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import { planReplay } from '../recording/replay-plan.ts';
import { Replayer, type AgentReplay } from '../recording/replay.ts';
import { SessionRecorder } from '../recording/session-recorder.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { DEFAULT_SPARES, SparePool } from '../supervisor/spare-pool.ts';
import { corpusJobs, DEFAULT_TIMEOUT_MS, type CorpusRun } from './corpus-replay.ts';
import { addSpend, noSpend, spendAround, type LivePoint } from './live-spend.ts';

/** What an eval lends a live pass: its back ends (its mocks) and its scorers. */
export interface LiveHooks {
  /** The config whose back ends the branches reach, from the workspace's; the workspace's own by default. */
  backends?: (workspace: OmwConfig) => OmwConfig;
  /** The same per diverged recording (an eval's mocks filled from the case it recorded); over `backends`. */
  backendsFor?: (workspace: OmwConfig, source: { label: string; recording: Recording }) => OmwConfig;
  /** Scores a branch, once it is written. */
  score?: (branch: ScoredBranch) => Promise<BranchScoreView[]>;
}

/** A branch as its scorers see it: the file written, read back, and the recording it went on from. */
export interface ScoredBranch {
  file: string;
  recording: Recording;
  /** The diverged recording's label. */
  source: string;
  original: Recording;
  /** How long the branch took to run (replayed prefix and live part). */
  durationMs: number;
}

export interface LiveBranchesOptions extends LiveHooks {
  run: CorpusRun;
  /** The workspace's config (with its real secrets). */
  config: OmwConfig;
  spawner: AgentSpawner;
  entry: string;
  /** Where the branches are written (created if missing); a name in use is never written over. */
  folder: string;
  recordedBrains: boolean;
  brainbench: string;
  jobs?: number;
  spares?: number;
  timeoutMs?: number;
  brainFolders?: readonly string[];
  /** How the report names a branch file (a path relative to where the command runs, say); as written by default. */
  pathOf?: (file: string) => string;
  /** Each diverged recording's branch as it is written. */
  onBranch?: (entry: CorpusEntryView) => void;
}

/** Runs a branch for every diverged (or accepted) entry, sets its `branch`, and answers the totals. */
export async function liveBranches(options: LiveBranchesOptions): Promise<LiveTotalsView> {
  const { run } = options;
  mkdirSync(options.folder, { recursive: true });
  const diverged = run.view.entries.flatMap((entry, index) =>
    (entry.status === 'diverged' || entry.status === 'accepted') && run.recordings[index]
      ? [{ entry, recording: run.recordings[index] }]
      : [],
  );
  const totals: LiveTotalsView = { branches: 0, spent: noSpend(), saved: noSpend() };
  const spares = new SparePool({
    spawner: options.spawner,
    entry: options.entry,
    perKind: options.spares ?? DEFAULT_SPARES,
  });
  const taken = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < diverged.length) {
      const { entry, recording } = diverged[next++]!;
      const file = branchFile(options.folder, entry.label, taken);
      entry.branch = await runBranch(options, spares, entry, recording, file);
      if (options.pathOf) entry.branch.file = options.pathOf(file);
      if (entry.branch.error === undefined) {
        totals.branches++;
        addSpend(totals.spent, entry.branch.spent);
        addSpend(totals.saved, entry.branch.saved);
      }
      options.onBranch?.(entry);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(corpusJobs(options.jobs), diverged.length) }, worker));
  } finally {
    spares.dispose();
  }
  const scores = scorerTotals(diverged.flatMap(({ entry }) => entry.branch?.scores ?? []));
  return scores.length > 0 ? { ...totals, scores } : totals;
}

/** Each scorer's branches, passes, errors and mean score, in the order the scorers first appear. */
export function scorerTotals(scores: readonly BranchScoreView[]): ScorerTotalView[] {
  const totals = new Map<string, ScorerTotalView & { sum: number }>();
  for (const score of scores) {
    const total = totals.get(score.scorer) ?? {
      scorer: score.scorer,
      branches: 0,
      passing: 0,
      errors: 0,
      mean: 0,
      sum: 0,
    };
    total.branches++;
    if (score.pass) total.passing++;
    if (score.error !== undefined) total.errors++;
    total.sum += score.score;
    totals.set(score.scorer, total);
  }
  return [...totals.values()].map(({ sum, ...total }) => ({ ...total, mean: sum / total.branches }));
}

/** `<label with / as __>.branch.jsonl`, with `-2`, `-3`, … when that file exists. */
function branchFile(folder: string, label: string, taken: Set<string>): string {
  const stem = label
    .replace(/\.jsonl$/, '')
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .replace(/^\.+/, '');
  for (let n = 1; ; n++) {
    const file = join(folder, `${stem || 'recording'}${n === 1 ? '' : `-${n}`}.branch.jsonl`);
    if (!existsSync(file) && !taken.has(file)) {
      taken.add(file);
      return file;
    }
  }
}

/** The config whose back ends a recording's branch reaches. */
function backendsOf(options: LiveBranchesOptions, entry: CorpusEntryView, recording: Recording): OmwConfig {
  const { config } = options;
  if (options.backendsFor) return options.backendsFor(config, { label: entry.label, recording });
  return options.backends ? options.backends(config) : config;
}

async function runBranch(
  options: LiveBranchesOptions,
  spares: SparePool,
  entry: CorpusEntryView,
  recording: Recording,
  file: string,
): Promise<LiveBranchView> {
  let live: OmwConfig;
  try {
    live = backendsOf(options, entry, recording);
  } catch (error) {
    return failed(file, error instanceof Error ? error.message : String(error));
  }
  const prices = recordedPriceTable(live.providers);
  const started = performance.now();
  const plan = planReplay(recording, options.config, { recordedBrains: options.recordedBrains });
  const folder = options.recordedBrains ? mkdtempSync(join(tmpdir(), 'brainbench-recorded-brains-')) : undefined;
  const replayer = new Replayer({
    config: live,
    spawner: options.spawner,
    entry: options.entry,
    spares,
    liveAfterDivergence: true,
    ...(options.brainFolders ? { brainFolders: options.brainFolders } : {}),
  });
  const first = entry.agents.find((agent) => agent.divergence)!;
  const divergence = first.divergence!;
  const recorder = new SessionRecorder(replayer.supervisor, {
    file,
    mode: 'run',
    configFile: options.config.file,
    brainbench: options.brainbench,
    branch: {
      name: file.slice(join(options.folder, '/').length).replace(/\.branch\.jsonl$/, ''),
      of: entry.label,
      agent: divergence.agent,
      afterIteration: Math.max(0, divergence.iteration - 1),
      edits: [`live from iteration ${divergence.iteration} call ${divergence.call}`],
      createdAt: Date.now(),
    },
  });
  let timer: NodeJS.Timeout | undefined;
  let recorderOpen = true;
  const closeRecorder = () => {
    if (recorderOpen) recorder.close();
    recorderOpen = false;
  };
  try {
    const scripts = folder
      ? Object.fromEntries(
          plan.agents.map((agent) => [agent, writeRecordedBrain(options.config, recording.header, agent, folder)]),
        )
      : undefined;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const replaying = replayer.replay({ recording, agents: plan.agents, ...(scripts ? { scripts } : {}) });
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const reports = await Promise.race([replaying, timedOut]);
    if (reports === 'timeout') {
      await replayer.close();
      await replaying.catch(() => undefined);
      return failed(file, `the live branch did not finish within ${Math.round(timeoutMs / 1000)} s`);
    }
    closeRecorder();
    const branch = loadRecording(file);
    const points = livePoints(reports);
    const view: LiveBranchView = {
      file,
      spent: spendAround(branch, plan.agents, points, 'after', prices),
      saved: spendAround(recording, plan.agents, points, 'before', prices),
      liveIterations: reports.reduce((sum, report) => sum + report.live, 0),
    };
    const durationMs = performance.now() - started;
    if (options.score)
      view.scores = await options.score({
        file,
        recording: branch,
        source: entry.label,
        original: recording,
        durationMs,
      });
    return view;
  } catch (error) {
    return failed(file, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    closeRecorder();
    await replayer.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

const failed = (file: string, error: string): LiveBranchView => ({
  file,
  spent: noSpend(),
  saved: noSpend(),
  liveIterations: 0,
  error,
});

/** Each diverged agent's live point: the differing call of the iteration after those replayed as recorded. */
function livePoints(reports: readonly AgentReplay[]): Map<string, LivePoint> {
  return new Map(
    reports.flatMap((report) =>
      report.divergence ? [[report.agent, { position: report.replayed, call: report.divergence.call }] as const] : [],
    ),
  );
}
