// What the counterfactual tools report (docs/counterfactuals.md): a corpus of recordings replayed
// against the workspace's brains, the branches that went on live after a divergence, a fork's
// consistent cut over every agent, and where repeated trials of one case split. Plain data (JSON).

import type { CostTotal } from './accounting-views.ts';
import type {
  AgentReplayView,
  BrainComparisonView,
  DiffCall,
  JsonChange,
  SkippedAgentView,
  TokenCount,
} from './recording-views.ts';

/**
 * How one recording of a corpus replayed:
 * - `replayed`: every replayed agent did what the recording did;
 * - `diverged`: an agent did something else, and no `--expect-divergence` names the recording;
 * - `accepted`: it diverged, and an `--expect-divergence` names it (the change is meant to alter it);
 * - `unchanged`: an `--expect-divergence` names it, but it replayed as recorded;
 * - `error`: it could not be replayed (not a recording, nothing of it in the workspace, a timeout).
 */
export type CorpusStatus = 'replayed' | 'diverged' | 'accepted' | 'unchanged' | 'error';

export interface CorpusEntryView {
  /** As the report names it: relative to where the corpus was named from. */
  label: string;
  /** The file, as the workbench opens it (relative to the workspace root there). */
  path: string;
  status: CorpusStatus;
  /** The replayed agents, each as `brainbench replay` reports it. */
  agents: AgentReplayView[];
  /** Agents of the recording or the workspace left out, and why. */
  skipped: SkippedAgentView[];
  /** Replayed agents whose workspace brain is not the recorded one. */
  changedBrains: BrainComparisonView[];
  /** Why it could not be replayed (`error`). */
  error?: string;
  durationMs: number;
  /** The branch written for it when it went on live after its divergence. */
  branch?: LiveBranchView;
}

export interface CorpusSummaryView {
  recordings: number;
  replayed: number;
  diverged: number;
  accepted: number;
  unchanged: number;
  errors: number;
  durationMs: number;
  /** Whether a CI job gating on it passes: no divergence that was not expected, no expected one missing, no error. */
  pass: boolean;
}

export interface CorpusReplayView {
  entries: CorpusEntryView[];
  summary: CorpusSummaryView;
  /** `--expect-divergence` patterns that named no recording of the corpus. */
  unmatchedExpectations: string[];
  /** Tokens and cost of the branches (spent) and of the recorded prefixes they were served (saved). */
  live?: LiveTotalsView;
}

/** Tokens and cost, summed in each currency. */
export interface SpendView {
  providerCalls: number;
  tokens: TokenCount;
  cost: CostTotal;
}

/** A diverged recording run on live from its divergence, recorded as a branch. */
export interface LiveBranchView {
  /** The branch file (beside the report). */
  file: string;
  /** What the live part used: the provider calls that reached a back end. */
  spent: SpendView;
  /** What the recorded prefix would have cost again, had it not been served from the recording. */
  saved: SpendView;
  /** Iterations run live, over every agent. */
  liveIterations: number;
  /** The eval's scorers on the branch, when an eval was given. */
  scores?: BranchScoreView[];
  /** Why the branch could not be run or scored. */
  error?: string;
}

export interface BranchScoreView {
  scorer: string;
  /** 0 to 1. */
  score: number;
  pass: boolean;
  reason?: string;
  /** The scorer could not judge the branch (score 0, not passing). */
  error?: string;
}

export interface LiveTotalsView {
  branches: number;
  spent: SpendView;
  saved: SpendView;
  /** The eval whose mocks and scorers the branches had (`--eval`). */
  eval?: string;
  /** Per scorer, over the branches it scored (when an eval scored them). */
  scores?: ScorerTotalView[];
}

export interface ScorerTotalView {
  scorer: string;
  /** Branches it scored (an error counts, as 0 and not passing). */
  branches: number;
  passing: number;
  errors: number;
  mean: number;
}

