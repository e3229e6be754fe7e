import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { compactJson } from '../trace/trace-text.ts';
import { ValueViewer } from './ValueViewer.tsx';
import { parsedValue } from './value-search.ts';

/**
 * A value in one line, cut at `limit` characters; when cut (or a structure), it opens the whole
 * value in the viewer on a click, Enter or Space.
 */
export function ValueText({
  value,
  limit = 160,
  title = 'Value',
  testId = 'value-text',
}: {
  value: unknown;
  limit?: number;
  title?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLSpanElement>(null);
  // JSON text inside the value reads as JSON in the line too, not as escaped text.
  const text = compactJson(value !== null && typeof value === 'object' ? parsedValue(value) : value, limit);
  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);
  const openable = text.endsWith('…') || (value !== null && typeof value === 'object');
  if (!openable) return <span className="value-text">{text}</span>;
  const show = (e: MouseEvent | KeyboardEvent) => {
    e.stopPropagation();
    e.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <span
        ref={opener}
        className="value-text openable"
        role="button"
        tabIndex={0}
        title="Open the whole value (Enter)"
        data-testid={testId}
        onClick={show}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' ? show(e) : undefined)}
      >
        {text}
      </span>
      {open ? <ValueViewer value={value} title={title} onClose={close} /> : null}
    </>
  );
}
