import { useShallow } from 'zustand/react/shallow';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { filterBusRows, type BusFilter } from '../model/bus-filter.ts';
import { traceLog, type BusRow } from '../model/trace-log.ts';
import { clock } from '../model/trace-text.ts';
import { focusTrace, selectAgent, useWorkbench } from '../store/workbench-store.ts';
import { InjectForm } from './InjectForm.tsx';
import { SequenceDiagram } from './SequenceDiagram.tsx';

const ROW_HEIGHT = 22;

function exportJsonl(rows: BusRow[]): void {
  const text = rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `brainbench-bus-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function BusInspector() {
  const version = useWorkbench((s) => s.traceVersion);
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const [filter, setFilter] = useState<BusFilter>({ agent: '', kind: '', text: '', regex: false });
  const deferredFilter = useDeferredValue(filter);
  const [paused, setPaused] = useState(traceLog.busPaused);
  const [selected, setSelected] = useState<BusRow | undefined>();
  const [view, setView] = useState<'table' | 'sequence'>('table');
  const [injecting, setInjecting] = useState(false);
  const [, setCleared] = useState(0);
  const parent = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => filterBusRows(traceLog.bus, deferredFilter), [version, deferredFilter, traceLog.bus]);
  const rows = filtered.rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const kinds = useMemo(() => [...new Set(traceLog.bus.slice(-5000).map((r) => r.kind))].sort(), [version]);

  return (
    <div className="bus" data-testid="bus-inspector">
      <div className="panel-toolbar">
        <select
          value={filter.agent}
          onChange={(e) => setFilter({ ...filter, agent: e.target.value })}
          aria-label="filter by agent"
        >
          <option value="">all agents</option>
          {agents.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
        <select
          value={filter.kind}
          onChange={(e) => setFilter({ ...filter, kind: e.target.value })}
          aria-label="filter by kind"
        >
          <option value="">all kinds</option>
          {kinds.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
        <input
          placeholder={filter.regex ? 'regex' : 'search text'}
          value={filter.text}
          onChange={(e) => setFilter({ ...filter, text: e.target.value })}
          aria-label="filter text"
          data-testid="bus-filter"
        />
        <label title="treat the search as a regular expression">
          <input
            type="checkbox"
            checked={filter.regex}
            onChange={(e) => setFilter({ ...filter, regex: e.target.checked })}
          />{' '}
          regex
        </label>
        <button
          onClick={() => {
            traceLog.busPaused = !paused;
            setPaused(!paused);
          }}
          data-testid="bus-pause"
        >
          {paused ? 'Resume capture' : 'Pause capture'}
        </button>
        <button
          onClick={() => {
            traceLog.clearBus();
            setSelected(undefined);
            setCleared((n) => n + 1);
          }}
        >
          Clear
        </button>
        <button onClick={() => exportJsonl(rows)} disabled={rows.length === 0}>
          Export JSONL
        </button>
        <button onClick={() => setInjecting(!injecting)} data-testid="bus-inject">
          Inject…
        </button>
        <button onClick={() => setView(view === 'table' ? 'sequence' : 'table')} data-testid="bus-view">
          {view === 'table' ? 'Sequence diagram' : 'Table'}
        </button>
        <span className="count" data-testid="bus-count">
          {rows.length.toLocaleString()} / {traceLog.bus.length.toLocaleString()} events
          {traceLog.busDropped > 0 ? ` · ${traceLog.busDropped.toLocaleString()} dropped` : ''}
          {filtered.error ? <span className="error-text"> · {filtered.error}</span> : null}
        </span>
      </div>
      {injecting ? <InjectForm onDone={() => setInjecting(false)} /> : null}
      {view === 'sequence' ? (
        <SequenceDiagram rows={rows} agents={agents} />
      ) : (
        <div className="bus-body">
          <div className="bus-table" ref={parent} data-testid="bus-table">
            <div className="bus-row header">
              <span>time</span>
              <span>source</span>
              <span>target</span>
              <span>kind</span>
              <span>size</span>
              <span>payload</span>
            </div>
            {rows.length === 0 ? (
              <div className="empty">
                No events{filter.text || filter.agent || filter.kind ? ' match the filters' : ' yet'}.
              </div>
            ) : null}
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                return (
                  <div
                    key={row.seq}
                    className={`bus-row ${selected?.seq === row.seq ? 'selected' : ''}`}
                    data-testid="bus-row"
                    style={{
                      position: 'absolute',
                      top: 0,
                      transform: `translateY(${item.start}px)`,
                      height: ROW_HEIGHT,
                      width: '100%',
                    }}
                    onClick={() => setSelected(row)}
                  >
                    <span>{clock(row.time)}</span>
                    <span>{row.source}</span>
                    <span>{row.target}</span>
                    <span>{row.kind}</span>
                    <span>{row.size}</span>
                    <span className="preview">{row.preview}</span>
                  </div>
                );
              })}
            </div>
          </div>
          {selected ? (
            <div className="bus-detail" data-testid="bus-detail">
              <div className="panel-toolbar">
                <span>
                  {selected.kind} from {selected.source} to {selected.target} at {clock(selected.time)}
                </span>
                <button
                  onClick={() => {
                    selectAgent(selected.target);
                    focusTrace(selected.seq);
                  }}
                  data-testid="bus-show-in-timeline"
                >
                  Show in timeline
                </button>
                <button onClick={() => setSelected(undefined)} aria-label="close detail">
                  ×
                </button>
              </div>
              <pre>{prettyPayload(selected.payload)}</pre>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function prettyPayload(payload: unknown): string {
  if (typeof payload === 'string') {
    try {
      return JSON.stringify(JSON.parse(payload), null, 2);
    } catch {
      return payload;
    }
  }
  return JSON.stringify(payload, null, 2) ?? '';
}
