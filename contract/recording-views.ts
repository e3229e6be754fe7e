// What the workbench shows of recordings (docs/recordings.md): the files it can open, a recording
// opened offline (no agent started), one recorded iteration in full, a replay's report, a branch
// forked from an iteration boundary, and the comparison of two recordings. Plain data (JSON).

import type { HostOp } from '../main/host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../main/host-api/wit-types.generated.ts';
import type { IterationStartTrace, Json, TraceEvent } from '../main/trace/trace-event.ts';
import type { IterationResult } from './iteration-result.ts';
import type { OpenSourceView } from './views.ts';
import type { ForkCutView } from './counterfactual-views.ts';

export interface JsonChange {
  /** Where, from the compared value's root: `[2].content`, `.usage.total_tokens`. */
  path: string;
  kind: 'changed' | 'added' | 'removed';
  before?: Json;
  after?: Json;
}

/** What a brain did at one point of an iteration: a host call, or the end of the iteration. */
export type ReplayStep = { kind: 'call'; op: HostOp; args: Json[] } | { kind: 'end'; result: IterationResult };

/** Where the brain was when it diverged, from the engine's top frame. */
export interface BrainPosition {
  source: string;
  line: number;
  column: number;
}

/** The first point where a replayed agent did something other than the recording. */
export interface Divergence {
  agent: string;
  /** The iteration's number in the recording. */
  iteration: number;
  /** 1-based position of the differing call in the iteration (one past the last call for an early end). */
  call: number;
  expected: ReplayStep;
  actual: ReplayStep;
  position?: BrainPosition;
}

export interface TokenCount {
  prompt: number;
  completion: number;
  total: number;
}

/** One side's call at an aligned position; absent when that side's iteration had no call there. */
export interface DiffCall {
  op: HostOp;
  args: Json[];
  answer: Json | undefined;
  durationMs: number;
}

/** Two calls at the same agent, iteration (by position) and call index. */
export interface CallPairDiff {
  iteration: number;
  call: number;
  a?: DiffCall;
  b?: DiffCall;
  args: JsonChange[];
  answer: JsonChange[];
}

export interface AgentDiff {
  agent: string;
  /** Set when only one recording has the agent. */
  onlyIn?: 'a' | 'b';
  iterations: { a: number; b: number };
  /** The first aligned call whose op or arguments differ (or that one side lacks). */
  divergence?: CallPairDiff;
  /** Aligned calls before the divergence made alike but answered differently (a model's other words). */
  otherAnswers: CallPairDiff[];
  /** Made-up values (new-uuid; time-now and time-format) that differ, paired by position. */
  generated: { ids: number; times: number };
  /** Summed iteration time (ms) and the tokens providers reported, per side. */
  timeMs: { a: number; b: number };
  tokens: { a: TokenCount; b: TokenCount };
}

/** Where a branch came from, and what was changed at its fork point. */
export interface BranchOrigin {
  name: string;
  /** The recording it was forked from, relative to the workspace root. */
  of: string;
  agent: string;
  /** The recorded iteration after which it forks (0: before the first). */
  afterIteration: number;
  /** What the fork changed, each in a few words ("memory: 2 keys edited", "model: gpt-4o-mini"). */
  edits: string[];
  /** The agent's memory the branch went on from at its fork point, edits included (a test of it seeds it). */
  memory?: Record<string, string>;
  createdAt: number;
}

/** A recording file the workbench lists: the session's own, a branch, or another file in the workspace. */
export interface RecordingFileView {
  /** Relative to the workspace root, with `/` separators. */
  path: string;
  kind: 'session' | 'branch' | 'file';
  sizeBytes: number;
  modifiedMs: number;
  branch?: BranchOrigin;
}

/** One recorded iteration in a line of the recording's timeline. */
export interface RecordedIterationSummary {
  iteration: number;
  trigger: IterationStartTrace['trigger'];
  /** When it started (ms since the epoch) and how long it ran. */
  startTime: number;
  durationMs: number;
  calls: number;
  tokens: TokenCount;
  /** How it ended; absent when the recording stops inside it. */
  result?: IterationResult;
}

export interface RecordedAgentView {
  name: string;
  /** The brain as recorded: its path, and whether its text is in the file (scripts) or not (components). */
  brain: { path: string; sha256: string | null; hasSource: boolean };
  iterations: RecordedIterationSummary[];
}

/** A recording opened offline. */
export interface RecordingView {
  path: string;
  mode: 'run' | 'loop' | 'session';
  createdAt: number;
  brainbench: string;
  /** The last line was cut (a crash, or a file still being written); `ended`: the recorder closed it. */
  truncated: boolean;
  ended: boolean;
  lines: number;
  branch?: BranchOrigin;
  agents: RecordedAgentView[];
}

