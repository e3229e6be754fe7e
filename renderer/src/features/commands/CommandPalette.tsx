import { useMemo, useState } from 'react';
import { showOverlay } from '../../core/ui-store.ts';
import { fuzzyScore } from './fuzzy-match.ts';
import { ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';
import { paletteEntries } from './palette-entries.ts';

/** Ctrl/Cmd+Shift+P or F1: every command with its key, filtered as typed, run with Enter. */
export function CommandPalette() {
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const entries = useMemo(paletteEntries, []);
  const shown = useMemo(
    () =>
      entries
        .map((entry) => ({ entry, score: fuzzyScore(query, `${entry.category}: ${entry.title}`) }))
        .filter((match): match is { entry: (typeof entries)[number]; score: number } => match.score !== undefined)
        .sort((a, b) => b.score - a.score)
        .map((match) => match.entry),
    [entries, query],
  );
  const close = () => showOverlay(undefined);
  const pick = (index: number) => {
    const entry = shown[index];
    if (!entry?.available()) return;
    close();
    entry.run();
  };
  const onKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 };
    if (event.key in moves) {
      event.preventDefault();
      setCursor((at) => Math.max(0, Math.min(shown.length - 1, at + moves[event.key]!)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(cursor);
    }
  };
  return (
    <ModalDialog label="Command palette" className="palette" testId="command-palette" onClose={close} closeOnBackdrop>
      <input
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setCursor(0);
        }}
        onKeyDown={onKey}
        placeholder="Type a command"
        aria-label="command"
        aria-controls="palette-list"
        aria-activedescendant={shown[cursor] ? `palette-${shown[cursor].id}` : undefined}
      />
      <ul id="palette-list" role="listbox" className="palette-list">
        {shown.map((entry, index) => (
          <li
            key={entry.id}
            id={`palette-${entry.id}`}
            role="option"
            aria-selected={index === cursor}
            aria-disabled={!entry.available()}
            className={`palette-item ${index === cursor ? 'selected' : ''}`}
            data-testid={`palette-${entry.id}`}
            onMouseMove={() => setCursor(index)}
            onClick={() => pick(index)}
          >
            <span className="palette-title">
              <span className="dim">{entry.category}: </span>
              {entry.title}
            </span>
            {entry.shortcut ? <kbd>{entry.shortcut}</kbd> : null}
          </li>
        ))}
        {shown.length === 0 ? <li className="dim palette-empty">No command matches “{query}”</li> : null}
      </ul>
    </ModalDialog>
  );
}
