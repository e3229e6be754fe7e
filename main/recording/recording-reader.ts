import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RECORDING_FORMAT, RECORDING_VERSION, type HeaderLine, type RecordingLine } from './recording-format.ts';

export class RecordingError extends Error {}

/** The kinds this reader knows; a later writer's other kinds are skipped (the format only adds). */
const KNOWN_KINDS = new Set<unknown>(['header', 'call', 'trace', 'delivered', 'end', 'cut']);

/** What a reader made of one line: a record, or the truncated last line of a file still being written. */
export type ReadLine = { line: RecordingLine } | { truncated: string };

function parseLine(text: string, number: number, last: boolean): ReadLine | undefined {
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // A crash (or a reader racing the writer) cuts the last line; anything else is damage.
    if (last) return { truncated: text };
    throw new RecordingError(`line ${number}: not JSON: ${(error as Error).message}`);
  }
  const kind = (parsed as { kind?: unknown } | null)?.kind;
  // A header later in the file starts a new header segment: the brains or config changed there.
  if (number === 1 || kind === 'header') checkHeader(parsed, number);
  else if (typeof kind !== 'string') throw new RecordingError(`line ${number}: not a record (no "kind")`);
  else if (!KNOWN_KINDS.has(kind)) return undefined;
  return { line: parsed as RecordingLine };
}

function checkHeader(parsed: unknown, number: number): asserts parsed is HeaderLine {
  const header = parsed as Partial<HeaderLine> | null;
  if (header?.kind !== 'header' || header.format !== RECORDING_FORMAT)
    throw new RecordingError(`line ${number}: not a Brainbench recording (expected a "${RECORDING_FORMAT}" header)`);
  if (typeof header.version !== 'number' || header.version > RECORDING_VERSION)
    throw new RecordingError(
      `line ${number}: recording format version ${String(header.version)}; this Brainbench reads up to ${RECORDING_VERSION}`,
    );
}

/**
 * Reads a recording line by line without holding the file: for a recording of any size, or one
 * that is still being written. A last line without its end is reported as truncated, not an error.
 */
export async function* streamRecording(file: string): AsyncGenerator<ReadLine> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  let previous: string | undefined;
  // One line behind, so that the last one is known to be last.
  for await (const text of lines) {
    if (previous !== undefined) {
      const read = parseLine(previous, number, false);
      if (read) yield read;
    }
    previous = text;
    number++;
  }
  if (previous !== undefined) {
    const read = parseLine(previous, number, true);
    if (read) yield read;
  }
  if (number === 0) throw new RecordingError('empty file: not a Brainbench recording');
}

/** Every line of a recording file that fits in memory, the same way `streamRecording` reads it. */
export function readRecordingLines(file: string): ReadLine[] {
  const texts = readFileSync(file, 'utf8').split('\n');
  if (texts.at(-1) === '') texts.pop();
  if (texts.length === 0) throw new RecordingError('empty file: not a Brainbench recording');
  return texts.flatMap((text, i) => parseLine(text, i + 1, i === texts.length - 1) ?? []);
}

/** A line of a recording file and where it lies in the file (bytes, its end excluded). */
export interface LocatedLine {
  read: ReadLine;
  /** The line's number in the file, from 1. */
  number: number;
  start: number;
  end: number;
}

const LF = 0x0a;

/**
 * `streamRecording`'s lines, each with its byte range, so that a part of the file can be read
 * again later (`readRecordingSpan`) instead of kept.
 */
export async function* streamLocatedLines(file: string): AsyncGenerator<LocatedLine> {
  let offset = 0;
  let lineStart = 0;
  let pending: Buffer[] = [];
  let number = 0;
  let previous: { text: string; start: number; end: number } | undefined;
  const located = (last: boolean): LocatedLine | undefined => {
    if (!previous) return undefined;
    const read = parseLine(previous.text, number, last);
    return read && { read, number, start: previous.start, end: previous.end };
  };
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(LF, from); at !== -1; at = chunk.indexOf(LF, from)) {
      pending.push(chunk.subarray(from, at));
      // One line behind, as streamRecording reads, so that the last one is known to be last.
      const found = located(false);
      if (found) yield found;
      previous = { text: Buffer.concat(pending).toString('utf8'), start: lineStart, end: offset + at };
      number++;
      pending = [];
      from = at + 1;
      lineStart = offset + from;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
    offset += chunk.length;
  }
  if (pending.length > 0) {
    const found = located(false);
    if (found) yield found;
    previous = { text: Buffer.concat(pending).toString('utf8'), start: lineStart, end: offset };
    number++;
  }
  const last = located(true);
  if (last) yield last;
  if (number === 0) throw new RecordingError('empty file: not a Brainbench recording');
}

/**
 * The lines between two byte offsets of a recording (line boundaries an earlier read found),
 * `firstNumber` being the first one's line number. The file must be the one that was read.
 */
export function readRecordingSpan(file: string, start: number, end: number, firstNumber: number): ReadLine[] {
  const bytes = Buffer.alloc(end - start);
  const fd = openSync(file, 'r');
  try {
    for (let read = 0; read < bytes.length;) {
      const got = readSync(fd, bytes, read, bytes.length - read, start + read);
      if (got === 0) throw new RecordingError('the recording changed while it was read');
      read += got;
    }
  } finally {
    closeSync(fd);
  }
  return bytes
    .toString('utf8')
    .split('\n')
    .flatMap((text, i) => parseLine(text, firstNumber + i, false) ?? []);
}
