import { closeSync, openSync, renameSync, writeSync } from 'node:fs';

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
}

/** Lines this long in the buffer are written at once, whatever the flush timer says. */
const FLUSH_BYTES = 256 * 1024;

/**
 * Appends JSON lines to a recording file as they come: buffered, written every `flushMs` and on
 * close. A bounded writer rotates segments, each starting with the header (`segment` counted).
 */
export class RecordingWriter {
  private fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private fileBytes = 0;
  private segment = 1;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

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

  /** Adds one line (JSON text without its newline); `boundary`: it starts an iteration. */
  line(text: string, boundary = false): void {
    if (this.closed) return;
    const bytes = Buffer.byteLength(text) + 1;
    const cap = this.options.maxBytes;
    const size = this.fileBytes + this.pendingBytes + bytes;
    if (cap !== undefined && size > cap / 2 && (boundary || size > cap)) this.rotate();
    this.pending.push(text);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0 || this.closed) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.fileBytes += this.pendingBytes;
    this.pendingBytes = 0;
    writeSync(this.fd, text);
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    clearInterval(this.timer);
    closeSync(this.fd);
  }

  private rotate(): void {
    this.flush();
    closeSync(this.fd);
    renameSync(this.file, `${this.file}.1`);
    this.fd = openSync(this.file, 'w');
    this.fileBytes = 0;
    this.segment++;
    const header = this.header(this.segment);
    this.pending.push(header);
    this.pendingBytes += Buffer.byteLength(header) + 1;
  }
}
