import { useShallow } from 'zustand/react/shallow';
import { useEffect, useMemo, useState } from 'react';
import { traceLog, type Iteration } from '../model/trace-log.ts';
import { clock, describeEvent } from '../model/trace-text.ts';
import { useWorkbench } from '../store/workbench-store.ts';

function IterationRow({ iteration, focusSeq }: { iteration: Iteration; focusSeq: number | undefined }) {
  const holdsFocus = focusSeq !== undefined && iteration.events.some((e) => e.seq === focusSeq);
  const [open, setOpen] = useState(holdsFocus);
  useEffect(() => {
    if (holdsFocus) setOpen(true);
  }, [holdsFocus]);
  const result = iteration.error ? (
    <span className="error-text">
      {iteration.error}
      {iteration.line !== undefined ? ` (line ${iteration.line}, column ${iteration.column ?? 1})` : ''}
    </span>
  ) : (
    <span className="ok-text">{iteration.outcome ?? 'running…'}</span>
  );
  return (
    <li className="iteration" data-testid="iteration-row" data-iteration={iteration.iteration}>
      <div className="iteration-head" onClick={() => setOpen(!open)} role="button" aria-expanded={open}>
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <span className="num">#{iteration.iteration}</span>
        <span className="trigger">{iteration.trigger}</span>
        <span className="time">{clock(iteration.start)}</span>
        <span className="duration">
          {iteration.durationMs !== undefined ? `${iteration.durationMs.toFixed(1)} ms` : '…'}
        </span>
        <span className="calls">{iteration.events.filter((e) => e.type === 'call').length} calls</span>
        {result}
      </div>
      {open ? (
        <ol className="iteration-events">
          {iteration.events.map((event) => (
            <li
              key={event.seq}
              className={`event type-${event.type} ${event.seq === focusSeq ? 'focused' : ''}`}
              data-testid={`event-${event.type}`}
            >
              <span className="time">{clock(event.time)}</span> {describeEvent(event)}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** All agents' iterations as bars on one time axis. */
function TimeAxis({ agents }: { agents: string[] }) {
  useWorkbench((s) => s.traceVersion);
  const rows = agents.map((agent) => ({ agent, iterations: traceLog.iterationsOf(agent).slice(-200) }));
  const all = rows.flatMap((r) => r.iterations);
  if (all.length === 0) return <div className="empty">No iterations yet. Step or run an agent.</div>;
  const start = Math.min(...all.map((i) => i.start));
  const end = Math.max(...all.map((i) => i.end ?? Date.now()), start + 1);
  const span = end - start;
  return (
    <div className="time-axis" data-testid="time-axis">
      {rows.map(({ agent, iterations }) => (
        <div key={agent} className="axis-row">
          <span className="axis-agent">{agent}</span>
          <div className="axis-track">
            {iterations.map((i) => (
              <span
                key={i.iteration}
                className={`axis-bar ${i.error ? 'failed' : ''}`}
                title={`${agent} #${i.iteration}: ${(i.durationMs ?? 0).toFixed(1)} ms ${i.error ?? i.outcome ?? ''}`}
                style={{
                  left: `${((i.start - start) / span) * 100}%`,
                  width: `max(2px, ${(((i.end ?? end) - i.start) / span) * 100}%)`,
                }}
              />
            ))}
          </div>
        </div>
      ))}
      <div className="axis-scale">
        <span>{clock(start)}</span>
        <span>{(span / 1000).toFixed(2)} s</span>
        <span>{clock(end)}</span>
      </div>
    </div>
  );
}

export function TimelinePanel() {
  const agent = useWorkbench((s) => s.selectedAgent);
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const version = useWorkbench((s) => s.traceVersion);
  const focusSeq = useWorkbench((s) => s.focusSeq);
  const [axis, setAxis] = useState(false);
  const iterations = useMemo(() => (agent ? traceLog.iterationsOf(agent).slice(-300).reverse() : []), [agent, version]);
  return (
    <div className="timeline" data-testid="timeline">
      <div className="panel-toolbar">
        <span>{axis ? 'All agents on one time axis' : `Iterations of ${agent ?? '—'} (newest first)`}</span>
        <button onClick={() => setAxis(!axis)} data-testid="toggle-time-axis">
          {axis ? 'Per-agent list' : 'Time axis'}
        </button>
      </div>
      {axis ? (
        <TimeAxis agents={agents} />
      ) : iterations.length === 0 ? (
        <div className="empty">No iterations of {agent ?? 'this agent'} yet. Press Step (F10) or Run (F5).</div>
      ) : (
        <ul className="iterations">
          {iterations.map((i) => (
            <IterationRow key={`${i.agent}-${i.iteration}-${i.start}`} iteration={i} focusSeq={focusSeq} />
          ))}
        </ul>
      )}
    </div>
  );
}
