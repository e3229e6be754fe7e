import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolResultSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';

import type { McpToolingParams } from './mcp-tooling-params.ts';
import type { ResourceContent, ResourceInfo, Tool, ToolResult } from '../../host-api/wit-types.generated.ts';
import type { BackendStatus } from '../../backends/backend-status.ts';
import type { Delivery, Tooling } from '../tooling.ts';
import { McpConnection, requestTimeout, type McpConnectionOptions } from './mcp-connection.ts';
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
    this.subscriptions = new McpSubscriptions(this.connection, this);
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
      const result = await client.callTool(
        { name, ...(toolArguments ? { arguments: toolArguments } : {}) },
        CallToolResultSchema,
        options,
      );
      return witToolResult(name, args, result as CallToolResult);
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

  subscribeResourceList(delivery: Delivery): void {
    this.subscriptions.watchList(delivery);
  }

  subscribeResource(uri: string, delivery: Delivery): Promise<void> {
    return this.subscriptions.watch(uri, delivery);
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
   * Runs one request with a signal of its own: the SDK never removes its abort listener, and the
   * caller's signal (an iteration's) outlives thousands of requests.
   */
  private async request<T>(
    signal: AbortSignal,
    work: (client: Client, options: RequestOptions) => Promise<T>,
  ): Promise<T> {
    const own = new AbortController();
    const forward = () => own.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    const options = { signal: own.signal, ...requestTimeout(this.params) };
    this.inFlight++;
    try {
      return await this.connection.request((client) => work(client, options));
    } finally {
      signal.removeEventListener('abort', forward);
      this.inFlight--;
    }
  }

  private listen(client: Client): void {
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.subscriptions.listChanged());
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
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
