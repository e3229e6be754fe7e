// Where a requested line breakpoint goes: on its line when a statement starts there, otherwise on
// the next line that starts one (as editors move a breakpoint set on a blank line or a comment).
// Past the last statement it stays unverified.

import type { SourceBreakpoint } from '../runtimes/debug/debug-protocol.ts';
import { isHitCondition } from '../runtimes/debug/hit-condition.ts';

export interface PlacedBreakpoint {
  verified: boolean;
  line: number;
  message?: string;
}

export function placeBreakpoint(requested: number, breakable: readonly number[]): PlacedBreakpoint {
  const next = breakable.find((line) => line >= requested);
  if (next === undefined) return { verified: false, line: requested, message: 'no statement on or after this line' };
  return next === requested
    ? { verified: true, line: next }
    : { verified: true, line: next, message: `moved to line ${next}` };
}

/**
 * Places each requested line breakpoint of a brain on a statement line of `text` (`breakable`: the
 * runtime's statement lines). `kept` are those that stop; a hit count the engine cannot read is refused.
 */
export function placeSourceBreakpoints(
  requested: readonly SourceBreakpoint[],
  text: string,
  breakable: (text: string) => number[],
): { placed: PlacedBreakpoint[]; kept: SourceBreakpoint[] } {
  const lines = [...new Set(breakable(text))].sort((a, b) => a - b);
  const placed = requested.map((b) => placeBreakpoint(b.line, lines));
  const kept: SourceBreakpoint[] = [];
  requested.forEach((b, i) => {
    const where = placed[i]!;
    if (b.hitCondition !== undefined && b.hitCondition.trim() !== '' && !isHitCondition(b.hitCondition)) {
      placed[i] = {
        ...where,
        verified: false,
        message: `hit count "${b.hitCondition}": use N, >= N, > N, == N or % N`,
      };
      return;
    }
    if (where.verified) kept.push({ ...b, line: where.line });
  });
  return { placed, kept };
}
