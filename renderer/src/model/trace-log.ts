// Every trace event the renderer has seen, kept outside React state: panels read it through
// derived indexes and re-render on a version counter. Bounded; what falls off is counted.

import { ChatResultAssembler } from '../../../main/host-api/chat-result-assembler.ts';
import type { ChatResult } from '../../../main/host-api/wit-types.generated.ts';
import type { TraceEvent } from '../../../main/trace/trace-event.ts';

export const TRACE_CAPACITY = 200_000;

export interface Iteration {
  agent: string;
  iteration: number;
  /** The sequence number of its start, which orders it among restarts. */
  seq: number;
  trigger: string;
  start: number;
  end?: number;
  /** Its own time, without the time it was held at host calls. */
  durationMs?: number;
  heldMs?: number;
  outcome?: string;
  error?: string;
  line?: number;
  column?: number;
  /** Everything else that happened in the iteration, in order. */
  events: TraceEvent[];
}

/**
 * One row of the bus inspector: an event entering an agent's inbox. Messages between agents are
 * the inbound `message` events whose source is the sending agent.
 */
export interface BusRow {
  seq: number;
  time: number;
  source: string;
  target: string;
  kind: string;
  size: number;
  preview: string;
  payload: unknown;
}

/** Where an agent started afresh, between its iterations. */
export interface RestartMark {
  seq: number;
  time: number;
  cause: 'agent' | 'workspace';
}

/** A chat stream as the chat panel shows it, assembled from its deltas as they arrive. */
export interface ChatStream {
  agent: string;
  uuid: string;
  detail: unknown;
  openedAt: number;
  /** The deltas so far, folded as the provider side folds them for a blocking `chat`. */
  reply: ChatResult;
  deltas: number;
  closed?: string;
  error?: string;
}

export class TraceLog {
  events: TraceEvent[] = [];
  bus: BusRow[] = [];
  dropped = 0;
  busDropped = 0;
  /** Capture is paused: events still reach the timeline, not the bus table. */
  busPaused = false;
  readonly iterations = new Map<string, Iteration[]>();
  readonly restarts = new Map<string, RestartMark[]>();
  /** Newest last; the oldest closed ones are forgotten beyond a few hundred. */
  readonly chats = new Map<string, ChatStream>();
  private readonly chatFolds = new Map<string, ChatResultAssembler>();
  private readonly current = new Map<string, Iteration>();
  /** Where a uuid came from: an agent name (subscriptions) or a source kind. */
  private readonly origins = new Map<string, string>();
  private readonly seen = new Set<number>();
  private readonly inboundCounts = new Map<string, number>();

  add(batch: TraceEvent[]): void {
    for (const event of batch) {
      if (this.seen.has(event.seq)) continue;
      this.seen.add(event.seq);
      this.events.push(event);
      this.index(event);
    }
    if (this.events.length > TRACE_CAPACITY) {
      const excess = this.events.length - TRACE_CAPACITY;
      for (const e of this.events.splice(0, excess)) this.seen.delete(e.seq);
      this.dropped += excess;
    }
    if (this.bus.length > TRACE_CAPACITY) {
      const excess = this.bus.length - TRACE_CAPACITY;
      this.bus.splice(0, excess);
      this.busDropped += excess;
    }
  }

  clearBus(): void {
    this.bus = [];
    this.busDropped = 0;
  }

  /** Events delivered so far from one source (a subscription's updates, a stream's deltas). */
  inboundCount(uuid: string): number {
    return this.inboundCounts.get(uuid) ?? 0;
  }

  iterationsOf(agent: string): Iteration[] {
    return this.iterations.get(agent) ?? [];
  }

  restartsOf(agent: string): RestartMark[] {
    return this.restarts.get(agent) ?? [];
  }

