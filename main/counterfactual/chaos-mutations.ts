// The mutations `brainbench chaos` tries (docs/counterfactuals.md, Chaos): each changes the answer
// of one recorded effect, as a back end could have answered it. A blocking tool call fails, times
// out or comes back empty; a queued tool call's result arrives as an error or empty; a provider's
// chat answer is a refusal, a rate-limit error, a timeout or a malformed tool call; a chat
// stream is cut at its first delta. Every value here is built from the recording's data, which
// stays data: nothing in it is run or followed.

import type { EventEnvelope, ToolResult } from '../host-api/wit-types.generated.ts';
import type { Json, TraceEvent } from '../trace/trace-event.ts';
import type { EffectAnswer } from '../recording/recorded-effect.ts';
import type { RecordedCall, RecordedIteration, Recording } from '../recording/recording.ts';

export const MUTATION_KINDS = [
  'tool-error',
  'tool-timeout',
  'tool-empty',
  'refusal',
  'rate-limit',
  'provider-timeout',
  'malformed-tool-call',
  'cut-stream',
  'message-dropped',
  'message-duplicated',
  'timer-early',
  'timer-late',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** One recorded effect, answered otherwise. */
export interface Mutation {
  kind: MutationKind;
  agent: string;
  /** The iteration's number in the recording, and the call's 1-based position in it. */
  iteration: number;
  index: number;
  op: string;
  /** What the effect is, for the report: `calc.add`, `provider p`, a stream. */
  target: string;
  answer: EffectAnswer;
  /**
   * What the agent's inbox gets as it goes live (recording values, in order): the events the
   * recording delivered to it later from sources opened before the mutation (other agents'
   * messages, timers, streams and queued calls the live mocks never saw), as the mutation leaves them.
   */
  deliver: Json[];
}

/** Mutations of the bus and of timers: an omw test's mocks cannot give them, so none is saved as one. */
export const BUS_KINDS: readonly MutationKind[] = [
  'message-dropped',
  'message-duplicated',
  'timer-early',
  'timer-late',
];

const TOOL_FAILED = 'chaos: the tool failed';
const TIMED_OUT = 'chaos: timed out';
const RATE_LIMITED = 'chaos: 429 Too Many Requests (rate limited, retry later)';
const REFUSAL = "I'm sorry, but I can't help with that.";
const STREAM_CUT = 'chaos: the stream was cut';

const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The mutations of one recorded call, in a fixed order. */
function mutationsOf(
  agent: string,
  iteration: number,
  index: number,
  call: RecordedCall,
  tools: readonly string[],
  firstDelta: boolean,
  carried: readonly Json[],
): Mutation[] {
  if (!call.ok) return [];
  const at = (
    kind: MutationKind,
    target: string,
    answer: EffectAnswer,
    deliver: readonly Json[] = carried,
  ): Mutation => ({
    kind,
    agent,
    iteration,
    index,
    op: call.op,
    target,
    answer,
    deliver: [...deliver],
  });
  const value = call.value;
  if (call.op === 'tooling.call-tool-blocking' && isObject(value)) {
    const target = `${String(call.args[0])}.${String(call.args[1])}`;
    return [
      at('tool-error', target, { ok: false, error: TOOL_FAILED }),
      at('tool-timeout', target, { ok: false, error: TIMED_OUT }),
      at('tool-empty', target, { ok: true, value: emptyResult(value) }),
    ];
  }
  if (call.op === 'provider.chat' && isObject(value)) {
    const target = `provider ${String(call.args[0])}`;
    const usage = value.usage ?? null;
    const tool = tools[0] ?? 'tool';
    return [
      at('refusal', target, {
        ok: true,
        value: { content: REFUSAL, tool_calls: [], finish_reason: 'stop', usage } as Json,
      }),
      at('rate-limit', target, { ok: false, error: RATE_LIMITED }),
      at('provider-timeout', target, { ok: false, error: TIMED_OUT }),
      at('malformed-tool-call', target, {
        ok: true,
        value: {
          content: '',
          tool_calls: [{ id: 'chaos-1', name: tool, arguments: '{"unterminated": ' }],
          finish_reason: 'tool_calls',
          usage,
        } as Json,
      }),
    ];
  }
  if ((call.op === 'host.recv' || call.op === 'host.try-recv') && isObject(value) && isObject(value.event)) {
    const envelope = value as unknown as EventEnvelope;
    const kind = envelope.event.kind;
    const error = (data: string): EffectAnswer => ({
      ok: true,
      value: { id: envelope.id, event: { kind: 'error', data } },
    });
    if (kind === 'tool-result') {
      const result = envelope.event.data;
      return [
        at('tool-error', `queued ${result.name}`, error(TOOL_FAILED)),
        at('tool-timeout', `queued ${result.name}`, error(TIMED_OUT)),
        at('tool-empty', `queued ${result.name}`, {
          ok: true,
          value: { id: envelope.id, event: { kind: 'tool-result', data: emptyResult(result as unknown as Json) } },
        }),
      ];
    }
    const found: Mutation[] = [];
    // The stream's first delta: a later one cut off repeats what the brain does with the first.
    if (kind === 'chat-delta' && firstDelta) found.push(at('cut-stream', 'a chat stream', error(STREAM_CUT)));
    const [next, ...rest] = carried;
    const nextIsTimer = isObject(next) && isObject(next.event) && next.event.kind === 'timer';
    if (kind === 'message') {
      const target = `message ${JSON.stringify(envelope.event.data).slice(0, 60)}`;
      if (next !== undefined) found.push(at('message-dropped', target, { ok: true, value: next }, rest));
      found.push(at('message-duplicated', target, { ok: true, value }, [value, ...carried]));
    }
    // A timer a moment late: the event after it comes first; one a moment early: before the event it
    // followed (two timers in a row are swapped once, as the first one late).
    if (kind === 'timer' && next !== undefined)
      found.push(at('timer-late', 'a timer', { ok: true, value: next }, [value, ...rest]));
    if (kind !== 'timer' && nextIsTimer)
      found.push(at('timer-early', 'a timer', { ok: true, value: next }, [value, ...rest]));
    return found;
  }
  return [];
}

const emptyResult = (value: Record<string, Json> | Json): Json => {
  const { structured_content: _structured, ...rest } = (isObject(value) ? value : {}) as Partial<ToolResult> &
    Record<string, Json>;
  return { ...rest, content: '[]' } as Json;
};

/** The tool names the recording listed, for a malformed tool call that names a real tool. */
function listedTools(recording: Recording): string[] {
  const names = new Set<string>();
  for (const agent of recording.agents.values())
    for (const iteration of agent.iterations)
      for (const call of iteration.calls)
        if (call.op === 'tooling.list-tools' && call.ok && Array.isArray(call.value))
          for (const tool of call.value) if (isObject(tool) && typeof tool.name === 'string') names.add(tool.name);
  return [...names];
}

const isReceive = (call: RecordedCall): boolean =>
  (call.op === 'host.recv' || call.op === 'host.try-recv') &&
  call.ok &&
  isObject(call.value) &&
  isObject(call.value.event);

/** Every mutation of the recording's effects, agent by agent, in recorded order; only `kinds` when given. */
export function recordingMutations(recording: Recording, kinds?: readonly MutationKind[]): Mutation[] {
  const tools = listedTools(recording);
  const all: Mutation[] = [];
  for (const agent of recording.agents.values()) {
    const calls = agent.iterations.flatMap((iteration) =>
      iteration.calls.map((call, i) => ({ iteration, call, index: i + 1 })),
    );
    /** Sources the agent knew of so far: handles its calls returned, envelopes it received. */
    const known = new Set<string>();
    const streams = new Set<string>();
    calls.forEach(({ iteration, call, index }, position) => {
      if (call.ok && typeof call.value === 'string') known.add(call.value);
      const id = isObject(call.value) && typeof call.value.id === 'string' ? call.value.id : undefined;
      if (id !== undefined) known.add(id);
      const firstDelta = id !== undefined && !streams.has(id);
      if (id !== undefined) streams.add(id);
      const carried = calls
        .slice(position + 1)
        .filter(({ call: later }) => isReceive(later) && known.has(String((later.value as Record<string, Json>).id)))
        .map(({ call: later }) => later.value as Json);
      all.push(...mutationsOf(agent.name, iteration.iteration, index, call, tools, firstDelta, carried));
    });
  }
  return kinds ? all.filter((mutation) => kinds.includes(mutation.kind)) : all;
}

/** A mutation in a few words: `tool-error at alice iteration 1 call 3 (calc.add)`. */
export const describeMutation = (mutation: Mutation): string =>
  `${mutation.kind} at ${mutation.agent} iteration ${mutation.iteration} call ${mutation.index} (${mutation.target})`;

/**
 * The recorded iteration as if the mutated effect had answered so: the call's answer, and for a
 * received event, the trace's inbound of it (a cut stream keeps none of its later deltas), so that
 * mocks derived from it (mock-script.ts) answer as the mutation did.
 */
export function mutatedIteration(iteration: RecordedIteration, mutation: Mutation): RecordedIteration {
  const calls = iteration.calls.map((call, i) => (i + 1 === mutation.index ? answered(call, mutation.answer) : call));
  const call = iteration.calls[mutation.index - 1]!;
  let events = iteration.events;
  if ((call.op === 'host.recv' || call.op === 'host.try-recv') && !BUS_KINDS.includes(mutation.kind)) {
    const recorded = call.value as unknown as EventEnvelope;
    const changed = (mutation.answer as unknown as { value: EventEnvelope }).value;
    const at = events.findIndex(
      (event) => event.type === 'inbound' && event.id === recorded.id && event.event.kind === recorded.event.kind,
    );
    if (at >= 0) {
      const inbound = { ...(events[at] as Extract<TraceEvent, { type: 'inbound' }>), event: changed.event };
      events = [
        ...events.slice(0, at),
        inbound,
        ...events
          .slice(at + 1)
          .filter((event) => mutation.kind !== 'cut-stream' || !(event.type === 'inbound' && event.id === recorded.id)),
      ];
    }
  }
  return { ...iteration, calls, events };
}

function answered(call: RecordedCall, answer: EffectAnswer): RecordedCall {
  if (answer.ok) return { ...call, ok: true, value: answer.value ?? null, error: undefined } as RecordedCall;
  return { ...call, ok: false, value: undefined, error: answer.error } as RecordedCall;
}
