import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { RecordedAgentView } from '../../../../contract/recording-views.ts';
import { clock, duration } from '../../shared/trace/trace-text.ts';
import { openFork, selectRecordedIteration, useRecordings } from './recording-store.ts';
import { describeResult, formatTokens } from './recording-text.ts';
import { counted } from '../../../../contract/counted.ts';
import { probeValuesOf, useRecordingPast } from './recording-past-store.ts';

const ROW_HEIGHT = 24;

/** An agent's recorded iterations, oldest first; only the rows on screen are in the page. */
export function RecordedTimeline({ path, agent }: { path: string; agent: RecordedAgentView }) {
  const selected = useRecordings((s) => s.selected);
  const parent = useRef<HTMLDivElement>(null);
  const rows = agent.iterations;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const probes = useRecordingPast((s) => s.probes);
  const pastValues = useMemo(() => probeValuesOf(probes, agent.name), [probes, agent.name]);
  // A value's link in the Debug output selects its iteration: bring the row into view.
  useEffect(() => {
    const index = rows.findIndex((row) => row.iteration === selected);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selected, rows, virtualizer]);
  if (rows.length === 0) return <div className="empty">No iterations of {agent.name} in this recording.</div>;
  return (
    <div className="recorded-timeline" ref={parent} data-testid="recorded-timeline">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const failed = row.result?.kind === 'failed';
          return (
            <div
              key={row.iteration}
              className={`recorded-iteration ${row.iteration === selected ? 'selected' : ''}`}
              data-testid="recorded-iteration"
              data-iteration={row.iteration}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
              onClick={() => void selectRecordedIteration(row.iteration)}
              role="button"
              aria-pressed={row.iteration === selected}
              // A narrow pane cuts the row's figures: the tooltip says it whole.
              title={`#${row.iteration} ${row.trigger} at ${clock(row.startTime)}, ${duration(row.durationMs)}, ${counted(row.calls, 'call')}, ${formatTokens(row.tokens)}: ${describeResult(row.result)}`}
            >
              <span className="num">#{row.iteration}</span>
              <span className="trigger">{row.trigger}</span>
              <span className="time">{clock(row.startTime)}</span>
              <span className="duration">{duration(row.durationMs)}</span>
              <span className="calls">{counted(row.calls, 'call')}</span>
              <span className="tokens">{formatTokens(row.tokens)}</span>
              <span className={failed ? 'error-text outcome' : 'ok-text outcome'}>{describeResult(row.result)}</span>
              {pastValues.has(row.iteration) ? (
                <span
                  className="past-logs"
                  data-testid="recorded-past-values"
                  title={pastValues.get(row.iteration)!.join('\n')}
                >
                  {pastValues.get(row.iteration)!.join(' · ')}
                </span>
              ) : null}
              <button
                className="row-action"
                title={`Fork a branch from the state after iteration ${row.iteration}`}
                data-testid="fork-here"
                onClick={(event) => {
                  event.stopPropagation();
                  openFork({ path, agent: agent.name, afterIteration: row.iteration });
                }}
              >
                Fork from here
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
