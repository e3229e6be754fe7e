import { useState } from 'react';
import type { PlacedSourceBreakpoint } from '../../../../contract/debug-views.ts';
import { showLine } from '../editor/monaco/debug-decorations.ts';
import {
  editBreakpoint,
  setCallBreakpoints,
  setExceptionBreakpoints,
  setFileBreakpoints,
  stopEditingBreakpoint,
  toggleBreakpoint,
  updateBreakpoint,
  useDebug,
} from './debug-store.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { Breakpoints } from './Breakpoints.tsx';
import { SHORTCUTS } from '../../app/shortcuts.ts';

/** Condition, hit count and log message of one breakpoint; applied on Enter or Apply. */
function BreakpointForm({ path, breakpoint }: { path: string; breakpoint: PlacedSourceBreakpoint }) {
  const [condition, setCondition] = useState(breakpoint.condition ?? '');
  const [hitCondition, setHitCondition] = useState(breakpoint.hitCondition ?? '');
  const [logMessage, setLogMessage] = useState(breakpoint.logMessage ?? '');
  const apply = () => {
    updateBreakpoint(path, breakpoint.line, {
      condition: condition.trim(),
      hitCondition: hitCondition.trim(),
      logMessage: logMessage.trim(),
    });
    stopEditingBreakpoint();
  };
  const field = (label: string, value: string, change: (v: string) => void, placeholder: string) => (
    <label>
      {label}
      <input
        value={value}
        onChange={(e) => change(e.target.value)}
        placeholder={placeholder}
        aria-label={`${label} of line ${breakpoint.line}`}
      />
    </label>
  );
  return (
    <form
      className="breakpoint-form"
      data-testid="breakpoint-form"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {field('condition', condition, setCondition, 'an expression in the brain’s language')}
      {field('hit count', hitCondition, setHitCondition, 'N, >= N, > N, == N or % N')}
      {field('log message', logMessage, setLogMessage, 'a logpoint: text with {expressions}, never stops')}
      <div className="row">
        <button type="submit">Apply</button>
        <button type="button" onClick={stopEditingBreakpoint}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function describe(b: PlacedSourceBreakpoint): string {
  return [
    b.condition ? `when ${b.condition}` : '',
    b.hitCondition ? `hits ${b.hitCondition}` : '',
    b.logMessage ? `logs “${b.logMessage}”` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function SourceBreakpoints() {
  const byFile = useDebug((s) => s.settings.sourceBreakpoints);
  const editing = useDebug((s) => s.editing);
  const files = Object.keys(byFile).sort();
  if (files.length === 0)
    return (
      <div className="empty">
        Click the gutter left of a line (or press {SHORTCUTS.toggleBreakpoint}) to stop there.
      </div>
    );
  return (
    <ul className="source-breakpoints">
      {files.flatMap((path) =>
        byFile[path]!.map((b) => (
          <li
            key={`${path}:${b.line}`}
            data-testid="source-breakpoint"
            data-location={`${path}:${b.line}`}
            data-verified={b.verified}
            className={b.verified ? 'verified' : 'unverified'}
          >
            <div className="row">
              <span className={`bp-dot ${b.logMessage ? 'log' : ''}`} aria-hidden />
              <button className="link" onClick={() => showLine(path, b.line)} title={`Show ${path}:${b.line}`}>
                {path.split('/').pop()}:{b.line}
              </button>
              <span className="dim">{describe(b)}</span>
              <span className="spacer" />
              <button aria-label={`edit breakpoint ${path}:${b.line}`} onClick={() => editBreakpoint(path, b.line)}>
                ✎
              </button>
              <button aria-label={`remove breakpoint ${path}:${b.line}`} onClick={() => toggleBreakpoint(path, b.line)}>
                ×
              </button>
            </div>
            {b.message ? (
              <div className={b.verified ? 'dim' : 'warn-text'} data-testid="breakpoint-message">
                {b.message}
              </div>
            ) : null}
            {editing?.path === path && editing.line === b.line ? <BreakpointForm path={path} breakpoint={b} /> : null}
          </li>
        )),
      )}
    </ul>
  );
}

/** Every breakpoint of the workspace: lines in brains, error filters, host calls. */
export function BreakpointsPane() {
  const exceptions = useDebug((s) => s.settings.exceptions);
  const calls = useDebug((s) => s.settings.callBreakpoints);
  const byFile = useDebug((s) => s.settings.sourceBreakpoints);
  const agent = useWorkbench((s) => s.selectedAgent);
  return (
    <details className="debug-pane" open data-testid="breakpoints-pane">
      <summary>
        Breakpoints
        {Object.keys(byFile).length > 0 ? (
          <button
            className="inline"
            title="Remove every line breakpoint"
            onClick={(e) => {
              e.preventDefault();
              for (const path of Object.keys(byFile)) void setFileBreakpoints(path, []);
            }}
          >
            Remove all
          </button>
        ) : null}
      </summary>
      <SourceBreakpoints />
      <div className="exceptions">
        <label>
          <input
            type="checkbox"
            data-testid="break-caught"
            checked={exceptions.caught}
            onChange={(e) => void setExceptionBreakpoints(e.target.checked, exceptions.uncaught)}
          />{' '}
          Caught errors
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="break-uncaught"
            checked={exceptions.uncaught}
            onChange={(e) => void setExceptionBreakpoints(exceptions.caught, e.target.checked)}
          />{' '}
          Uncaught errors
        </label>
      </div>
      {agent ? (
        <Breakpoints
          agent={agent}
          breakpoints={calls[agent] ?? []}
          all={calls['*'] ?? []}
          onChange={(list) => void setCallBreakpoints(agent, list)}
          onChangeAll={(list) => void setCallBreakpoints('*', list)}
        />
      ) : null}
    </details>
  );
}
