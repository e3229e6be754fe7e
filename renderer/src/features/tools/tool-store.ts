// Tool calls tried from the Providers & tooling panel (their history, newest first) and the
// resources followed there, with the updates that came. Kept for the page's life, per back end.

import { create } from 'zustand';
import type { ResourceContent } from '../../../../main/host-api/wit-types.generated.ts';
import { onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { request } from '../../core/workbench-store.ts';

export interface ToolCallRecord {
  id: number;
  tooling: string;
  tool: string;
  /** The arguments as sent (JSON text). */
  args: string;
  startedAt: number;
  durationMs?: number;
  result?: string;
  error?: string;
}

export interface ResourceFollow {
  subscription: string;
  tooling: string;
  uri: string;
  /** The newest first, a few kept. */
  updates: { at: number; content: ResourceContent }[];
  count: number;
}

interface ToolState {
  calls: ToolCallRecord[];
  follows: ResourceFollow[];
}

const HISTORY_AT_MOST = 50;
const UPDATES_KEPT = 10;

export const useTools = create<ToolState>(() => ({ calls: [], follows: [] }));
const set = useTools.setState;
let nextId = 1;

/** Calls the tool and records the call; the answer (or the failure) is in the record. */
export async function callTool(tooling: string, tool: string, args: string): Promise<ToolCallRecord> {
  const record: ToolCallRecord = { id: nextId++, tooling, tool, args, startedAt: Date.now() };
  set((s) => ({ calls: [record, ...s.calls].slice(0, HISTORY_AT_MOST) }));
  const started = performance.now();
  let done: ToolCallRecord;
  try {
    done = { ...record, result: await request('callTool', tooling, tool, args) };
  } catch (error) {
    done = { ...record, error: (error as Error).message };
  }
  done.durationMs = performance.now() - started;
  set((s) => ({ calls: s.calls.map((c) => (c.id === record.id ? done : c)) }));
  return done;
}

export function clearHistory(tooling: string): void {
  set((s) => ({ calls: s.calls.filter((c) => c.tooling !== tooling) }));
}

/** Follows a resource; throws what the host refused (said by the resource's row). */
export async function follow(tooling: string, uri: string): Promise<void> {
  const subscription = await request('subscribeResource', tooling, uri);
  set((s) => ({ follows: [...s.follows, { subscription, tooling, uri, updates: [], count: 0 }] }));
}

export async function unfollow(subscription: string): Promise<void> {
  set((s) => ({ follows: s.follows.filter((f) => f.subscription !== subscription) }));
  await request('unsubscribeResource', subscription).catch(() => false);
}

onWorkbenchEvent((event) => {
  if (event.type !== 'resource-update') return;
  set((s) => ({
    follows: s.follows.map((f) =>
      f.subscription === event.subscription
        ? {
            ...f,
            count: f.count + 1,
            updates: [{ at: Date.now(), content: event.content }, ...f.updates].slice(0, UPDATES_KEPT),
          }
        : f,
    ),
  }));
});
