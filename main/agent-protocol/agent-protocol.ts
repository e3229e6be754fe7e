// Messages between the host and an agent process, which both sides import. All are
// structured-clone data.

import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { LocalOp } from '../local-calls/local-calls.ts';
import type { CheckResult, EngineLimits, RunResult } from '../runtimes/engine.ts';
import type {
  DebugNotice,
  DebugRequest,
  EngineDebugEvent,
  TravelGoal,
  TravelReport,
} from '../runtimes/debug/debug-protocol.ts';
import type { ReplayIterationScript } from './replay-script.ts';

/**
 * A print or a `host.log` call of the brain; in a replay also how many host calls the engine
 * thread served from its script since the previous entry, and the end of each iteration that ran
 * as recorded (the next one already runs), which thus reach the host in their place.
 */
export type OutputEntry =
  | { kind: 'print'; text: string }
  | { kind: 'log'; level: string; message: string }
  | { kind: 'served'; count: number }
  | { kind: 'iterated'; result: RunResult };

export interface RuntimeSpec {
  /** The runtime kind: `js`, `rhai`, `wasm`. */
  kind: string;
  /** The runtime's params from `[runtime.<name>]`. */
  params: Record<string, unknown>;
}

/**
 * What a spare process is warmed for before its agent is known: the engine thread's kind and the
 * limits it is started with (a thread's memory and stack limits are fixed when it starts).
 */
export interface WarmProfile {
  kind: string;
  limits: Pick<EngineLimits, 'maxMemoryBytes' | 'maxStackBytes'>;
}

export interface AgentInit {
  agent: string;
  runtime: RuntimeSpec;
  limits: EngineLimits;
  /** Wall-clock limit of one iteration in ms; 0 = none. */
  deadlineMs: number;
  /** How long an interrupted engine gets to unwind before its worker is terminated. */
  interruptBudgetMs: number;
  /** Stamp each iteration's hops (HopStamps) on its result: the hop breakdown benchmark. */
  measureHops?: boolean;
}

/**
 * When an iteration passed each hop inside the agent process, in µs of the monotonic clock, which
 * every process and thread of the machine shares: the bridge got the command, handed it to the
 * engine thread; the engine thread took it, finished it; the bridge got the result back.
 */
export interface HopStamps {
  received: number;
  handedOver: number;
  engineStart: number;
  engineEnd: number;
  resultBack: number;
}

/**
 * Past iterations to re-execute for time travel (docs/debugging.md#time-travel), one after another:
 * each one's calls all served from its recording (none reaches the host), toward its goal.
 */
export interface TravelCommand {
  t: 'travel';
  id: number;
  runs: { script: string; filename: string; iteration: ReplayIterationScript; goal: TravelGoal }[];
}

/** How each run of a TravelCommand ended, with what it saw on its way. */
export interface TravelOutcome {
  result: RunResult;
  report: TravelReport;
}

export type HostToAgent =
  /** A spare process readies an engine thread for this profile; its `init` comes later. */
  | { t: 'warm'; profile: WarmProfile }
  | { t: 'init'; init: AgentInit }
  | { t: 'run'; id: number; script: string; filename: string }
  | { t: 'check'; id: number; script: string; filename: string }
  /**
   * Recorded iterations to run back to back, each one's calls served in the agent process while
   * they match (docs/recordings.md): an `iterated` output entry per iteration that ran as
   * recorded, a `result` for the last one run (the last, or the first that did not run as recorded).
   */
  | { t: 'replay'; id: number; script: string; filename: string; iterations: ReplayIterationScript[] }
  | TravelCommand
  | { t: 'reply'; id: number; ok: true; value: unknown }
  | { t: 'reply'; id: number; ok: false; error: string }
  /** Ops the bridge must send to the host even though it could answer them itself (breakpoints). */
  | { t: 'forward'; ops: HostOp[] | 'all' }
  /** Report every call answered locally, not only the ones omw traces (a recording is made). */
  | { t: 'report-local'; on: boolean }
  /** Preempts the running iteration (abort tier 3). */
  | { t: 'interrupt' }
  /** New debugger settings, or a pause, for the engine's DebugController. */
  | { t: 'debug-notice'; notice: DebugNotice }
  /** A request to the stopped engine (or to one held in a host call); answered by a `debug` answer event. */
  | { t: 'debug-request'; request: DebugRequest };

export type AgentToHost =
  /** A spare process's engine thread has loaded its kind's engine; its agent is not known yet. */
  | { t: 'warmed' }
  | { t: 'ready' }
  | { t: 'call'; id: number; op: HostOp; args: unknown[] }
  /**
   * A call the agent process answered itself that omw traces (whoami), for the host to trace;
   * every one while the host asked for them all (`report-local`, a recording).
   */
  | { t: 'answered'; op: LocalOp; args: unknown[]; reply: { ok: true; value: unknown } | { ok: false; error: string } }
  /** The brain's prints and logs since the last batch, in order. */
  | { t: 'output'; entries: OutputEntry[] }
  /** The process is about to exit because its engine thread would not stop; start a new one. */
  | { t: 'retired'; reason: string }
  | { t: 'result'; id: number; result: RunResult | CheckResult; hops?: HopStamps; travel?: TravelOutcome[] }
  /** What the engine's DebugController says: a stop, an answer, a logpoint's message. */
  | { t: 'debug'; event: EngineDebugEvent };
