import { Fragment, type ReactNode } from 'react';
import type { AgentSplitView, SplitView } from '../../../../contract/counterfactual-views.ts';
import { closeSplit, useCounterfactuals } from './counterfactual-store.ts';

/**
 * How a recording is named where the split shows it (`member` indexes `SplitView.recordings`;
 * `iteration` is the agent's iteration by position there): its label, unless the caller names it
 * otherwise (the Evals view: a trial with its verdict, a link to its recording).
 */
export type SplitMember = (member: number, at: { agent: string; iteration: number }) => ReactNode;

const short = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
};

function AgentSplit({ agent, view, member }: { agent: AgentSplitView; view: SplitView; member?: SplitMember }) {
  const named = (members: readonly number[], iteration: number) =>
    members.map((one, i) => (
      <Fragment key={one}>
        {i > 0 ? ', ' : null}
        {member ? member(one, { agent: agent.agent, iteration }) : view.recordings[one]}
      </Fragment>
    ));
  const of = `${agent.present.length} of ${view.recordings.length} recordings`;
  if (!agent.split)
    return (
      <li data-testid="split-agent" data-agent={agent.agent} data-split="no">
        <strong>{agent.agent}</strong>: {of} agree on all {agent.agreed} calls
      </li>
    );
  const { iteration, call, groups } = agent.split;
  return (
    <li data-testid="split-agent" data-agent={agent.agent} data-split="yes">
      <div>
        <strong>{agent.agent}</strong>: {of} agree on {agent.agreed} calls, then <strong>split</strong> at iteration{' '}
        {iteration} call {call}:
      </div>
      <table className="split-table">
        <tbody>
          {groups.map((group) => (
            <tr key={group.members.join(',')} data-testid="split-group">
              <td>{named(group.members, iteration)}</td>
              <td>
                <code>
                  {group.call
                    ? `${group.call.op}(${group.call.args.map(short).join(', ')})`
                    : 'no call (the iteration ended)'}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {agent.cause ? (
        <div data-testid="split-cause">
          after the answers to iteration {agent.cause.iteration} call {agent.cause.call} ({agent.cause.op}) differed:
          <table className="split-table">
            <tbody>
              {agent.cause.groups.map((group) => (
                <tr key={group.members.join(',')}>
                  <td>{named(group.members, agent.cause!.iteration)}</td>
                  <td>
                    <code>{short(group.answer)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="meta">with every answer before it alike (the brains or their state differ)</div>
      )}
    </li>
  );
}

/** Each agent of k aligned recordings: the calls all agree on, where they split, and the answer that split them. */
export function SplitAgents({ view, member }: { view: SplitView; member?: SplitMember }) {
  return (
    <ul className="split-agents">
      {view.agents.map((agent) => (
        <AgentSplit key={agent.agent} agent={agent} view={view} member={member} />
      ))}
    </ul>
  );
}

/** k recordings aligned host call by host call (Compare ▸ Several): where they split, and the answer that split them. */
export function SplitResult() {
  const split = useCounterfactuals((s) => s.split);
  if (!split) return null;
  return (
    <section className="split-result" data-testid="split-result" aria-label="Where the recordings split">
      <div className="panel-toolbar">
        <strong>Where {split === 'running' ? 'the recordings' : `${split.recordings.length} recordings`} split</strong>
        <span className="spacer" />
        <button onClick={closeSplit} data-testid="split-close">
          Close
        </button>
      </div>
      {split === 'running' ? <div className="progress">Aligning the recordings…</div> : <SplitAgents view={split} />}
    </section>
  );
}
