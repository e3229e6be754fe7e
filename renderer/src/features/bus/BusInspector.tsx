import { useShallow } from 'zustand/react/shallow';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { filterBusRows, type BusFilter } from './bus-filter.ts';
import { busView, groupSummary, rowDurationMs, type BusEntry, type BusOrder } from './bus-view.ts';
import { traceLog, type BusRow } from '../../shared/trace/trace-log.ts';
import { clock, duration } from '../../shared/trace/trace-text.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { useSampled } from '../../shared/hooks/use-sampled.ts';
import { BusDetail } from './BusDetail.tsx';
import { storedGrouped, storedOrder, storeGrouped, storeOrder } from './bus-preferences.ts';
import { InjectForm } from '../agents/InjectForm.tsx';
import { SequenceDiagram } from './SequenceDiagram.tsx';
import './bus-inspector.css';

const ROW_HEIGHT = 22;
/** New rows show within this; each showing walks the whole log (filter, fold). */
const ROWS_EVERY_MS = 120;

function exportJsonl(rows: readonly BusRow[]): void {
  const text = rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `brainbench-bus-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** At the newest row: the top when newest first, the bottom when oldest first. */
function atLatest(element: HTMLElement, order: BusOrder): boolean {
  if (order === 'newest') return element.scrollTop <= 2;
  return element.scrollHeight - element.clientHeight - element.scrollTop <= ROW_HEIGHT;
}

export function BusInspector() {
  const version = useSampled(
    useWorkbench((s) => s.traceVersion),
    ROWS_EVERY_MS,
  );
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const [filter, setFilter] = useState<BusFilter>({ agent: '', kind: '', text: '', regex: false });
  const deferredFilter = useDeferredValue(filter);
  const [paused, setPaused] = useState(traceLog.busPaused);
  const [selected, setSelected] = useState<BusEntry | undefined>();
  const [view, setView] = useState<'table' | 'sequence'>('table');
  const [injecting, setInjecting] = useState(false);
  const [order, setOrder] = useState<BusOrder>(storedOrder);
  const [grouped, setGrouped] = useState(storedGrouped);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [follow, setFollow] = useState(true);
  const [, setCleared] = useState(0);
  const parent = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => filterBusRows(traceLog.bus, deferredFilter), [version, deferredFilter, traceLog.bus]);
  const rows = filtered.rows;
  const shown = useMemo(
    () => busView(rows, traceLog.busLog.groups, { order, grouped, expanded }),
    [rows, version, order, grouped, expanded],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const kinds = traceLog.busLog.kinds;

  // Following keeps the newest row in sight; otherwise rows arriving above (newest first) must
  // not move what the user is reading.
  const before = useRef({ length: shown.length, shown });
  useLayoutEffect(() => {
    const element = parent.current;
    const previous = before.current;
    before.current = { length: shown.length, shown };
    if (!element) return;
    if (follow) element.scrollTop = order === 'newest' ? 0 : element.scrollHeight;
    else if (order === 'newest' && previous.shown !== shown && shown.length > previous.length)
      element.scrollTop += (shown.length - previous.length) * ROW_HEIGHT;
  }, [shown, follow, order]);

  const jumpToLatest = () => {
    setFollow(true);
    const element = parent.current;
    if (element) element.scrollTop = order === 'newest' ? 0 : element.scrollHeight;
  };
  const toggleGroup = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };

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
            const next = order === 'newest' ? 'oldest' : 'newest';
            setOrder(next);
            storeOrder(next);
            setFollow(true);
          }}
          title="which end of the list the newest events are at"
          data-testid="bus-order"
        >
          {order === 'newest' ? 'Newest first' : 'Oldest first'}
        </button>
        <label title="fold each chat stream, tool call or resource read with its answers">
          <input
            type="checkbox"
            checked={grouped}
            onChange={(e) => {
              setGrouped(e.target.checked);
              storeGrouped(e.target.checked);
            }}
            data-testid="bus-group"
          />{' '}
          group requests
        </label>
        {follow ? (
          <span className="count" data-testid="bus-following">
            following
          </span>
        ) : (
          <button onClick={jumpToLatest} data-testid="bus-jump-latest">
            Jump to latest
          </button>
        )}
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
        <SequenceDiagram rows={rows} agents={agents} focus={deferredFilter.agent} />
      ) : (
        <div className="bus-body">
          <div
            className="bus-table"
            ref={parent}
            data-testid="bus-table"
            onScroll={(e) => {
              const latest = atLatest(e.currentTarget, order);
              if (latest !== follow) setFollow(latest);
            }}
          >
            <div className="bus-row header">
              <span>time</span>
              <span>source</span>
              <span>target</span>
              <span>kind</span>
              <span>state</span>
              <span title="a request: call to last answer; an event: arrival to receipt">duration</span>
              <span>size</span>
              <span title="the event's payload, or a request's answers">payload</span>
            </div>
            {shown.length === 0 ? (
              <div className="empty">
                No events{filter.text || filter.agent || filter.kind ? ' match the filters' : ' yet'}.
              </div>
            ) : null}
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const entry = shown.at(item.index);
                const { row, group } = entry;
                const span = rowDurationMs(entry);
                return (
                  <div
                    key={`${row.seq}-${entry.depth}`}
                    className={`bus-row state-${row.state} depth-${entry.depth} ${selected?.row === row ? 'selected' : ''}`}
                    data-testid="bus-row"
                    data-seq={row.seq}
                    data-state={row.state}
                    data-group={group ? group.id : undefined}
                    style={{
                      position: 'absolute',
                      top: 0,
                      transform: `translateY(${item.start}px)`,
                      height: ROW_HEIGHT,
                      width: '100%',
                    }}
                    onClick={() => setSelected(entry)}
                  >
                    <span>{clock(row.time)}</span>
                    <span>{row.source}</span>
                    <span>{row.target}</span>
                    <span>
                      {group ? (
                        <button
                          className="bus-group-toggle"
                          onClick={(e) => {
                            e.stopPropagation();
                            toggleGroup(group.id);
                          }}
                          aria-label={expanded.has(group.id) ? 'fold the answers' : 'list the answers'}
                          title={expanded.has(group.id) ? 'Fold the answers' : 'List the answers'}
                          data-testid="bus-group-toggle"
                        >
                          {expanded.has(group.id) ? '▾' : '▸'}
                        </button>
                      ) : null}
                      {row.kind}
                    </span>
                    <span className={`state-${row.state}`}>{row.state}</span>
                    <span>{span !== undefined ? duration(span) : ''}</span>
                    <span>{row.size}</span>
                    <span className="preview" title={row.preview.slice(0, 2000)}>
                      {group ? `${groupSummary(group)} · ${row.preview}` : row.preview}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
          {selected ? <BusDetail entry={selected} onClose={() => setSelected(undefined)} /> : null}
        </div>
      )}
    </div>
  );
}
