// The part of a time axis in view, zoomed and panned (the timeline's axis): pure arithmetic on
// [start, end] in epoch milliseconds, kept inside the data's bounds and never narrower than a
// millisecond.

export interface TimeWindow {
  start: number;
  end: number;
}

export const MIN_SPAN_MS = 1;

/** `window` moved into `bounds` (shortened to them when wider). */
export function clampWindow(window: TimeWindow, bounds: TimeWindow): TimeWindow {
  const boundsSpan = Math.max(bounds.end - bounds.start, MIN_SPAN_MS);
  const span = Math.min(Math.max(window.end - window.start, MIN_SPAN_MS), boundsSpan);
  const start = Math.min(Math.max(window.start, bounds.start), bounds.start + boundsSpan - span);
  return { start, end: start + span };
}

/**
 * Zooms by `factor` (above 1 zooms in) around `anchor`, the fraction of the window's width that
 * stays in place (the pointer's position; 0.5 for buttons and keys).
 */
export function zoomWindow(window: TimeWindow, factor: number, anchor: number, bounds: TimeWindow): TimeWindow {
  const span = window.end - window.start;
  const next = Math.max(span / factor, MIN_SPAN_MS);
  const at = window.start + span * Math.min(Math.max(anchor, 0), 1);
  const start = at - (at - window.start) * (next / span);
  return clampWindow({ start, end: start + next }, bounds);
}

/** Moves the window by `deltaMs` (positive: later). */
export function panWindow(window: TimeWindow, deltaMs: number, bounds: TimeWindow): TimeWindow {
  return clampWindow({ start: window.start + deltaMs, end: window.end + deltaMs }, bounds);
}

/** Where `time` falls in the window, as a percentage of its width (outside: below 0 or above 100). */
export function percentIn(window: TimeWindow, time: number): number {
  return ((time - window.start) / Math.max(window.end - window.start, MIN_SPAN_MS)) * 100;
}
