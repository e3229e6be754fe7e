// The host calls of a debugged iteration as it made them, answers included, so that a re-run of
// the iteration (rerun.ts) is served exactly what the live brain was, and asks the host nothing.
// The values are kept as the host gave them (the engine thread's own copies), not copied again.

import { isDeepStrictEqual } from 'node:util';
import type { HostOp } from '../../../host-api/host-ops.generated.ts';
import { HostCallError } from '../../../host-api/host-call-error.ts';
import type { HostCall } from '../../engine.ts';

/** Host calls kept per iteration; a re-run of an iteration that made more cannot be served. */
export const CALL_LOG_LIMIT = 100_000;

type LoggedCall = { op: HostOp; args: readonly unknown[] } & (
  { ok: true; value: unknown } | { ok: false; error: Error }
);

export class CallLog {
  readonly #calls: LoggedCall[] = [];
  #overflow = false;
  #inCall = false;
  /** Called as each call returns: what the debugger read of the brain waiting in it is stale now. */
  onReturn: (() => void) | undefined;

  /** Whether the brain waits in a host call now (held there by the debugger, maybe). */
  get inCall(): boolean {
    return this.#inCall;
  }

  /** Calls made so far. */
  get length(): number {
    return this.#calls.length;
  }

  /** Why a re-run cannot be served, when it cannot. */
  get incomplete(): string | undefined {
    return this.#overflow
      ? `the iteration made more than ${CALL_LOG_LIMIT} host calls, more than are kept to re-run it`
      : undefined;
  }

  /** Makes the call and notes it with its answer; an answer that is not the brain's to see is not noted. */
  call(hostCall: HostCall, op: HostOp, args: readonly unknown[]): unknown {
    let value: unknown;
    this.#inCall = true;
    try {
      value = hostCall(op, args);
    } catch (error) {
      if (error instanceof HostCallError) this.#note({ op, args, ok: false, error });
      throw error;
    } finally {
      this.#inCall = false;
      this.onReturn?.();
    }
    this.#note({ op, args, ok: true, value });
    return value;
  }

  /**
   * Serves the first `count` calls again, in order: another call, or one more, is refused with a
   * reason given to `diverged` first (the re-run then ends: a refusal that is no HostCallError stops it).
   */
  served(count: number, diverged: (reason: string) => void): { hostCall: HostCall; served: () => number } {
    let next = 0;
    const refuse = (reason: string): never => {
      diverged(reason);
      throw new Error(reason);
    };
    const hostCall: HostCall = (op, args) => {
      const call = next < count ? this.#calls[next] : undefined;
      if (!call) return refuse(`it calls ${op} after the ${count} host calls the iteration had made by the stop`);
      if (call.op !== op || !isDeepStrictEqual(call.args, args)) {
        const other = call.op === op ? ' with other arguments' : '';
        return refuse(`its host call ${next + 1} is ${op}${other}, where the iteration called ${call.op}`);
      }
      next++;
      if (call.ok) return call.value;
      throw call.error;
    };
    return { hostCall, served: () => next };
  }

  #note(call: LoggedCall): void {
    if (this.#calls.length < CALL_LOG_LIMIT) this.#calls.push(call);
    else this.#overflow = true;
  }
}
