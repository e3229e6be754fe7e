// Decides when a running brain must be stopped. QuickJS calls `shouldInterrupt` regularly while it
// runs brain code (about every 30 µs in a tight loop); interrupting raises an exception the
// script cannot catch. The first reason to stop wins and becomes the iteration's error.

import { performance } from 'node:perf_hooks';
import type { EngineLimits } from '../engine.ts';

export const memoryCapMessage = (maxMemoryBytes: number): string =>
  `brain exceeded its memory cap of ${+(maxMemoryBytes / 2 ** 20).toFixed(2)} MiB`;

export class IterationGuard {
  readonly #limits: EngineLimits;
  readonly #interrupt: Int32Array;
  readonly #memoryBytes: () => number;
  /** When the brain last started computing: at the run's start or when a host call returned. */
  #busySince = 0;
  #stopReason: string | undefined;

  constructor(limits: EngineLimits, interrupt: Int32Array, memoryBytes: () => number) {
    this.#limits = limits;
    this.#interrupt = interrupt;
    this.#memoryBytes = memoryBytes;
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
    if (this.#stopReason === undefined) this.#checkLimits();
    return this.#stopReason !== undefined;
  };

  #checkLimits(): void {
    const { maxBusyMs, maxMemoryBytes } = this.#limits;
    if (Atomics.load(this.#interrupt, 0) !== 0) {
      this.stop('iteration interrupted');
    } else if (performance.now() - this.#busySince > maxBusyMs) {
      this.stop(`brain computed for more than ${maxBusyMs} ms without calling the host`);
    } else if (this.#memoryBytes() > maxMemoryBytes) {
      this.stop(memoryCapMessage(maxMemoryBytes));
    }
  }
}
