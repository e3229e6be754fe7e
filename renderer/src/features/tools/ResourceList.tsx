// A tooling back end's resources: each can be read (its content, by MIME type) and followed
// (`subscribeResource`: the updates arrive here, newest first). What the host refuses is said on
// the resource's own row.

import { useState } from 'react';
import type { ToolingDescription } from '../../../../contract/views.ts';
import type { ResourceContent } from '../../../../main/host-api/wit-types.generated.ts';
import { counted } from '../../../../contract/counted.ts';
import { clock } from '../../shared/trace/trace-text.ts';
import { follow, unfollow, useTools } from './tool-store.ts';
import { request } from '../../core/workbench-store.ts';

function Content({ content }: { content: ResourceContent }) {
  return (
    <div className="resource-content">
      <span className="badge">{content.mime_type ?? 'no MIME type'}</span>
      <pre data-testid="resource-text">{content.content}</pre>
    </div>
  );
}

function Resource({ tooling, resource }: { tooling: string; resource: ToolingDescription['resources'][number] }) {
  const [content, setContent] = useState<ResourceContent | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const followed = useTools((s) => s.follows.find((f) => f.tooling === tooling && f.uri === resource.uri));
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setProblem((error as Error).message);
    }
    setBusy(false);
  };
  return (
    <li data-testid={`resource-${resource.uri}`}>
      <div className="resource-row">
        <code>{resource.uri}</code> {resource.name}
        {resource.description ? <span className="dim"> {resource.description}</span> : null}
        <button
          type="button"
          disabled={busy}
          data-testid="read-resource"
          onClick={() => void run(async () => setContent(await request('readResource', tooling, resource.uri)))}
        >
          Read
        </button>
        {followed ? (
          <button type="button" data-testid="unsubscribe-resource" onClick={() => void unfollow(followed.subscription)}>
            Unsubscribe
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            data-testid="subscribe-resource"
            onClick={() => void run(() => follow(tooling, resource.uri))}
          >
            Subscribe
          </button>
        )}
      </div>
      {problem ? (
        <div className="error-text field-problem" data-testid="resource-problem">
          {problem}
        </div>
      ) : null}
      {content ? <Content content={content} /> : null}
      {followed ? (
        <div className="resource-content" data-testid="resource-updates">
          <span className="dim">
            subscribed · {counted(followed.count, 'update')}
            {followed.updates[0] ? `, the last at ${clock(followed.updates[0].at)}` : ''}
          </span>
          {followed.updates[0] ? <Content content={followed.updates[0].content} /> : null}
        </div>
      ) : null}
    </li>
  );
}

export function ResourceList({ tooling, resources }: { tooling: string; resources: ToolingDescription['resources'] }) {
  if (resources.length === 0) return <div className="empty">none</div>;
  return (
    <ul className="resource-list">
      {resources.map((r) => (
        <Resource key={r.uri} tooling={tooling} resource={r} />
      ))}
    </ul>
  );
}
