import type { AgentStatus } from '../../../../contract/agent-status.ts';
import type { AgentView } from '../../../../contract/views.ts';
import { cancelPause, loopAgent, pauseAgent, restartAgent, stepAgent, stopAgent } from './agent-actions.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import { HeldCall } from '../debug/HeldCall.tsx';
import './agents.css';
import { openFile, openPicker, selectAgent, useWorkbench } from '../../core/workbench-store.ts';
import { counted } from '../../../../contract/counted.ts';
import { useShownFailure } from './failure-store.ts';

const STATE_LABELS: Record<AgentStatus['state'], string> = {
  idle: 'idle',
  starting: 'starting',
  running: 'running',
  paused: 'paused',
  waiting: 'waiting in recv',
  backoff: 'backing off',
  exited: 'exited',
  completed: 'completed',
  failed: 'failed',
  stopped: 'stopped',
};

function stateLabel(status: AgentStatus): string {
  if (status.state !== 'paused') return STATE_LABELS[status.state];
  if (status.stoppedAt) return `stopped at line ${status.stoppedAt.line} (${status.stoppedAt.reason})`;
  return 'paused at a host call';
}

function Controls({ agent, status }: { agent: string; status: AgentStatus }) {
  // A looping agent is busy between its iterations too, so that Stop does not flicker with them.
  const looping = status.looping === true;
  const busy = looping || ['running', 'paused', 'waiting', 'backoff'].includes(status.state);
  return (
    <div className="agent-controls" onClick={(e) => e.stopPropagation()}>
      <button
        title={`Run in a loop (${SHORTCUTS.run})`}
        aria-label="Run"
        onClick={() => loopAgent(agent)}
        disabled={looping || (busy && status.mode === 'loop')}
      >
        ▶
      </button>
      <button
        title={`Step one iteration (${SHORTCUTS.step})`}
        aria-label="Step"
        onClick={() => void stepAgent(agent)}
        disabled={busy}
      >
        ⤼
      </button>
      <button
        title={`Pause at the next host call (${SHORTCUTS.pause})`}
        aria-label="Pause"
        onClick={() => pauseAgent(agent)}
        disabled={!busy || status.state === 'paused' || status.pausePending === true}
      >
        ❙❙
      </button>
      <button title={`Stop (${SHORTCUTS.stop})`} aria-label="Stop" onClick={() => stopAgent(agent)} disabled={!busy}>
        ■
      </button>
      <button
        title={`Restart the agent process (${SHORTCUTS.restart})`}
        aria-label="Restart"
        onClick={() => restartAgent(agent)}
      >
        ↻
      </button>
    </div>
  );
}

/** A pause that waits for the agent's next host call: one blocked in recv holds once recv returns. */
function PausePending({ agent, status }: { agent: string; status: AgentStatus }) {
  if (!status.pausePending || status.state === 'paused') return null;
  return (
    <div className="pause-pending" data-testid="pause-pending">
      Pause pending: holds at the next host call{status.state === 'waiting' ? ', once recv returns' : ''}.{' '}
      <button onClick={() => cancelPause(agent)}>Cancel pause</button>
    </div>
  );
}

/** The agent's brain: its source in the editor, or for a component its world in the component picker. */
function openBrain(agent: AgentView): void {
  const format = useWorkbench.getState().workspace?.runtimeKinds.find((k) => k.kind === agent.runtimeKind)?.format;
  if (format === 'component') openPicker(agent.script);
  else void openFile(agent.script);
}

function AgentRow({ agent, selected }: { agent: AgentView; selected: boolean }) {
  const status = useWorkbench((s) => s.statuses[agent.name]) ?? agent.status;
  const failure = useShownFailure(agent.name, agent.script);
  return (
    <li
      tabIndex={0}
      aria-selected={selected}
      className={`agent ${selected ? 'selected' : ''}`}
      data-testid={`agent-${agent.name}`}
      data-state={status.state}
      onClick={() => selectAgent(agent.name)}
    >
      <div className="agent-head">
        <span className={`dot state-${status.state}`} />
        <button
          className="agent-name link"
          title={`Open ${agent.script}`}
          data-testid="open-brain"
          onClick={() => {
            selectAgent(agent.name);
            openBrain(agent);
          }}
        >
          {agent.name}
        </button>
        <span className="badge">{agent.runtimeKind}</span>
        <span className="iterations" title="iterations run" data-testid="iteration-count">
          #{status.iteration}
        </span>
      </div>
      <div className="agent-sub">
        <span className="state" data-testid="agent-state">
          {stateLabel(status)}
        </span>
        {failure ? (
          <span className="error-text" data-testid="agent-failure">
            {' '}
            — {failure.error}
          </span>
        ) : null}
        {agent.breakpoints.length > 0 ? (
          <span className="bp-count"> · {counted(agent.breakpoints.length, 'breakpoint')}</span>
        ) : null}
      </div>
      <Controls agent={agent.name} status={status} />
      <PausePending agent={agent.name} status={status} />
      <HeldCall agent={agent.name} status={status} />
    </li>
  );
}

export function AgentsPanel() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const selected = useWorkbench((s) => s.selectedAgent);
  return (
    <section className="panel agents-panel" aria-label="Agents">
      <h2>Agents</h2>
      {workspace.configError ? (
        <div
          className="empty error-text"
          data-testid="config-error"
          role="button"
          title="Open the config"
          onClick={() => void openFile(workspace.configError!.file)}
        >
          The config has an error ({workspace.configError.file}:{workspace.configError.line}:
          {workspace.configError.column}): {workspace.configError.message}. Fix it in the editor and save.
        </div>
      ) : workspace.agents.length === 0 ? (
        <div className="empty">No agents yet. Add one with “New agent” in the file panel.</div>
      ) : (
        <ul
          className="agent-list"
          onKeyDown={(e) => {
            // Up and down move the selection, like any list.
            const names = workspace.agents.map((a) => a.name);
            const at = names.indexOf(selected ?? '');
            const next = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : -2;
            if (next === -2 || next < 0 || next >= names.length) return;
            e.preventDefault();
            selectAgent(names[next]!);
            document.querySelector<HTMLElement>(`[data-testid="agent-${names[next]}"]`)?.focus();
          }}
        >
          {workspace.agents.map((a) => (
            <AgentRow key={a.name} agent={a} selected={a.name === selected} />
          ))}
        </ul>
      )}
    </section>
  );
}