/** One agent's place in a fork's consistent cut. */
export interface CutAgentView {
  agent: string;
  /** Recorded iterations it replays before going live (0: none). */
  afterIteration: number;
  /** How many recorded iterations that is, of how many it has. */
  replayed: number;
  of: number;
  /** Why it stops there (`the fork point`, `the last iteration it ended before the fork point`, a message it would receive before it is sent). */
  reason: string;
}

/** Where a fork of every agent starts each one live: no agent past a message another has not yet sent. */
export interface ForkCutView {
  /** The agent forked and its iteration boundary. */
  agent: string;
  afterIteration: number;
  agents: CutAgentView[];
}

/** The recordings that did one thing at the split point. */
export interface SplitGroupView {
  /** Indexes into `SplitView.recordings`. */
  members: number[];
  call: DiffCall | undefined;
}

/** An answer that differed among the recordings before they split. */
export interface SplitCauseView {
  iteration: number;
  call: number;
  op: string;
  groups: { members: number[]; answer: DiffCall['answer'] }[];
}

/** One agent over k recordings of the same case, aligned call by call. */
export interface AgentSplitView {
  agent: string;
  /** The recordings that have the agent (indexes). */
  present: number[];
  /** Where the calls stop being the same in every recording; absent when they all agree. */
  split?: {
    iteration: number;
    call: number;
    groups: SplitGroupView[];
    /** The argument changes from the first group's call to each other group's, by group. */
    changes: JsonChange[][];
  };
  /** The answer that made them differ: the last call before the split answered otherwise in some recordings. */
  cause?: SplitCauseView;
  /** Calls made alike by every recording before the split. */
  agreed: number;
}

export interface SplitView {
  recordings: string[];
  agents: AgentSplitView[];
  /** As `brainbench diff` prints it. */
  text: string;
}

/**
 * What one chaos mutation did to the run (docs/counterfactuals.md, Chaos):
 * - `same`: every agent ended as recorded;
 * - `different`: an agent ended otherwise, without failing;
 * - `brain-error`: an agent's brain failed;
 * - `hang`: the run did not end within the timeout;
 * - `limit`: an agent hit a runtime limit (time, memory, output).
 */
export type ChaosEffect = 'same' | 'different' | 'brain-error' | 'hang' | 'limit';

export interface ChaosEntryView {
  /** The mutation in a few words: `tool-error at alice iteration 1 call 3 (calc.add)`. */
  mutation: string;
  kind: string;
  agent: string;
  iteration: number;
  call: number;
  effect: ChaosEffect;
  /** How the mutated agent ended, or why the run did not. */
  detail: string;
  /** The omw test written for a mutation that broke the brain, as the command names it. */
  test?: string;
  durationMs: number;
}

export interface ChaosView {
  recording: string;
  seed: number;
  /** Mutations the recording offers, and how many were run (`--max`). */
  offered: number;
  entries: ChaosEntryView[];
  /** Per effect, how many mutations had it. */
  counts: Record<ChaosEffect, number>;
  durationMs: number;
}

/** How a workbench run ended: all of it, cancelled (what ran is kept), or an error that stopped it. */
export type CounterfactualEnd = 'finished' | 'cancelled' | { error: string };

/** A corpus replay started from the workbench (`replayCorpus`): each recording as it is done, and its end. */
export interface CorpusProgressView {
  /** The folder replayed, as a workspace path (`.` for the root). */
  folder: string;
  done: number;
  of: number;
  /** The recording just done and its place in the corpus. */
  entry?: { index: number; view: CorpusEntryView };
  ended?: CounterfactualEnd;
}

/** A chaos run started from the workbench (`runChaos`): each mutation as it is done, and its end. */
export interface ChaosProgressView {
  recording: string;
  done: number;
  /** 0 while the recording is first replayed as it is, before any mutation. */
  of: number;
  entry?: ChaosEntryView;
  ended?: CounterfactualEnd;
}

/** One chaos mutation by its place, as a table row names it (Save as test). */
export interface ChaosMutationRef {
  kind: string;
  agent: string;
  iteration: number;
  call: number;
}
