import type { SourceKind } from '../trace/trace-event.ts';

/** What the workbench shows about an open source, besides its kind. */
export type SourceInfo = Record<string, string | number | undefined>;

export interface OpenSource {
  uuid: string;
  source: SourceKind;
  openedAt: number;
  info: SourceInfo;
  /** Stops deliveries; called once, on cancel. */
  stop: () => void;
}

/**
 * The open streams, timers, resource subscriptions or queued tool calls of one agent. Closing is
 * idempotent: whoever removes an entry first (the pump ending, a cancel, a shutdown) decides the
 * close reason, and later attempts are no-ops.
 */
export class CancelRegistry {
  private readonly open = new Map<string, OpenSource>();

  add(entry: OpenSource): void {
    this.open.set(entry.uuid, entry);
  }

  isOpen(uuid: string): boolean {
    return this.open.has(uuid);
  }

  get(uuid: string): OpenSource | undefined {
    return this.open.get(uuid);
  }

  /** Removes the entry without stopping it (its pump finished). */
  finish(uuid: string): OpenSource | undefined {
    const entry = this.open.get(uuid);
    this.open.delete(uuid);
    return entry;
  }

  /** Removes and stops the entry. */
  cancel(uuid: string): OpenSource | undefined {
    const entry = this.finish(uuid);
    entry?.stop();
    return entry;
  }

  list(): OpenSource[] {
    return [...this.open.values()];
  }
}
