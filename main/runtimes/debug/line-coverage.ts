// Which lines ran and how often (docs/debugging.md#which-lines-ran): a line counts once each time
// execution enters it, as a line breakpoint is hit, per brain file. Kept per iteration and handed
// to the host at its end.

export class LineCoverage {
  #bySource = new Map<string, number[]>();

  get empty(): boolean {
    return this.#bySource.size === 0;
  }

  enter(source: string, line: number): void {
    let counts = this.#bySource.get(source);
    if (!counts) this.#bySource.set(source, (counts = []));
    counts[line] = (counts[line] ?? 0) + 1;
  }

  /** The counts so far, by source, as `[line, hits]` pairs; the count starts again. */
  take(): Record<string, [line: number, hits: number][]> {
    const taken: Record<string, [number, number][]> = {};
    for (const [source, counts] of this.#bySource) {
      const pairs: [number, number][] = [];
      counts.forEach((hits, line) => pairs.push([line, hits]));
      taken[source] = pairs;
    }
    this.#bySource = new Map();
    return taken;
  }
}
