// Everything the binding needs while one iteration's QuickJS context is alive.

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { HostOp } from '../../host-api/host-ops.generated.ts';
import { HostCallError } from '../../host-api/host-call-error.ts';
import { guardedHostCall } from '../binding/guarded-host-call.ts';
import type { CallLog } from './debug/call-log.ts';
import type { EngineOptions, HostCall } from '../engine.ts';
import type { IterationGuard } from '../iteration-guard.ts';
import { VmValues } from './vm-values.ts';

export class GuestRealm {
  readonly ctx: QuickJSContext;
  readonly values: VmValues;
  readonly guard: IterationGuard;
  readonly #hostCall: HostCall;
  readonly #print: EngineOptions['print'];
  /** Why the host may not be called now (the debugger evaluates while the brain is stopped). */
  #hostClosed: string | undefined;
  /** Where the calls are noted while a debugger may want the iteration re-run. */
  #log: CallLog | undefined;
  /** Handles that live as long as the context, e.g. the shared methods of provider handles. */
  readonly #kept: QuickJSHandle[] = [];

  constructor(ctx: QuickJSContext, guard: IterationGuard, options: Pick<EngineOptions, 'hostCall' | 'print'>) {
    this.ctx = ctx;
    this.values = new VmValues(ctx);
    this.guard = guard;
    this.#hostCall = guardedHostCall(options.hostCall, guard);
    this.#print = options.print;
  }

  /**
   * Calls the host. An `err` result (HostCallError) is the brain's to handle; anything else is a
   * Brainbench bug, so it also stops the iteration even if the script catches the exception.
   */
  callHost(op: HostOp, args: readonly unknown[]): unknown {
    if (this.#hostClosed !== undefined) throw new HostCallError(`${op}: ${this.#hostClosed}`);
    return this.#log ? this.#log.call(this.#hostCall, op, args) : this.#hostCall(op, args);
  }

  /** Notes every host call from now on, with its answer (debug/call-log.ts). */
  logCalls(log: CallLog): void {
    this.#log = log;
  }

  /** Output travels to the host like a host call, so its time is not the brain's either. */
  print(text: string): void {
    if (this.#hostClosed !== undefined) throw new HostCallError(`print: ${this.#hostClosed}`);
    try {
      this.#print(text);
    } finally {
      this.guard.hostReturned();
    }
  }

  /**
   * Runs `run` with host calls and prints failing as errors the guest sees: the debugger's
   * evaluations run while the host waits on the brain, so a host call there would never return.
   */
  withoutHost<T>(reason: string, run: () => T): T {
    const outer = this.#hostClosed;
    this.#hostClosed = reason;
    try {
      return run();
    } finally {
      this.#hostClosed = outer;
    }
  }

  keep(handle: QuickJSHandle): QuickJSHandle {
    this.#kept.push(handle);
    return handle;
  }

  dispose(): void {
    for (const handle of this.#kept) handle.dispose();
    this.values.dispose();
  }
}
