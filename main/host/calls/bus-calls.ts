import { HostCallError } from '../../host-api/host-call-error.ts';
import type { EventEnvelope } from '../../host-api/wit-types.generated.ts';
import { logLevelOf } from '../log-level.ts';
import type { CallHandlers, CallScope } from './call-scope.ts';

function received<E extends EventEnvelope | undefined>(scope: CallScope, envelope: E): E {
  if (envelope) scope.host.traceInbound(scope.ctx, envelope);
  return envelope;
}

/** Messaging between agents, the lifecycle handle, the inbox and logging. */
export const busCalls: CallHandlers = {
  'host.log': (scope, [level, message]) => {
    scope.host.traceLog(scope.ctx, logLevelOf(level), message);
  },
  'host.subscribe-agent': (scope, [agent]) => {
    const uuid = crypto.randomUUID();
    scope.record('subscribe_agent', { agent: agent }, uuid);
    scope.host.bus.subscribeAgent(scope.ctx.name, agent, uuid);
    scope.opened('agent', uuid);
    return uuid;
  },
  'host.unsubscribe-agent': (scope, [uuid]) => {
    scope.record('unsubscribe_agent', { uuid: uuid });
    if (scope.host.bus.unsubscribeAgent(scope.ctx.name, uuid)) scope.closed('agent', uuid, 'cancelled');
  },
  'host.subscribe-lifecycle': (scope) => {
    if (scope.host.bus.lifecycleOf(scope.ctx.name)) {
      scope.record('subscribe_lifecycle', {}, null);
      throw new HostCallError('lifecycle already subscribed');
    }
    const uuid = crypto.randomUUID();
    scope.record('subscribe_lifecycle', {}, uuid);
    scope.host.bus.setLifecycle(scope.ctx.name, uuid);
    scope.opened('lifecycle', uuid);
    return uuid;
  },
  'host.unsubscribe-lifecycle': (scope, [uuid]) => {
    scope.record('unsubscribe_lifecycle', { uuid: uuid });
    if (scope.host.bus.clearLifecycle(scope.ctx.name, uuid)) scope.closed('lifecycle', uuid, 'cancelled');
  },
  'host.send-agent': (scope, [agent, payload]) => {
    scope.record('send_agent', { agent: agent }, null, { payload });
    scope.host.sendAgent(scope.ctx, agent, payload);
  },
  'host.recv': async (scope) => {
    scope.recordUntraced('recv');
    const timeoutMs = scope.host.config.tunables.recv_timeout_secs * 1000;
    const envelope = await scope.host.bus.inbox(scope.ctx.name).take(timeoutMs, scope.signal);
    return received(scope, envelope);
  },
  // Never fails on an abort: polling is how a brain sees its reload or shutdown event.
  'host.try-recv': (scope) => received(scope, scope.host.bus.inbox(scope.ctx.name).tryTake()),
};
