import { ChatResultAssembler } from '../../host-api/chat-result-assembler.ts';
import { HostCallError } from '../../host-api/host-call-error.ts';
import type { HostOpArgs } from '../../host-api/host-ops.generated.ts';
import type { ChatRequest, Provider } from '../../providers/provider.ts';
import type { Json } from '../../trace/trace-event.ts';
import { raceAbort } from '../../backends/abortable.ts';
import type { CallHandlers, CallScope } from './call-scope.ts';
import { messagesDetail, toolsDetail } from './call-detail.ts';

function provider(scope: CallScope, name: string): Provider {
  const found = scope.host.providers.get(name);
  if (!found) throw new HostCallError(`no such provider "${name}"`);
  return found;
}

/** `params` of a chat call: JSON object text; empty or blank means none (omw-compat 2.2). */
function chatParams(text: string | undefined): { [key: string]: Json } | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HostCallError(`invalid chat params JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HostCallError('invalid chat params JSON: expected an object');
  }
  return parsed as { [key: string]: Json };
}

/** Validates and traces a chat call; returns the request, or throws after tracing a failure. */
function chatRequest(
  scope: CallScope,
  op: string,
  args: HostOpArgs<'provider.chat' | 'provider.chat-stream'>,
  uuid: string | null,
): ChatRequest {
  const [name, model, messages, tools, params] = args;
  const detail = {
    provider: name,
    model: model,
    messages: messagesDetail(messages),
    tools: toolsDetail(tools),
    params: params ?? null,
  };
  let parsed: ChatRequest['params'];
  try {
    parsed = chatParams(params);
  } catch (error) {
    scope.record(op, detail, null);
    throw error;
  }
  scope.record(op, { ...detail, params: parsed ?? null }, uuid);
  return { model: model, messages, tools, ...(parsed ? { params: parsed } : {}) };
}

/** Pumps a chat stream into the inbox: deltas, then `chat-end`, or `error` on failure. */
async function pump(scope: CallScope, source: Provider, request: ChatRequest, uuid: string, signal: AbortSignal) {
  const { host, ctx } = scope;
  const open = () => ctx.streams.isOpen(uuid);
  try {
    for await (const delta of source.stream(request, signal)) {
      if (!open()) return;
      host.deliver(ctx, { id: uuid, event: { kind: 'chat-delta', data: delta } });
    }
    if (!ctx.streams.finish(uuid)) return;
    host.deliver(ctx, { id: uuid, event: { kind: 'chat-end' } });
    host.traceClosed(ctx, 'chat-stream', uuid, 'ended');
  } catch (error) {
    if (!ctx.streams.finish(uuid)) return;
    host.deliver(ctx, { id: uuid, event: { kind: 'error', data: (error as Error).message } });
    host.traceClosed(ctx, 'chat-stream', uuid, 'failed');
  }
}

export const providerCalls: CallHandlers = {
  'provider.get': (scope, [name]) => provider(scope, name).name,
  'provider.name': (scope, [name]) => provider(scope, name).name,
  'provider.kind': (scope, [name]) => provider(scope, name).kind,
  'provider.list-models': async (scope, [name]) => {
    const source = provider(scope, name);
    scope.record('list_models', { provider: source.name });
    return raceAbort(source.listModels(scope.signal), scope.signal);
  },
  'provider.chat': async (scope, args) => {
    const source = provider(scope, args[0]);
    const request = chatRequest(scope, 'chat', args, null);
    const assembler = new ChatResultAssembler();
    const work = (async () => {
      for await (const delta of source.stream(request, scope.signal)) assembler.add(delta);
      return assembler.result();
    })();
    return raceAbort(work, scope.signal);
  },
  'provider.chat-stream': (scope, args) => {
    const source = provider(scope, args[0]);
    const uuid = crypto.randomUUID();
    const request = chatRequest(scope, 'chat_stream', args, uuid);
    const controller = new AbortController();
    scope.ctx.streams.add({
      uuid,
      source: 'chat-stream',
      openedAt: Date.now(),
      info: { provider: source.name, model: request.model },
      stop: () => controller.abort(new HostCallError('chat stream cancelled')),
    });
    scope.opened('chat-stream', uuid);
    void pump(scope, source, request, uuid, controller.signal);
    return uuid;
  },
  'provider.is-open': (scope, [, uuid]) => scope.ctx.streams.isOpen(uuid),
  'provider.cancel': (scope, [, uuid]) => {
    if (scope.ctx.streams.cancel(uuid)) scope.closed('chat-stream', uuid, 'cancelled');
  },
};
