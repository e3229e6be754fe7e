// A brain's prints and logs travel from the engine thread to the bridge through a ring in shared
// memory rather than as one message each. A brain that floods output then costs a bounded buffer:
// it blocks while the ring is full (backpressure; the bridge empties it as fast as the host takes
// the output), the bridge's event loop is never swamped, so its watchdog keeps time, and what the
// brain wrote before its engine thread had to be stopped is still there to send.
//
// In a replay the ring also carries, in their place among the prints, how many host calls the
// engine thread served itself from its script and the end of each iteration that ran as recorded
// (docs/recordings.md), so that the host traces them where they happened.
//
// Records are 4-byte aligned: kind (u8: a print, a log at one of omw's levels, served calls, an
// iteration's end), three spare bytes, text length (u32), then the text in UTF-8 (a count, or
// the iteration's result as JSON, for the last two). A record that does not fit before the end of
// the ring starts again at 0, behind a wrap marker (or implicitly when fewer than 8 bytes are left).

import type { OutputEntry } from '../agent-protocol/agent-protocol.ts';
import type { RunResult } from '../runtimes/engine.ts';

/**
 * Header slots (Int32): where the writer writes next, where the reader reads next, and how many
 * entries wait between them.
 */
const WRITE = 0;
const READ = 1;
const PENDING = 2;
const HEADER_BYTES = 12;
const RECORD_HEADER = 8;
const PRINT = 0;
/** A log's kind is 1 + its level's index; any other level is info, as the host traces it. */
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
const INFO = 1 + LOG_LEVELS.indexOf('info');
const SERVED = 0xfe;
const ITERATED = 0xfd;
const WRAP = 0xff;

function kindOf(entry: OutputEntry): number {
  if (entry.kind === 'print') return PRINT;
  if (entry.kind === 'served') return SERVED;
  if (entry.kind === 'iterated') return ITERATED;
  const index = (LOG_LEVELS as readonly string[]).indexOf(entry.level);
  return index === -1 ? INFO : 1 + index;
}

/** Room for a flood's worth of output between two drains; the bridge drains far sooner. */
export const RING_BYTES = 4 * 1024 * 1024;
/**
 * Entries that may wait at once: the host records every one before it sees what the brain did
 * next (an iteration's result, say), so this bounds how late that comes in a flood.
 */
const MAX_PENDING = 8192;
/** A longer print or log message is cut, with a note, so that a record always fits the ring. */
export const MAX_TEXT_CHARS = 256 * 1024;
/** How long a blocked writer sleeps between looks at the interrupt flag. */
const FULL_WAIT_MS = 20;
/** How long the note of an iteration's dropped lines waits for room in a full ring. */
export const OUTPUT_NOTE_PATIENCE_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const newOutputRing = (): SharedArrayBuffer => new SharedArrayBuffer(HEADER_BYTES + RING_BYTES);

const align = (bytes: number): number => (bytes + 3) & ~3;

function textOf(entry: OutputEntry): string {
  switch (entry.kind) {
    case 'print':
      return cut(entry.text);
    case 'log':
      return cut(entry.message);
    case 'served':
      return String(entry.count);
    case 'iterated':
      return JSON.stringify(entry.result);
  }
}

function cut(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  return `${text.slice(0, MAX_TEXT_CHARS)}… [${text.length - MAX_TEXT_CHARS} more characters not shown]`;
}

export interface OutputLimit {
  /** Lines (prints and logs) one iteration may write; 0: no limit. */
  maxLines: number;
  /** Called once an iteration writes one line more than it may: it is to be stopped. */
  exceeded(): void;
}

const NO_LIMIT: OutputLimit = { maxLines: 0, exceeded: () => {} };

/** The engine thread's end. */
export class OutputWriter {
  readonly #header: Int32Array;
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #interrupted: () => boolean;
  readonly #limit: OutputLimit;
  /** Calls served since the last record, written as one record before whatever comes next. */
  #served = 0;
  /** Lines the running iteration wrote, and how many of them were dropped past the limit. */
  #lines = 0;
  #dropped = 0;

  constructor(ring: SharedArrayBuffer, interrupted: () => boolean, limit: OutputLimit = NO_LIMIT) {
    this.#header = new Int32Array(ring, 0, 3);
    this.#bytes = new Uint8Array(ring, HEADER_BYTES, RING_BYTES);
    this.#view = new DataView(ring, HEADER_BYTES, RING_BYTES);
    this.#interrupted = interrupted;
    this.#limit = limit;
  }

  /**
   * Appends one entry; blocks while the ring is full, gives up when the iteration is being
   * stopped. A line past the iteration's limit is dropped, and counted.
   */
  write(entry: OutputEntry): void {
    if (entry.kind === 'print' || entry.kind === 'log') {
      this.#lines++;
      const { maxLines } = this.#limit;
      if (maxLines > 0 && this.#lines > maxLines) {
        if (this.#dropped++ === 0) this.#limit.exceeded();
        return;
      }
    }
    this.flushServed();
    this.#append(entry);
  }

  /** A new iteration starts with no lines written. */
  beginIteration(): void {
    this.#lines = 0;
    this.#dropped = 0;
  }

  /**
   * Says how many lines the iteration had dropped, after what it wrote; true when it wrote past
   * its limit (its engine may have finished before it looked at the interrupt flag).
   */
  endIteration(): boolean {
    if (this.#dropped === 0) return false;
    const dropped = this.#dropped;
    this.#dropped = 0;
    this.flushServed();
    this.#append({
      kind: 'log',
      level: 'warn',
      message: `${dropped} more lines of output not shown (max_output_lines)`,
    });
    return true;
  }

