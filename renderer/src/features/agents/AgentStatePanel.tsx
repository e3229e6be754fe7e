import { useCallback, useEffect, useState } from 'react';
import type { EventEnvelope } from '../../../../main/host-api/wit-types.generated.ts';
import { attempt, notify, request, useWorkbench } from '../../core/workbench-store.ts';
import { ValueText } from '../../shared/values/ValueText.tsx';

const REFRESH_MS = 500;

interface AgentState {
  memory: Record<string, string>;
  inbox: EventEnvelope[];
}

/** The agent's memory and inbox as the host holds them now, read again while the panel shows. */
function useAgentState(agent: string | undefined): [AgentState | undefined, () => void] {
  const [state, setState] = useState<AgentState | undefined>(undefined);
  const refresh = useCallback(() => {
    if (!agent) return;
    void Promise.all([request('agentMemory', agent), request('agentInbox', agent)])
      .then(([memory, inbox]) => setState({ memory, inbox }))
      .catch(() => setState(undefined));
  }, [agent]);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return [state, refresh];
}

function MemoryEntry({
  agent,
  name,
  value,
  onChanged,
}: {
  agent: string;
  name: string;
  value: string;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const save = async (text: string | null) => {
    if ((await attempt('setMemory', agent, name, text)) !== undefined) onChanged();
    setEditing(undefined);
  };
  return (
    <tr data-testid="memory-entry" data-key={name}>
      <td>
        <code>{name}</code>
      </td>
      <td>
        {editing !== undefined ? (
          <input
            autoFocus
            aria-label={`new value of memory ${name}`}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save(editing);
              if (e.key === 'Escape') setEditing(undefined);
            }}
          />
        ) : (
          <code className="variable-value" title="Double-click to edit" onDoubleClick={() => setEditing(value)}>
            {value}
          </code>
        )}
      </td>
      <td>
        <button aria-label={`remove memory ${name}`} onClick={() => void save(null)}>
          ×
        </button>
      </td>
    </tr>
  );
}

function AddMemory({ agent, onChanged }: { agent: string; onChanged: () => void }) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  return (
    <form
      className="row"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!key.trim() || (await attempt('setMemory', agent, key.trim(), value)) === undefined) return;
        setKey('');
        setValue('');
        onChanged();
      }}
    >
      <input value={key} onChange={(e) => setKey(e.target.value)} placeholder="key" aria-label="memory key" />
      <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="value" aria-label="memory value" />
      <button type="submit" disabled={!key.trim()}>
        Set
      </button>
    </form>
  );
}

/** Memory (view and edit) and the inbox's pending events (view and drop) of the selected agent. */
export function AgentStatePanel() {
  const agent = useWorkbench((s) => s.selectedAgent);
  const [state, refresh] = useAgentState(agent);
  if (!agent) return <div className="empty">Select an agent.</div>;
  if (!state) return <div className="empty">The agents are not running.</div>;
  const entries = Object.entries(state.memory).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="agent-state" data-testid="agent-state-panel">
      <section>
        <h3>Memory of {agent}</h3>
        {entries.length === 0 ? <div className="empty">Empty.</div> : null}
        <table>
          <tbody>
            {entries.map(([name, value]) => (
              <MemoryEntry key={name} agent={agent} name={name} value={value} onChanged={refresh} />
            ))}
          </tbody>
        </table>
        <AddMemory agent={agent} onChanged={refresh} />
      </section>
      <section>
        <h3>Inbox: {state.inbox.length} pending</h3>
        <table>
          <tbody>
            {state.inbox.map((envelope, index) => (
              <tr key={`${index}:${envelope.id}`} data-testid="inbox-entry">
                <td>{index}</td>
                <td>{envelope.event.kind}</td>
                <td>
                  <code>{envelope.id.slice(0, 8)}</code>
                </td>
                <td>
                  <code>
                    {'data' in envelope.event ? (
                      <ValueText value={envelope.event.data} title={`${envelope.event.kind} event`} />
                    ) : null}
                  </code>
                </td>
                <td>
                  <button
                    aria-label={`drop inbox event ${index}`}
                    onClick={async () => {
                      const dropped = await attempt('dropInboxEvent', agent, index, envelope.id);
                      if (dropped === false) notify('info', 'that event was no longer pending');
                      if (dropped !== undefined) refresh();
                    }}
                  >
                    Drop
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
