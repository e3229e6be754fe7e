import type { BusRow } from '../../shared/trace/trace-log.ts';
import { clock } from '../../shared/trace/trace-text.ts';

const LANE = 140;
const STEP = 26;

/** Messages between agents over time: lifelines left to right, newest message at the bottom. */
export function SequenceDiagram({ rows, agents }: { rows: readonly BusRow[]; agents: string[] }) {
  // A message is drawn once, where it was delivered; its `sent` row is the same arrow.
  const messages = rows
    .filter((r) => r.kind === 'message' && r.state !== 'sent' && agents.includes(r.source))
    .slice(-150);
  if (messages.length === 0)
    return (
      <div className="empty">No messages between agents yet (agents talk with send_agent after subscribe_agent).</div>
    );
  const x = (agent: string) => 80 + agents.indexOf(agent) * LANE;
  const height = 40 + messages.length * STEP;
  return (
    <div className="sequence" data-testid="sequence-diagram">
      <svg width={100 + agents.length * LANE} height={height}>
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {agents.map((agent) => (
          <g key={agent}>
            <text x={x(agent)} y={14} textAnchor="middle" className="lane-label">
              {agent}
            </text>
            <line x1={x(agent)} x2={x(agent)} y1={20} y2={height} className="lifeline" />
          </g>
        ))}
        {messages.map((m, i) => {
          const y = 36 + i * STEP;
          return (
            <g key={m.seq}>
              <title>{`${clock(m.time)} ${m.source} → ${m.target}: ${m.preview}`}</title>
              <line x1={x(m.source)} x2={x(m.target)} y1={y} y2={y} className="message-arrow" markerEnd="url(#arrow)" />
              <text x={(x(m.source) + x(m.target)) / 2} y={y - 4} textAnchor="middle" className="message-label">
                {m.preview.slice(0, 24)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
