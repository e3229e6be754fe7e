import { HostCallError } from '../../host-api/host-call-error.ts';
import { abortableDelay } from '../../backends/abortable.ts';
import type { CallHandlers, CallScope } from './call-scope.ts';
import { nextCronFire } from '../cron-schedule.ts';
import { runAt } from '../long-timeout.ts';

const futureTimestamp = (ts: number): number => {
  if (ts <= Date.now()) throw new HostCallError('timestamp must be in the future');
  return ts;
};

/**
 * Registers a timer that delivers `timer` at `due`. Validation runs before the call is traced so
 * that a rejected call is recorded with no handle, as omw does.
 */
function startTimer(scope: CallScope, op: string, detail: Record<string, string | number>, due: () => number): string {
  let dueAt: number;
  try {
    dueAt = due();
  } catch (error) {
    scope.record(op, detail, null);
    throw error;
  }
  const { host, ctx } = scope;
  const uuid = crypto.randomUUID();
  scope.record(op, detail, uuid);
  const cancelTimer = runAt(dueAt, () => {
    if (!ctx.timers.finish(uuid)) return;
    host.deliver(ctx, { id: uuid, event: { kind: 'timer' } });
    host.traceClosed(ctx, 'timer', uuid, 'ended');
  });
  ctx.timers.add({
    uuid,
    source: 'timer',
    openedAt: Date.now(),
    info: { kind: op, ...detail, due: dueAt },
    stop: cancelTimer,
  });
  scope.opened('timer', uuid);
  return uuid;
}

async function sleepUntil(scope: CallScope, dueAt: number): Promise<void> {
  await abortableDelay(Math.max(0, dueAt - Date.now()), scope.signal);
}

export const timerCalls: CallHandlers = {
  'host.wait-until': (scope, [ts]) => startTimer(scope, 'wait_until', { ts: ts }, () => futureTimestamp(ts)),
  'host.wait-for': (scope, [ms]) => startTimer(scope, 'wait_for', { ms: ms }, () => Date.now() + ms),
  'host.wait-cron': (scope, [spec]) => startTimer(scope, 'wait_cron', { spec: spec }, () => nextCronFire(spec)),
  'host.cancel-timer': (scope, [uuid]) => {
    scope.record('cancel_timer', { uuid: uuid });
    if (scope.ctx.timers.cancel(uuid)) scope.closed('timer', uuid, 'cancelled');
  },
  'host.sleep-for': async (scope, [ms]) => {
    scope.record('sleep_for', { ms: ms });
    await sleepUntil(scope, Date.now() + ms);
  },
  'host.sleep-until': async (scope, [ts]) => {
    scope.record('sleep_until', { ts: ts });
    await sleepUntil(scope, futureTimestamp(ts));
  },
  'host.sleep-cron': async (scope, [spec]) => {
    scope.record('sleep_cron', { spec: spec });
    await sleepUntil(scope, nextCronFire(spec));
  },
};
