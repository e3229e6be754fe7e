import type { AgentReplayView, ReplayStep } from '../../../../contract/recording-views.ts';
import { showLine } from '../editor/monaco/debug-decorations.ts';
import { useRecordings } from './recording-store.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { describeResult, workspacePath } from './recording-text.ts';
import { counted } from '../../../../contract/counted.ts';
import { BrainDifferences } from './BrainDifferences.tsx';
import { SkippedAgents } from './SkippedAgents.tsx';

function stepText(step: ReplayStep): string {
  if (step.kind === 'end') return `the iteration ends: ${describeResult(step.result)}`;
  return `${step.op}(${step.args.map((a) => JSON.stringify(a)).join(', ')})`;
}

function AgentReport({ report }: { report: AgentReplayView }) {
  const root = useWorkbench((s) => s.workspace?.root);
  const divergence = report.divergence;
  if (!divergence) {
    return (
      <li className="replay-agent" data-testid="replay-agent" data-agent={report.agent} data-verdict="replayed">
        <strong className="ok-text">REPLAYED</strong> {report.agent}: {counted(report.replayed, 'iteration')}
      </li>
    );
  }
  const position = divergence.position;
  const path = position ? workspacePath(position.source, root) : undefined;
  return (
    <li className="replay-agent" data-testid="replay-agent" data-agent={report.agent} data-verdict="diverged">
      <div>
        <strong className="error-text">DIVERGED</strong> {report.agent} iteration {divergence.iteration} call{' '}
        {divergence.call} ({counted(report.replayed, 'iteration')} replayed before it)
        {position && path ? (
          <button className="link" data-testid="divergence-position" onClick={() => showLine(path, position.line)}>
            {path}:{position.line}:{position.column}
          </button>
        ) : null}
      </div>
      <div className="columns divergence-steps">
        <div>
          <div className="label">recorded</div>
          <pre data-testid="divergence-recorded">{stepText(divergence.expected)}</pre>
        </div>
        <div>
          <div className="label">replayed</div>
          <pre data-testid="divergence-replayed">{stepText(divergence.actual)}</pre>
        </div>
      </div>
      {report.divergenceText ? <pre className="divergence-text">{report.divergenceText}</pre> : null}
    </li>
  );
}

/** What Replay found, per agent; the agents it left out and why; the brains that were not the recorded ones. */
export function ReplayReport() {
  const replay = useRecordings((s) => s.replay);
  if (replay === undefined) return null;
  if (replay === 'running') return <div className="progress">Replaying…</div>;
  return (
    <div className="replay-report" data-testid="replay-report" data-recorded-brains={replay.recordedBrains}>
      {replay.recordedBrains ? <div className="meta">The recorded brains ran, in the workspace's runtimes.</div> : null}
      <ul>
        {replay.reports.map((report) => (
          <AgentReport key={report.agent} report={report} />
        ))}
      </ul>
      <SkippedAgents skipped={replay.skipped} />
      <BrainDifferences brains={replay.brains} recordedBrains={replay.recordedBrains} />
    </div>
  );
}
