// The one way the binding reaches the host during an iteration. An `err` result becomes a Rhai
// runtime error the brain may catch; anything else is a Brainbench bug and fails the iteration.

import { HostCallError } from '../../host-api/host-call-error.ts';
import type { HostOp } from '../../host-api/host-ops.generated.ts';
import { runtimeError } from '../../rhai/language/types/errors.ts';
import type { HostCall } from '../engine.ts';
import type { IterationGuard } from '../iteration-guard.ts';

export class HostCalls {
  readonly #hostCall: HostCall;
  readonly #guard: IterationGuard;

  constructor(hostCall: HostCall, guard: IterationGuard) {
    this.#hostCall = hostCall;
    this.#guard = guard;
  }

  call(op: HostOp, args: readonly unknown[]): unknown {
    try {
      return this.#hostCall(op, args);
    } catch (error) {
      if (error instanceof HostCallError) throw runtimeError(error.message);
      // The language turns a plain exception into an uncatchable system error; the guard makes
      // sure the iteration reports what went wrong.
      this.#guard.stop(`host call ${op} failed: ${String(error)}`);
      throw error;
    } finally {
      // Time spent inside the host is not the brain's computing time.
      this.#guard.hostReturned();
    }
  }
}
