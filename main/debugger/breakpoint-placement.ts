// Where a requested line breakpoint goes: on its line when a statement starts there, otherwise on
// the next line that starts one (as editors move a breakpoint set on a blank line or a comment).
// Past the last statement it stays unverified.

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
