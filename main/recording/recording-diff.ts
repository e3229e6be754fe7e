import type { AgentDiff, CallPairDiff, DiffCall, TokenCount } from '../../contract/recording-views.ts';
import { jsonEqual } from '../agent-protocol/json-equal.ts';
import { GeneratedValues, generatedKind } from './generated-values.ts';
import { jsonDiff } from './json-diff.ts';
import type { RecordedAgent, RecordedCall, Recording } from './recording.ts';
import type { Json } from '../trace/trace-event.ts';
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

export interface DiffOptions {
  /** List the made-up values (ids, times) that differ among the other answers, not only count them. */
  all?: boolean;
}

/** Both sides as recorded; the changes computed with the second's made-up values put back. */
function pair(iteration: number, index: number, generated: GeneratedValues, a?: RecordedCall, b?: RecordedCall) {
  const left = asDiffCall(a);
  const right = asDiffCall(b);
  const args = right && (generated.aligned(right.args) as Json[]);
  const answer = right && generated.aligned(right.answer);
  const diff: CallPairDiff = {
    iteration,
    call: index + 1,
    ...(left ? { a: left } : {}),
    ...(right ? { b: right } : {}),
    args: jsonDiff(left?.args, args),
    answer: jsonDiff(left?.answer, answer),
  };
  return { diff, sameArgs: jsonEqual(left?.args, args) };
}

function diffAgent(
  name: string,
  a: RecordedAgent | undefined,
  b: RecordedAgent | undefined,
  generated: GeneratedValues,
  options: DiffOptions,
): AgentDiff {
  const diff: AgentDiff = {
    agent: name,
    ...(a && b ? {} : { onlyIn: a ? ('a' as const) : ('b' as const) }),
    iterations: { a: a?.iterations.length ?? 0, b: b?.iterations.length ?? 0 },
    otherAnswers: [],
    generated: { ids: 0, times: 0 },
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
      const { diff: aligned, sameArgs } = pair(i + 1, k, generated, x, y);
      if (!x || !y || x.op !== y.op || !sameArgs) {
        diff.divergence = aligned;
        break;
      }
      const kind = generatedKind(x.op);
      // A made-up value differs in its own answer; after alignment nothing else shows it.
      const madeUp = kind !== undefined && !jsonEqual(x.ok ? x.value : null, y.ok ? y.value : null);
      if (madeUp) diff.generated[kind === 'id' ? 'ids' : 'times']++;
      if (madeUp && options.all) diff.otherAnswers.push({ ...aligned, answer: jsonDiff(x.value, y.value) });
      else if (aligned.answer.length > 0) diff.otherAnswers.push(aligned);
    }
  }
  return diff;
}

/**
 * Two recordings side by side: agents by name, iterations by position, calls by their index in
 * the iteration, ids and times each run made up paired by position (generated-values.ts). Per
 * agent, the first call that differs, the answers that differed before it, how many made-up values
 * differed, and time and token totals. Agents that differ come first.
 */
export function diffRecordings(a: Recording, b: Recording, options: DiffOptions = {}): AgentDiff[] {
  const names = [...new Set([...a.agents.keys(), ...b.agents.keys()])].sort();
  const generated = GeneratedValues.between(
    names.map((name) => a.agents.get(name)),
    names.map((name) => b.agents.get(name)),
  );
  const diffs = names.map((name) => diffAgent(name, a.agents.get(name), b.agents.get(name), generated, options));
  const differs = (diff: AgentDiff) => diff.onlyIn !== undefined || diff.divergence !== undefined;
  return [...diffs.filter(differs), ...diffs.filter((diff) => !differs(diff))];
}
