import { useEffect, useRef, useState } from 'react';
import type { OpenSourceView, RegistryName } from '../../../../contract/views.ts';
import { traceLog } from '../../shared/trace/trace-log.ts';
import { clock } from '../../shared/trace/trace-text.ts';
import { attempt, request, useWorkbench } from '../../core/workbench-store.ts';
import { counted } from '../../../../contract/counted.ts';

const REFRESH_MS = 200;

const TITLES: Record<RegistryName, string> = {
  timers: 'Timers',
  resources: 'Resource subscriptions',
  toolCalls: 'Queued tool calls',
  streams: 'Chat streams',
};

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function countdown(due: number, now: number): string {
  const ms = due - now;
  if (ms <= 0) return 'due';
  if (ms < 60_000) return `in ${(ms / 1000).toFixed(1)} s`;
  return `in ${Math.floor(ms / 60_000)} min ${Math.floor((ms % 60_000) / 1000)} s`;
}

function Entry({
  agent,
  entry,
  now,
  onCancelled,
}: {
  agent: string;
  entry: OpenSourceView;
  now: number;
  onCancelled: () => void;
}) {
  const info = entry.info;
  const due = typeof info.due === 'number' ? info.due : undefined;
  return (
    <tr data-testid={`open-${entry.registry}`}>
      <td>{entry.source}</td>
      <td>
        <code>{entry.uuid.slice(0, 8)}</code>
      </td>
      <td>{clock(entry.openedAt)}</td>
      <td>
        {Object.entries(info)
          .filter(([key]) => key !== 'due')
          .map(([key, value]) => `${key}: ${value}`)
          .join(' · ')}
        {due !== undefined ? (
          <span className="countdown">
            {' '}
            · due {clock(due)} ({countdown(due, now)})
          </span>
        ) : null}
        {entry.registry === 'resources' ? (
          <span> · {counted(traceLog.inboundCount(entry.uuid), 'update')} seen</span>
        ) : null}
      </td>
      <td>
        <button
          data-testid={`cancel-${entry.uuid}`}
          onClick={async () => {
            if (await attempt('cancel', agent, entry.registry, entry.uuid)) onCancelled();
          }}
        >
          Cancel
        </button>
      </td>
    </tr>
  );
}

/** The selected agent's open timers, subscriptions, tool calls and streams, each cancellable. */
export function RegistriesPanel() {
  const agent = useWorkbench((s) => s.selectedAgent);
  const version = useWorkbench((s) => s.traceVersion);
  const now = useNow(250);
  const [entries, setEntries] = useState<OpenSourceView[]>([]);
  const [refresh, setRefresh] = useState(0);
  // At most one fetch per interval: a debounce would never fire while events keep arriving.
  const shown = useRef(agent);
  shown.current = agent;
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; last: number }>({
    timer: undefined,
    last: 0,
  });
  useEffect(() => {
    if (!agent || pending.current.timer !== undefined) return;
    const fetchNow = () => {
      pending.current = { timer: undefined, last: Date.now() };
      void request('registries', agent)
        .then((found) => shown.current === agent && setEntries(found))
        .catch(() => shown.current === agent && setEntries([]));
    };
    const wait = Math.max(0, pending.current.last + REFRESH_MS - Date.now());
    pending.current.timer = setTimeout(fetchNow, wait);
  }, [agent, version, refresh]);
  useEffect(
    () => () => {
      clearTimeout(pending.current.timer);
      pending.current.timer = undefined;
    },
    [agent],
  );
  if (!agent) return <div className="empty">Select an agent.</div>;
  return (
    <div className="registries" data-testid="registries">
      {(Object.keys(TITLES) as RegistryName[]).map((registry) => {
        const list = entries.filter((e) => e.registry === registry);
        return (
          <section key={registry}>
            <h3>
              {TITLES[registry]} <span className="count">{list.length}</span>
            </h3>
            {list.length === 0 ? (
              <div className="empty">none open</div>
            ) : (
              <table>
                <tbody>
                  {list.map((entry) => (
                    <Entry
                      key={entry.uuid}
                      agent={agent}
                      entry={entry}
                      now={now}
                      onCancelled={() => setRefresh((n) => n + 1)}
                    />
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
