import type { BrainComparisonView } from '../../../../contract/recording-views.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { shortHash, workspacePath } from './recording-text.ts';

function Hash({ sha256, path, which }: { sha256: string | null; path: string; which: string }) {
  const root = useWorkbench((s) => s.workspace?.root);
  return (
    <span className="brain-hash" data-testid={`brain-hash-${which}`} data-sha256={sha256 ?? ''}>
      {which} <code title={sha256 ?? 'the file could not be read'}>{shortHash(sha256)}</code>{' '}
      <span className="meta" title={path}>
        {workspacePath(path, root)}
      </span>
    </span>
  );
}

/**
 * Which brains are not the recorded ones, each with both hashes (the full hash on hover): said
 * before a replay or fork runs, and with its report.
 */
export function BrainDifferences({
  brains,
  recordedBrains,
}: {
  brains: readonly BrainComparisonView[];
  recordedBrains: boolean;
}) {
  const differing = brains.filter((brain) => !brain.same);
  if (differing.length === 0) return null;
  return (
    <ul className="brain-differences" data-testid="brain-differences">
      {differing.map((brain) => (
        <li key={brain.agent} data-testid="brain-difference" data-agent={brain.agent}>
          <strong>{brain.agent}</strong>:{' '}
          {brain.recorded
            ? `the workspace's brain differs from the recorded one (${recordedBrains ? 'the recorded one runs' : "the workspace's runs"})`
            : 'the recording has no brain of it (added after it began)'}
          <div className="brain-hashes">
            {brain.recorded ? (
              <Hash which="recorded" sha256={brain.recorded.sha256} path={brain.recorded.path} />
            ) : null}
            <Hash which="workspace" sha256={brain.workspace.sha256} path={brain.workspace.path} />
          </div>
        </li>
      ))}
    </ul>
  );
}
