// A bounded recording on disk is two segments: `<file>.1`, the older, and `<file>`. Read as one,
// an iteration that a rotation split is whole again and the totals cover both.

import { existsSync } from 'node:fs';
import type { HeaderLine } from './recording-format.ts';
import { readRecordingLines, RecordingError, type ReadLine } from './recording-reader.ts';

const segmentOf = (lines: readonly ReadLine[]): number | undefined => {
  const first = lines[0];
  return first && 'line' in first ? (first.line as HeaderLine).segment : undefined;
};

/**
 * The lines of `file`'s older segment then its own, under the older one's header; the newer
 * one's header stays where it began, as a header segment of its own (the brains may differ).
 */
export function readRecordingSegments(file: string): ReadLine[] {
  const current = readNamed(file);
  const olderFile = `${file}.1`;
  const segment = segmentOf(current);
  if (segment === undefined || segment < 2 || !existsSync(olderFile)) return current;
  const older = readNamed(olderFile);
  // A `.1` from another session (or a damaged one) is not this file's past.
  if (segmentOf(older) !== segment - 1) return current;
  const kept = older.filter((read) => 'line' in read && read.line.kind !== 'end');
  return [...kept, ...current];
}

function readNamed(file: string): ReadLine[] {
  try {
    return readRecordingLines(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
}
