import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import type { ResourceContent, ResourceInfo } from '../../host-api/wit-types.generated.ts';
import type { Delivery } from '../tooling.ts';
import type { McpConnection } from './mcp-connection.ts';

export interface ResourceFetcher {
  listResources(signal: AbortSignal): Promise<ResourceInfo[]>;
  readResource(uri: string, signal: AbortSignal): Promise<ResourceContent>;
}

/**
 * The resource subscriptions of one MCP server. The server is subscribed to a URI once, however
 * many handles watch it, and unsubscribed when the last goes. Each notification fetches the fresh
 * list or content once and delivers it to every handle watching.
 */
export class McpSubscriptions {
  private readonly listWatchers = new Map<string, Delivery>();
  private readonly watchersByUri = new Map<string, Map<string, Delivery>>();
  private readonly uriOf = new Map<string, string>();

  constructor(
    private readonly connection: McpConnection,
    private readonly fetcher: ResourceFetcher,
  ) {}

  watchList(delivery: Delivery): void {
    this.listWatchers.set(delivery.uuid, delivery);
  }

  /** Resolves once the server has acknowledged the subscription; fails when it refuses it. */
  async watch(uri: string, delivery: Delivery): Promise<void> {
    let watchers = this.watchersByUri.get(uri);
    const first = !watchers;
    if (!watchers) {
      watchers = new Map();
      this.watchersByUri.set(uri, watchers);
    }
    watchers.set(delivery.uuid, delivery);
    this.uriOf.set(delivery.uuid, uri);
    if (!first) return;
    try {
      await this.connection.request((client) => client.subscribeResource({ uri }));
    } catch (error) {
      this.unwatch(delivery.uuid);
      throw error;
    }
  }

  /** True when `uuid` was a subscription here. */
  unwatch(uuid: string): boolean {
    if (this.listWatchers.delete(uuid)) return true;
    const uri = this.uriOf.get(uuid);
    if (uri === undefined) return false;
    this.uriOf.delete(uuid);
    const watchers = this.watchersByUri.get(uri);
    watchers?.delete(uuid);
    if (watchers?.size === 0) {
      this.watchersByUri.delete(uri);
      // Best effort: a server that is down has forgotten the subscription anyway.
      this.connection.request((client) => client.unsubscribeResource({ uri })).catch(() => undefined);
    }
    return true;
  }

  /** After a reconnect the new session knows nothing of the old subscriptions; a refusal reaches the watchers. */
  async resubscribe(client: Client): Promise<void> {
    await Promise.all(
      [...this.watchersByUri].map(async ([uri, watchers]) => {
        try {
          await client.subscribeResource({ uri });
        } catch (error) {
          const data = `could not renew the subscription to ${uri}: ${(error as Error).message}`;
          for (const w of watchers.values()) w.deliver({ kind: 'error', data });
        }
      }),
    );
  }

  async listChanged(): Promise<void> {
    if (this.listWatchers.size === 0) return;
    const watchers = [...this.listWatchers.values()];
    try {
      const list = await this.fetcher.listResources(AbortSignal.timeout(60_000));
      for (const w of watchers) w.deliver({ kind: 'resource-list-updated', data: list.map((r) => ({ ...r })) });
    } catch (error) {
      for (const w of watchers) w.deliver({ kind: 'error', data: (error as Error).message });
    }
  }

  async resourceUpdated(uri: string): Promise<void> {
    const watchers = [...(this.watchersByUri.get(uri)?.values() ?? [])];
    if (watchers.length === 0) return;
    try {
      const content = await this.fetcher.readResource(uri, AbortSignal.timeout(60_000));
      for (const w of watchers) w.deliver({ kind: 'resource-updated', data: { ...content } });
    } catch (error) {
      for (const w of watchers) w.deliver({ kind: 'error', data: (error as Error).message });
    }
  }
}
