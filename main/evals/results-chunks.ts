// A results file read in chunks of compact trial cells, for the Evals view: each chunk is a run of
// whole lines from a byte offset, so the view paints the first cases of a file of any size at
// once and loads the rest behind them, and one trial's full line is read again from its offset.
// Every line is checked as results-reader.ts checks it (the file may come from elsewhere).

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

import type { ResultsChunk, ResultsCursor, ResultsHeaderView, TrialCell } from '../../contract/eval-views.ts';
import type { ResultsHeader, TrialLine } from './results-format.ts';
import { parseHeader, parseTrial, ResultsError } from './results-reader.ts';

/** The header is one line; a line longer than this is not a header of ours. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;
/** `runEval` takes at most 1,000 trials a case; a file claiming far more would only starve the view. */
const MAX_TRIAL_NUMBER = 10_000;
/** A trial line longer than this (a recording is beside it, not in it) is refused. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

function headerView(header: ResultsHeader): ResultsHeaderView {
  const scorers = Array.isArray(header.eval?.scorers) ? header.eval.scorers : [];
  return {
    eval: typeof header.eval?.file === 'string' ? header.eval.file : '',
    createdAt: typeof header.createdAt === 'number' ? header.createdAt : 0,
    trials: typeof header.options?.trials === 'number' ? header.options.trials : 0,
    scorers: scorers.map((s) => (typeof s?.name === 'string' ? s.name : '?')),
    selected: typeof header.selected === 'number' ? header.selected : 0,
  };
}

const costOf = (line: TrialLine): number => {
  const amounts = line.usage.cost?.amounts;
  if (typeof amounts !== 'object' || amounts === null) return 0;
  return Object.values(amounts).reduce((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
};

function cellOf(line: TrialLine, at: number): TrialCell {
  return {
    case: line.case,
    caseIndex: line.caseIndex,
    trial: line.trial,
    tags: Array.isArray(line.tags) ? line.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    ...(typeof line.split === 'string' ? { split: line.split } : {}),
    verdict: line.verdict,
    score: line.score,
    cost: costOf(line),
    durationMs: typeof line.durationMs === 'number' ? line.durationMs : 0,
    at,
  };
}

function readHeader(fd: number, file: string): { header: ResultsHeader; end: number } {
  const head = readAt(fd, 0, MAX_HEADER_BYTES);
  const newline = head.indexOf(10);
  if (head.length === 0) throw new ResultsError(`${file}: empty: not a Brainbench results file`);
  const text = head.subarray(0, newline < 0 ? head.length : newline).toString('utf8');
  return { header: parseHeader(text, file), end: newline < 0 ? head.length : newline + 1 };
}

/** What a chunk's reader parsed besides its cells, for a caller that keeps the whole file (a comparison). */
export interface ChunkLines {
  header?: ResultsHeader;
  lines: TrialLine[];
  /** The file's last line has no end (it is left out of the cells). */
  cut: boolean;
}

/**
 * The trial lines from `from` (the start, when null) up to about `bytes` bytes, whole lines only.
 * `shown` is the file's name in errors; `parsed`, when given, gets the header and the lines read.
 */
export function readResultsChunk(
  file: string,
  shown: string,
  from: ResultsCursor | null,
  bytes: number,
  parsed?: ChunkLines,
): ResultsChunk {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const { header, end } = readHeader(fd, shown);
    const start = from ?? { byte: end, line: 2 };
    if (start.byte < end || start.byte > size)
      throw new ResultsError(`${shown}: no trial line starts at byte ${start.byte}`);
    let buffer = readAt(fd, start.byte, Math.min(bytes, size - start.byte));
    // A chunk holds whole lines: one longer than the chunk is read to its end.
    while (buffer.indexOf(10) < 0 && start.byte + buffer.length < size) {
      if (buffer.length > MAX_LINE_BYTES) throw new ResultsError(`${shown}: line ${start.line}: longer than 16 MB`);
      buffer = Buffer.concat([buffer, readAt(fd, start.byte + buffer.length, bytes)]);
    }
    const atEnd = start.byte + buffer.length >= size;
    const last = buffer.lastIndexOf(10);
    // The file's last line without its end: a run still writing (as readResults leaves it out).
    const usable = last < 0 ? 0 : last + 1;
    if (parsed) {
      parsed.header = header;
      parsed.cut = atEnd && usable < buffer.length;
    }
    const cells: TrialCell[] = [];
    let currency: string | undefined;
    let offset = 0;
    let line = start.line;
    while (offset < usable) {
      const newline = buffer.indexOf(10, offset);
      const text = buffer.subarray(offset, newline).toString('utf8');
      if (text.trim() !== '') {
        const trial = parseTrial(text, shown, line);
        if (trial.trial > MAX_TRIAL_NUMBER)
          throw new ResultsError(
            `${shown}: line ${line}: trial ${trial.trial} is past the ${MAX_TRIAL_NUMBER} the view shows`,
          );
        currency ??= Object.keys(trial.usage.cost?.amounts ?? {})[0];
        parsed?.lines.push(trial);
        cells.push(cellOf(trial, start.byte + offset));
      }
      offset = newline + 1;
      line++;
    }
    const read = start.byte + usable;
    return {
      path: shown,
      header: headerView(header),
      cells,
      next: atEnd ? null : { byte: read, line },
      read: atEnd ? size : read,
      size,
      ...(currency !== undefined ? { currency } : {}),
    };
  } finally {
    closeSync(fd);
  }
}

/** The trial line that starts at byte `at`, checked. */
export function readTrialAt(file: string, shown: string, at: number): TrialLine {
  const fd = openSync(file, 'r');
  try {
    const { end } = readHeader(fd, shown);
    if (!Number.isInteger(at) || at < end) throw new ResultsError(`${shown}: no trial line starts at byte ${at}`);
    const before = at > 0 ? readAt(fd, at - 1, 1) : Buffer.from('\n');
    if (before[0] !== 10) throw new ResultsError(`${shown}: no trial line starts at byte ${at}`);
    let buffer = Buffer.alloc(0);
    while (buffer.indexOf(10) < 0) {
      const more = readAt(fd, at + buffer.length, 256 * 1024);
      if (more.length === 0) break;
      buffer = Buffer.concat([buffer, more]);
      if (buffer.length > MAX_LINE_BYTES)
        throw new ResultsError(`${shown}: the line at byte ${at} is longer than 16 MB`);
    }
    const newline = buffer.indexOf(10);
    const text = buffer.subarray(0, newline < 0 ? buffer.length : newline).toString('utf8');
    try {
      return parseTrial(text, shown, 0);
    } catch (error) {
      throw new ResultsError((error as Error).message.replace(': line 0:', `: the line at byte ${at}:`));
    }
  } finally {
    closeSync(fd);
  }
}
