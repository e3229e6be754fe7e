import type { KeyboardEvent } from 'react';

export interface ListedFrame {
  id: number;
  name: string;
  /** Where it is, as shown (a file name and line); none for a frame without a line. */
  where?: string;
}

/**
 * A stopped brain's frames, innermost first, one selected: chosen by click, or from the keyboard
 * (Up and Down, Home and End move the selection; Enter chooses the focused frame).
 */
export function FrameList({
  frames,
  selected,
  onSelect,
}: {
  frames: readonly ListedFrame[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const to =
      event.key === 'ArrowDown'
        ? index + 1
        : event.key === 'ArrowUp'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? frames.length - 1
              : undefined;
    if (event.key === 'Enter') onSelect(frames[index]!.id);
    if (to === undefined || !frames[to]) return;
    event.preventDefault();
    onSelect(frames[to].id);
    const row = event.currentTarget.parentElement?.children[to];
    if (row instanceof HTMLElement) row.focus();
  };
  return (
    <ul className="frames" role="listbox" aria-label="call stack">
      {frames.map((frame, index) => (
        <li
          key={frame.id}
          role="option"
          tabIndex={frame.id === selected || (selected === undefined && index === 0) ? 0 : -1}
          className={`frame ${frame.id === selected ? 'selected' : ''}`}
          aria-selected={frame.id === selected}
          data-testid="stack-frame"
          onClick={() => onSelect(frame.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span className="frame-name">{frame.name}</span>
          {frame.where ? <span className="frame-where">{frame.where}</span> : null}
        </li>
      ))}
    </ul>
  );
}
