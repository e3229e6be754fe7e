import { HostCallError } from '../../host-api/host-call-error.ts';
import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { Endpoint } from '../../endpoint/endpoint.ts';
import { NOT_CONFIGURED } from '../../endpoint/endpoint-errors.ts';
import type { Json } from '../../trace/trace-event.ts';
import type { CallHandlers, CallScope } from './call-scope.ts';

/** Without an `[endpoint]` the calls fail (or do nothing) untraced, as in omw (omw-compat 14.5). */
function configured(scope: CallScope): Endpoint {
  const endpoint = scope.host.endpoint;
  if (!endpoint) throw new HostCallError(NOT_CONFIGURED);
  return endpoint;
}

const streamDetail = (session: string, delta: ChatDelta): Json => ({
  session,
  content: delta.content ?? null,
  reasoning: delta.reasoning ?? null,
  tool_call: delta.tool_call ? { ...delta.tool_call } : null,
  finish_reason: delta.finish_reason ?? null,
  usage: delta.usage
    ? {
        prompt_tokens: delta.usage.prompt_tokens ?? null,
        completion_tokens: delta.usage.completion_tokens ?? null,
        total_tokens: delta.usage.total_tokens ?? null,
      }
    : null,
});

/** Serving models on omw's endpoint (omw-compat 12). */
export const endpointCalls: CallHandlers = {
  'host.subscribe-endpoint': (scope, [model]) => {
    const endpoint = configured(scope);
    const name = model;
    const failure = endpoint.subscribeFailure(name);
    if (failure !== undefined) {
      scope.record('subscribe_endpoint', { model: name }, null);
      throw new HostCallError(failure);
    }
    const uuid = crypto.randomUUID();
    // Recorded before the model is served: a mock request for it fires at the flush after the call.
    scope.record('subscribe_endpoint', { model: name }, uuid);
    endpoint.subscribe(scope.ctx.name, name, uuid);
    scope.opened('endpoint', uuid);
    return uuid;
  },
  'host.unsubscribe-endpoint': (scope, [uuid]) => {
    const endpoint = scope.host.endpoint;
    if (!endpoint) return;
    scope.record('unsubscribe_endpoint', { uuid: uuid });
    if (endpoint.unsubscribe(scope.ctx.name, uuid)) scope.closed('endpoint', uuid, 'cancelled');
  },
  'host.stream-endpoint': (scope, [session, delta]) => {
    const endpoint = configured(scope);
    // Traced before the push, so injections this call releases reach the inbox before the
    // session end the push may cause (omw-compat 12).
    scope.record('stream_endpoint', streamDetail(session, delta));
    endpoint.stream(scope.ctx.name, session, delta);
  },
};
