// A file browser over the two places a component may come from: the workspace and Brainbench's
// bundled guests (the host lists nothing else). Folders open, .wasm files are chosen; the keys
// are a list's: up and down move, Enter or → opens, Backspace or ← goes up.

import { useEffect, useRef, useState } from 'react';
import type { ComponentFolderEntry, ComponentFolderView } from '../../../../contract/views.ts';
import { request } from '../../core/workbench-store.ts';

const ICONS: Record<ComponentFolderEntry['kind'], string> = { folder: '▸', wasm: '◈', file: '·' };

/** The folder a path is in: workspace-relative (`brains`, `.`) or absolute; '' opens the top. */
export function folderOf(path: string): string {
  const cut = path.lastIndexOf('/');
  if (cut < 0) return path ? '.' : '';
  return cut === 0 ? '/' : path.slice(0, cut);
}

interface Props {
  /** The folder to open first ('' for the top). */
  start: string;
  chosen: string;
  onChoose: (path: string) => void;
}

export function ComponentBrowser({ start, chosen, onChoose }: Props) {
  const [folder, setFolder] = useState<ComponentFolderView | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [wasmOnly, setWasmOnly] = useState(true);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  const open = async (path: string, fallback?: string) => {
    try {
      const view = await request('listComponentFolder', path);
      setFolder(view);
      setProblem(undefined);
      setActive(0);
    } catch (error) {
      if (fallback !== undefined) return open(fallback);
      setProblem((error as Error).message);
    }
  };
  useEffect(() => {
    // A start folder that is gone or out of bounds opens the top instead.
    void open(start, start === '' ? undefined : '');
  }, [start]);

  const entries = (folder?.entries ?? []).filter((e) => !wasmOnly || e.kind !== 'file');
  const pick = (entry: ComponentFolderEntry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'folder') void open(entry.path);
    else onChoose(entry.path);
  };
  const up = () => folder && folder.parent !== null && void open(folder.parent);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive(Math.min(active + 1, entries.length - 1)),
      ArrowUp: () => setActive(Math.max(active - 1, 0)),
      Home: () => setActive(0),
      End: () => setActive(entries.length - 1),
      Enter: () => pick(entries[active]),
      ArrowRight: () => entries[active]?.kind === 'folder' && pick(entries[active]),
      ArrowLeft: up,
      Backspace: up,
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <div className="component-browser" data-testid="component-browser">
      <div className="browser-bar">
        <button type="button" onClick={up} disabled={!folder || folder.parent === null} aria-label="up one folder">
          ↑
        </button>
        <span className="browser-path mono" data-testid="browser-path" title={folder?.path}>
          {folder?.path === '' ? 'Workspace and bundled components' : (folder?.path ?? '…')}
          {folder?.place === 'bundled' ? <span className="badge">bundled</span> : null}
        </span>
        <label className="browser-filter">
          <input type="checkbox" checked={wasmOnly} onChange={(e) => setWasmOnly(e.target.checked)} />
          only .wasm
        </label>
      </div>
      {problem ? (
        <div className="error-text" data-testid="browser-problem">
          {problem}
        </div>
      ) : null}
      <ul
        ref={list}
        className="browser-list"
        role="listbox"
        tabIndex={0}
        aria-label="components"
        aria-activedescendant={entries[active] ? `browser-entry-${active}` : undefined}
        data-testid="browser-list"
        onKeyDown={onKeyDown}
      >
        {folder && entries.length === 0 ? (
          <li className="empty">{wasmOnly ? 'No folder or .wasm file here.' : 'Empty folder.'}</li>
        ) : null}
        {entries.map((entry, index) => (
          <li
            key={entry.path}
            id={`browser-entry-${index}`}
            data-index={index}
            role="option"
            aria-selected={entry.path === chosen}
            className={`browser-entry kind-${entry.kind} ${index === active ? 'active' : ''}`}
            data-testid="browser-entry"
            data-kind={entry.kind}
            onClick={() => {
              setActive(index);
              pick(entry);
            }}
          >
            <span className="icon">{ICONS[entry.kind]}</span> {entry.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
