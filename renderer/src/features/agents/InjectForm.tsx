import { useShallow } from 'zustand/react/shallow';
import { useState } from 'react';
import type { OmwEvent } from '../../../../main/host-api/wit-types.generated.ts';
import { attempt, notify, useWorkbench } from '../../core/workbench-store.ts';
import '../../shared/forms/field-problem.css';

const KINDS = ['message', 'error', 'timer', 'reload', 'shutdown', 'chat-delta', 'chat-end'] as const;
type Kind = (typeof KINDS)[number];

/** Why the payload does not make an event of `kind`, said by the field as one types. */
function payloadProblem(kind: Kind, payload: string): string | undefined {
  try {
    buildEvent(kind, payload);
    return undefined;
  } catch (error) {
    return `the payload is not JSON: ${(error as Error).message}`;
  }
}

function buildEvent(kind: Kind, payload: string): OmwEvent {
  switch (kind) {
    case 'message':
    case 'error':
      return { kind, data: payload };
    case 'chat-delta':
      return { kind, data: payload.trim() ? JSON.parse(payload) : { content: '' } };
    default:
      return { kind };
  }
}

/** Puts an event into an agent's inbox, as if one of its sources had delivered it. */
export function InjectForm({ onDone }: { onDone: () => void }) {
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const selected = useWorkbench((s) => s.selectedAgent);
  const [agent, setAgent] = useState(selected ?? agents[0] ?? '');
  const [kind, setKind] = useState<Kind>('message');
  const [payload, setPayload] = useState('');
  const [dropped, setDropped] = useState<string | undefined>();
  const problem = payloadProblem(kind, payload);
  const submit = async () => {
    if (problem !== undefined) return;
    const delivered = await attempt('inject', agent, buildEvent(kind, payload));
    setDropped(delivered === false ? `${agent}'s inbox is full; the event was dropped` : undefined);
    if (delivered) {
      notify('info', `${kind} injected into ${agent}'s inbox`);
      onDone();
    }
  };
  return (
    <form
      className="inject-form"
      data-testid="inject-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <select value={agent} onChange={(e) => setAgent(e.target.value)} aria-label="inject into agent">
        {agents.map((a) => (
          <option key={a}>{a}</option>
        ))}
      </select>
      <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-label="event kind">
        {KINDS.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
      {kind === 'message' || kind === 'error' || kind === 'chat-delta' ? (
        <input
          value={payload}
          onChange={(e) => setPayload(e.target.value)}
          placeholder={kind === 'chat-delta' ? '{"content": "…"}' : 'payload'}
          aria-label="event payload"
          data-testid="inject-payload"
          aria-invalid={problem !== undefined}
        />
      ) : null}
      <button type="submit" disabled={!agent || problem !== undefined} data-testid="inject-submit">
        Inject
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {(problem ?? dropped) ? (
        <div className="error-text field-problem" data-testid="inject-problem">
          {problem ?? dropped}
        </div>
      ) : null}
    </form>
  );
}
