// How one session is told about resource changes, by protocol era. A 2025-era server is asked
// with `resources/subscribe` and sends list changes unasked; on 2026-07-28 both come only on a
// `subscriptions/listen` stream opened for them. Either way the notifications reach the client's
// ordinary notification handlers.

import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';

import { HostCallError } from '../../host-api/host-call-error.ts';

/** A server's agreement to report changes, for as long as it lasts. */
export interface ChangeFeed {
  /** Ends the feed; a server that is gone has forgotten it anyway. */
  close(): Promise<void>;
  /** Resolves if the server ends the feed unasked (a listen stream that broke or was ended). */
  readonly lost: Promise<void>;
}

/** The server answered, but leaves out what was asked for: asking again will not help. */
export class ChangeFeedRefused extends HostCallError {}

const NEVER_LOST = new Promise<void>(() => undefined);

export async function openResourceFeed(client: Client, uri: string): Promise<ChangeFeed> {
  if (client.getProtocolEra() === 'modern') {
    return listen(client, { resourceSubscriptions: [uri] }, (honored) => honored.resourceSubscriptions?.includes(uri));
  }
  await client.subscribeResource({ uri });
  return {
    close: () => client.unsubscribeResource({ uri }).then(() => undefined),
    lost: NEVER_LOST,
  };
}

export async function openListFeed(client: Client): Promise<ChangeFeed> {
  if (client.getProtocolEra() === 'modern') {
    return listen(client, { resourcesListChanged: true }, (honored) => honored.resourcesListChanged);
  }
  return { close: () => Promise.resolve(), lost: NEVER_LOST };
}

/** Opens a listen stream; one that leaves out what was asked for is closed and refused. */
async function listen(
  client: Client,
  filter: SubscriptionFilter,
  agreed: (honored: SubscriptionFilter) => boolean | undefined,
): Promise<ChangeFeed> {
  const subscription = await client.listen(filter);
  if (!agreed(subscription.honoredFilter)) {
    await subscription.close();
    throw new ChangeFeedRefused(`the server does not report ${describe(filter)}`);
  }
  return {
    close: () => subscription.close(),
    lost: subscription.closed.then((how) => (how === 'local' ? NEVER_LOST : undefined)),
  };
}

function describe(filter: SubscriptionFilter): string {
  return filter.resourceSubscriptions
    ? `changes to ${filter.resourceSubscriptions.join(', ')}`
    : 'changes to its resource list';
}
