import type { AgentDiff, CallPairDiff, DiffCall, TokenCount } from '../../contract/recording-views.ts';
import { jsonEqual } from '../agent-protocol/json-equal.ts';
import { jsonDiff } from './json-diff.ts';
import type { RecordedAgent, RecordedCall, Recording } from './recording.ts';
import { iterationTokens } from './recording-usage.ts';

const asDiffCall = (call: RecordedCall | undefined): DiffCall | undefined =>
  call && {
    op: call.op,
    args: call.args,
    answer: call.ok ? call.value : { error: call.error ?? '' },
    durationMs: call.durationMs,
  };

const timeOf = (agent: RecordedAgent | undefined) =>
  (agent?.iterations ?? []).reduce((sum, iteration) => sum + (iteration.end?.durationMs ?? 0), 0);

const tokensOf = (agent: RecordedAgent | undefined): TokenCount => {
  const count = { prompt: 0, completion: 0, total: 0 };
  for (const iteration of agent?.iterations ?? []) iterationTokens(iteration, count);
  return count;
};

function pair(iteration: number, index: number, a?: RecordedCall, b?: RecordedCall): CallPairDiff {
  const left = asDiffCall(a);
  const right = asDiffCall(b);
  return {
    iteration,
    call: index + 1,
    ...(left ? { a: left } : {}),
    ...(right ? { b: right } : {}),
    args: jsonDiff(left?.args, right?.args),
    answer: jsonDiff(left?.answer, right?.answer),
  };
}

function diffAgent(name: string, a: RecordedAgent | undefined, b: RecordedAgent | undefined): AgentDiff {
  const diff: AgentDiff = {
    agent: name,
    ...(a && b ? {} : { onlyIn: a ? ('a' as const) : ('b' as const) }),
    iterations: { a: a?.iterations.length ?? 0, b: b?.iterations.length ?? 0 },
    otherAnswers: [],
    timeMs: { a: timeOf(a), b: timeOf(b) },
    tokens: { a: tokensOf(a), b: tokensOf(b) },
  };
  if (!a || !b) return diff;
  const iterations = Math.max(a.iterations.length, b.iterations.length);
  for (let i = 0; i < iterations && !diff.divergence; i++) {
    const left = a.iterations[i]?.calls ?? [];
    const right = b.iterations[i]?.calls ?? [];
    for (let k = 0; k < Math.max(left.length, right.length); k++) {
      const x = left[k];
      const y = right[k];
      const aligned = pair(i + 1, k, x, y);
      if (!x || !y || x.op !== y.op || !jsonEqual(x.args, y.args)) {
        diff.divergence = aligned;
        break;
      }
      if (aligned.answer.length > 0) diff.otherAnswers.push(aligned);
    }
  }
  return diff;
}

/**
 * Two recordings side by side: agents by name, iterations by position, calls by their index in
 * the iteration. Per agent, the first call that differs, the answers that differed before it,
 * and time and token totals.
 */
export function diffRecordings(a: Recording, b: Recording): AgentDiff[] {
  const names = [...new Set([...a.agents.keys(), ...b.agents.keys()])].sort();
  return names.map((name) => diffAgent(name, a.agents.get(name), b.agents.get(name)));
}
