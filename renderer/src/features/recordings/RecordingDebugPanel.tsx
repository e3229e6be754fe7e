import { useEffect, useState } from 'react';
import type { RecordingDebugMove, RecordingDebugView } from '../../../../contract/debug-views.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import {
  addRecordingWatch,
  endRecordingDebug,
  moveRecordingDebug,
  removeRecordingWatch,
  startRecordingDebug,
  useRecordingDebug,
} from './recording-debug-store.ts';
import { useRecordings } from './recording-store.ts';

const MOVES: { move: RecordingDebugMove; label: string; key: string; icon: string }[] = [
  { move: 'continue', label: 'Continue', key: SHORTCUTS.run, icon: '▶' },
  { move: 'next', label: 'Step over', key: SHORTCUTS.stepOver, icon: '↷' },
  { move: 'step-in', label: 'Step into', key: SHORTCUTS.stepInto, icon: '↓' },
  { move: 'step-out', label: 'Step out', key: SHORTCUTS.stepOut, icon: '↑' },
  { move: 'step-back', label: 'Step back', key: SHORTCUTS.stepBack, icon: '↶' },
  { move: 'reverse-continue', label: 'Reverse continue', key: SHORTCUTS.reverseContinue, icon: '◀' },
];

function where(view: RecordingDebugView): string {
  const why = view.description ? `${view.reason}: ${view.description}` : view.reason;
  return `iteration ${view.iteration}, at ${view.source}:${view.line} (${why})`;
}

function Watches() {
  const watches = useRecordingDebug((s) => s.watches);
  const values = useRecordingDebug((s) => s.values);
  const [text, setText] = useState('');
  return (
    <div className="recording-debug-watch" data-testid="recording-debug-watch">
      <div className="label">Watch</div>
      <ul>
        {watches.map((w) => (
          <li key={w} data-testid="recording-debug-watch-row" data-expression={w}>
            <code>{w}</code> = <code data-testid="recording-debug-watch-value">{values[w] ?? '…'}</code>{' '}
            <button className="row-action" aria-label={`Remove watch ${w}`} onClick={() => removeRecordingWatch(w)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void addRecordingWatch(text);
          setText('');
        }}
      >
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Add a watch expression"
          aria-label="recording watch expression"
          data-testid="recording-debug-watch-input"
        />
      </form>
    </div>
  );
}

function Stopped({ view }: { view: RecordingDebugView }) {
  return (
    <div className="recording-debug-state">
      <div>
        <div className="label">Call stack</div>
        <ol data-testid="recording-debug-frames">
          {view.frames.map((f, i) => (
            <li key={i}>
              {f.name} <span className="dim">{`${f.source}:${f.line}`}</span>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <div className="label">Variables</div>
        <table data-testid="recording-debug-variables">
          <tbody>
            {view.variables.map((v) => (
              <tr
                key={`${v.scope}:${v.name}`}
                data-testid="recording-debug-variable"
                data-scope={v.scope}
                data-name={v.name}
              >
                <td className="dim">{v.scope}</td>
                <td>{v.name}</td>
                <td>
                  <code data-testid="recording-debug-value">{v.value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Watches />
    </div>
  );
}

/**
 * Debugging the selected recorded agent (docs/debugging.md#time-travel-in-a-recording): its
 * iterations re-executed with the workspace's brain, stepped forward and back, with the debugger's keys.
 */
export function RecordingDebugPanel({ path, agent }: { path: string; agent: string }) {
  const selected = useRecordings((s) => s.selected);
  const session = useRecordingDebug((s) => s.session);
  const view = useRecordingDebug((s) => s.view);
  const busy = useRecordingDebug((s) => s.busy);
  const active = session?.path === path && session.agent === agent;
  const from = selected ?? null;
  // The recording closed: its session's process ends with it.
  useEffect(
    () => () => {
      if (useRecordingDebug.getState().session?.path === path) void endRecordingDebug();
    },
    [path],
  );
  const fromText = from === null ? 'the first iteration' : `iteration ${from}`;
  return (
    <div className="recording-debug" data-testid="recording-debug" data-busy={busy}>
      <div className="panel-toolbar">
        <button
          onClick={() => void startRecordingDebug(path, agent, from, 'entry')}
          disabled={busy}
          data-testid="recording-debug-start"
          title={`Re-execute ${fromText} of ${agent} with the workspace's brain, stopped at its first statement`}
        >
          Debug this iteration
        </button>
        <button
          onClick={() => void startRecordingDebug(path, agent, from, 'continue')}
          disabled={busy}
          data-testid="recording-debug-from-here"
          title={`Re-execute from ${fromText} on to the first breakpoint hit`}
        >
          Debug from here
        </button>
        {active
          ? MOVES.map(({ move, label, key, icon }) => (
              <button
                key={move}
                title={`${label} (${key})`}
                aria-label={label}
                disabled={busy || !view}
                onClick={() => void moveRecordingDebug(move)}
                data-testid={`recording-debug-${move}`}
              >
                {icon}
              </button>
            ))
          : null}
        {active ? (
          <button
            onClick={() => void endRecordingDebug()}
            data-testid="recording-debug-end"
            aria-label="Stop debugging"
          >
            ■
          </button>
        ) : null}
      </div>
      {active && view ? (
        <>
          <div className="debug-where" data-testid="recording-debug-where">
            {busy ? 'moving…' : where(view)}
          </div>
          <pre className="recording-debug-line" data-testid="recording-debug-line">
            {view.line}: {view.code}
          </pre>
          <Stopped view={view} />
        </>
      ) : active && busy ? (
        <div className="progress">Re-executing {fromText}…</div>
      ) : null}
    </div>
  );
}
