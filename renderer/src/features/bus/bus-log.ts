// The bus as the bus inspector lists it: every event that entered an inbox (pending until the
// brain receives it, then consumed), every message an agent sent, and the requests (a chat
// stream, a queued tool call) whose answers come back through the inbox, grouped with them.

import type {
  CallTrace,
  ClosedTrace,
  DeliveredTrace,
  InboundTrace,
  Json,
  ResultTrace,
} from '../../../../main/trace/trace-event.ts';

/**
 * `request`: a call whose answers arrive in the inbox; `sent`: a message an agent sent;
 * `pending`: in the target's inbox, not received yet; `consumed`: received by the brain;
 * `discarded`: the inbox let it go unread (a stale reload or shutdown, a restarted workspace).
 */
export type BusRowState = 'request' | 'sent' | 'pending' | 'consumed' | 'discarded';

export interface BusRow {
  seq: number;
  time: number;
  source: string;
  target: string;
  kind: string;
  state: BusRowState;
  /** When the brain received it (a consumed row), and its `inbound` event, which the timeline lists. */
  consumedAt?: number;
  inboundSeq?: number;
  /** The request this row is or answers: its handle's UUID. */
  group?: string;
  size: number;
  preview: string;
  payload: unknown;
}

/** A request and its answers so far; `end` is its last answer's time (or its close). */
export interface BusGroup {
  id: string;
  request: BusRow;
  answers: BusRow[];
  start: number;
  end?: number;
  closed?: ClosedTrace['reason'];
}

/** Calls whose handle's events are the call's answers. */
const REQUEST_OPS = new Set([
  'chat_stream',
  'call_tool',
  'read_resource',
  'subscribe_resource',
  'subscribe_resource_list',
]);
const GROUP_CAPACITY = 5000;
const PREVIEW_CHARS = 200;

const textOf = (payload: unknown): string =>
  typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : JSON.stringify(payload);

const targetOf = (detail: Json): string => {
  const d = (detail ?? {}) as { provider?: Json; tooling?: Json };
  return String(d.provider ?? d.tooling ?? 'host');
};

export class BusLog {
  rows: BusRow[] = [];
  dropped = 0;
  /** Capture is paused: nothing new is listed (what is listed is still marked). */
  paused = false;
  readonly groups = new Map<string, BusGroup>();
  /** Every kind listed since the last clear, sorted: the kind filter's choices. */
  kinds: readonly string[] = [];
  /** Per agent, its listed rows still in the inbox, oldest first (inboxes are FIFO). */
  private readonly pending = new Map<string, { row: BusRow; id: string }[]>();
  /** `send_agent` rows waiting for their call's result, which carries the payload. */
  private readonly sends = new Map<number, BusRow>();

  clear(): void {
    this.rows = [];
    this.dropped = 0;
    this.kinds = [];
    this.groups.clear();
    this.pending.clear();
    this.sends.clear();
  }

  /** Keeps the newest `capacity` rows; the rest are counted as dropped. */
  trim(capacity: number): void {
    if (this.rows.length <= capacity) return;
    const excess = this.rows.length - capacity;
    this.rows.splice(0, excess);
    this.dropped += excess;
  }

  call(event: CallTrace, origin: string): void {
    if (this.paused) return;
    if (event.op === 'send_agent') {
      const target = String((event.detail as { agent?: Json })?.agent ?? '');
      this.sends.set(event.seq, this.push(event, event.agent, target, 'message', 'sent', undefined));
      return;
    }
    if (!event.uuid || !REQUEST_OPS.has(event.op)) return;
    const row = this.push(event, origin, targetOf(event.detail), event.op, 'request', event.detail);
    row.group = event.uuid;
    this.groups.set(event.uuid, { id: event.uuid, request: row, answers: [], start: event.time });
    if (this.groups.size > GROUP_CAPACITY) this.groups.delete(this.groups.keys().next().value!);
  }

  result(event: ResultTrace): void {
    const row = this.sends.get(event.callSeq);
    if (!row) return;
    this.sends.delete(event.callSeq);
    describe(row, event.omitted?.payload ?? null);
  }

  delivered(event: DeliveredTrace, source: string): void {
    if (this.paused) return;
    const row = this.push(event, source, event.agent, event.event.kind, 'pending', dataOf(event));
    this.answer(row, event.id);
    let queue = this.pending.get(event.agent);
    if (!queue) this.pending.set(event.agent, (queue = []));
    queue.push({ row, id: event.id });
  }

  /** The brain received an event: its pending row is consumed, or it is listed as consumed. */
  inbound(event: InboundTrace, source: string): void {
    const queue = this.pending.get(event.agent);
    const at = queue?.findIndex((p) => p.id === event.id && p.row.kind === event.event.kind) ?? -1;
    if (queue && at >= 0) {
      const { row } = queue.splice(at, 1)[0]!;
      row.state = 'consumed';
      row.consumedAt = event.time;
      row.inboundSeq = event.seq;
      return;
    }
    if (this.paused) return;
    const row = this.push(event, source, event.agent, event.event.kind, 'consumed', dataOf(event));
    row.consumedAt = event.time;
    row.inboundSeq = event.seq;
    this.answer(row, event.id);
  }

  /**
   * What the host drops from an inbox unread: at an iteration's start the stale reload and
   * shutdown events; at a workspace restart (a new host) everything.
   */
  discard(agent: string, cause: 'iteration' | 'workspace'): void {
    const queue = this.pending.get(agent);
    if (!queue) return;
    const kept = queue.filter(({ row }) => {
      const stale = cause === 'workspace' || row.kind === 'reload' || row.kind === 'shutdown';
      if (stale) row.state = 'discarded';
      return !stale;
    });
    this.pending.set(agent, kept);
  }

  closed(event: ClosedTrace): void {
    const group = this.groups.get(event.uuid);
    if (!group) return;
    group.closed = event.reason;
    group.end = Math.max(group.end ?? event.time, event.time);
  }

  private answer(row: BusRow, id: string): void {
    const group = this.groups.get(id);
    if (!group) return;
    row.group = id;
    // The answers come from what the request asked (the provider, the tooling).
    row.source = group.request.target;
    group.answers.push(row);
    group.end = row.time;
  }

  private push(
    event: { seq: number; time: number },
    source: string,
    target: string,
    kind: string,
    state: BusRowState,
    payload: unknown,
  ): BusRow {
    const row: BusRow = {
      seq: event.seq,
      time: event.time,
      source,
      target,
      kind,
      state,
      size: 0,
      preview: '',
      payload,
    };
    describe(row, payload);
    this.rows.push(row);
    // A new array only when a kind first appears, so that the filter's choices render again only then.
    if (!this.kinds.includes(kind)) this.kinds = [...this.kinds, kind].sort();
    return row;
  }
}

const dataOf = (event: DeliveredTrace | InboundTrace): unknown => ('data' in event.event ? event.event.data : null);

function describe(row: BusRow, payload: unknown): void {
  const text = textOf(payload);
  row.payload = payload;
  row.size = text.length;
  row.preview = text.slice(0, PREVIEW_CHARS);
}
