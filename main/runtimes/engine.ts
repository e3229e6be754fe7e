// The contract every brain engine implements. Engines run on the agent process's worker thread
// and are synchronous: every host import goes through `HostCall`, which blocks on the bridge.

import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { DebugController } from './debug/debug-controller.ts';

/**
 * Calls the host. Arguments and the returned value use the shapes of wit-types.ts; for a
 * resource method the first argument is the receiver's configured name. The `err` arm of a
 * WIT result is thrown as a HostCallError.
 */
export type HostCall = (op: HostOp, args: readonly unknown[]) => unknown;

/** A position in the brain's source, 1-based. */
export interface SourcePosition {
  line: number;
  column: number;
}

export type CheckResult = { ok: true } | ({ ok: false; error: string } & Partial<SourcePosition>);

export type RunResult = { ok: true; outcome: RunOutcome } | ({ ok: false; error: string } & Partial<SourcePosition>);

export interface EngineLimits {
  /** Longest stretch the brain may compute without calling the host. */
  maxBusyMs: number;
  /** Hard cap on the engine's memory. */
  maxMemoryBytes: number;
  /** Engine stack size (QuickJS) in bytes. */
  maxStackBytes: number;
  /** Wall-clock limit of one iteration, enforced by the bridge; absent or 0: none. */
  deadlineMs?: number;
  /** Lines (prints and logs) one iteration may write; absent or 0: no limit. */
  maxOutputLines?: number;
}

/**
 * What the interrupt flag holds when the running iteration is preempted, and why: the bridge
 * writes `stop` and `deadline`; the engine thread's output writer writes `output`.
 */
export const INTERRUPT_REASON = { stop: 1, deadline: 2, output: 3 } as const;

export const deadlineMessage = (deadlineMs: number): string => `iteration exceeded its deadline of ${deadlineMs} ms`;

export const memoryCapMessage = (maxMemoryBytes: number): string =>
  `brain exceeded its memory cap of ${+(maxMemoryBytes / 2 ** 20).toFixed(2)} MiB`;

export const outputCapMessage = (maxOutputLines: number): string =>
  `brain wrote more than ${maxOutputLines} lines of output in one iteration (max_output_lines)`;

/** The message of a preemption, by the interrupt flag's value. */
export function interruptMessage(reason: number, limits: EngineLimits): string {
  if (reason === INTERRUPT_REASON.deadline) return deadlineMessage(limits.deadlineMs ?? 0);
  if (reason === INTERRUPT_REASON.output) return outputCapMessage(limits.maxOutputLines ?? 0);
  return 'iteration interrupted';
}

export interface EngineOptions {
  hostCall: HostCall;
  limits: EngineLimits;
  /** Set to an INTERRUPT_REASON by the bridge to preempt the running iteration (abort tier 3). */
  interrupt: Int32Array;
  /** Receives script `print`/`debug` output. */
  print: (text: string) => void;
  /**
   * The debugger's engine-side half. An engine with source-level debugging calls its hooks while
   * `debug.attached` is true at the start of an iteration, and otherwise runs with none.
   */
  debug?: DebugController;
}

export interface Engine {
  /** `js`, `rhai`, or what a component brain reports. */
  kind(): string;
  /**
   * Loads what the next `check` or `run` of this brain needs (the wasm engine loads or reloads its
   * component). Awaited before each command; neither its time nor its memory counts against the
   * brain. Resolves true when it loaded something new. Never throws; a failure is reported by the
   * command that follows.
   */
  load?(script: string, filename: string): Promise<boolean>;
  /** Parses/compiles only; never runs the brain. */
  check(script: string, filename: string): CheckResult;
  /** Runs one iteration. */
  run(script: string, filename: string): RunResult;
  /** Uses idle time between iterations to get the next one ready. */
  prepare?(): void;
  /** Releases the engine's memory. */
  dispose(): void;
}
