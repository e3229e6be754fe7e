// The brain text a recording's debug session runs, as the Recording view shows it read-only
// (docs/debugging.md#time-travel-in-a-recording). The text may be the recording's own (recorded
// brains), which is data from whoever made it: one too long to send whole is sent as the lines
// around the asked one, and one holding control characters is said to be binary.

import { createHash } from 'node:crypto';
import type { RecordingSourceView } from '../../contract/debug-views.ts';

/** Texts up to this many characters are sent whole. */
const WHOLE = 1_000_000;
/** Otherwise the lines around the asked one, this many before and after… */
const AROUND = 1_000;
/** …each cut to this many characters. */
const LINE = 2_000;

/** Whether the text holds control characters no text holds (tabs, line and form feeds, carriage returns are text). */
function binary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 9 || (code > 13 && code < 32) || code === 127) return true;
  }
  return false;
}

/** A short name for a brain text: the same text, the same name. */
export function brainName(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Brain text `text` of file `source` (as the workspace names it) around line `line`, named `brain`. */
export function brainSource(source: string, text: string, line: number, brain: string): RecordingSourceView {
  const lines = text.split('\n');
  if (text.length <= WHOLE) return { source, brain, text, firstLine: 1, lines: lines.length, binary: binary(text) };
  const first = Math.max(1, Math.min(line, lines.length) - AROUND);
  const last = Math.min(lines.length, first + 2 * AROUND);
  let long = false;
  const shown = lines.slice(first - 1, last).map((l) => {
    if (l.length <= LINE) return l;
    long = true;
    return `${l.slice(0, LINE)}…`;
  });
  const cut =
    `the brain text is ${text.length.toLocaleString('en')} characters: lines ${first} to ${last} of ${lines.length} are shown` +
    (long ? `, each cut at ${LINE.toLocaleString('en')} characters` : '');
  return { source, brain, text: shown.join('\n'), firstLine: first, lines: lines.length, cut, binary: binary(text) };
}
