import { useState } from 'react';
import type { BackendView, ToolingDescription } from '../../../contract/views.ts';
import { attempt, useWorkbench } from '../store/workbench-store.ts';

/** Why `text` is not JSON, or undefined when it is. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function ToolTry({ backend, description }: { backend: BackendView; description: ToolingDescription }) {
  const [tool, setTool] = useState(description.tools[0]?.name ?? '');
  const [args, setArgs] = useState('{}');
  const [result, setResult] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const problem = jsonProblem(args);
  const call = async () => {
    if (problem !== undefined) return;
    setBusy(true);
    const answer = await attempt('callTool', backend.name, tool, args);
    setBusy(false);
    if (answer !== undefined) setResult(answer);
  };
  return (
    <div className="tool-try" data-testid={`tool-try-${backend.name}`}>
      <select value={tool} onChange={(e) => setTool(e.target.value)} aria-label="tool">
        {description.tools.map((t) => (
          <option key={t.name}>{t.name}</option>
        ))}
      </select>
      <input
        value={args}
        onChange={(e) => setArgs(e.target.value)}
        aria-label="tool arguments (JSON)"
        aria-invalid={problem !== undefined}
        className="mono"
      />
      <button
        onClick={() => void call()}
        disabled={!tool || busy || problem !== undefined}
        data-testid="call-tool"
        title={
          backend.kind === 'mock'
            ? 'Shows the mock’s next scripted answer without using it up: agents still get it'
            : 'Calls the tool on its server'
        }
      >
        {busy ? 'Calling…' : 'Call'}
      </button>
      {problem !== undefined ? (
        <div className="error-text" data-testid="tool-arguments-problem">
          The arguments are not JSON: {problem}
        </div>
      ) : null}
      {result !== undefined ? <pre data-testid="tool-result">{result}</pre> : null}
    </div>
  );
}

function Backend({ backend }: { backend: BackendView }) {
  const [description, setDescription] = useState<ToolingDescription | undefined>();
  const [loading, setLoading] = useState(false);
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
        ) : null}
      </div>
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
          <h4>resources</h4>
          {description.resources.length === 0 ? <div className="empty">none</div> : null}
          <ul>
            {description.resources.map((r) => (
              <li key={r.uri}>
                <code>{r.uri}</code> {r.name}
              </li>
            ))}
          </ul>
          {description.tools.length > 0 ? <ToolTry backend={backend} description={description} /> : null}
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
