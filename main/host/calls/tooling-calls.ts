import { HostCallError } from '../../host-api/host-call-error.ts';
import type { SourceKind } from '../../trace/trace-event.ts';
import type { Delivery, Tooling } from '../../tooling/tooling.ts';
import { raceAbort } from '../../backends/abortable.ts';
import type { CallHandlers, CallScope } from './call-scope.ts';
import type { CancelRegistry } from '../cancel-registry.ts';

function tooling(scope: CallScope, name: string): Tooling {
  const found = scope.host.tooling.get(name);
  if (!found) throw new HostCallError(`no such tooling "${name}"`);
  return found;
}

/** Tool arguments that are not valid JSON reach the server as null (omw-compat 2.3). */
function argumentsJson(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return 'null';
  }
}

/** Registers a handle in `registry` and returns the delivery bound to the agent's inbox. */
function openHandle(
  scope: CallScope,
  registry: CancelRegistry,
  source: SourceKind,
  server: Tooling,
  info: Record<string, string>,
): Delivery {
  const { host, ctx } = scope;
  const uuid = crypto.randomUUID();
  registry.add({
    uuid,
    source,
    openedAt: Date.now(),
    info: { tooling: server.name, ...info },
    stop: () => server.stop(uuid),
  });
  return {
    uuid,
    isOpen: () => registry.isOpen(uuid),
    deliver: (event) => {
      if (registry.isOpen(uuid)) host.deliver(ctx, { id: uuid, event });
    },
    close: (reason) => {
      if (registry.finish(uuid)) host.traceClosed(ctx, source, uuid, reason);
    },
  };
}

function unsubscribe(scope: CallScope, op: string, source: SourceKind, uuid: string): void {
  scope.record(op, { uuid: uuid });
  if (scope.ctx.resources.cancel(uuid)) scope.closed(source, uuid, 'cancelled');
}

export const toolingCalls: CallHandlers = {
  'tooling.get': (scope, [name]) => tooling(scope, name).name,
  'tooling.name': (scope, [name]) => tooling(scope, name).name,
  'tooling.kind': (scope, [name]) => tooling(scope, name).kind,
  'tooling.list-tools': async (scope, [name]) => {
    const server = tooling(scope, name);
    scope.record('list_tools', { tooling: server.name });
    return raceAbort(server.listTools(scope.signal), scope.signal);
  },
  'tooling.call-tool': (scope, [name, tool, args]) => {
    const server = tooling(scope, name);
    const delivery = openHandle(scope, scope.ctx.toolCalls, 'tool-call', server, { tool: tool });
    scope.record('call_tool', { tooling: server.name, tool: tool }, delivery.uuid);
    scope.opened('tool-call', delivery.uuid);
    server.startToolCall(tool, argumentsJson(args), delivery);
    return delivery.uuid;
  },
  'tooling.call-tool-blocking': async (scope, [name, tool, args]) => {
    const server = tooling(scope, name);
    scope.record('call_tool_blocking', { tooling: server.name, tool: tool });
    return raceAbort(server.callTool(tool, argumentsJson(args), scope.signal), scope.signal);
  },
  'tooling.is-open': (scope, [, uuid]) => scope.ctx.toolCalls.isOpen(uuid),
  'tooling.cancel': (scope, [, uuid]) => {
    if (scope.ctx.toolCalls.cancel(uuid)) scope.closed('tool-call', uuid, 'cancelled');
  },
  'tooling.list-resources': async (scope, [name]) => {
    const server = tooling(scope, name);
    scope.record('list_resources', {});
    return raceAbort(server.listResources(scope.signal), scope.signal);
  },
  'tooling.read-resource': async (scope, [name, uri]) => {
    const server = tooling(scope, name);
    scope.record('read_resource', { uri: uri });
    return raceAbort(server.readResource(uri, scope.signal), scope.signal);
  },
  'tooling.subscribe-resource-list': async (scope, [name]) => {
    const server = tooling(scope, name);
    const delivery = openHandle(scope, scope.ctx.resources, 'resource-list', server, {});
    scope.record('subscribe_resource_list', {}, delivery.uuid);
    scope.opened('resource-list', delivery.uuid);
    try {
      await raceAbort(Promise.resolve(server.subscribeResourceList(delivery)), scope.signal);
    } catch (error) {
      delivery.close('failed');
      throw error;
    }
    return delivery.uuid;
  },
  'tooling.subscribe-resource': async (scope, [name, uri]) => {
    const server = tooling(scope, name);
    const delivery = openHandle(scope, scope.ctx.resources, 'resource', server, { uri: uri });
    scope.record('subscribe_resource', { uri: uri }, delivery.uuid);
    scope.opened('resource', delivery.uuid);
    try {
      await raceAbort(Promise.resolve(server.subscribeResource(uri, delivery)), scope.signal);
    } catch (error) {
      delivery.close('failed');
      throw error;
    }
    return delivery.uuid;
  },
  'tooling.unsubscribe-resource-list': (scope, [, uuid]) =>
    unsubscribe(scope, 'unsubscribe_resource_list', 'resource-list', uuid),
  'tooling.unsubscribe-resource': (scope, [, uuid]) => unsubscribe(scope, 'unsubscribe_resource', 'resource', uuid),
};
