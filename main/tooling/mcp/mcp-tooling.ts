import type { CacheableRequestOptions, Client } from '@modelcontextprotocol/client';

import type { McpToolingParams } from './mcp-tooling-params.ts';
import type { ResourceContent, ResourceInfo, Tool, ToolResult } from '../../host-api/wit-types.generated.ts';
import type { BackendStatus } from '../../backends/backend-status.ts';
import type { Delivery, Tooling } from '../tooling.ts';
import { McpConnection, type McpConnectionOptions } from './mcp-connection.ts';
import { requestTimeout } from './mcp-session.ts';
import { McpSubscriptions } from './mcp-subscriptions.ts';
import { witResourceContent, witResourceInfo, witTool, witToolResult } from './mcp-wit-shapes.ts';

export type McpToolingOptions = Pick<McpConnectionOptions, 'cwd' | 'backoff'>;

/**
 * A Model Context Protocol server (omw-compat 1.3) over stdio or Streamable HTTP. Queued tool
 * calls and resource subscriptions deliver straight into the agent's inbox as the server answers
 * or notifies.
 */
export class McpTooling implements Tooling {
  readonly kind = 'mcp';
  private readonly connection: McpConnection;
  private readonly subscriptions: McpSubscriptions;
  private readonly queuedCalls = new Map<string, AbortController>();
  private inFlight = 0;

  constructor(
    readonly name: string,
    private readonly params: McpToolingParams,
    options: McpToolingOptions,
  ) {
    this.connection = new McpConnection({
      name,
      params,
      ...options,
      configure: (client) => this.listen(client),
      onConnected: (client) => this.subscriptions.resubscribe(client),
    });
    this.subscriptions = new McpSubscriptions(this.connection, this, options.backoff);
    this.connection.start();
  }

  listTools(signal: AbortSignal): Promise<Tool[]> {
    return this.request(signal, async (client, options) => {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {}, options);
        tools.push(...page.tools.map(witTool));
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    });
  }

  callTool(name: string, args: string, signal: AbortSignal): Promise<ToolResult> {
    const toolArguments = argumentsObject(args);
    return this.request(signal, async (client, options) => {
      const result = await client.callTool({ name, ...(toolArguments ? { arguments: toolArguments } : {}) }, options);
      return witToolResult(name, args, result);
    });
  }

  startToolCall(name: string, args: string, delivery: Delivery): void {
    const controller = new AbortController();
    this.queuedCalls.set(delivery.uuid, controller);
    this.callTool(name, args, controller.signal)
      .then(
        (result) => {
          delivery.deliver({ kind: 'tool-result', data: result });
          delivery.close('ended');
        },
        (error: Error) => {
          if (controller.signal.aborted) return;
          delivery.deliver({ kind: 'error', data: error.message });
          delivery.close('failed');
        },
      )
      .finally(() => this.queuedCalls.delete(delivery.uuid));
  }

  listResources(signal: AbortSignal): Promise<ResourceInfo[]> {
    return this.request(signal, async (client, options) => {
      const resources: ResourceInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listResources(cursor ? { cursor } : {}, options);
        resources.push(...page.resources.map(witResourceInfo));
        cursor = page.nextCursor;
      } while (cursor);
      return resources;
    });
  }

  readResource(uri: string, signal: AbortSignal): Promise<ResourceContent> {
    return this.request(signal, async (client, options) =>
      witResourceContent(uri, await client.readResource({ uri }, options)),
    );
  }

  subscribeResourceList(delivery: Delivery): Promise<void> {
    return this.subscriptions.watchList(delivery);
  }

  subscribeResource(uri: string, delivery: Delivery): Promise<void> {
    return this.subscriptions.watchResource(uri, delivery);
  }

  stop(uuid: string): void {
    // Aborting sends the server a cancellation for the request.
    this.queuedCalls.get(uuid)?.abort(new Error('tool call cancelled'));
    this.queuedCalls.delete(uuid);
    this.subscriptions.unwatch(uuid);
  }

  status(): BackendStatus {
    return this.connection.status(this.inFlight);
  }

  restart(): Promise<void> {
    return this.connection.restart();
  }

  close(): Promise<void> {
    for (const controller of this.queuedCalls.values()) controller.abort(new Error('tooling closed'));
    return this.connection.close();
  }

  /**
   * Runs one request with a signal of its own, so the caller's signal (an iteration's, which
   * outlives thousands of requests) holds one listener per request, removed when it ends, whatever
   * the SDK does with the signal it is given. Lists and reads always go to
   * the server: the brain sees what the server says now, whatever cache hints a 2026-07-28 server
   * gives.
   */
  private async request<T>(
    signal: AbortSignal,
    work: (client: Client, options: CacheableRequestOptions) => Promise<T>,
  ): Promise<T> {
    const own = new AbortController();
    const forward = () => own.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    const options = { signal: own.signal, cacheMode: 'refresh' as const, ...requestTimeout(this.params) };
    this.inFlight++;
    try {
      return await this.connection.request((client) => work(client, options));
    } finally {
      signal.removeEventListener('abort', forward);
      this.inFlight--;
    }
  }

  private listen(client: Client): void {
    // Either era: unasked on a 2025-era session, on a listen stream on 2026-07-28.
    client.setNotificationHandler('notifications/resources/list_changed', () => this.subscriptions.listChanged());
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      this.subscriptions.resourceUpdated(notification.params.uri),
    );
  }
}

/** MCP arguments are an object; anything else (omw's null for text that was not JSON) means none. */
function argumentsObject(text: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}
