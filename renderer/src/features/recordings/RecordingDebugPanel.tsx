import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import type { RecordingDebugMove, RecordingDebugView } from '../../../../contract/debug-views.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import { FrameList } from '../debug/FrameList.tsx';
import { ValueNode } from '../debug/VariableTree.tsx';
import { VariableSourceContext } from '../debug/variable-source.ts';
import { RecordedBrainsChoice } from './RecordedBrainsChoice.tsx';
import {
  addRecordingWatch,
  endRecordingDebug,
  moveRecordingDebug,
  recordingVariables,
  removeRecordingWatch,
  selectRecordingFrame,
  setRecordedBrains,
  startRecordingDebug,
  useRecordingDebug,
} from './recording-debug-store.ts';
import { useRecordings } from './recording-store.ts';
import { RecordingSourcePane } from './RecordingSourcePane.tsx';

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
      <ul className="variable-tree">
        {watches.map((w) => {
          const result = values[w];
          return (
            <li key={w} className="watch" data-testid="recording-debug-watch-row" data-expression={w}>
              {result?.value !== undefined ? (
                <ul className="variable-tree">
                  <ValueNode
                    parent={undefined}
                    variable={{
                      name: w,
                      value: result.value,
                      variablesReference: result.variablesReference,
                      ...(result.type === undefined ? {} : { type: result.type }),
                    }}
                    within={['Watch']}
                    editable={false}
                  />
                </ul>
              ) : (
                <span>
                  <span className="variable-name">{w}</span>:{' '}
                  <span className={result?.error ? 'error-text' : 'dim'} data-testid="variable-value">
                    {result?.error ?? '…'}
                  </span>
                </span>
              )}
              <button className="remove" aria-label={`Remove watch ${w}`} onClick={() => removeRecordingWatch(w)}>
                ×
              </button>
            </li>
          );
        })}
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
  const frameId = useRecordingDebug((s) => s.frameId);
  const scopes = useRecordingDebug((s) => s.scopes);
  const source = useRecordingDebug((s) => s.source);
  const frame = view.frames.find((f) => f.id === frameId);
  // An outer frame in another file (Rhai module or eval code) is not in this text.
  const outer = frame && frame.id !== view.frames[0]?.id && frame.source === source?.source ? frame : undefined;
  return (
    <div className="recording-debug-state">
      <div className="recording-debug-code">
        {source ? (
          <RecordingSourcePane
            source={source}
            stopLine={view.source === source.source ? view.line : undefined}
            frameLine={outer?.line}
          />
        ) : (
          <div className="progress">Reading the brain text…</div>
        )}
      </div>
      <VariableSourceContext.Provider value={recordingVariables}>
        <div className="recording-debug-side">
          <div data-testid="recording-debug-frames">
            <div className="label">Call stack</div>
            <FrameList
              frames={view.frames.map((f) => ({ id: f.id, name: f.name, where: `${f.source}:${f.line}` }))}
              selected={frameId}
              onSelect={(id) => void selectRecordingFrame(id)}
            />
          </div>
          <div data-testid="recording-debug-variables">
            <div className="label">Variables</div>
            <ul className="variable-tree" key={`${view.stop}:${frameId}`}>
              {scopes.map((scope, i) => (
                <ValueNode
                  key={scope.name}
                  parent={undefined}
                  variable={{ name: scope.name, value: '', variablesReference: scope.variablesReference }}
                  initiallyOpen={i === 0 && !scope.expensive}
                  editable={false}
                />
              ))}
            </ul>
          </div>
          <Watches />
        </div>
      </VariableSourceContext.Provider>
    </div>
  );
}

/**
 * Keeps the keyboard where it was across a move: a focused row the move took away (a frame that
 * is gone, a value no longer shown) hands focus to the selected frame.
 */
function useFocusKept(panel: RefObject<HTMLDivElement | null>, view: RecordingDebugView | undefined) {
  const within = useRef(false);
  useEffect(() => {
    const root = panel.current;
    if (!root || !within.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active)) return;
    const frame = root.querySelector<HTMLElement>('.frame.selected') ?? root;
    frame.focus();
  }, [panel, view]);
  return {
    onFocus: () => void (within.current = true),
    onBlur: (event: FocusEvent) => {
      // Focus that went elsewhere on purpose; a removed element's blur has no next target.
      const next = event.relatedTarget;
      if (next instanceof Node && !panel.current?.contains(next)) within.current = false;
    },
  };
}

/**
 * Debugging the selected recorded agent (docs/debugging.md#time-travel-in-a-recording): its
 * iterations re-executed with the workspace's brain (or the recorded one), stepped forward and back
 * with the debugger's keys; the brain text with the stop line, every frame's scopes and values.
 */
export function RecordingDebugPanel({ path, agent }: { path: string; agent: string }) {
  const selected = useRecordings((s) => s.selected);
  const session = useRecordingDebug((s) => s.session);
  const view = useRecordingDebug((s) => s.view);
  const busy = useRecordingDebug((s) => s.busy);
  const recordedBrains = useRecordingDebug((s) => s.recordedBrains);
  const panel = useRef<HTMLDivElement>(null);
  const focus = useFocusKept(panel, view);
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
  const brain = recordedBrains ? 'the recorded brain' : "the workspace's brain";
  // Buttons stay enabled while a move runs (a disabled one would drop the focus): a move asked then is ignored.
  const start = (how: 'entry' | 'continue') => !busy && void startRecordingDebug(path, agent, from, how);
  return (
    <div
      className="recording-debug"
      data-testid="recording-debug"
      data-busy={busy}
      data-stop={active && view ? view.stop : undefined}
      ref={panel}
      tabIndex={-1}
      onFocus={focus.onFocus}
      onBlur={focus.onBlur}
    >
      <div className="panel-toolbar">
        <button
          onClick={() => start('entry')}
          aria-disabled={busy}
          data-testid="recording-debug-start"
          title={`Re-execute ${fromText} of ${agent} with ${brain}, stopped at its first statement`}
        >
          Debug this iteration
        </button>
        <button
          onClick={() => start('continue')}
          aria-disabled={busy}
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
                aria-disabled={busy || !view}
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
        <RecordedBrainsChoice
          checked={recordedBrains}
          onChange={setRecordedBrains}
          testId="recording-debug-recorded-brains"
        />
      </div>
      {active && view ? (
        <>
          <div className="debug-where" data-testid="recording-debug-where">
            {busy ? 'moving…' : where(view)}
          </div>
          <Stopped view={view} />
        </>
      ) : active && busy ? (
        <div className="progress">Re-executing {fromText}…</div>
      ) : null}
    </div>
  );
}
