// Messages between the agent process's bridge (main thread) and its engine (worker thread). All
// are structured-clone data.

import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import type { CheckResult, RunResult } from '../runtimes/engine.ts';
import type { TravelCommand, TravelOutcome } from '../agent-protocol/agent-protocol.ts';
import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import type { EnginePorts } from './sync-bridge.ts';

/** The engine thread's first message: the agent it serves. Until it comes, the thread is a warm spare. */
export interface EngineSetup {
  init: AgentInit;
  ports: EnginePorts;
  control: Int32Array;
  outputRing: SharedArrayBuffer;
}

export type WorkerCommand =
  | { t: 'run' | 'check'; id: number; script: string; filename: string }
  /** `serve`: whether the engine thread may serve calls from the scripts (false once something needs them at the host). */
  | { t: 'replay'; id: number; script: string; filename: string; iterations: ReplayIterationScript[]; serve: boolean }
  | TravelCommand;

export type WorkerEvent =
  /** A spare thread has readied its kind's engine (before its EngineSetup). */
  | { t: 'warmed' }
  | { t: 'ready' }
  /** The engine is loading what the next command needs (a component); not busy time. */
  | { t: 'loading' }
  /** `fresh` when something new was loaded, whose memory is then the engine's, not the brain's. */
  | { t: 'loaded'; fresh: boolean }
  /** `ran`: when the engine thread took the command and finished it (only when hops are measured). */
  | {
      t: 'result';
      id: number;
      result: RunResult | CheckResult;
      ran?: [number, number];
      travel?: TravelOutcome[];
      /** While coverage is counted: the lines the command's iterations entered (docs/debugging.md#which-lines-ran). */
      coverage?: Record<string, [line: number, hits: number][]>;
    }
  | { t: 'failed'; error: string };

/** A host call from the engine, over the bridge's own port. */
export interface BridgeRequest {
  op: HostOp;
  args: unknown[];
}

export type BridgeReply = { ok: true; value: unknown } | { ok: false; error: string };
