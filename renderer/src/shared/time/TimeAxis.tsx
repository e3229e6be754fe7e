// All agents' iterations as bars on one time axis, zoomed and panned like a profiler's: Ctrl+wheel
// or the buttons or + and - zoom (around the pointer for the wheel), a drag or ← and → pan, 0 or
// Fit shows everything again. While it fits, the axis follows new iterations. Time an iteration
// was held at a breakpoint is drawn apart from its running time.

import { useEffect, useRef, useState } from 'react';
import { traceLog, type Iteration } from '../trace/trace-log.ts';
import { clock, duration } from '../trace/trace-text.ts';
import { panWindow, percentIn, zoomWindow, type TimeWindow } from './time-window.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import '../../features/timeline/timeline.css';

const ZOOM_STEP = 1.5;
const PAN_STEP = 0.2;

/** The held stretches of an iteration, from its `held` events: each ends when the hold did. */
function heldSpans(iteration: Iteration): { start: number; end: number; op: string }[] {
  return iteration.events.flatMap((e) =>
    e.type === 'held' ? [{ start: e.time - e.heldMs, end: e.time, op: e.op }] : [],
  );
}

function Bar({ agent, iteration, view, now }: { agent: string; iteration: Iteration; view: TimeWindow; now: number }) {
  const end = iteration.end ?? now;
  const left = percentIn(view, iteration.start);
  const right = percentIn(view, end);
  if (right < 0 || left > 100) return null;
  const held = heldSpans(iteration);
  const heldMs = held.reduce((sum, span) => sum + span.end - span.start, 0);
  return (
    <>
      <span
        className={`axis-bar ${iteration.error ? 'failed' : ''}`}
        data-testid="axis-bar"
        title={`${agent} #${iteration.iteration}: ${duration(iteration.durationMs ?? end - iteration.start - heldMs)} running${heldMs ? `, ${duration(heldMs)} held` : ''} ${iteration.error ?? iteration.outcome ?? ''}`}
        style={{ left: `${left}%`, width: `max(2px, ${right - left}%)` }}
      />
      {held.map((span) => (
        <span
          key={span.start}
          className="axis-held"
          data-testid="axis-held"
          title={`${agent} #${iteration.iteration} held before ${span.op} for ${duration(span.end - span.start)}`}
          style={{
            left: `${percentIn(view, span.start)}%`,
            width: `max(2px, ${percentIn(view, span.end) - percentIn(view, span.start)}%)`,
          }}
        />
      ))}
    </>
  );
}

export function TimeAxis({ agents }: { agents: string[] }) {
  useWorkbench((s) => s.traceVersion);
  /** The zoomed window; undefined while it fits everything (and follows new iterations). */
  const [zoomed, setZoomed] = useState<TimeWindow | undefined>();
  const drag = useRef<{ x: number; window: TimeWindow } | undefined>(undefined);
  const track = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  /** The wheel's zoom with this render's window; React's wheel listener is passive and cannot stop a scroll. */
  const wheelZoom = useRef<(e: WheelEvent) => void>(() => undefined);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const listener = (e: WheelEvent) => wheelZoom.current(e);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  });
  const rows = agents.map((agent) => ({ agent, iterations: traceLog.iterationsOf(agent).slice(-200) }));
  const all = rows.flatMap((r) => r.iterations);
  if (all.length === 0) return <div className="empty">No iterations yet. Step or run an agent.</div>;
  const now = Date.now();
  const start = Math.min(...all.map((i) => i.start));
  const bounds = { start, end: Math.max(...all.map((i) => i.end ?? now), start + 1) };
  const view = zoomed ?? bounds;
  const span = view.end - view.start;
  const zoom = (factor: number, anchor = 0.5) => {
    const next = zoomWindow(view, factor, anchor, bounds);
    setZoomed(next.end - next.start >= bounds.end - bounds.start ? undefined : next);
  };
  const pan = (fraction: number) => zoomed && setZoomed(panWindow(zoomed, span * fraction, bounds));
  const fraction = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    return box && box.width > 0 ? (clientX - box.left) / box.width : 0.5;
  };
  wheelZoom.current = (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    zoom(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, fraction(e.clientX));
  };
  const keys: Record<string, () => void> = {
    '+': () => zoom(ZOOM_STEP),
    '=': () => zoom(ZOOM_STEP),
    '-': () => zoom(1 / ZOOM_STEP),
    '0': () => setZoomed(undefined),
    ArrowLeft: () => pan(-PAN_STEP),
    ArrowRight: () => pan(PAN_STEP),
  };
  return (
    <div
      ref={box}
      className="time-axis"
      data-testid="time-axis"
      data-zoomed={zoomed !== undefined}
      tabIndex={0}
      aria-label="time axis: Ctrl+wheel or + and - zoom, drag or arrow keys pan, 0 fits"
      onKeyDown={(e) => {
        const action = keys[e.key];
        if (!action) return;
        e.preventDefault();
        action();
      }}
      onPointerDown={(e) => {
        if (!zoomed || e.button !== 0 || !(e.target as HTMLElement).closest('.axis-row')) return;
        drag.current = { x: e.clientX, window: zoomed };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        const from = drag.current;
        const width = track.current?.getBoundingClientRect().width;
        if (!from || !width) return;
        setZoomed(
          panWindow(from.window, (-(e.clientX - from.x) / width) * (from.window.end - from.window.start), bounds),
        );
      }}
      onPointerUp={() => (drag.current = undefined)}
    >
      <div className="axis-tools">
        <button onClick={() => zoom(ZOOM_STEP)} aria-label="zoom in" data-testid="axis-zoom-in">
          +
        </button>
        <button
          onClick={() => zoom(1 / ZOOM_STEP)}
          aria-label="zoom out"
          disabled={!zoomed}
          data-testid="axis-zoom-out"
        >
          −
        </button>
        <button onClick={() => setZoomed(undefined)} disabled={!zoomed} data-testid="axis-fit">
          Fit
        </button>
        <span className="dim" data-testid="axis-span">
          {duration(span)} in view{zoomed ? ' (drag or ← → to pan)' : ''}
        </span>
        <span className="axis-legend">
          <span className="axis-bar legend" /> running <span className="axis-held legend" /> held at a breakpoint
        </span>
      </div>
      {rows.map(({ agent, iterations }, index) => (
        <div key={agent} className="axis-row">
          <span className="axis-agent">{agent}</span>
          <div className="axis-track" ref={index === 0 ? track : undefined}>
            {iterations.map((i) => (
              <Bar key={i.seq} agent={agent} iteration={i} view={view} now={now} />
            ))}
          </div>
        </div>
      ))}
      <div className="axis-scale">
        <span>{clock(view.start)}</span>
        <span>{clock(view.start + span / 2)}</span>
        <span>{clock(view.end)}</span>
      </div>
    </div>
  );
}
