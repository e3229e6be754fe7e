// A bounded recording on disk is two segments: `<file>.1`, the older, and `<file>`. Read as one,
// an iteration that a rotation split is whole again and the totals cover both.

import { existsSync } from 'node:fs';
import type { HeaderLine } from './recording-format.ts';
import {
  readRecordingLines,
  RecordingError,
  streamLocatedLines,
  type LocatedLine,
  type ReadLine,
} from './recording-reader.ts';

const segmentOf = (first: ReadLine | undefined): number | undefined =>
  first && 'line' in first ? (first.line as HeaderLine).segment : undefined;

/** Whether `older` is the segment before one whose header is `current` (not another session's `.1`). */
const precedes = (older: ReadLine | undefined, current: ReadLine | undefined): boolean => {
  const segment = segmentOf(current);
  return segment !== undefined && segment >= 2 && segmentOf(older) === segment - 1;
};

/** An older segment's lines as they go before the newer one's: its `end` is not the recording's. */
const beforeNewer = (read: ReadLine) => 'line' in read && read.line.kind !== 'end';

/**
 * The lines of `file`'s older segment then its own, under the older one's header; the newer
 * one's header stays where it began, as a header segment of its own (the brains may differ).
 */
export function readRecordingSegments(file: string): ReadLine[] {
  const current = readNamed(file);
  const olderFile = `${file}.1`;
  if ((segmentOf(current[0]) ?? 0) < 2 || !existsSync(olderFile)) return current;
  const older = readNamed(olderFile);
  // A `.1` from another session (or a damaged one) is not this file's past.
  if (!precedes(older[0], current[0])) return current;
  return [...older.filter(beforeNewer), ...current];
}

/** The lines of one file of a recording, each with where it lies in that file. */
export interface LocatedPart {
  file: string;
  lines: LocatedLine[];
}

/** `readRecordingSegments`, streamed, each line with its place in its file: the older part first. */
export async function locateRecordingSegments(file: string): Promise<LocatedPart[]> {
  // The caller names the file it was given in an error; the older one is named here.
  const current = await locateNamed(file, false);
  const olderFile = `${file}.1`;
  if ((segmentOf(current[0]?.read) ?? 0) < 2 || !existsSync(olderFile)) return [{ file, lines: current }];
  const older = await locateNamed(olderFile, true);
  if (!precedes(older[0]?.read, current[0]?.read)) return [{ file, lines: current }];
  return [
    { file: olderFile, lines: older.filter((line) => beforeNewer(line.read)) },
    { file, lines: current },
  ];
}

async function locateNamed(file: string, named: boolean): Promise<LocatedLine[]> {
  const lines: LocatedLine[] = [];
  try {
    for await (const line of streamLocatedLines(file)) lines.push(line);
  } catch (error) {
    if (named && error instanceof RecordingError) throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
  return lines;
}

function readNamed(file: string): ReadLine[] {
  try {
    return readRecordingLines(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
}
