// Every trace event the renderer has seen, kept outside React state: panels read it through
// derived indexes and re-render on a version counter. Bounded; what falls off is counted.

import { ChatResultAssembler } from '../../../../main/host-api/chat-result-assembler.ts';
import type { ChatResult } from '../../../../main/host-api/wit-types.generated.ts';
import type { RestartTrace, TraceEvent } from '../../../../main/trace/trace-event.ts';
import { BusLog, type BusRow } from '../../features/bus/bus-log.ts';

export type { BusRow } from '../../features/bus/bus-log.ts';

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

/** Where an agent started afresh, between its iterations. */
export interface RestartMark {
  seq: number;
  time: number;
  cause: RestartTrace['cause'];
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
  /** A blocking `chat` call: no deltas, its answer arrives whole with the call's result. */
  blocking?: true;
}

export class TraceLog {
  events: TraceEvent[] = [];
  dropped = 0;
  readonly busLog = new BusLog();
  readonly iterations = new Map<string, Iteration[]>();
  readonly restarts = new Map<string, RestartMark[]>();
  /** Newest last; the oldest closed ones are forgotten beyond a few hundred. */
  readonly chats = new Map<string, ChatStream>();
  private readonly chatFolds = new Map<string, ChatResultAssembler>();
  /** Blocking chat calls waiting for their result, by the call's sequence number. */
  private readonly blockingChats = new Map<number, ChatStream>();
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
    this.busLog.trim(TRACE_CAPACITY);
  }

  get bus(): readonly BusRow[] {
    return this.busLog.rows;
  }

  get busDropped(): number {
    return this.busLog.dropped;
  }

  /** Capture is paused: events still reach the timeline, not the bus table. */
  get busPaused(): boolean {
    return this.busLog.paused;
  }

  set busPaused(paused: boolean) {
    this.busLog.paused = paused;
  }

  clearBus(): void {
    this.busLog.clear();
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
      } else if (iteration && iteration.iteration === event.iteration && event.type !== 'delivered') {
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
    this.indexBus(event);
  }

  private indexBus(event: TraceEvent): void {
    const bus = this.busLog;
    if (event.type === 'call') bus.call(event, event.agent);
    else if (event.type === 'result') bus.result(event);
    else if (event.type === 'delivered') bus.delivered(event, this.origins.get(event.id) ?? 'external');
    else if (event.type === 'inbound') bus.inbound(event, this.origins.get(event.id) ?? 'external');
    else if (event.type === 'closed') bus.closed(event);
    else if (event.type === 'iteration-start') bus.discard(event.agent, 'iteration');
    else if (event.type === 'restart' && event.cause !== 'agent') bus.discard(event.agent, 'workspace');
  }

  private indexChat(event: TraceEvent): void {
    if (event.type === 'call' && event.op === 'chat_stream' && event.uuid) {
      const fold = new ChatResultAssembler();
      this.chatFolds.set(event.uuid, fold);
      this.addChat({
        agent: event.agent,
        uuid: event.uuid,
        detail: event.detail,
        openedAt: event.time,
        reply: fold.result(),
        deltas: 0,
      });
      return;
    }
    if (event.type === 'call' && event.op === 'chat') {
      const chat: ChatStream = {
        agent: event.agent,
        uuid: `chat-call-${event.seq}`,
        detail: event.detail,
        openedAt: event.time,
        reply: new ChatResultAssembler().result(),
        deltas: 0,
        blocking: true,
      };
      this.blockingChats.set(event.seq, chat);
      this.addChat(chat);
      return;
    }
    if (event.type === 'result') {
      const chat = this.blockingChats.get(event.callSeq);
      if (!chat) return;
      this.blockingChats.delete(event.callSeq);
      if (event.ok && event.value) chat.reply = event.value as unknown as ChatResult;
      chat.closed = event.ok ? 'ended' : 'failed';
      if (!event.ok) chat.error = event.error;
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

  private addChat(chat: ChatStream): void {
    this.chats.set(chat.uuid, chat);
    if (this.chats.size <= 300) return;
    const oldest = [...this.chats.values()].find((c) => c.closed);
    if (!oldest) return;
    this.chats.delete(oldest.uuid);
    this.chatFolds.delete(oldest.uuid);
  }
}

export const traceLog = new TraceLog();