  /** One more host call served from the replay script; recorded lazily, with its neighbours. */
  served(): void {
    this.#served++;
  }

  /**
   * A replayed iteration ended as recorded; false when it was not written (the engine is being
   * stopped, or its result too long for a record, which is never cut): the result then goes as a message.
   */
  iterated(result: RunResult): boolean {
    if (JSON.stringify(result).length > MAX_TEXT_CHARS) return false;
    this.flushServed();
    return this.#append({ kind: 'iterated', result });
  }

  /** Records the calls served so far, before a call goes to the bridge or the command ends. */
  flushServed(): void {
    if (this.#served === 0) return;
    const count = this.#served;
    this.#served = 0;
    this.#append({ kind: 'served', count });
  }

  /** With `patienceMs`, waits that long for room even while the iteration is being stopped. */
  #append(entry: OutputEntry, patienceMs = 0): boolean {
    const text = textOf(entry);
    // Room for the worst case of UTF-8 (three bytes a UTF-16 unit); the record takes what it uses.
    const at = this.#reserve(align(RECORD_HEADER + 3 * text.length), patienceMs);
    if (at === undefined) return false;
    const textStart = at + RECORD_HEADER;
    const textLength = encoder.encodeInto(text, this.#bytes.subarray(textStart, textStart + 3 * text.length)).written;
    this.#view.setUint8(at, kindOf(entry));
    this.#view.setUint32(at + 4, textLength);
    const previous = Atomics.load(this.#header, WRITE);
    Atomics.add(this.#header, PENDING, 1);
    Atomics.store(this.#header, WRITE, (at + align(RECORD_HEADER + textLength)) % RING_BYTES);
    // A reader that had caught up may be asleep on the old position; one that lags will look again.
    if (Atomics.load(this.#header, READ) === previous) Atomics.notify(this.#header, WRITE);
    return true;
  }

  /** Where a record of `size` bytes goes, once there is room; undefined when interrupted (past `patienceMs`). */
  #reserve(size: number, patienceMs: number): number | undefined {
    const giveUpAt = patienceMs > 0 ? performance.now() + patienceMs : 0;
    for (;;) {
      const write = Atomics.load(this.#header, WRITE);
      const read = Atomics.load(this.#header, READ);
      // One spare slot keeps a full ring apart from an empty one.
      const free = RING_BYTES - ((write - read + RING_BYTES) % RING_BYTES) - 4;
      const tail = RING_BYTES - write;
      if (Atomics.load(this.#header, PENDING) < MAX_PENDING) {
        if (size <= tail && size <= free) return write;
        if (size > tail && tail + size <= free) {
          if (tail >= RECORD_HEADER) this.#view.setUint8(write, WRAP);
          return 0;
        }
      }
      if (this.#interrupted() && performance.now() >= giveUpAt) return undefined;
      Atomics.wait(this.#header, READ, read, FULL_WAIT_MS);
    }
  }
}

/** The bridge's end. */
export class OutputReader {
  readonly #header: Int32Array;
  readonly #bytes: Uint8Array;
  readonly #view: DataView;

  constructor(ring: SharedArrayBuffer) {
    this.#header = new Int32Array(ring, 0, 3);
    this.#bytes = new Uint8Array(ring, HEADER_BYTES, RING_BYTES);
    this.#view = new DataView(ring, HEADER_BYTES, RING_BYTES);
  }

  /** Takes up to `max` entries off the ring, in order, and wakes a writer waiting for room. */
  read(max = Infinity): OutputEntry[] {
    const entries: OutputEntry[] = [];
    const write = Atomics.load(this.#header, WRITE);
    let read = Atomics.load(this.#header, READ);
    while (read !== write && entries.length < max) {
      if (RING_BYTES - read < RECORD_HEADER || this.#view.getUint8(read) === WRAP) {
        read = 0;
        continue;
      }
      const kind = this.#view.getUint8(read);
      const textLength = this.#view.getUint32(read + 4);
      const textStart = read + RECORD_HEADER;
      const text = decoder.decode(this.#bytes.subarray(textStart, textStart + textLength));
      if (kind === PRINT) entries.push({ kind: 'print', text });
      else if (kind === SERVED) entries.push({ kind: 'served', count: Number(text) });
      else if (kind === ITERATED) entries.push({ kind: 'iterated', result: JSON.parse(text) as RunResult });
      else entries.push({ kind: 'log', level: LOG_LEVELS[kind - 1] ?? 'info', message: text });
      read = (read + align(RECORD_HEADER + textLength)) % RING_BYTES;
    }
    Atomics.sub(this.#header, PENDING, entries.length);
    Atomics.store(this.#header, READ, read);
    Atomics.notify(this.#header, READ);
    return entries;
  }

  /** Wakes a `whenWritten` that waits on a ring nobody writes to any more. */
  wake(): void {
    Atomics.notify(this.#header, WRITE);
  }

  /** Resolves when the ring holds something to read (or on `wake`). */
  async whenWritten(): Promise<void> {
    const write = Atomics.load(this.#header, WRITE);
    if (write !== Atomics.load(this.#header, READ)) return;
    const waited = Atomics.waitAsync(this.#header, WRITE, write);
    if (waited.async) await waited.value;
  }
}
