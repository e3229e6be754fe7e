import type { Client } from '@modelcontextprotocol/client';

import type { ResourceContent, ResourceInfo } from '../../host-api/wit-types.generated.ts';
import type { Delivery } from '../tooling.ts';
import { ChangeFeedRefused, openListFeed, openResourceFeed, type ChangeFeed } from './mcp-change-feeds.ts';
import type { McpConnection } from './mcp-connection.ts';

export interface ResourceFetcher {
  listResources(signal: AbortSignal): Promise<ResourceInfo[]>;
  readResource(uri: string, signal: AbortSignal): Promise<ResourceContent>;
}

/** What a group of handles watches: one resource's URI, or the resource list. */
const RESOURCE_LIST = Symbol('resource list');
type Watched = string | typeof RESOURCE_LIST;

interface WatchGroup {
  watchers: Map<string, Delivery>;
  /** The server's agreement; later watchers wait on the same one. */
  feed: Promise<ChangeFeed>;
}

/**
 * The resource subscriptions of one MCP server. The server is asked once per URI (and once for the
 * list), however many handles watch it, and released when the last goes. Each notification fetches
 * the fresh list or content once and delivers it to every handle watching.
 */
export class McpSubscriptions {
  private readonly groups = new Map<Watched, WatchGroup>();
  private readonly watchedBy = new Map<string, Watched>();

  constructor(
    private readonly connection: McpConnection,
    private readonly fetcher: ResourceFetcher,
    /** How soon a listen stream the server dropped is opened again, doubling up to the cap. */
    private readonly retry: { startMs: number; capMs: number },
  ) {}

  /** Resolves once the server agreed to report list changes (2025-era servers need no asking). */
  watchList(delivery: Delivery): Promise<void> {
    return this.watch(RESOURCE_LIST, delivery);
  }

  /** Resolves once the server has acknowledged the subscription; fails when it refuses it. */
  watchResource(uri: string, delivery: Delivery): Promise<void> {
    return this.watch(uri, delivery);
  }

  /** True when `uuid` was a subscription here. */
  unwatch(uuid: string): boolean {
    const watched = this.watchedBy.get(uuid);
    if (watched === undefined) return false;
    this.watchedBy.delete(uuid);
    const group = this.groups.get(watched);
    group?.watchers.delete(uuid);
    if (group?.watchers.size === 0) {
      this.groups.delete(watched);
      // Best effort: a server that is down has forgotten the subscription anyway.
      group.feed.then((feed) => feed.close()).catch(() => undefined);
    }
    return true;
  }

  /** After a reconnect the new session knows nothing of the old subscriptions; a refusal reaches the watchers. */
  async resubscribe(client: Client): Promise<void> {
    await Promise.all(
      [...this.groups].map(async ([watched, group]) => {
        group.feed = this.open(watched, client);
        try {
          await group.feed;
        } catch (error) {
          this.tell(group, `could not renew the subscription to ${describe(watched)}: ${(error as Error).message}`);
        }
      }),
    );
  }

  async listChanged(): Promise<void> {
    const group = this.groups.get(RESOURCE_LIST);
    if (!group) return;
    try {
      const list = await this.fetcher.listResources(AbortSignal.timeout(60_000));
      for (const w of group.watchers.values())
        w.deliver({ kind: 'resource-list-updated', data: list.map((r) => ({ ...r })) });
    } catch (error) {
      this.tell(group, (error as Error).message);
    }
  }

  async resourceUpdated(uri: string): Promise<void> {
    const group = this.groups.get(uri);
    if (!group) return;
    try {
      const content = await this.fetcher.readResource(uri, AbortSignal.timeout(60_000));
      for (const w of group.watchers.values()) w.deliver({ kind: 'resource-updated', data: { ...content } });
    } catch (error) {
      this.tell(group, (error as Error).message);
    }
  }

  private async watch(watched: Watched, delivery: Delivery): Promise<void> {
    let group = this.groups.get(watched);
    if (!group) {
      group = { watchers: new Map(), feed: this.connection.request((client) => this.open(watched, client)) };
      this.groups.set(watched, group);
    }
    group.watchers.set(delivery.uuid, delivery);
    this.watchedBy.set(delivery.uuid, watched);
    try {
      await group.feed;
    } catch (error) {
      this.unwatch(delivery.uuid);
      throw error;
    }
  }

  private async open(watched: Watched, client: Client): Promise<ChangeFeed> {
    const feed = watched === RESOURCE_LIST ? await openListFeed(client) : await openResourceFeed(client, watched);
    void feed.lost.then(() => this.renew(watched, feed, client));
    return feed;
  }

  /**
   * A listen stream the server ended while the session goes on (an HTTP server that restarted):
   * opened again once the server answers. A lost session is renewed by the reconnect instead.
   */
  private async renew(watched: Watched, lost: ChangeFeed, client: Client): Promise<void> {
    let delayMs = this.retry.startMs;
    for (;;) {
      const group = this.groups.get(watched);
      if (!group || !this.connection.isCurrent(client) || (await group.feed.catch(() => undefined)) !== lost) return;
      await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
      const renewed = this.connection.request((current) => this.open(watched, current));
      try {
        await renewed;
        if (this.groups.get(watched) === group) group.feed = renewed;
        else void renewed.then((feed) => feed.close());
        return;
      } catch (error) {
        if (error instanceof ChangeFeedRefused) {
          this.tell(group, `could not renew the subscription to ${describe(watched)}: ${error.message}`);
          return;
        }
        delayMs = Math.min(delayMs * 2, this.retry.capMs);
      }
    }
  }

  private tell(group: WatchGroup, message: string): void {
    for (const w of group.watchers.values()) w.deliver({ kind: 'error', data: message });
  }
}

function describe(watched: Watched): string {
  return watched === RESOURCE_LIST ? 'the resource list' : watched;
}
