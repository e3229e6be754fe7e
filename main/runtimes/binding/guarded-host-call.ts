// Every interpreter binding calls the host through this: the `err` arm of a WIT result
// (HostCallError) goes on to the binding, which turns it into an error the brain may catch;
// anything else is a Brainbench bug, which stops the iteration whatever the brain does with the
// exception. The time spent in the host is not the brain's computing time.

import { HostCallError } from '../../host-api/host-call-error.ts';
import type { HostCall } from '../engine.ts';
import type { IterationGuard } from '../iteration-guard.ts';

export function guardedHostCall(hostCall: HostCall, guard: IterationGuard): HostCall {
  return (op, args) => {
    try {
      return hostCall(op, args);
    } catch (error) {
      if (!(error instanceof HostCallError)) guard.stop(`host call ${op} failed: ${String(error)}`);
      throw error;
    } finally {
      guard.hostReturned();
    }
  };
}
