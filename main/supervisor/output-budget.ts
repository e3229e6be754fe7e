// One agent's share of the trace: a token bucket of lines (prints and logs), refilled at
// `output_lines_per_second` up to `output_burst_lines`. A flooding agent's lines past it are
// dropped and counted, and the count is said in the trace about once a second and when the
// iteration ends, so that one agent cannot push the others' history out of the trace, the session
// recording or the page (docs/config.md#memory-and-tunables).

import { performance } from 'node:perf_hooks';

const REPORT_EVERY_MS = 1000;

export class OutputBudget {
  readonly #perSecond: number;
  readonly #burst: number;
  #tokens: number;
  #refilledAt = performance.now();
  #dropped = 0;
  #reportedAt = 0;

  constructor(perSecond: number, burst: number) {
    this.#perSecond = perSecond;
    this.#burst = Math.max(burst, perSecond);
    this.#tokens = this.#burst;
  }

  /** Whether the next line may go into the trace; a line that may not is counted. */
  admit(): boolean {
    if (this.#perSecond === 0) return true;
    const now = performance.now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#refilledAt) / 1000) * this.#perSecond);
    this.#refilledAt = now;
    if (this.#tokens >= 1) {
      this.#tokens--;
      return true;
    }
    this.#dropped++;
    return false;
  }

  /**
   * The line that says how many lines were dropped since it was last said: when `final` (the
   * iteration ended) or a second after the last; undefined when there is nothing to say yet.
   */
  report(final: boolean): string | undefined {
    if (this.#dropped === 0) return undefined;
    const now = performance.now();
    if (!final && now - this.#reportedAt < REPORT_EVERY_MS) return undefined;
    this.#reportedAt = now;
    const dropped = this.#dropped;
    this.#dropped = 0;
    return `${dropped} lines of output dropped: the agent wrote more than ${this.#perSecond} lines a second (output_lines_per_second)`;
  }
}
