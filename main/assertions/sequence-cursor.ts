// The sequence rule of omw-compat 14.4, shared by an agent's `events` list and by array patterns so
// the two can never drift apart. It is incremental: items arrive one at a time, and the cursor only
// moves forward, so a satisfied step is never revisited.

/** `once`: scan forward to the next match and consume it (`until` is its explicit spelling).
 *  `while`: consume a run of consecutive matches, then hand the first non-match to the next step. */
export type StepMode = 'once' | 'while' | 'until';

/** The keys that wrap a sequence element into a step: `{ "$while" = P }`, `{ "$until" = P }`. */
export const SENTINEL_MODES: ReadonlyMap<string, StepMode> = new Map([
  ['$while', 'while'],
  ['$until', 'until'],
]);

export class SequenceCursor<Step extends { readonly mode: StepMode }, Item> {
  #next = 0;
  readonly #lastBlockingStep: number;

  constructor(
    private readonly steps: readonly Step[],
    private readonly matches: (step: Step, item: Item) => boolean,
  ) {
    this.#lastBlockingStep = steps.findLastIndex((step) => step.mode !== 'while');
  }

  /** Index of the step waiting for input; `steps.length` once every step has been passed. */
  get position(): number {
    return this.#next;
  }

  /** Every step is satisfied; a pending `while` is (it consumes zero or more items). */
  get satisfied(): boolean {
    return this.#next > this.#lastBlockingStep;
  }

  /** Feeds one item; returns the index of the step that consumed it, if any. */
  observe(item: Item): number | undefined {
    for (let step = this.steps[this.#next]; step !== undefined; step = this.steps[this.#next]) {
      const index = this.#next;
      if (this.matches(step, item)) {
        if (step.mode !== 'while') this.#next = index + 1;
        return index;
      }
      if (step.mode !== 'while') return undefined;
      this.#next = index + 1;
    }
    return undefined;
  }
}
