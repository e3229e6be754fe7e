import { useState } from 'react';
import type { BusRow } from '../../shared/trace/trace-log.ts';
import { clock } from '../../shared/trace/trace-text.ts';

const LANE = 140;
const STEP = 26;
const MARGIN = 80;

/**
 * The lanes drawn: the agents that sent or received a message shown (a filter leaves out the
 * others), and the agent filtered on, in the workspace's order.
 */
export function sequenceLanes(messages: readonly BusRow[], agents: readonly string[], focus: string): string[] {
  const talking = new Set(messages.flatMap((m) => [m.source, m.target]));
  return agents.filter((agent) => agent === focus || talking.has(agent));
}

/**
 * Messages between agents over time: lifelines left to right, newest message at the bottom. It
 * scrolls both ways; Fit to width draws it as wide as the pane.
 */
export function SequenceDiagram({ rows, agents, focus }: { rows: readonly BusRow[]; agents: string[]; focus: string }) {
  const [fit, setFit] = useState(false);
  // A message is drawn once, where it was delivered; its `sent` row is the same arrow.
  const messages = rows
    .filter((r) => r.kind === 'message' && r.state !== 'sent' && agents.includes(r.source) && agents.includes(r.target))
    .slice(-150);
  if (messages.length === 0)
    return (
      <div className="empty">
        {focus
          ? `No messages to or from ${focus} in what is shown.`
          : 'No messages between agents yet (agents talk with send_agent after subscribe_agent).'}
      </div>
    );
  const lanes = sequenceLanes(messages, agents, focus);
  const x = (agent: string) => MARGIN + lanes.indexOf(agent) * LANE;
  const width = 2 * MARGIN + (lanes.length - 1) * LANE;
  const height = 40 + messages.length * STEP;
  return (
    <div className="sequence" data-testid="sequence-diagram" data-fit={fit}>
      <div className="sequence-tools">
        <span className="count">
          {lanes.length} of {agents.length} agents · {messages.length} messages
        </span>
        <button
          aria-pressed={fit}
          onClick={() => setFit(!fit)}
          title={fit ? 'Draw at full size, scrolling' : 'Draw the diagram as wide as the pane'}
          data-testid="sequence-fit"
        >
          Fit to width
        </button>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={fit ? '100%' : width}
        height={fit ? undefined : height}
        preserveAspectRatio="xMinYMin meet"
        role="img"
        aria-label={`sequence diagram of ${lanes.join(', ')}`}
      >
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
        {lanes.map((agent) => (
          <g key={agent} data-testid="sequence-lane" data-agent={agent}>
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
