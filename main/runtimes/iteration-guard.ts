// Decides when a running brain must be stopped. Interpreters poll `shouldInterrupt` while they run
// brain code (QuickJS every few thousand bytecode operations, about every 30 µs in a tight loop;
// the Rhai engine from its progress hook), and interrupting raises an error the script cannot
// catch. The first reason to stop wins and becomes the iteration's error.

import { performance } from 'node:perf_hooks';
import { interruptMessage, type EngineLimits } from './engine.ts';

export class IterationGuard {
  readonly #limits: EngineLimits;
  readonly #interrupt: Int32Array;
  /** When the brain last started computing: at the run's start or when a host call returned. */
  #busySince = 0;
  #stopReason: string | undefined;

  constructor(limits: EngineLimits, interrupt: Int32Array) {
    this.#limits = limits;
    this.#interrupt = interrupt;
  }

  start(): void {
    this.#stopReason = undefined;
    this.#busySince = performance.now();
  }

  /** Time spent inside the host is not the brain's computing time. */
  hostReturned(): void {
    this.#busySince = performance.now();
  }

  stop(reason: string): void {
    this.#stopReason ??= reason;
  }

  get stopReason(): string | undefined {
    return this.#stopReason;
  }

  readonly shouldInterrupt = (): boolean => {
    if (this.#stopReason !== undefined) return true;
    const { maxBusyMs } = this.#limits;
    const interrupted = Atomics.load(this.#interrupt, 0);
    if (interrupted !== 0) {
      this.stop(interruptMessage(interrupted, this.#limits));
    } else if (performance.now() - this.#busySince > maxBusyMs) {
      this.stop(`brain computed for more than ${maxBusyMs} ms without calling the host`);
    }
    return this.#stopReason !== undefined;
  };
}
