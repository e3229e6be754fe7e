// Trace events arrive one by one, thousands a second when agents are busy. Renderers get them
// in batches: one message per frame-sized interval instead of one per event.

import type { TraceEvent } from '../trace/trace-event.ts';

export class TraceBatcher {
  private pending: TraceEvent[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flush: (events: TraceEvent[]) => void,
    private readonly intervalMs = 16,
  ) {}

  add(event: TraceEvent): void {
    this.pending.push(event);
    this.timer ??= setTimeout(() => this.drain(), this.intervalMs);
  }

  drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    this.flush(events);
  }
}
