// omw's assertion language over a trial's trace (docs/assertions.md): the agent's events fed to a
// StreamingMatcher in their recorded order, its outcome checked, and `absent` events that must not
// appear (a tool never called). The score is the share of checks met; it passes when all are.

import { matchesEvent } from '../../assertions/match-event.ts';
import { StreamingMatcher } from '../../assertions/streaming-matcher.ts';
import type { AgentAssertion, EventAssertion } from '../../assertions/assertion-types.ts';
import { renderInline } from '../../assertions/render-assertion.ts';
import type { Recording } from '../../recording/recording.ts';
import { isOmwTraceEvent, type OmwTraceEvent } from '../../trace/trace-event.ts';
import type { Json } from '../../trace/trace-event.ts';
import type { RunOutcome } from '../../host-api/run-outcome.ts';
import type { ScorerSpec } from '../load-eval.ts';
import type { Judgement, Scorer, ScoringInput } from './scorer.ts';

/** An agent's omw trace events in the order they were recorded, and its last outcome. */
export function recordedTrace(recording: Recording, agent: string): { events: OmwTraceEvent[]; outcome?: RunOutcome } {
  const events: OmwTraceEvent[] = [];
  let outcome: RunOutcome | undefined;
  for (const iteration of recording.agents.get(agent)?.iterations ?? []) {
    for (const event of iteration.events) if (isOmwTraceEvent(event) && event.type !== 'outcome') events.push(event);
    if (iteration.end) outcome = iteration.end.outcome;
  }
  return { events, ...(outcome !== undefined ? { outcome } : {}) };
}

/** Judges one agent's recorded trace with an omw assertion, as omw-test would have at its end. */
export function judgeRecorded(
  assertion: AgentAssertion,
  absent: readonly EventAssertion[],
  recording: Recording,
  agent: string,
): Judgement {
  const { events, outcome } = recordedTrace(recording, agent);
  const matcher = new StreamingMatcher(assertion);
  for (const event of events) matcher.feed(event);
  const verdict = matcher.judgeOutcome(outcome);
  const present = absent.filter((forbidden) => events.some((event) => matchesEvent(forbidden, event)));
  const steps = assertion.events.length;
  const outcomeChecks = assertion.outcome !== undefined && assertion.outcome !== 'asserted' ? 1 : 0;
  const total = steps + outcomeChecks + absent.length;
  const outcomeFailed = !verdict.pass && verdict.reason?.startsWith('outcome mismatch') ? 1 : 0;
  const met = Math.min(matcher.position, steps) + (outcomeChecks - outcomeFailed) + (absent.length - present.length);
  const reasons = [
    ...(verdict.pass ? [] : [verdict.reason ?? 'not satisfied']),
    ...present.map((forbidden) => `happened, but must not: ${renderInline(forbidden as unknown as Json)}`),
  ];
  const pass = verdict.pass && present.length === 0;
  return {
    score: pass ? 1 : total === 0 ? 0 : met / total,
    reason: pass ? `all ${total} checks met` : reasons.join('\n'),
  };
}

export class AssertionsScorer implements Scorer {
  constructor(readonly spec: Extract<ScorerSpec, { kind: 'assertions' }>) {}

  judge(input: ScoringInput): Judgement {
    return judgeRecorded(
      this.spec.assertion!,
      this.spec.absentEvents ?? [],
      input.recording.recording,
      this.spec.agent,
    );
  }
}
