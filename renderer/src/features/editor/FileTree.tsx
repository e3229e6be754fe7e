import { useState } from 'react';
import type { WorkspaceFile } from '../../../../contract/views.ts';
import { useShallow } from 'zustand/react/shallow';
import { agentNameProblem } from '../../../../contract/agent-name.ts';
import {
  closePicker,
  notify,
  openFile,
  openPicker,
  request,
  selectAgent,
  useWorkbench,
} from '../../core/workbench-store.ts';
import { ComponentPicker } from './ComponentPicker.tsx';
import '../../shared/forms/field-problem.css';

const ICONS: Record<WorkspaceFile['kind'], string> = { config: '⚙', brain: '✎', wasm: '◈', test: '✓', other: '·' };

function NewAgentForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const runtimeKinds = useWorkbench((s) => s.workspace?.runtimeKinds ?? []);
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const [kind, setKind] = useState(runtimeKinds[0]?.kind ?? '');
  /** What the host refused, said by the field like the checks made as one types. */
  const [refusal, setRefusal] = useState<string | undefined>();
  const typed = name.trim();
  const problem = typed === '' ? undefined : (agentNameProblem(typed, agents) ?? refusal);
  const create = async () => {
    let view;
    try {
      view = await request('createAgent', typed, kind);
    } catch (error) {
      setRefusal((error as Error).message);
      return;
    }
    notify('info', `agent ${typed} added to ${view.config}`);
    // The new agent is the one the user is working on: the debug target, its brain in the editor.
    selectAgent(typed);
    const agent = view.agents.find((a) => a.name === typed);
    const format = runtimeKinds.find((runtime) => runtime.kind === kind)?.format;
    if (agent && format === 'script') void openFile(agent.script);
    onDone();
  };
  return (
    <form
      className="new-agent"
      data-testid="new-agent-form"
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <input
        autoFocus
        placeholder="agent name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setRefusal(undefined);
        }}
        aria-label="new agent name"
        aria-invalid={problem !== undefined}
        aria-describedby="new-agent-problem"
      />
      <select value={kind} onChange={(e) => setKind(e.target.value)} aria-label="new agent runtime">
        {runtimeKinds.map((runtime) => (
          <option key={runtime.kind} value={runtime.kind}>
            {runtime.title}
          </option>
        ))}
      </select>
      <button type="submit" disabled={!typed || problem !== undefined}>
        Create
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {problem ? (
        <div className="error-text field-problem" id="new-agent-problem" data-testid="new-agent-problem">
          {problem}
        </div>
      ) : null}
    </form>
  );
}

type TreeEntry =
  { folder: string; depth: number; file?: undefined } | { folder?: undefined; depth: number; file: WorkspaceFile };

/** The sorted file list with a row for each folder before its first file. */
function withFolders(files: WorkspaceFile[]): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const shown = new Set<string>();
  for (const file of files) {
    const parts = file.path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (shown.has(folder)) continue;
      shown.add(folder);
      entries.push({ folder, depth: i - 1 });
    }
    entries.push({ file, depth: parts.length - 1 });
  }
  return entries;
}

/** Components open in the picker; everything else in the editor. */
function openEntry(file: WorkspaceFile): void {
  if (file.kind === 'wasm') openPicker(file.path);
  else void openFile(file.path);
}

export function FileTree() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const files = useWorkbench((s) => s.files);
  const active = useWorkbench((s) => s.activeFile);
  const [creating, setCreating] = useState(false);
  const picking = useWorkbench((s) => s.picking);
  return (
    <section className="panel files-panel" aria-label="Files">
      <h2>
        Files
        <span className="actions">
          <button onClick={() => setCreating(true)} data-testid="new-agent">
            New agent
          </button>
          <button onClick={() => openPicker()} data-testid="pick-component">
            Pick component
          </button>
        </span>
      </h2>
      {creating ? <NewAgentForm onDone={() => setCreating(false)} /> : null}
      {picking !== undefined ? <ComponentPicker initial={picking} onClose={closePicker} /> : null}
      {workspace.files.length === 0 ? (
        <div className="empty">This folder has no files yet.</div>
      ) : (
        <ul className="file-list" role="tree">
          {withFolders(workspace.files).map((entry) => {
            if (entry.folder !== undefined) {
              return (
                <li
                  key={`dir:${entry.folder}`}
                  className="folder"
                  style={{ paddingLeft: `${0.5 + entry.depth * 0.8}rem` }}
                >
                  ▾ {entry.folder.split('/').pop()}/
                </li>
              );
            }
            const file = entry.file;
            const open = files[file.path];
            const dirty = open && open.text !== open.saved;
            return (
              <li
                key={file.path}
                role="treeitem"
                aria-selected={active === file.path}
                tabIndex={0}
                className={`file kind-${file.kind} ${active === file.path ? 'active' : ''}`}
                style={{ paddingLeft: `${0.5 + entry.depth * 0.8}rem` }}
                data-testid={`file-${file.path}`}
                onClick={() => openEntry(file)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') openEntry(file);
                }}
              >
                <span className="icon">{ICONS[file.kind]}</span> {file.path.split('/').pop()}
                {dirty ? (
                  <span className="dirty" title="unsaved changes">
                    {' '}
                    ●
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