/** A recorded host call in full. */
export interface RecordedCallView {
  index: number;
  op: HostOp;
  args: Json[];
  ok: boolean;
  value?: Json;
  error?: string;
  local: boolean;
  /** Relative to the iteration's start. */
  startMs: number;
  durationMs: number;
}

export interface RecordedIterationView extends Omit<RecordedIterationSummary, 'calls'> {
  agent: string;
  calls: RecordedCallView[];
  /** Every trace event of the iteration, its start and end included. */
  events: TraceEvent[];
}

/** An agent's state at an iteration boundary of a recording: what a fork starts from and may edit. */
export interface ForkPointView {
  agent: string;
  afterIteration: number;
  memory: Record<string, string>;
  /** Events delivered to the agent and not yet received at that point. */
  inbox: EventEnvelope[];
  /** Timers, subscriptions, streams and tool calls opened and not yet closed at that point. */
  registries: OpenSourceView[];
  /** The brain's text as recorded (absent for a component). */
  source?: string;
  /** What the recording could not say (no deliveries recorded: the inbox is empty), in a sentence each. */
  notes: string[];
  /** The agent's brain as recorded and in the workspace (absent when the workspace has no such agent). */
  brain?: BrainComparisonView;
  /** The text of the workspace's brain, which a fork runs unless it runs the recorded one (a script in the workspace). */
  workspaceSource?: string;
}

/** What a fork changes for what follows its fork point; every field optional. */
export interface ForkEdits {
  /** The branch's name (letters, digits, `-`, `_`); a name is made up when absent. */
  name?: string;
  /** The memory at the fork point, whole (replaces the recorded one). */
  memory?: Record<string, string>;
  /** The inbox at the fork point, whole. */
  inbox?: EventEnvelope[];
  /** The brain's text from the fork point on. */
  source?: string;
  /** Calls to provider `from` go to provider `to` of the config. */
  provider?: { from: string; to: string };
  /** The model every chat request of the branch asks for. */
  model?: string;
  /** Iterations to run after the fork point; as many as the recording has after it by default. */
  iterations?: number;
  /**
   * Fork every agent of the recording: each replays up to a consistent cut (no agent past a
   * message another has not yet sent), then all run live. The other edits are the forked agent's.
   */
  allAgents?: boolean;
}

/** A replayed agent's brain as the recording has it and as the workspace has it now. */
export interface BrainComparisonView {
  agent: string;
  /** Absent when the recording's header has no brain of the agent (one added after it began). */
  recorded?: { path: string; sha256: string | null; hasSource: boolean };
  workspace: { path: string; sha256: string | null };
  /** Both hashes known and equal. */
  same: boolean;
}

/** An agent of the recording or of the workspace that a replay leaves out, and why. */
export interface SkippedAgentView {
  agent: string;
  reason: string;
}

/** What a replay will run, said before it runs: its agents, those it cannot replay, their brains. */
export interface ReplayPlanView {
  /** The agents it replays: recorded, and in the workspace's config. */
  agents: string[];
  skipped: SkippedAgentView[];
  /** One per replayed agent. */
  brains: BrainComparisonView[];
  /** The recording's own text of each brain runs (in the workspace's runtimes), not the workspace's. */
  recordedBrains: boolean;
}

/** How one agent's replay went. */
export interface AgentReplayView {
  agent: string;
  replayed: number;
  live: number;
  divergence?: Divergence;
  /** The divergence as `brainbench replay` prints it. */
  divergenceText?: string;
  last?: IterationResult;
}

/** A replay: what it planned, and how each replayed agent went. */
export interface ReplayView extends ReplayPlanView {
  reports: AgentReplayView[];
}

export interface BranchView {
  branch: RecordingFileView;
  /** The iterations the branch ran after its fork point, and how the last one ended. */
  report: AgentReplayView;
  /** With `allAgents`: every agent's report (the forked one first), and the cut they started live from. */
  agents?: AgentReplayView[];
  cut?: ForkCutView;
}

/** Two recordings compared (`brainbench diff A B`), per agent. */
export interface RecordingComparisonView {
  a: string;
  b: string;
  agents: AgentDiff[];
  /** The comparison as `brainbench diff` prints it. */
  text: string;
}

/** Line counts over a recording's iterations, re-executed (docs/debugging.md#which-lines-ran). */
export interface RecordingCoverageView {
  /** Per brain file as the workspace names it: every statement line with its count. */
  files: Record<string, [line: number, hits: number][]>;
  /** Per brain: "brain.rhai: 7 of 8 lines (87%); never reached: line 8". */
  summary: string[];
  iterations: number;
  /** Agents left out, with why (not in the workspace, no source lines, …). */
  skipped: { agent: string; reason: string }[];
}
