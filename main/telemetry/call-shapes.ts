// What each host call becomes in a trace. Model and tool calls get the GenAI conventions' spans;
// the cheap calls that answer from local state (clock, UUIDs, memory, handle lookups) are span
// events on the iteration, so that a brain calling `time-now` in a loop does not drown its trace;
// every other call (recv, timers, sleeps, subscriptions, resources, sends) is a plain child span.

import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { CallLine } from '../recording/recording-format.ts';

export type CallShape =
  | 'chat'
  | 'chat-stream'
  | 'tool'
  | 'queued-tool'
  /** A span event on the iteration's span. */
  | 'event'
  | 'span'
  /** Left out: `host.log` is there as the trace's `log` event already. */
  | 'none';

const SHAPES: Partial<Record<HostOp, CallShape>> = {
  'provider.chat': 'chat',
  'provider.chat-stream': 'chat-stream',
  'tooling.call-tool-blocking': 'tool',
  'tooling.call-tool': 'queued-tool',
  'host.log': 'none',
};

const CHEAP = new Set<HostOp>([
  'provider.get',
  'provider.name',
  'provider.kind',
  'provider.is-open',
  'tooling.get',
  'tooling.name',
  'tooling.kind',
  'tooling.is-open',
  'host.memory-get',
  'host.memory-set',
  'host.memory-remove',
]);

/** A failed cheap call is a span all the same, so that its error shows as a span status. */
export function callShape(call: Pick<CallLine, 'op' | 'ok' | 'local'>): CallShape {
  const shape = SHAPES[call.op];
  if (shape) return shape;
  return (call.local || CHEAP.has(call.op)) && call.ok ? 'event' : 'span';
}
