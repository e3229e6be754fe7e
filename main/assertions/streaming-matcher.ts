// One asserted agent's judge (omw-compat 14.2): fed that agent's trace events as they happen, it
// knows at every moment whether the `events` list is satisfied, which is what lets the harness
// stop an `outcome = "asserted"` agent the moment it passes.

import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { OmwTraceEvent } from '../trace/trace-event.ts';
import type { AgentAssertion, OutcomeAssertion, Step } from './assertion-types.ts';
import { matchesEvent } from './match-event.ts';
import { renderInline, renderStep } from './render-assertion.ts';
import { renderTraceEvent } from './render-trace-event.ts';
import { SequenceCursor } from './sequence-cursor.ts';

export interface ObservedEvent {
  /** 1-based position among the events this matcher was fed. */
  index: number;
  event: OmwTraceEvent;
  /** 0-based index of the step that consumed the event, if one did. */
  consumedBy?: number;
}

export interface Verdict {
  pass: boolean;
  reason?: string;
}

export class StreamingMatcher {
  readonly #cursor: SequenceCursor<Step, OmwTraceEvent>;
  readonly #observed: ObservedEvent[] = [];
  /** Index of the last event that consumed or passed a step; 0 when none has. */
  #lastProgress = 0;

  constructor(private readonly assertion: AgentAssertion) {
    this.#cursor = new SequenceCursor(assertion.events, (step, e) => matchesEvent(step.assertion, e));
  }

  /** Feeds the next trace event of this matcher's agent. */
  feed(e: OmwTraceEvent): void {
    const positionBefore = this.#cursor.position;
    const consumedBy = this.#cursor.observe(e);
    const observed: ObservedEvent = { index: this.#observed.length + 1, event: e };
    if (consumedBy !== undefined) observed.consumedBy = consumedBy;
    this.#observed.push(observed);
    if (consumedBy !== undefined || this.#cursor.position !== positionBefore) this.#lastProgress = observed.index;
  }

  /** Every step is satisfied; a pending `$while` counts as satisfied. */
  get satisfied(): boolean {
    return this.#cursor.satisfied;
  }

  get observed(): readonly ObservedEvent[] {
    return this.#observed;
  }

  /** How many assertion steps are behind the cursor (satisfied, or passed as `$while`/`$until`). */
  get position(): number {
    return this.#cursor.position;
  }

  /**
   * The verdict once the agent's run has ended: the outcome check first (a failed brain has no
   * outcome, so it fails any outcome assertion), then the event assertions.
   */
  judgeOutcome(outcome: RunOutcome | undefined): Verdict {
    const expected = this.assertion.outcome;
    if (expected !== undefined && expected !== 'asserted' && !outcomeMatches(expected, outcome)) {
      const actual = outcome === undefined ? 'no outcome (the brain failed)' : renderInline(outcome);
      return { pass: false, reason: `outcome mismatch: expected ${renderInline(expected)}, got ${actual}` };
    }
    return this.satisfied ? { pass: true } : { pass: false, reason: this.diff() };
  }

  /** The next unsatisfied assertion, the remaining ones, and every observed event. */
  diff(): string {
    const steps = this.assertion.events;
    const position = this.#cursor.position;
    const blocking = steps.findIndex((step, index) => index >= position && step.mode !== 'while');
    if (blocking === -1) {
      return [`all assertions satisfied (${steps.length})`, ...this.#renderObserved(false)].join('\n');
    }
    const remaining = steps.slice(position).map((step, offset) => {
      const index = position + offset;
      return `  #${index + 1} ${renderStep(step)}${index === blocking ? '  <- not satisfied' : ''}`;
    });
    return [
      `assertion #${blocking + 1} of ${steps.length} not satisfied`,
      'remaining assertions:',
      ...remaining,
      ...this.#renderObserved(true),
    ].join('\n');
  }

  #renderObserved(markStop: boolean): string[] {
    if (this.#observed.length === 0) return ['observed events: none'];
    const lines = [`observed events (${this.#observed.length}):`];
    if (markStop && this.#lastProgress === 0) lines.push(STOP_MARKER);
    for (const { index, event, consumedBy } of this.#observed) {
      const consumed = consumedBy === undefined ? '' : `  [assertion #${consumedBy + 1}]`;
      lines.push(`  #${index} ${renderTraceEvent(event)}${consumed}`);
      if (markStop && index === this.#lastProgress) lines.push(STOP_MARKER);
    }
    return lines;
  }
}

const STOP_MARKER = '  --- matching stopped here ---';

function outcomeMatches(expected: Exclude<OutcomeAssertion, 'asserted'>, actual: RunOutcome | undefined): boolean {
  if (actual === undefined) return false;
  if (expected === 'completed') return actual === 'completed';
  return typeof actual === 'object' && actual.exited === expected.exited;
}
