import {
  continueAgent,
  pauseAnywhere,
  restartAgent,
  stepAgent,
  stepInto,
  stepOut,
  stepBack,
  reverseContinue,
  stepOver,
  stepOverCall,
  stopAgent,
} from '../agents/agent-actions.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import { runtimeKindOf, useSelectedStop } from './debug-store.ts';
import { useShallow } from 'zustand/react/shallow';
import { selectAgent, useWorkbench } from '../../core/workbench-store.ts';

/** Where the stop is, in words: the line and why, or the held call. */
function stopText(stop: NonNullable<ReturnType<typeof useSelectedStop>>['stop']): string {
  const why = stop.description ? `${stop.reason}: ${stop.description}` : stop.reason;
  if (stop.op && !stop.location) return `held before ${stop.op}`;
  const where = stop.location ? `${stop.location.path}:${stop.location.line}` : 'a statement';
  if (stop.past) return `in the past: iteration ${stop.past.iteration}, at ${where} (${why})`;
  return stop.op ? `held before ${stop.op} at ${where}` : `stopped at ${where} (${why})`;
}

/**
 * Which agent the keys and these buttons act on, said and chosen here; it follows the brain in
 * the focused editor and the agent clicked in the Agents list.
 */
function DebugTarget({ agent }: { agent: string }) {
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  return (
    <select
      className="debug-target"
      value={agent}
      onChange={(event) => selectAgent(event.target.value)}
      aria-label="debug target"
      title="The agent F5, F8 and these buttons act on: it follows the brain in the focused editor"
      data-testid="debug-target"
    >
      {agents.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}

/** The debug toolbar: the selected agent's ways to go on, with the keys VS Code users know. */
export function DebugToolbar() {
  const agent = useWorkbench((s) => s.selectedAgent);
  const status = useWorkbench((s) => (agent ? s.statuses[agent] : undefined));
  const selected = useSelectedStop();
  if (!agent || !status) return <div className="debug-toolbar empty">Select an agent to debug it.</div>;
  const stopped = status.state === 'paused';
  const kind = runtimeKindOf(agent);
  const source = kind?.debugLevel !== 'host-calls';
  const busy = ['running', 'paused', 'waiting', 'backoff'].includes(status.state);
  const button = (label: string, key: string, run: () => void, enabled: boolean, icon: string) => (
    <button title={`${label} (${key})`} aria-label={label} onClick={run} disabled={!enabled}>
      {icon}
    </button>
  );
  return (
    <div
      className="debug-toolbar"
      data-testid="debug-toolbar"
      data-stopped={stopped}
      data-past={selected?.stop.past !== undefined}
    >
      <div className="row">
        {button('Continue', SHORTCUTS.run, () => continueAgent(agent), stopped, '▶')}
        {button('Step over', SHORTCUTS.stepOver, () => stepOver(agent), stopped, '↷')}
        {button('Step into', SHORTCUTS.stepInto, () => stepInto(agent), stopped, '↓')}
        {button('Step out', SHORTCUTS.stepOut, () => stepOut(agent), stopped, '↑')}
        {button('Step back', SHORTCUTS.stepBack, () => stepBack(agent), stopped && source, '↶')}
        {button('Reverse continue', SHORTCUTS.reverseContinue, () => reverseContinue(agent), stopped && source, '◀')}
        {button('Pause here', SHORTCUTS.pause, () => pauseAnywhere(agent), busy && !stopped, '❙❙')}
        {button('Stop agent', SHORTCUTS.stop, () => stopAgent(agent), busy, '■')}
        {button('Restart agent', SHORTCUTS.restart, () => restartAgent(agent), true, '↻')}
        <span className="separator-dot" />
        {button('Step one iteration', SHORTCUTS.step, () => void stepAgent(agent), !busy, '⤼')}
        {button(
          'Step over the held call',
          SHORTCUTS.stepCall,
          () => stepOverCall(agent),
          status.pausedAt !== undefined,
          '⇥',
        )}
      </div>
      <div className="debug-where" data-testid="debug-where">
        <DebugTarget agent={agent} />: {selected ? stopText(selected.stop) : status.state}
      </div>
      {kind?.debugLevel === 'host-calls' ? (
        <div className="debug-note" data-testid="host-calls-only">
          {kind.title} brains are debugged at host calls only: no source, so no line breakpoints, steps or variables.
          Hold this one with host-call breakpoints and read the held call.
        </div>
      ) : null}
    </div>
  );
}
