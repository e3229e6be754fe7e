import { useState } from 'react';
import { ValueViewer } from './ValueViewer.tsx';

/** Longer than this, a value shows its first lines and opens on a click. */
const FOLDED_CHARS = 400;

/** A recorded value as JSON: pretty-printed, wrapped, folded when long, whole in the value viewer. */
export function JsonValue({ value, testId }: { value: unknown; testId?: string }) {
  const text = value === undefined ? '(nothing)' : JSON.stringify(value, null, 2);
  const long = text.length > FOLDED_CHARS;
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState(false);
  return (
    <div className="json-value" data-testid={testId}>
      <pre className={long && !open ? 'folded' : ''}>{long && !open ? `${text.slice(0, FOLDED_CHARS)}…` : text}</pre>
      {long ? (
        <button className="link" onClick={() => setOpen(!open)} data-testid="json-expand">
          {open ? 'fold' : `show all (${text.length} characters)`}
        </button>
      ) : null}
      {value !== undefined ? (
        <button className="link" onClick={() => setViewing(true)} data-testid="json-open-viewer">
          open in the viewer
        </button>
      ) : null}
      {viewing ? <ValueViewer value={value} title="Recorded value" onClose={() => setViewing(false)} /> : null}
    </div>
  );
}
