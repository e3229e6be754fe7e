import { useEffect, useRef, useState } from 'react';
import { traceLog } from '../shared/trace/trace-log.ts';
import { useWorkbench } from '../core/workbench-store.ts';
import { counted } from '../../../contract/counted.ts';
import { showTrustBanner } from '../features/trust/trust-banner-store.ts';

/** Bus events per second over the last few seconds. */
function useBusRate(): number {
  const samples = useRef<{ time: number; count: number }[]>([]);
  const [rate, setRate] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const count = traceLog.bus.length + traceLog.busDropped;
      samples.current.push({ time: now, count });
      while (samples.current.length > 1 && now - samples.current[0]!.time > 5000) samples.current.shift();
      const first = samples.current[0]!;
      const seconds = (now - first.time) / 1000;
      setRate(seconds > 0 ? Math.max(0, (count - first.count) / seconds) : 0);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return rate;
}

export function StatusBar() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const statuses = useWorkbench((s) => s.statuses);
  const connected = useWorkbench((s) => s.connected);
  useWorkbench((s) => s.traceVersion);
  const rate = useBusRate();
  const running = Object.values(statuses).filter(
    (s) => s.looping === true || ['running', 'waiting', 'paused'].includes(s.state),
  ).length;
  return (
    <footer className="status-bar" data-testid="status-bar">
      {workspace.trust.trusted ? null : (
        <button
          className="restricted"
          onClick={showTrustBanner}
          title="This folder is not trusted: what it would run outside the brain sandboxes is held back"
          data-testid="restricted"
        >
          Restricted
        </button>
      )}
      <span title={workspace.root}>{workspace.root.split('/').pop()}</span>
      <span data-testid="agent-count">{counted(workspace.agents.length, 'agent')}</span>
      <span data-testid="running-count">{running} running</span>
      <span>{rate.toFixed(0)} bus events/s</span>
      {traceLog.dropped > 0 ? <span>{traceLog.dropped.toLocaleString()} trace events dropped</span> : null}
      {'unrecorded' in workspace.session ? (
        <span className="warn-text" title={workspace.session.unrecorded} data-testid="session-unrecorded">
          session not recorded
        </span>
      ) : null}
      <span className={connected ? 'ok-text' : 'error-text'}>
        {connected ? 'connected' : 'disconnected — reconnecting…'}
      </span>
    </footer>
  );
}
