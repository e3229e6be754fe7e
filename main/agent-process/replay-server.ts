import { callMatches, type ReplayCall, type ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import { jsonEqual } from '../agent-protocol/json-equal.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { RunResult } from '../runtimes/engine.ts';
import type { Json } from '../trace/trace-event.ts';
import type { OutputWriter } from './output-ring.ts';
import { LOCAL_SERVING, SERVED_CALLS } from './sync-bridge.ts';

/**
 * The engine thread's side of a replay: answers the brain's calls from the iteration's recorded
 * ones while they match, in order, and leaves a count of them among the output for the host,
 * which traces them and moves its cursor (ReplayHost.servedInProcess). From the first call that
 * goes to the host (a mismatch, the script's end, the host's need to see calls) it serves none
 * of the iteration's calls, so the host's cursor and the script never disagree.
 */
export class ReplayServer {
  #script: ReplayIterationScript | undefined;
  #next = 0;
  #forwarded = false;
  /** A time-travel re-execution: every call is served whatever the debugger does, or none goes on. */
  #traveling = false;

  constructor(
    private readonly control: Int32Array,
    private readonly output: OutputWriter,
  ) {}

  /**
   * The next iteration replays `script` (undefined: not a replay); `traveling`, it re-executes a
   * past iteration for time travel, whose calls never reach the host.
   */
  begin(script: ReplayIterationScript | undefined, traveling = false): void {
    this.#script = script;
    this.#next = 0;
    this.#forwarded = false;
    this.#traveling = traveling;
  }

  get traveling(): boolean {
    return this.#traveling;
  }

  /** Calls served so far in this iteration. */
  get served(): number {
    return this.#next;
  }

  /** Why a call is not served in a re-execution: past the recording's calls, or another call. */
  unservedWhy(): 'end' | 'other' {
    return this.#script && this.#next < this.#script.calls.length ? 'other' : 'end';
  }

  /** The recorded call to answer with, or undefined when the call must go to the host. */
  serve(op: HostOp, args: readonly unknown[]): ReplayCall | undefined {
    if (!this.#script || this.#forwarded) return undefined;
    if (!this.#traveling && Atomics.load(this.control, LOCAL_SERVING) === 0) return undefined;
    const recorded = this.#script.calls[this.#next];
    if (!recorded || !callMatches(recorded, op, args)) return undefined;
    this.#next++;
    this.output.served();
    Atomics.add(this.control, SERVED_CALLS, 1);
    return recorded;
  }

  /** A call goes to the host: what was served goes before it. */
  forwarding(): void {
    if (this.#script) this.#forwarded = true;
    this.output.flushServed();
  }

  /**
   * Whether the iteration replayed as the host will find it did (ReplayHost.endIteration): every
   * recorded call served here, none left over, and the recorded end.
   */
  ranAsRecorded(result: RunResult): boolean {
    const script = this.#script;
    if (!script || this.#forwarded || this.#next !== script.calls.length) return false;
    const { end } = script;
    if (end.kind === 'any') return true;
    if (end.kind === 'outcome') return result.ok && jsonEqual(result.outcome as Json, end.outcome as Json);
    if (end.kind === 'failed') return !result.ok && result.error === end.error;
    return false;
  }

  /** The iteration ended: its served calls go before its result. */
  end(): void {
    this.output.flushServed();
    this.#script = undefined;
    this.#traveling = false;
  }
}
