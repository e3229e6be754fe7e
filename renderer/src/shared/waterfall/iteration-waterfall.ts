// A live iteration's host calls as the accounting waterfall draws them (WaterfallBar), from the
// trace the renderer holds: each `call` or `host-call` with its `result`, the time held before it
// at a breakpoint (a `held` event; a hold before an op omw does not trace as a call is a bar of
// its own), and for a stream or a queued tool call its tail until the source closed, when that
// happened within the iteration.

import type { IterationWaterfall, WaterfallBar } from '../../../../contract/accounting-views.ts';
import { HOST_OPS, type HostOp } from '../../../../main/host-api/host-ops.generated.ts';
import type { HeldTrace, TraceEvent } from '../../../../main/trace/trace-event.ts';
import type { Iteration } from '../trace/trace-log.ts';

/** omw's trace names ops in snake_case without their receiver; the first op of that name wins. */
const BY_TRACE_NAME = new Map<string, HostOp>();
for (const op of Object.keys(HOST_OPS) as HostOp[]) {
  const name = op.slice(op.indexOf('.') + 1).replaceAll('-', '_');
  if (!BY_TRACE_NAME.has(name)) BY_TRACE_NAME.set(name, op);
}

export function hostOpOfTrace(op: string): HostOp | undefined {
  return BY_TRACE_NAME.get(op);
}

export function iterationWaterfall(iteration: Iteration): IterationWaterfall {
  const start = iteration.start;
  const results = new Map<number, Extract<TraceEvent, { type: 'result' }>>();
  const closed = new Map<string, number>();
  for (const event of iteration.events) {
    if (event.type === 'result') results.set(event.callSeq, event);
    if (event.type === 'closed') closed.set(event.uuid, event.time);
  }
  let held: HeldTrace | undefined;
  const bars: WaterfallBar[] = [];
  /** A hold whose op omw does not trace as a call (`log`), or whose call never came, on its own. */
  const heldAlone = (hold: HeldTrace) =>
    bars.push({
      index: bars.length + 1,
      op: (hostOpOfTrace(hold.op) ?? hold.op) as HostOp,
      ok: true,
      startMs: hold.time - start,
      durationMs: 0,
      heldMs: hold.heldMs,
    });
  for (const event of iteration.events) {
    if (event.type === 'held') {
      if (held) heldAlone(held);
      held = event;
      continue;
    }
    if (event.type !== 'call' && event.type !== 'host-call') continue;
    const result = results.get(event.seq);
    const op = hostOpOfTrace(event.op);
    const heldBefore = held && (held.op === op || hostOpOfTrace(held.op) === op) ? held : undefined;
    if (held && !heldBefore) heldAlone(held);
    held = undefined;
    const bar: WaterfallBar = {
      index: bars.length + 1,
      // An op the generated table does not name (a newer trace) is shown by its trace name.
      op: op ?? (event.op as HostOp),
      ok: result?.ok ?? true,
      startMs: event.time - start,
      durationMs: result?.durationMs ?? 0,
      ...(heldBefore ? { heldMs: heldBefore.heldMs } : {}),
    };
    const uuid = event.type === 'call' ? event.uuid : null;
    const end = uuid !== null ? closed.get(uuid) : undefined;
    bars.push(end !== undefined ? { ...bar, endMs: Math.max(end - start, bar.startMs + bar.durationMs) } : bar);
  }
  if (held) heldAlone(held);
  return {
    agent: iteration.agent,
    iteration: iteration.iteration,
    startTime: start,
    ...(iteration.durationMs !== undefined ? { durationMs: (iteration.end ?? start) - start } : {}),
    bars,
  };
}
