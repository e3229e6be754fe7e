// One re-execution of a past iteration (time travel, docs/debugging.md#time-travel): on its way to
// its goal nothing stops; it notes what the host asked to know (each statement's depth, where a
// breakpoint would have stopped, what a logpoint in the past says), and it arrives at the goal's
// statement, or at the one its place names. After that the DebugController runs it as any brain.

import type { StopReason, TravelGoal, TravelReport } from './debug-protocol.ts';

/** What a breakpoint on a statement's line does there: whether it stops, and its hits so far. */
export interface BreakpointProbe {
  stops: boolean;
  /** Undefined where no breakpoint is. */
  hits: number | undefined;
}

export class TravelRun {
  #arrived = false;
  #statements = 0;
  readonly #depths: number[] | undefined;
  readonly #hits: number[] | undefined;
  readonly #logs: NonNullable<TravelReport['logs']> | undefined;
  #unserved: TravelReport['unserved'];
  #dropped = 0;
  /** The first statement at a `locate` goal's place. */
  #located: number | undefined;

  constructor(
    readonly goal: TravelGoal,
    /** How many host calls the recording has served so far. */
    private readonly served: () => number,
  ) {
    if (goal.record) {
      this.#depths = [];
      this.#hits = [];
    }
    if (goal.logs) this.#logs = [];
    this.#arrived = goal.free === true;
  }

  get arrived(): boolean {
    return this.#arrived;
  }

  get limit(): number | undefined {
    return this.goal.limit;
  }

  get logs(): boolean {
    return this.goal.logs === true;
  }

  /**
   * Before statement `count` on the way: the reason to stop there, when it is the goal. `values`
   * reads what the frames hold (frame-values.ts), asked only where a `locate` goal's place is.
   */
  statement(
    count: number,
    line: number,
    column: number,
    depth: number,
    probe: () => BreakpointProbe,
    values: () => string,
  ): StopReason | undefined {
    this.#statements = count;
    this.#depths?.push(depth);
    const { stops, hits } = probe();
    if (stops) this.#hits?.push(count);
    const { to, locate } = this.goal;
    if (to !== undefined && count >= to) return this.goal.reason ?? 'step';
    if (
      locate &&
      line === locate.line &&
      column === locate.column &&
      depth === locate.depth &&
      this.served() >= locate.calls &&
      (locate.hits === undefined || hits === locate.hits)
    ) {
      // Each turn of a loop that makes no host call comes here: the one whose values are the stop's.
      this.#located ??= count;
      if (locate.values === undefined || values() === locate.values) return this.goal.reason ?? 'step';
    }
    return undefined;
  }

  /** A logpoint spoke on the way. */
  logged(statement: number, source: string, line: number, text: string): void {
    this.#logs?.push({ statement, source, line, text });
  }

  /** Logpoint messages over the iteration's limit, counted and not said. */
  droppedLogs(count: number): void {
    this.#dropped += count;
  }

  /** The brain asked for a call the recording does not serve here: the re-execution ends. */
  unserved(statement: number, op: string, why: 'end' | 'other'): void {
    this.#unserved ??= { statement, op, why };
  }

  /** The run stops at its goal: what it saw on its way. */
  arrive(): TravelReport {
    this.#arrived = true;
    this.#located = undefined;
    return this.report();
  }

  report(): TravelReport {
    return {
      ...(this.goal.run === undefined ? {} : { run: this.goal.run }),
      statements: this.#statements,
      served: this.served(),
      ...(this.#depths ? { depths: this.#depths, hits: this.#hits! } : {}),
      ...(this.#logs ? { logs: this.#logs } : {}),
      ...(this.#dropped > 0 ? { dropped: this.#dropped } : {}),
      ...(this.#unserved ? { unserved: this.#unserved } : {}),
      ...(this.#located === undefined ? {} : { located: this.#located }),
    };
  }
}
