// The brain's frames in a QuickJS stack trace (`new Error().stack` taken in the prelude), at the
// brain's own positions, innermost first, and which function of the brain each is in; and, for
// the frames outside the innermost, which hooked statement's record belongs to each.

import type { InstrumentedBrain } from './instrument.ts';

export interface BrainFrame {
  /** The function's name as QuickJS gives it; `<brain>` for the top level. */
  name: string;
  line: number;
  column: number;
  /** Index into the brain's functions. */
  fn: number;
}

const FRAME_LINE = /^\s*at (.*?) \((.*?):(\d+)(?::(\d+))?\)$/;

export function brainFrames(stack: string, brain: InstrumentedBrain, filename: string): BrainFrame[] {
  const frames: BrainFrame[] = [];
  for (const text of stack.split('\n')) {
    const match = FRAME_LINE.exec(text);
    if (!match || match[2] !== filename) continue;
    const { line, column } = brain.columns.original(Number(match[3]), Number(match[4] ?? 1));
    frames.push({
      name: match[1] === '<eval>' ? '<brain>' : match[1]!,
      line,
      column,
      fn: functionAt(brain, line, column),
    });
  }
  return frames;
}

/**
 * The record of each frame from `from` outwards (those before stay undefined): the latest of its
 * function, records taken innermost first as calls nest. A frame with none gets undefined.
 */
export function outerRecords<R extends { site: number }>(
  frames: readonly BrainFrame[],
  records: readonly R[],
  brain: InstrumentedBrain,
  from = 1,
): (R | undefined)[] {
  const found: (R | undefined)[] = frames.slice(0, from).map(() => undefined);
  let next = 0;
  for (const frame of frames.slice(from)) {
    const index = records.findIndex((r, i) => i >= next && brain.sites[r.site]!.fn === frame.fn);
    found.push(index >= 0 ? records[index] : undefined);
    if (index >= 0) next = index + 1;
  }
  return found;
}

/** The innermost function whose source holds the position. */
function functionAt(brain: InstrumentedBrain, line: number, column: number): number {
  const lineStart = brain.lineStarts[line - 1] ?? 0;
  const offset = lineStart + column - 1;
  let best = 0;
  brain.functions.forEach((fn, id) => {
    const current = brain.functions[best]!;
    if (fn.start <= offset && offset < fn.end && fn.end - fn.start <= current.end - current.start) best = id;
  });
  return best;
}
