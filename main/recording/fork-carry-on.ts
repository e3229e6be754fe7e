// What a branch carries on at its fork point (docs/recordings.md, Fork): the sources open there
// are in the agent's registries again; a timer fires after its remaining time, the others get the
// events the recording delivered for them after the point, as long after the branch's start.

import type { AgentContext } from '../host/agent-context.ts';
import { nextCronFire } from '../host/cron-schedule.ts';
import { runAt } from '../host/long-timeout.ts';
import type { ForkHost } from './fork-host.ts';
import { timerDue, type ForkState, type OpenAtFork } from './fork-point.ts';

/**
 * Carries on the sources open at the fork point: each is in its registry again (the brain may
 * poll or cancel it); a timer fires after its remaining time, the others get the events the
 * recording delivered for them after the point, as long after the branch's start.
 */
export function carryOn(host: ForkHost, ctx: AgentContext, state: ForkState): void {
  const started = Date.now();
  for (const source of state.open) {
    const cancels: (() => void)[] = [];
    ctx[source.registry].add({
      uuid: source.uuid,
      source: source.source,
      openedAt: source.openedAt,
      info: { ...(state.view.registries.find((view) => view.uuid === source.uuid)?.info ?? {}) },
      stop: () => cancels.forEach((cancel) => cancel()),
    });
    if (source.source === 'timer') {
      cancels.push(armTimer(host, ctx, source, state.pointTime, started));
      continue;
    }
    for (const { offsetMs, envelope } of state.later.filter((later) => later.envelope.id === source.uuid)) {
      cancels.push(
        runAt(started + offsetMs, () => {
          const registry = ctx[source.registry];
          if (!registry.isOpen(source.uuid)) return;
          const ends = endsSource(source, envelope.event.kind);
          if (ends) registry.finish(source.uuid);
          host.deliver(ctx, envelope);
          if (ends)
            host.traceClosed(ctx, source.source, source.uuid, envelope.event.kind === 'error' ? 'failed' : 'ended');
        }),
      );
    }
  }
}

function armTimer(
  host: ForkHost,
  ctx: AgentContext,
  timer: OpenAtFork,
  pointTime: number,
  started: number,
): () => void {
  const recordedDue = timerDue(timer);
  const opener = timer.opener;
  // A timer whose opening call is not in the recording (an older segment) stays open, unarmed.
  if (recordedDue === undefined && opener?.op !== 'host.wait-cron') return () => undefined;
  const due =
    recordedDue !== undefined
      ? started + Math.max(0, recordedDue - pointTime)
      : nextCronFire(String(opener!.args[0]), started);
  return runAt(due, () => {
    if (!ctx.timers.finish(timer.uuid)) return;
    host.deliver(ctx, { id: timer.uuid, event: { kind: 'timer' } });
    host.traceClosed(ctx, 'timer', timer.uuid, 'ended');
  });
}

/** The event after which a source is closed: a stream's end or error, a queued tool call's result or error. */
function endsSource(source: OpenAtFork, kind: string): boolean {
  if (source.source === 'chat-stream') return kind === 'chat-end' || kind === 'error';
  if (source.source === 'tool-call') return kind === 'tool-result' || kind === 'error';
  return false;
}
