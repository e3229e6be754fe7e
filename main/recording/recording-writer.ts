import { closeSync, existsSync, ftruncateSync, openSync, renameSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { writeFailure } from '../files/disk-fault.ts';
import type { CutLine } from './recording-format.ts';

export interface WriterOptions {
  /** How often buffered lines reach the file; a crash loses at most this much. */
  flushMs?: number;
  /**
   * A bounded recording: once the file is past half of this, it becomes `<file>.1` (replacing the
   * older one) at the next iteration's start, and a new segment starts with the header again; so
   * each segment holds whole iterations, and about `maxBytes` are on disk (a segment that reaches
   * the whole of it rotates at once, mid-iteration).
   */
  maxBytes?: number;
  /**
   * After the disk refused a write, how often to try again (at the flush after this many ms);
   * the recording then goes on after its `cut` line with the header again. Without it a cut
   * recording stays cut (the command line's: it fails instead).
   */
  retryMs?: number;
  /** The disk refused a write: the file ends with a `cut` line (when it had room for one), and lines are dropped. */
  onCut?: (cut: RecordingCut) => void;
  /** Writing goes on after a cut; `dropped` lines were lost in between. */
  onResumed?: (dropped: number) => void;
}

export interface RecordingCut {
  /** Milliseconds since the epoch. */
  time: number;
  /** What the disk said, in a sentence ("no space left on the device (ENOSPC)"). */
  reason: string;
}

/** Lines this long in the buffer are written at once, whatever the flush timer says. */
const FLUSH_BYTES = 256 * 1024;
/**
 * Blank bytes kept allocated after the last line, so that the `cut` line fits on a full disk: the
 * next write overwrites them in place. Readers skip blank lines; `close()` cuts them off.
 */
const RESERVE_BYTES = 1024;
const RESERVE = Buffer.alloc(RESERVE_BYTES, 0x20);
/** More than a `cut` line takes (its reason is a short sentence). */
const CUT_LINE_ROOM = 256;

/**
 * Appends JSON lines to a recording file as they come: buffered, written every `flushMs` and on
 * close. A bounded writer rotates segments, each starting with the header (`segment` counted).
 * A write the disk refuses (full, over quota, failing) never throws: the file keeps every whole
 * line written before, then a `cut` line that says why, and the writer drops lines until the
 * disk takes writes again (`retryMs`) or it is closed.
 */
export class RecordingWriter {
  private fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  /** Where the last whole line ends: the next one is written here, over the reserve. */
  private fileBytes = 0;
  /** Where the bytes the file holds end (its last line, then the blank reserve). */
  private allocatedBytes = 0;
  private segment = 1;
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Set while the disk refuses writes; `dropped` counts the lines lost since. */
  private cutState: (RecordingCut & { dropped: number; triedAt: number }) | undefined;

  constructor(
    readonly file: string,
    private readonly header: (segment: number) => string,
    private readonly options: WriterOptions = {},
  ) {
    this.fd = openSync(file, 'w');
    this.line(header(this.segment));
    this.flush();
    this.timer = setInterval(() => this.flush(), options.flushMs ?? 100);
    this.timer.unref();
  }

  /** Why the recording is cut now, when it is. */
  get cut(): RecordingCut | undefined {
    return this.cutState && { time: this.cutState.time, reason: this.cutState.reason };
  }

  /** Adds one line (JSON text without its newline); `boundary`: it starts an iteration. */
  line(text: string, boundary = false): void {
    if (this.closed || this.dropIfCut()) return;
    const bytes = Buffer.byteLength(text) + 1;
    if (this.rotationDue(bytes, boundary)) this.rotate();
    // A rotation the disk refused cuts the recording too.
    if (this.dropIfCut()) return;
    this.pending.push(text);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  /** While the recording is cut, a line is counted as dropped. */
  private dropIfCut(): boolean {
    if (this.cutState) this.cutState.dropped++;
    return this.cutState !== undefined;
  }

  /** Starts a new header segment here: the header as it is now, before the iteration that follows. */
  restate(): void {
    if (this.closed || this.cutState) return;
    const text = this.header(this.segment);
    // A rotation due here writes the header itself, at the top of the new segment.
    if (this.rotationDue(Buffer.byteLength(text) + 1, true)) this.rotate();
    else this.line(text);
  }

  /** A new segment now, whatever the sizes: what was written so far becomes `<file>.1`. */
  rotateNow(): void {
    if (this.closed || this.cutState) return;
    this.rotate();
  }

  flush(): void {
    if (this.closed) return;
    if (this.cutState) {
      this.retry();
      return;
    }
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.pendingBytes = 0;
    const failed = this.commit(text);
    if (failed) this.cutHere(failed.refused, failed.lost);
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    clearInterval(this.timer);
    const nothingWritten = this.fileBytes === 0;
    try {
      // The reserve goes; truncating frees space, so it succeeds on a full disk too.
      ftruncateSync(this.fd, this.fileBytes);
    } catch {
      // A failing device: the blank reserve stays, and readers skip blank lines.
    } finally {
      closeSync(this.fd);
    }
    // Not even the header fitted: an empty file would read as no recording at all.
    if (nothingWritten) rmSync(this.file, { force: true });
  }

  private rotationDue(bytes: number, boundary: boolean): boolean {
    const cap = this.options.maxBytes;
    const size = this.fileBytes + this.pendingBytes + bytes;
    return cap !== undefined && size > cap / 2 && (boundary || size > cap);
  }

  /**
   * Writes whole lines after the last ones, with the reserve after them. When the disk refuses
   * part of it, the whole lines that reached it stay, the rest is undone (blanks again, for the
   * `cut` line), and the reason is returned with the number of lines that did not make it.
   */
  private commit(text: string): { refused: string; lost: number } | undefined {
    const lines = Buffer.from(text);
    const data = Buffer.concat([lines, RESERVE]);
    let done = 0;
    try {
      while (done < data.length) done += writeSync(this.fd, data, done, data.length - done, this.fileBytes + done);
    } catch (error) {
      this.allocatedBytes = Math.max(this.allocatedBytes, this.fileBytes + done);
      // The lines that reached the disk stay, but for the room the `cut` line needs after them.
      const room = this.allocatedBytes - this.fileBytes - CUT_LINE_ROOM;
      const limit = Math.min(done, lines.length, room);
      const whole = limit > 0 ? lines.subarray(0, limit).lastIndexOf(0x0a) + 1 : 0;
      const kept = countLines(lines.subarray(0, whole));
      this.fileBytes += whole;
      this.undoPartialWrite();
      return { refused: writeFailure(error), lost: countLines(lines) - kept };
    }
    this.fileBytes += lines.length;
    this.allocatedBytes = Math.max(this.allocatedBytes, this.fileBytes + RESERVE_BYTES);
    return undefined;
  }

  /** Part of a line may have reached the disk: the file goes back to its whole lines, then blanks. */
  private undoPartialWrite(): void {
    try {
      ftruncateSync(this.fd, this.allocatedBytes);
      const room = this.allocatedBytes - this.fileBytes;
      if (room > 0) writeAllAt(this.fd, Buffer.alloc(room, 0x20), this.fileBytes);
    } catch {
      // A device that cannot even take back its own bytes: the reader takes a cut last line as
      // the end of a crashed recording.
    }
  }

  /**
   * The disk refused `lines` lines: the `cut` line goes into the reserve, which the file already
   * holds, so no new space is needed for it.
   */
  private cutHere(reason: string, lines: number): void {
    const time = Date.now();
    this.cutState = { time, reason, dropped: lines, triedAt: time };
    const cut: CutLine = { kind: 'cut', time, reason };
    const line = Buffer.from(`${JSON.stringify(cut)}\n`);
    if (line.length <= this.allocatedBytes - this.fileBytes) {
      try {
        writeAllAt(this.fd, line, this.fileBytes);
        this.fileBytes += line.length;
      } catch {
        this.undoPartialWrite();
      }
    }
    this.options.onCut?.({ time, reason });
  }

  /** After a cut: now and then, the header again; when the disk takes it, recording goes on. */
  private retry(): void {
    const state = this.cutState!;
    const { retryMs } = this.options;
    if (retryMs === undefined || Date.now() - state.triedAt < retryMs) return;
    state.triedAt = Date.now();
    if (this.commit(`${this.header(this.segment)}\n`) !== undefined) return;
    this.cutState = undefined;
    this.options.onResumed?.(state.dropped);
  }

  private rotate(): void {
    this.flush();
    if (this.cutState) return;
    try {
      closeSync(this.fd);
      renameSync(this.file, `${this.file}.1`);
      this.fd = openSync(this.file, 'w');
    } catch (error) {
      // The segment so far stays whole, under whichever name it has now, and ends with the cut.
      this.fd = openSync(existsSync(this.file) ? this.file : `${this.file}.1`, 'r+');
      this.cutHere(writeFailure(error), 0);
      return;
    }
    try {
      // The older segment without its blank reserve.
      truncateSync(`${this.file}.1`, this.fileBytes);
    } catch {
      // Readers skip blank lines.
    }
    this.fileBytes = 0;
    this.allocatedBytes = 0;
    this.segment++;
    const header = this.header(this.segment);
    this.pending.push(header);
    this.pendingBytes += Buffer.byteLength(header) + 1;
  }
}

/** `writeSync` may write less than asked (a disk filling up): the rest goes on until done or refused. */
function writeAllAt(fd: number, data: Buffer, position: number): void {
  let done = 0;
  while (done < data.length) done += writeSync(fd, data, done, data.length - done, position + done);
}

function countLines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}
