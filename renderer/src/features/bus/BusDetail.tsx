import { useState } from 'react';
import type { BusEntry } from './bus-view.ts';
import { groupSummary, rowDurationMs } from './bus-view.ts';
import { clock, duration } from '../../shared/trace/trace-text.ts';
import { focusTrace, selectAgent } from '../../core/workbench-store.ts';
import { parsedValue, rawText } from '../../shared/values/value-search.ts';
import { ValueViewer } from '../../shared/values/ValueViewer.tsx';

const STATE_TEXT = {
  request: 'a request; its answers come back through the inbox',
  sent: 'sent',
  pending: 'pending: in the inbox, not received yet',
  consumed: 'consumed: received by the brain',
  discarded: 'discarded: the inbox let it go unread',
};

/** The selected bus row: what it is, where it stands, its payload whole. */
export function BusDetail({ entry, onClose }: { entry: BusEntry; onClose: () => void }) {
  const { row, group } = entry;
  const [viewing, setViewing] = useState(false);
  const span = rowDurationMs(entry);
  return (
    <div className="bus-detail" data-testid="bus-detail">
      <div className="panel-toolbar">
        <span>
          {row.kind} from {row.source} to {row.target} at {clock(row.time)}
        </span>
        <button onClick={() => setViewing(true)} data-testid="bus-open-value">
          Open full view
        </button>
        <button
          onClick={() => {
            selectAgent(row.state === 'sent' || row.state === 'request' ? row.source : row.target);
            focusTrace(row.inboundSeq ?? row.seq);
          }}
          data-testid="bus-show-in-timeline"
        >
          Show in timeline
        </button>
        <button onClick={onClose} aria-label="close detail">
          ×
        </button>
      </div>
      <div className="bus-detail-facts" data-testid="bus-detail-state">
        {STATE_TEXT[row.state]}
        {row.consumedAt !== undefined ? `, ${duration(row.consumedAt - row.time)} after it arrived` : ''}
        {group ? ` · ${groupSummary(group)}${span !== undefined ? ` over ${duration(span)}` : ''}` : ''}
      </div>
      <pre className="bus-payload">{rawText(parsedValue(row.payload))}</pre>
      {viewing ? (
        <ValueViewer
          value={row.payload}
          title={`${row.kind} ${row.source} → ${row.target}`}
          onClose={() => setViewing(false)}
        />
      ) : null}
    </div>
  );
}
