import { Redactor } from './redactor.ts';
import type { TraceEvent } from './trace-event.ts';

/** A trace event before the recorder stamps its order and time. */
export type UnstampedTraceEvent = TraceEvent extends infer E
  ? E extends TraceEvent
    ? Omit<E, 'seq' | 'time'>
    : never
  : never;

export type TraceListener = (event: TraceEvent) => void;

interface AgentRing {
  events: TraceEvent[];
  /** Index of the oldest event once the ring has wrapped. */
  start: number;
  dropped: number;
}

/**
 * Stamps and fans out trace events. Listeners are called synchronously in recording order, so
 * the assertion engine and `after` gates see every event before the host call that caused it
 * proceeds. Each agent keeps its newest `capacity` events; older ones are counted as dropped.
 */
export class TraceRecorder {
  private seq: number;
  private readonly listeners = new Set<TraceListener>();
  private readonly rings = new Map<string, AgentRing>();

  /**
   * `lastSeq`: a trace that continues an earlier one (the workbench reopening a workspace) numbers
   * on from it. `redactor` replaces the config's secrets in every event before anyone sees it.
   */
  constructor(
    private readonly capacity: number,
    lastSeq = 0,
    readonly redactor = new Redactor([]),
  ) {
    this.seq = lastSeq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Stamps `event` itself, which the recorder then owns: every caller hands over a fresh object. */
  record(event: UnstampedTraceEvent): TraceEvent {
    const clear = this.redactor.active ? this.redactor.value(event) : event;
    const stamped = Object.assign(clear, { seq: ++this.seq, time: Date.now() }) as TraceEvent;
    this.keep(stamped);
    for (const listener of this.listeners) listener(stamped);
    return stamped;
  }

  /**
   * Keeps events an earlier trace recorded (a workspace restarted, or the previous workbench
   * session) as if recorded here, before this trace records anything; listeners are not told.
   */
  keepEarlier(events: readonly TraceEvent[]): void {
    for (const event of events) {
      this.keep(event);
      if (event.seq > this.seq) this.seq = event.seq;
    }
  }

  subscribe(listener: TraceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The kept events of one agent, oldest first. */
  events(agent: string): TraceEvent[] {
    const ring = this.rings.get(agent);
    if (!ring) return [];
    return [...ring.events.slice(ring.start), ...ring.events.slice(0, ring.start)];
  }

  dropped(agent: string): number {
    return this.rings.get(agent)?.dropped ?? 0;
  }

  private keep(event: TraceEvent): void {
    let ring = this.rings.get(event.agent);
    if (!ring) this.rings.set(event.agent, (ring = { events: [], start: 0, dropped: 0 }));
    if (ring.events.length < this.capacity) {
      ring.events.push(event);
      return;
    }
    ring.events[ring.start] = event;
    ring.start = (ring.start + 1) % this.capacity;
    ring.dropped++;
  }
}
