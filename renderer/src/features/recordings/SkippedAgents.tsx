import type { SkippedAgentView } from '../../../../contract/recording-views.ts';

/** The agents a replay leaves out, and why: recorded but not in the workspace, or the other way round. */
export function SkippedAgents({ skipped }: { skipped: readonly SkippedAgentView[] }) {
  if (skipped.length === 0) return null;
  return (
    <ul className="replay-skipped" data-testid="replay-skipped">
      {skipped.map(({ agent, reason }) => (
        <li key={agent} data-testid="skipped-agent" data-agent={agent}>
          <strong className="warn-text">NOT REPLAYED</strong> {agent}: {reason}
        </li>
      ))}
    </ul>
  );
}