  private index(event: TraceEvent): void {
    if (event.type === 'restart') {
      const marks = this.restarts.get(event.agent) ?? [];
      marks.push({ seq: event.seq, time: event.time, cause: event.cause });
      if (marks.length > 5000) marks.shift();
      this.restarts.set(event.agent, marks);
    } else if (event.type === 'iteration-start') {
      const iteration: Iteration = {
        agent: event.agent,
        iteration: event.iteration,
        seq: event.seq,
        trigger: event.trigger,
        start: event.time,
        events: [],
      };
      this.current.set(event.agent, iteration);
      const list = this.iterations.get(event.agent) ?? [];
      list.push(iteration);
      if (list.length > 5000) list.shift();
      this.iterations.set(event.agent, list);
    } else {
      const iteration = this.current.get(event.agent);
      if (event.type === 'iteration-end' && iteration) {
        Object.assign(iteration, {
          end: event.time,
          durationMs: event.durationMs,
          ...(event.heldMs !== undefined ? { heldMs: event.heldMs } : {}),
          ...(event.outcome
            ? { outcome: event.outcome === 'completed' ? 'completed' : `exited: ${event.outcome.exited}` }
            : {}),
          ...(event.error ? { error: event.error, line: event.line, column: event.column } : {}),
        });
        this.current.delete(event.agent);
      } else if (iteration && iteration.iteration === event.iteration) {
        iteration.events.push(event);
      }
    }
    // A subscription's call names the sending agent; its `opened` (recorded after it) only says `agent`.
    if (event.type === 'opened' && !this.origins.has(event.uuid)) this.origins.set(event.uuid, event.source);
    this.indexChat(event);
    if (event.type === 'call') {
      if (event.op === 'subscribe_agent' && event.uuid)
        this.origins.set(event.uuid, String((event.detail as { agent?: string })?.agent ?? 'agent'));
      if (event.op === 'subscribe_lifecycle' && event.uuid) this.origins.set(event.uuid, 'lifecycle');
    }
    if (event.type === 'inbound') this.inboundCounts.set(event.id, (this.inboundCounts.get(event.id) ?? 0) + 1);
    if (event.type === 'inbound' && !this.busPaused) {
      const data = 'data' in event.event ? event.event.data : null;
      this.pushBus(event, this.origins.get(event.id) ?? 'external', event.agent, event.event.kind, data);
    }
  }

  private indexChat(event: TraceEvent): void {
    if (event.type === 'call' && event.op === 'chat_stream' && event.uuid) {
      const fold = new ChatResultAssembler();
      this.chatFolds.set(event.uuid, fold);
      this.chats.set(event.uuid, {
        agent: event.agent,
        uuid: event.uuid,
        detail: event.detail,
        openedAt: event.time,
        reply: fold.result(),
        deltas: 0,
      });
      if (this.chats.size > 300) {
        const oldest = [...this.chats.values()].find((c) => c.closed);
        if (oldest) {
          this.chats.delete(oldest.uuid);
          this.chatFolds.delete(oldest.uuid);
        }
      }
      return;
    }
    const uuid = event.type === 'inbound' ? event.id : event.type === 'closed' ? event.uuid : undefined;
    const chat = uuid ? this.chats.get(uuid) : undefined;
    if (!chat) return;
    if (event.type === 'closed') {
      chat.closed = event.reason;
      return;
    }
    if (event.type !== 'inbound') return;
    if (event.event.kind === 'error') chat.error = event.event.data;
    const fold = this.chatFolds.get(chat.uuid);
    if (event.event.kind !== 'chat-delta' || !fold) return;
    fold.add(event.event.data);
    chat.reply = fold.result();
    chat.deltas++;
  }

  private pushBus(
    event: TraceEvent & { type: 'inbound' },
    source: string,
    target: string,
    kind: string,
    payload: unknown,
  ): void {
    const text =
      typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : JSON.stringify(payload);
    this.bus.push({
      seq: event.seq,
      time: event.time,
      source,
      target,
      kind,
      size: text.length,
      preview: text.slice(0, 200),
      payload,
    });
  }
}

export const traceLog = new TraceLog();
