// What the host sends one API socket, bounded by how fast the other end reads. Past a high-water
// mark of unsent bytes the socket's events are held back (held-events.ts keeps what it will need)
// and, when it has read down to a low-water mark, it gets a `resync` message saying how many it
// missed, then what was kept. Answers are always sent; past a second, higher mark the socket's
// requests are no longer read, so a client that asks without reading cannot grow the host. A
// socket whose unsent bytes have not gone down for `stallMs` is closed with code 1008 and a
// reason (and cut off soon after if it does not read that either); the page's transport answers
// a close by reconnecting.

import type { WebSocket } from 'ws';
import type { ApiResponse, ServerMessage } from '../../contract/messages.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { HeldEvents } from './held-events.ts';

export interface OutboxLimits {
  /** Unsent bytes past which events are held back. */
  holdEventsAt: number;
  /** Unsent bytes past which the socket's requests are not read. */
  stopReadingAt: number;
  /** Unsent bytes under which events and requests flow again. */
  resumeAt: number;
  /** How long unsent bytes may stay without going down before the socket is closed. */
  stallMs: number;
  /** How often a socket that is behind is looked at. */
  pollMs: number;
}

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = {
  holdEventsAt: 2 * 1024 * 1024,
  stopReadingAt: 8 * 1024 * 1024,
  resumeAt: 256 * 1024,
  stallMs: 60_000,
  pollMs: 100,
};

/** RFC 6455: the endpoint received a message that violates its policy. */
const POLICY_VIOLATION = 1008;
/** A stalled socket does not read the close frame either: it is cut off after this long. */
const CLOSE_GRACE_MS = 5_000;

export class SocketOutbox {
  private held: HeldEvents | undefined;
  private readingPaused = false;
  private poll: NodeJS.Timeout | undefined;
  private lowest = 0;
  private lowestAt = 0;

  constructor(
    private readonly ws: WebSocket,
    /** Called when the socket has read enough to take answers again. */
    private readonly drained: () => void,
    private readonly limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
  ) {}

  /** Whether answers may be produced for the socket now. */
  get reading(): boolean {
    return !this.readingPaused;
  }

  /** Whether events are being held back, for the server's figures. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  respond(response: ApiResponse): void {
    this.send({ kind: 'response', ...response });
    if (!this.readingPaused && this.ws.bufferedAmount > this.limits.stopReadingAt) {
      this.readingPaused = true;
      this.ws.pause();
      this.watch();
    }
  }

  event(event: WorkbenchEvent): void {
    if (!this.held && this.ws.bufferedAmount > this.limits.holdEventsAt) {
      this.held = new HeldEvents();
      this.watch();
    }
    if (this.held) this.held.add(event);
    else this.send({ kind: 'event', event });
  }

  close(): void {
    clearInterval(this.poll);
    this.poll = undefined;
    this.held = undefined;
  }

  private send(message: ServerMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private watch(): void {
    if (this.poll) return;
    this.lowest = this.ws.bufferedAmount;
    this.lowestAt = performance.now();
    this.poll = setInterval(() => this.look(), this.limits.pollMs);
  }

  private look(): void {
    const unsent = this.ws.bufferedAmount;
    const now = performance.now();
    if (unsent < this.lowest) {
      this.lowest = unsent;
      this.lowestAt = now;
    }
    if (unsent <= this.limits.resumeAt) {
      this.resume();
      return;
    }
    if (now - this.lowestAt > this.limits.stallMs) {
      const seconds = Math.round(this.limits.stallMs / 1000);
      this.close();
      this.ws.close(POLICY_VIOLATION, `not reading: ${unsent} bytes unread for ${seconds} s`);
      setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  private resume(): void {
    clearInterval(this.poll);
    this.poll = undefined;
    const held = this.held;
    this.held = undefined;
    if (held) {
      this.send({ kind: 'resync', missed: held.missed });
      for (const event of held.kept()) this.send({ kind: 'event', event });
    }
    if (this.readingPaused) {
      this.readingPaused = false;
      this.ws.resume();
      this.drained();
    }
  }
}
