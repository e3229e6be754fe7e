import { useState } from 'react';
import type { BackendView, ToolingDescription } from '../../../../contract/views.ts';
import { attempt, useWorkbench } from '../../core/workbench-store.ts';
import { ResourceList } from './ResourceList.tsx';
import { ToolTry } from './ToolTry.tsx';
import { ChatTry } from './ChatTry.tsx';
import '../../shared/forms/field-problem.css';

function Backend({ backend }: { backend: BackendView }) {
  const [description, setDescription] = useState<ToolingDescription | undefined>();
  const [loading, setLoading] = useState(false);
  const [chatting, setChatting] = useState(false);
  const describe = async () => {
    setLoading(true);
    setDescription(await attempt('describeTooling', backend.name));
    setLoading(false);
  };
  return (
    <li className="backend" data-testid={`backend-${backend.name}`}>
      <div>
        <strong>{backend.name}</strong> <span className="badge">{backend.kind}</span>{' '}
        <span className={`state-${backend.state}`}>{backend.state}</span>
        {backend.protocolRevision ? (
          <>
            {' '}
            <span
              className="badge"
              title="protocol revision negotiated with the server"
              data-testid="protocol-revision"
            >
              {backend.kind.toUpperCase()} {backend.protocolRevision}
            </span>
          </>
        ) : null}
        {backend.detail ? <span className="error-text"> — {backend.detail}</span> : null}
        {backend.section === 'tooling' ? (
          <button onClick={() => void describe()} disabled={loading}>
            {loading ? 'Listing…' : description ? 'Refresh' : 'Tools & resources'}
          </button>
        ) : (
          <button onClick={() => setChatting(!chatting)} aria-expanded={chatting} data-testid="chat-try-open">
            Try a chat
          </button>
        )}
      </div>
      {chatting && backend.section === 'providers' ? <ChatTry backend={backend} /> : null}
      {description ? (
        <div className="tooling-detail">
          {description.error ? <div className="error-text">{description.error}</div> : null}
          <h4>tools</h4>
          <ul>
            {description.tools.map((t) => (
              <li key={t.name}>
                <code>{t.name}</code> {t.description}
              </li>
            ))}
          </ul>
          {description.tools.length > 0 ? <ToolTry backend={backend} description={description} /> : null}
          <h4>resources</h4>
          <ResourceList tooling={backend.name} resources={description.resources} />
        </div>
      ) : null}
    </li>
  );
}

export function BackendsPanel() {
  const workspace = useWorkbench((s) => s.workspace)!;
  return (
    <div className="backends" data-testid="backends">
      <section>
        <h3>Providers</h3>
        {workspace.providers.length === 0 ? <div className="empty">No [providers.*] in the config.</div> : null}
        <ul>
          {workspace.providers.map((b) => (
            <Backend key={b.name} backend={b} />
          ))}
        </ul>
      </section>
      <section>
        <h3>Tooling</h3>
        {workspace.tooling.length === 0 ? <div className="empty">No [tooling.*] in the config.</div> : null}
        <ul>
          {workspace.tooling.map((b) => (
            <Backend key={b.name} backend={b} />
          ))}
        </ul>
      </section>
    </div>
  );
}
