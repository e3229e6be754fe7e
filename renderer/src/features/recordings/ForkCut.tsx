import { counted } from '../../../../contract/counted.ts';
import { useRecordings } from './recording-store.ts';
import { describeResult } from './recording-text.ts';

/** A branch forked with every agent: where each agent went live (the consistent cut), and how each went. */
export function ForkCut({ path }: { path: string }) {
  const forked = useRecordings((s) => (s.forkedAll?.path === path ? s.forkedAll.branch : undefined));
  if (!forked?.cut) return null;
  const reports = forked.agents ?? [];
  return (
    <div className="fork-cut" data-testid="fork-cut">
      <div>
        All agents forked from a consistent cut (no agent past a message another had not yet sent):{' '}
        {forked.cut.agents.map((agent) => `${agent.agent} after ${agent.afterIteration}`).join(', ')}
      </div>
      <ul>
        {forked.cut.agents.map((agent) => {
          const report = reports.find((one) => one.agent === agent.agent);
          return (
            <li key={agent.agent} data-testid="fork-cut-agent" data-agent={agent.agent}>
              <strong>{agent.agent}</strong>: {agent.replayed} of {counted(agent.of, 'iteration')} replayed (
              {agent.reason}){report ? `, ${report.live} live, ${describeResult(report.last)}` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
